"""Vehicles and ships in the fight (Rule Book: Vehicle Combat, Ship Combat). They never die.

- An NPC's vehicle or ship, at critical damage, is crippled or destroyed: the GM's ruling
  when its critical damage first occurs (crippled if the PCs mean to board it, destroyed
  otherwise). Neither acts again; a crippled one stays to be boarded.
- The party's own vessel is a PC-side combatant made from a roster template (no sheet: its
  hull is its wounds and Vit in the fight, in its own type's points). It has no Initiative of
  its own. Its critical damage brings the book's checks, each against 5 x CD (CD in its own
  type's points: 5 CD on a vehicle is Dif 25, never 250): a hull-breach check and a
  system-failure check when critical damage first occurs, and again whenever an armor check
  is made while it exists; a failed system-failure check rolls the failed system (Tables
  9/11 and 10) and starts cascade failure, a system-failure check every round after until
  one succeeds.

The checks' arithmetic is the rules core's (``console.rules.vehicle_damage``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.errors import ModelError
from console.model.fight_events import CriticalCheck
from console.model.npcs import BodyType, NpcTemplate
from console.model.outcome import Outcome
from console.model.roster import whole_value
from console.model.tracker import add_condition
from console.model.turns import settle
from console.rules.difficulty import judge
from console.rules.errors import RulesError
from console.rules.mixed_types import convert_damage
from console.rules.ratings import RatingType
from console.rules.vehicle_damage import VesselCheckKind, checks_at_damage, roll_system_failure

__all__ = [
    "FATES",
    "apply_vessel_check",
    "body_of",
    "critical_damage_of",
    "hit_party_vessel",
    "is_party_vessel",
    "is_vessel",
    "join_party_vessel",
    "repair_party_vessel",
    "template_of",
    "vessel_check_difficulty",
    "vessel_checks_due",
    "would_first_cripple",
    "wound_party_vessel",
]

# What an NPC vessel at critical damage may become: the GM's choice.
FATES = (Status.CRIPPLED, Status.DESTROYED)


def template_of(combatant: Combatant,
                templates: Mapping[int, NpcTemplate]) -> NpcTemplate | None:
    """The roster template a combatant was made from: an NPC's, or the party's vessel's."""
    key = combatant.ref if combatant.side is Side.NPC else combatant.template
    return templates.get(key) if key is not None else None


def body_of(combatant: Combatant, templates: Mapping[int, NpcTemplate]) -> RatingType:
    """The type his Dmg, AR and Vit count in: a template's body, else Personal."""
    template = template_of(combatant, templates)
    return RatingType[template.body_type.value] if template is not None else RatingType.P


def is_vessel(combatant: Combatant, templates: Mapping[int, NpcTemplate]) -> bool:
    return body_of(combatant, templates) in (RatingType.V, RatingType.S)


def is_party_vessel(combatant: Combatant) -> bool:
    return combatant.side is Side.PC and combatant.template is not None


def critical_damage_of(combatant: Combatant) -> int:
    """Damage above its hull points, in its own type's points (0: none)."""
    if combatant.vit_max is None:
        return 0
    return max(0, combatant.wounds - combatant.vit_max)


def would_first_cripple(combatant: Combatant, templates: Mapping[int, NpcTemplate],
                        wounding: int) -> bool:
    """Whether ``wounding`` gives an NPC's vessel critical damage for the first time: the
    moment the GM rules it crippled or destroyed."""
    return (combatant.side is Side.NPC and is_vessel(combatant, templates)
            and combatant.vit_max is not None and combatant.status is Status.ACTIVE
            and combatant.wounds <= combatant.vit_max < combatant.wounds + wounding)


def vessel_check_difficulty(combatant: Combatant) -> int:
    """5 x its critical damage, in its own type's points."""
    return 5 * critical_damage_of(combatant)


# ----- the party's vessel -------------------------------------------------------------------


def join_party_vessel(encounter: Encounter, template: NpcTemplate) -> Outcome:
    """The party's own vehicle or ship joins the fight: on the PCs' side, with the template's
    hull points, and no Initiative of its own (it moves when a PC drives it)."""
    if template.body_type is BodyType.P:
        raise ModelError(f"{template.name} is type P: only a vehicle (V) or ship (S) is the "
                         "party's vessel")
    new_id = max((c.id for c in encounter.combatants), default=0) + 1
    vessel = Combatant(new_id, template.name, Side.PC, vit_max=whole_value(template, "vit"),
                       template=template.id)
    changed = encounter.with_changes(combatants=(*encounter.combatants, vessel))
    return settle(encounter, changed, (f"{vessel.name} (the party's vessel) joins the "
                                       "encounter",))


def _party_vessel(encounter: Encounter, combatant_id: int) -> Combatant:
    vessel = encounter.combatant(combatant_id)
    if vessel is None or not is_party_vessel(vessel):
        raise ModelError("that is not the party's vessel")
    if vessel.vit_max is None:
        raise ModelError(f"{vessel.name} has no hull points: give its template a Vit")
    return vessel


def vessel_checks_due(encounter: Encounter, vessel: Combatant) -> tuple[VesselCheckKind, ...]:
    """The critical checks the party's vessel owes now: those damage made due, and the
    round's system-failure check while it cascades."""
    if not is_party_vessel(vessel) or critical_damage_of(vessel) == 0:
        return ()
    owed = list(vessel.vessel_owed)
    cascade = vessel.cascading and vessel.cascade_round < encounter.round
    if cascade and VesselCheckKind.SYSTEM_FAILURE not in owed:
        owed.append(VesselCheckKind.SYSTEM_FAILURE)
    return tuple(owed)


def _damaged(encounter: Encounter, vessel: Combatant, wounding: int, *, armor_check: bool,
             said: str) -> Outcome:
    before = critical_damage_of(vessel)
    hurt = vessel.with_changes(wounds=vessel.wounds + wounding)
    after = critical_damage_of(hurt)
    due = checks_at_damage(before, after, armor_check=armor_check)
    owed = tuple(dict.fromkeys((*vessel.vessel_owed, *due)))
    hurt = hurt.with_changes(vessel_owed=owed)
    standing = f"{hurt.wounds}/{hurt.vit_max}" + (f", {after} CD" if after else "")
    line = f"{said}: {wounding} wounding damage ({standing})"
    alerts = [line]
    if due:
        alerts.append(f"{vessel.name} checks now (k): hull breach and system failure vs "
                      f"{5 * after}")
    changed = encounter.with_changes(combatants=tuple(
        hurt if c.id == vessel.id else c for c in encounter.combatants))
    return settle(encounter, changed, (line,), alerts)


def hit_party_vessel(encounter: Encounter, combatant_id: int, damage: int,
                     damage_type: RatingType, armor_result: int,
                     templates: Mapping[int, NpcTemplate]) -> Outcome:
    """A hit on the party's vessel: ``damage`` in ``damage_type`` points, converted to the
    vessel's type, less its armor roll (in its own type's points). An armor check was made,
    so while critical damage exists the hull-breach and system-failure checks come due."""
    vessel = _party_vessel(encounter, combatant_id)
    body = body_of(vessel, templates)
    try:
        converted = convert_damage(damage, damage_type, body)
    except RulesError as error:
        raise ModelError(str(error)) from None
    if isinstance(armor_result, bool) or not isinstance(armor_result, int) or armor_result < 0:
        raise ModelError(f"an armor roll is a whole number, 0 or more, not {armor_result!r}")
    wounding = max(0, converted - armor_result)
    shown = (f"{damage} {body.label} points" if damage_type is body else
             f"{damage} {damage_type.label} = {converted} {body.label} points")
    said = f"{vessel.name} is hit: {shown}, armor roll {armor_result}"
    return _damaged(encounter, vessel, wounding, armor_check=True, said=said)


def wound_party_vessel(encounter: Encounter, combatant_id: int, wounding: int) -> Outcome:
    """The GM's own figure, in the vessel's type points: no armor check, so only critical
    damage occurring for the first time brings the checks."""
    vessel = _party_vessel(encounter, combatant_id)
    if wounding < 0:
        raise ModelError("wounding damage is 0 or more")
    return _damaged(encounter, vessel, wounding, armor_check=False, said=vessel.name)


def repair_party_vessel(encounter: Encounter, combatant_id: int, amount: int) -> Outcome:
    """Repair hull: hull points back (no system is mended by it); with no critical damage
    left, no check is owed and the cascade stops."""
    vessel = _party_vessel(encounter, combatant_id)
    if amount < 0:
        raise ModelError("repairs are a number of points, 0 or more")
    fixed = vessel.with_changes(wounds=max(0, vessel.wounds - amount))
    if critical_damage_of(fixed) == 0:
        fixed = fixed.with_changes(vessel_owed=(), cascading=False)
    changed = encounter.with_changes(combatants=tuple(
        fixed if c.id == vessel.id else c for c in encounter.combatants))
    return Outcome.told(changed, notices=(
        f"{vessel.name}: hull repaired by {amount} ({fixed.wounds}/{fixed.vit_max})",))


def apply_vessel_check(encounter: Encounter, combatant_id: int, kind: VesselCheckKind,
                       result: int, templates: Mapping[int, NpcTemplate],
                       rng: random.Random) -> Outcome:
    """The crew's result on one of the vessel's checks, vs 5 x CD. A failed hull breach is
    said (the area depressurizes: a breach hazard on those in it); a failed system failure
    rolls the system (kept as a condition on the vessel) and cascades; a success ends it."""
    vessel = _party_vessel(encounter, combatant_id)
    if kind not in vessel_checks_due(encounter, vessel):
        raise ModelError(f"{vessel.name} owes no {kind} check now")
    cd = critical_damage_of(vessel)
    outcome = judge(result, 5 * cd)
    checked = CriticalCheck(encounter.id, vessel.id, kind.value, 5 * cd, result,
                            outcome.success)
    return _vessel_check(encounter, vessel, kind, result, cd, outcome.success, templates,
                         rng).with_events(checked)


def _vessel_check(encounter: Encounter, vessel: Combatant, kind: VesselCheckKind,
                  result: int, cd: int, success: bool, templates: Mapping[int, NpcTemplate],
                  rng: random.Random) -> Outcome:
    owed = tuple(k for k in vessel.vessel_owed if k is not kind)
    said = f"{vessel.name}'s {kind} check: {result} vs {5 * cd}"
    if kind is VesselCheckKind.HULL_BREACH:
        after = vessel.with_changes(vessel_owed=owed)
        line = (f"{said}: the hull holds" if success else
                f"{said}: the hull is breached; the area depressurizes (z, breach, CD {cd}, "
                "on each one in it)")
        changed = _replace(encounter, after)
        return Outcome.told(changed, notices=(line,), alerts=(line,))
    after = vessel.with_changes(vessel_owed=owed, cascading=not success,
                                cascade_round=encounter.round)
    changed = _replace(encounter, after)
    if success:
        line = f"{said}: no system fails" + (
            "; the cascade ends" if vessel.cascading else "")
        return Outcome.told(changed, notices=(line,), alerts=(line,))
    failure = roll_system_failure(cd, rng, ship=body_of(vessel, templates) is RatingType.S)
    added = add_condition(changed, f"{failure.system}: {failure.kind.value}", vessel.id,
                          None, notes=failure.describe())
    line = (f"{said}: {failure.describe()}; cascade failure: a system-failure check every "
            "round until one succeeds")
    return added.saying(notices=(line,), alerts=(line,))


def _replace(encounter: Encounter, combatant: Combatant) -> Encounter:
    return encounter.with_changes(combatants=tuple(
        combatant if c.id == combatant.id else c for c in encounter.combatants))
