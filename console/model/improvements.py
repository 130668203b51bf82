"""Between awards: Unused AP spent on improvements, handicap AP, and the rank improvement
rolls a rank-up grants (used at once, or lost). Each changes a PC's sheet at once and is
noted in the session's advancement record for its summary.

An ability the sheet carries (Dex, WP, Nish, Vit max ...) is known to the console: its value
sets the AP cost without being typed, and an improvement raises it +1d on the sheet (a stat
typed as a value becomes the next rating up from Table 7's). Skills the sheet does not carry
are recorded by name, with the value the GM gives.
"""

from __future__ import annotations

from collections.abc import Iterable

from console.model.characters import PC_STATS, PlayerCharacter
from console.model.errors import ModelError
from console.model.outcome import Outcome
from console.model.session_close import AdvancementEntry, AdvancementKind
from console.model.sessions import Session
from console.model.stats import Stat
from console.records import record
from console.rules.advancement import (
    ApLedger,
    handicap,
    improve_ability,
    improvement_cost,
    rank_improvement_roll,
)
from console.rules.errors import RulesError
from console.rules.ratings import Rating

__all__ = [
    "SheetAbility",
    "ability_cost",
    "improve",
    "lose_rank_rolls",
    "lose_unused_rolls",
    "rank_roll",
    "sheet_ability",
    "take_handicap",
]

def _noted(session: Session, entry: AdvancementEntry) -> Session:
    return session.with_changes(advancement=(*session.advancement, entry))


def _ability_name(ability: str, pc: PlayerCharacter) -> str:
    """The ability as the sheet or this mission's list spells it ("dex" is "Dex")."""
    ability = ability.strip()
    known = sheet_ability(pc, ability)
    if known is not None:
        ability = known.label
    return next((done for done in pc.improved_this_mission
                 if done.casefold() == ability.casefold()), ability)


@record
class SheetAbility:
    """An ability the PC's sheet carries: its attribute, label and stat now."""

    attribute: str
    label: str
    stat: Stat

    def raised(self) -> Stat:
        """The stat +1d: its rating moved one step (a value read by Table 7 first)."""
        rating = self.stat.as_rating()
        try:
            return Stat(rating.adjusted("+1d").format(explicit_type=self.stat.explicit_type))
        except RulesError as error:
            raise ModelError(f"{self.label} {self.stat}: {error}") from None


def sheet_ability(pc: PlayerCharacter, ability: str) -> SheetAbility | None:
    """The sheet stat ``ability`` names (any case: "dex", "Vit max", "vit"), if he has it."""
    wanted = " ".join(ability.split()).casefold()
    for attribute, key, label in PC_STATS:
        names = {label.casefold(), key.casefold(), label.split()[0].casefold()}
        stat = getattr(pc, attribute)
        if wanted in names and stat is not None:
            return SheetAbility(attribute, label, stat)
    return None


def ability_cost(pc: PlayerCharacter, ability: str, value: int | Rating | None,
                 ic: int) -> int:
    """Value + IC in AP: the value the sheet has, else the one the GM typed."""
    known = sheet_ability(pc, ability)
    if value is None:
        if known is None:
            raise ModelError(f"{ability.strip()} is not on {pc.name}'s sheet: type its value")
        value = known.stat.as_rating() if known.stat.is_rating else int(known.stat.value)
    try:
        return improvement_cost(value, ic)
    except RulesError as error:
        raise ModelError(str(error)) from None


def _raise_on_sheet(pc: PlayerCharacter, ability: str) -> tuple[PlayerCharacter, str]:
    known = sheet_ability(pc, ability)
    if known is None:
        return pc, ""
    raised = known.raised()
    return (pc.with_changes(**{known.attribute: raised}),
            f"; {known.label} {known.stat.canonical} -> {raised.canonical}")


def improve(session: Session, pc: PlayerCharacter, ability: str,
            value: int | Rating | None, ic: int) -> Outcome:
    """Spend Unused AP on +1d (value + IC), at most once per ability per mission; a sheet
    stat is raised on the sheet (``value`` None: the sheet's)."""
    ability = _ability_name(ability, pc)
    cost = ability_cost(pc, ability, value, ic)
    done = improve_ability(ApLedger(pc.ap_total, pc.unused_ap), ability, cost - ic, ic,
                           pc.improved_this_mission)
    sheet, shown = _raise_on_sheet(pc, ability)
    sheet = sheet.with_changes(unused_ap=done.ledger.unused,
                               improved_this_mission=tuple(sorted(done.improved_this_mission)))
    entry = AdvancementEntry(pc.id, AdvancementKind.IMPROVE, ability, done.cost)
    return Outcome.told(_noted(session, entry), sheet, notices=(
        entry.describe(pc.name) + shown + f"; {sheet.unused_ap} Unused AP left",))


def take_handicap(session: Session, pc: PlayerCharacter, amount: int,
                  reason: str) -> Outcome:
    """AP for taking a handicap: Unused AP only, never toward rank."""
    ledger = handicap(ApLedger(pc.ap_total, pc.unused_ap), amount)
    sheet = pc.with_changes(unused_ap=ledger.unused)
    entry = AdvancementEntry(pc.id, AdvancementKind.HANDICAP, "", amount, reason=reason.strip())
    return Outcome.told(_noted(session, entry), sheet, notices=(entry.describe(pc.name),))


def rank_roll(session: Session, pc: PlayerCharacter, ability: str, cost: int,
              result: int) -> Outcome:
    """One free rank improvement roll: the player's 10L against the ability's AP cost."""
    if pc.rank_rolls == 0:
        raise ModelError(f"{pc.name} has no rank improvement rolls to use")
    ability = _ability_name(ability, pc)
    roll = rank_improvement_roll(ability, cost, result, pc.improved_this_mission)
    sheet, shown = _raise_on_sheet(pc, ability) if roll.success else (pc, "")
    sheet = sheet.with_changes(rank_rolls=pc.rank_rolls - 1,
                               improved_this_mission=tuple(sorted(roll.improved_this_mission)))
    entry = AdvancementEntry(pc.id, AdvancementKind.RANK_ROLL, ability, cost, result,
                             roll.success)
    left = f"; {sheet.rank_rolls} roll(s) left" if sheet.rank_rolls else ""
    return Outcome.told(_noted(session, entry), sheet,
                        notices=(entry.describe(pc.name) + shown + left,))


def lose_unused_rolls(session: Session, pcs: Iterable[PlayerCharacter]) -> Outcome:
    """At the next session's start: rolls not used at once are lost, for every PC."""
    step = Outcome.told(session)
    for pc in pcs:
        if pc.rank_rolls:
            step = step.then(lose_rank_rolls(step.session, pc))
    return step


def lose_rank_rolls(session: Session, pc: PlayerCharacter) -> Outcome:
    """Rank improvement rolls must be used at once; those not used are lost."""
    if pc.rank_rolls == 0:
        raise ModelError(f"{pc.name} has no rank improvement rolls to lose")
    entry = AdvancementEntry(pc.id, AdvancementKind.ROLLS_LOST, "", pc.rank_rolls)
    return Outcome.told(_noted(session, entry), pc.with_changes(rank_rolls=0),
                        notices=(entry.describe(pc.name),))
