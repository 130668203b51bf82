"""Between awards: Unused AP spent on improvements, handicap AP, and the rank improvement
rolls a rank-up grants (used at once, or lost). Each changes a PC's sheet at once and is
noted in the session's advancement record for its summary.
"""

from __future__ import annotations

from collections.abc import Iterable

from console.model.awards import AwardStep
from console.model.characters import PlayerCharacter
from console.model.errors import ModelError
from console.model.session_close import AdvancementEntry, AdvancementKind
from console.model.sessions import Session
from console.rules.advancement import (
    ApLedger,
    handicap,
    improve_ability,
    rank_improvement_roll,
)
from console.rules.ratings import Rating

__all__ = ["improve", "lose_rank_rolls", "lose_unused_rolls", "rank_roll", "take_handicap"]

def _noted(session: Session, entry: AdvancementEntry) -> Session:
    return session.with_changes(advancement=(*session.advancement, entry))


def _ability_name(ability: str, pc: PlayerCharacter) -> str:
    """The ability as already spelled on this mission's list ("dex" is "Dex")."""
    ability = ability.strip()
    return next((done for done in pc.improved_this_mission
                 if done.casefold() == ability.casefold()), ability)


def improve(session: Session, pc: PlayerCharacter, ability: str, value: int | Rating,
            ic: int) -> AwardStep:
    """Spend Unused AP on +1d (value + IC), at most once per ability per mission."""
    ability = _ability_name(ability, pc)
    done = improve_ability(ApLedger(pc.ap_total, pc.unused_ap), ability, value, ic,
                           pc.improved_this_mission)
    sheet = pc.with_changes(unused_ap=done.ledger.unused,
                            improved_this_mission=tuple(sorted(done.improved_this_mission)))
    entry = AdvancementEntry(pc.id, AdvancementKind.IMPROVE, ability, done.cost)
    return AwardStep(_noted(session, entry), (sheet,),
                     (entry.describe(pc.name) + f"; {sheet.unused_ap} Unused AP left",))


def take_handicap(session: Session, pc: PlayerCharacter, amount: int,
                  reason: str) -> AwardStep:
    """AP for taking a handicap: Unused AP only, never toward rank."""
    ledger = handicap(ApLedger(pc.ap_total, pc.unused_ap), amount)
    sheet = pc.with_changes(unused_ap=ledger.unused)
    entry = AdvancementEntry(pc.id, AdvancementKind.HANDICAP, "", amount, reason=reason.strip())
    return AwardStep(_noted(session, entry), (sheet,), (entry.describe(pc.name),))


def rank_roll(session: Session, pc: PlayerCharacter, ability: str, cost: int,
              result: int) -> AwardStep:
    """One free rank improvement roll: the player's 10L against the ability's AP cost."""
    if pc.rank_rolls == 0:
        raise ModelError(f"{pc.name} has no rank improvement rolls to use")
    ability = _ability_name(ability, pc)
    roll = rank_improvement_roll(ability, cost, result, pc.improved_this_mission)
    sheet = pc.with_changes(rank_rolls=pc.rank_rolls - 1,
                            improved_this_mission=tuple(sorted(roll.improved_this_mission)))
    entry = AdvancementEntry(pc.id, AdvancementKind.RANK_ROLL, ability, cost, result,
                             roll.success)
    left = f"; {sheet.rank_rolls} roll(s) left" if sheet.rank_rolls else ""
    return AwardStep(_noted(session, entry), (sheet,), (entry.describe(pc.name) + left,))


def lose_unused_rolls(session: Session, pcs: Iterable[PlayerCharacter]) -> AwardStep:
    """At the next session's start: rolls not used at once are lost, for every PC."""
    step = AwardStep(session)
    for pc in pcs:
        if pc.rank_rolls:
            lost = lose_rank_rolls(step.session, pc)
            step = AwardStep(lost.session, (*step.pcs, *lost.pcs), (*step.notices, *lost.notices))
    return step


def lose_rank_rolls(session: Session, pc: PlayerCharacter) -> AwardStep:
    """Rank improvement rolls must be used at once; those not used are lost."""
    if pc.rank_rolls == 0:
        raise ModelError(f"{pc.name} has no rank improvement rolls to lose")
    entry = AdvancementEntry(pc.id, AdvancementKind.ROLLS_LOST, "", pc.rank_rolls)
    return AwardStep(_noted(session, entry), (pc.with_changes(rank_rolls=0),),
                     (entry.describe(pc.name),))
