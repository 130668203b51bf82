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
from console.model.tracker import Step
from console.rules.combat import wound_npc
from console.rules.critical_damage import (
    CheckKind,
    PcCondition,
    apply_check_result,
    apply_kill_rule,
    heal,
    take_damage,
)
from console.rules.ratings import RatingType

__all__ = [
    "NpcNumbers",
    "apply_pc_check",
    "heal_pc",
    "kill_rule_pc",
    "npc_numbers",
    "pc_condition",
    "wound_npc_in_fight",
    "wound_pc",
]


@dataclass(frozen=True, slots=True)
class NpcNumbers:
    """An NPC's set values as whole numbers (ratings read as their values)."""

    atk: int | None
    def_: int | None
    dmg: int | None
    ar: int | None
    vit: int | None
    type: RatingType


def npc_numbers(combatant: Combatant, template: NpcTemplate | None) -> NpcNumbers:
    def whole(stat: str) -> int | None:
        value = getattr(template, stat) if template is not None else None
        return None if value is None else int(value.value)

    kind = RatingType[template.body_type.value] if template is not None else RatingType.P
    vit = combatant.vit_max if combatant.vit_max is not None else whole("vit")
    return NpcNumbers(whole("atk"), whole("def_"), whole("dmg"), whole("ar"), vit, kind)


def wound_npc_in_fight(encounter: Encounter, combatant_id: int, wounding: int, *,
                       keep_up: bool = False) -> Step:
    """Add wounding damage to an NPC; with critical damage he dies unless the GM keeps an
    important one up."""
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
    return Step(encounter.with_changes(combatants=combatants), (text,))


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


def _store(pc: PlayerCharacter, encounter: Encounter | None, combatant: Combatant | None,
           state: PcCondition) -> tuple[PlayerCharacter, Encounter | None]:
    sheet = pc.with_changes(wounds=state.wounds)
    if encounter is None or combatant is None:
        return sheet, encounter
    status = (Status.DEAD if state.dead else Status.UNCONSCIOUS if state.unconscious
              else Status.ACTIVE if combatant.status in (Status.UNCONSCIOUS, Status.DEAD)
              else combatant.status)
    changed = combatant.with_changes(
        pass_out_check_done=state.pass_out_check_done, drain_stopped=state.drain_stopped,
        status=status)
    return sheet, encounter.with_changes(combatants=tuple(
        changed if c.id == combatant.id else c for c in encounter.combatants))


def _in_fight(pc: PlayerCharacter, encounter: Encounter | None) -> Combatant | None:
    if encounter is None:
        return None
    return next((c for c in encounter.combatants if c.side is Side.PC and c.ref == pc.id
                 and c.status is not Status.REMOVED), None)


def wound_pc(pc: PlayerCharacter, encounter: Encounter | None,
             wounding: int) -> tuple[PlayerCharacter, Encounter | None, PcCondition]:
    """New wounds on a PC's sheet; Vitality drain starts again. The returned state's
    ``checks_due()`` are the checks he makes at once."""
    combatant = _in_fight(pc, encounter)
    state = take_damage(pc_condition(pc, combatant), wounding)
    sheet, changed = _store(pc, encounter, combatant, state)
    return sheet, changed, state


def apply_pc_check(pc: PlayerCharacter, encounter: Encounter | None, kind: CheckKind,
                   result: int) -> tuple[PlayerCharacter, Encounter | None, PcCondition]:
    """The player's result on one due check, applied (pass out, wake, drain, death)."""
    combatant = _in_fight(pc, encounter)
    state = apply_check_result(pc_condition(pc, combatant), kind, result)
    sheet, changed = _store(pc, encounter, combatant, state)
    return sheet, changed, state


def heal_pc(pc: PlayerCharacter, encounter: Encounter | None,
            amount: int) -> tuple[PlayerCharacter, Encounter | None, PcCondition]:
    combatant = _in_fight(pc, encounter)
    state = heal(pc_condition(pc, combatant), amount)
    sheet, changed = _store(pc, encounter, combatant, state)
    return sheet, changed, state


def kill_rule_pc(pc: PlayerCharacter, encounter: Encounter | None
                 ) -> tuple[PlayerCharacter, Encounter | None, PcCondition]:
    """What would outright kill an NPC puts a PC at 10 critical damage instead."""
    combatant = _in_fight(pc, encounter)
    state = apply_kill_rule(pc_condition(pc, combatant))
    sheet, changed = _store(pc, encounter, combatant, state)
    return sheet, changed, state
