"""Combat bookkeeping: an NPC's numbers in the fight, and the results of an exchange
written back to the encounter and to the PC's sheet.

The arithmetic is the rules core's (``console.rules.combat`` and ``critical_damage``);
this module only reads the stats from where they live and stores the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass

from console.model.characters import PlayerCharacter
from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.errors import ModelError
from console.model.npcs import NpcTemplate
from console.model.stats import Stat
from console.model.step import Step
from console.model.turns import settle
from console.rules.combat import wound_npc
from console.rules.critical_damage import (
    CheckKind,
    DueCheck,
    PcCondition,
    apply_check_result,
    apply_kill_rule,
    checks_at_damage,
    heal,
    take_damage,
)
from console.rules.ratings import RatingType

__all__ = [
    "NpcNumbers",
    "PcOutcome",
    "apply_pc_check",
    "body_points",
    "heal_pc",
    "kill_rule_pc",
    "npc_numbers",
    "pc_condition",
    "wound_npc_in_fight",
    "wound_pc",
]


@dataclass(frozen=True, slots=True)
class NpcNumbers:
    """An NPC's set values as whole numbers: Atk and Def in Personal points, Dmg, AR and Vit
    in points of his body's type (Table 12)."""

    atk: int | None
    def_: int | None
    dmg: int | None
    ar: int | None
    vit: int | None
    type: RatingType


def body_points(stat: Stat | None, body: RatingType) -> int | None:
    """A body stat (Dmg, AR, Vit) as whole points of the body's type (fractions dropped, as
    the book drops them everywhere it converts damage)."""
    return None if stat is None else int(stat.points(body))


def npc_numbers(combatant: Combatant, template: NpcTemplate | None) -> NpcNumbers:
    kind = RatingType[template.body_type.value] if template is not None else RatingType.P

    def personal(stat: Stat | None) -> int | None:
        return None if stat is None else int(stat.value)

    if template is None:
        return NpcNumbers(None, None, None, None, combatant.vit_max, kind)
    vit = combatant.vit_max if combatant.vit_max is not None else body_points(template.vit, kind)
    return NpcNumbers(personal(template.atk), personal(template.def_),
                      body_points(template.dmg, kind), body_points(template.ar, kind), vit, kind)


def wound_npc_in_fight(encounter: Encounter, combatant_id: int, wounding: int, *,
                       keep_up: bool = False) -> Step:
    """Add wounding damage to an NPC; with critical damage he dies unless the GM keeps an
    important one up (and if it was his turn, the round goes on to the next)."""
    combatant = encounter.combatant(combatant_id)
    if combatant is None or combatant.side is not Side.NPC:
        raise ModelError("wounds go to an NPC in the encounter")
    if combatant.vit_max is None:
        raise ModelError(f"{combatant.name} has no Vit: give him one (edit his template)")
    outcome = wound_npc(combatant.wounds, combatant.vit_max, wounding)
    status = combatant.status
    if outcome.would_die and not keep_up:
        status = Status.DEAD
    changed = combatant.with_changes(wounds=outcome.wounds, status=status)
    combatants = tuple(changed if c.id == combatant_id else c for c in encounter.combatants)
    text = f"{combatant.name}: {outcome.describe()}"
    if outcome.would_die and keep_up:
        text += " (kept up by the GM)"
    return settle(encounter, encounter.with_changes(combatants=combatants), (text,))


def pc_condition(pc: PlayerCharacter, combatant: Combatant | None) -> PcCondition:
    """The PC's critical-damage state: wounds from his sheet, flags from the fight."""
    if pc.vit_max is None:
        raise ModelError(f"{pc.name} has no Vit maximum on his sheet")
    return PcCondition(
        pc.wounds, int(pc.vit_max.value),
        pass_out_check_done=combatant.pass_out_check_done if combatant else False,
        drain_stopped=combatant.drain_stopped if combatant else False,
        unconscious=combatant is not None and combatant.status is Status.UNCONSCIOUS,
        dead=combatant is not None and combatant.status is Status.DEAD,
    )


@dataclass(frozen=True, slots=True)
class PcOutcome:
    """A PC's sheet and the fight after something happened to him.

    ``at_once`` are the critical-damage checks he makes now (the damage just made them
    due); the round's other checks come on his Nish. ``notices`` are the round's (his fall
    may have ended it).
    """

    sheet: PlayerCharacter
    encounter: Encounter | None
    state: PcCondition
    at_once: tuple[DueCheck, ...] = ()
    notices: tuple[str, ...] = ()


def _store(pc: PlayerCharacter, encounter: Encounter | None, combatant: Combatant | None,
           state: PcCondition, *, owed: tuple[CheckKind, ...] | None = None,
           at_once: tuple[DueCheck, ...] = ()) -> PcOutcome:
    """Write the PC's state back: wounds to his sheet, the rest to his place in the fight
    (``owed``: the checks he owes now, when that changed)."""
    sheet = pc.with_changes(wounds=state.wounds)
    if encounter is None or combatant is None:
        return PcOutcome(sheet, encounter, state, at_once)
    status = (Status.DEAD if state.dead else Status.UNCONSCIOUS if state.unconscious
              else Status.ACTIVE if combatant.status in (Status.UNCONSCIOUS, Status.DEAD)
              else combatant.status)
    if owed is None:
        owed = combatant.checks_owed
    changed = combatant.with_changes(
        pass_out_check_done=state.pass_out_check_done, drain_stopped=state.drain_stopped,
        status=status, checks_owed=tuple(owed))
    after = encounter.with_changes(combatants=tuple(
        changed if c.id == combatant.id else c for c in encounter.combatants))
    step = settle(encounter, after)
    return PcOutcome(sheet, step.encounter, state, at_once, step.notices)


def _in_fight(pc: PlayerCharacter, encounter: Encounter | None) -> Combatant | None:
    if encounter is None:
        return None
    return next((c for c in encounter.combatants if c.side is Side.PC and c.ref == pc.id
                 and c.status is not Status.REMOVED), None)


def _damaged(pc: PlayerCharacter, encounter: Encounter | None, combatant: Combatant | None,
             before: PcCondition, after: PcCondition) -> PcOutcome:
    """Damage: the checks it newly warrants are owed at once; of those owed from his Nish
    this round, only the ones that were due then still are (a PC hurt after his Nish owes
    nothing more until the next one)."""
    at_once = tuple(checks_at_damage(before, after))
    owed: tuple[CheckKind, ...] = ()
    if combatant is not None:
        due_before = {check.kind for check in before.checks_due()}
        kept = [kind for kind in combatant.checks_owed if kind in due_before]
        owed = (*kept, *(c.kind for c in at_once if c.kind not in kept))
    return _store(pc, encounter, combatant, after, owed=owed, at_once=at_once)


def wound_pc(pc: PlayerCharacter, encounter: Encounter | None, wounding: int) -> PcOutcome:
    """New wounds on a PC's sheet; Vitality drain starts again. ``at_once`` are the checks
    the damage makes him roll now (never the drain: that waits for his Nish)."""
    combatant = _in_fight(pc, encounter)
    before = pc_condition(pc, combatant)
    return _damaged(pc, encounter, combatant, before, take_damage(before, wounding))


def apply_pc_check(pc: PlayerCharacter, encounter: Encounter | None, kind: CheckKind,
                   result: int) -> PcOutcome:
    """The player's result on one due check, applied (pass out, wake, drain, death); the
    check is no longer owed."""
    combatant = _in_fight(pc, encounter)
    state = apply_check_result(pc_condition(pc, combatant), kind, result)
    owed = None if combatant is None else tuple(k for k in combatant.checks_owed if k is not kind)
    return _store(pc, encounter, combatant, state, owed=owed)


def heal_pc(pc: PlayerCharacter, encounter: Encounter | None, amount: int) -> PcOutcome:
    combatant = _in_fight(pc, encounter)
    return _store(pc, encounter, combatant, heal(pc_condition(pc, combatant), amount))


def kill_rule_pc(pc: PlayerCharacter, encounter: Encounter | None) -> PcOutcome:
    """What would outright kill an NPC puts a PC at 10 critical damage instead: the checks
    that warrants come at once, as for any damage."""
    combatant = _in_fight(pc, encounter)
    before = pc_condition(pc, combatant)
    return _damaged(pc, encounter, combatant, before, apply_kill_rule(before))
