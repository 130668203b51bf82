"""Combat bookkeeping: an NPC's numbers in the fight, and the results of an exchange
written back to the encounter and to the PC's sheet.

The arithmetic is the rules core's (``console.rules.combat`` and ``critical_damage``);
this module only reads the stats from where they live and stores the outcome.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from console.model.characters import PlayerCharacter
from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.errors import ModelError
from console.model.fight_events import CriticalCheck
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.model.stats import Stat
from console.model.text import counted
from console.model.tracker import add_condition
from console.model.turns import settle
from console.records import record
from console.rules.combat import wound_npc
from console.rules.critical_damage import (
    KILL_RULE_CD,
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
from console.rules.vehicle_damage import roll_system_failure

__all__ = [
    "NpcNumbers",
    "apply_pc_check",
    "apply_pc_checks",
    "body_points",
    "heal_npc_in_fight",
    "heal_pc",
    "kill_rule_pc",
    "npc_numbers",
    "pc_condition",
    "sheet_edited",
    "system_failure",
    "wound_npc_in_fight",
    "wound_pc",
    "wounds_and_vit",
]


@record
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


def wounds_and_vit(combatant: Combatant,
                   sheet: PlayerCharacter | None) -> tuple[int, int | None]:
    """His wounds and Vit maximum: a PC's from his sheet when he has one (they live there),
    else the fight's own (an NPC's, a sheetless PC's)."""
    if sheet is None:
        return combatant.wounds, combatant.vit_max
    vit = int(sheet.vit_max.value) if sheet.vit_max is not None else combatant.vit_max
    return sheet.wounds, vit


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
                       keep_up: bool = False, vessel: bool = False,
                       fate: Status | None = None, cause: str = "") -> Outcome:
    """Add wounding damage to an NPC; with critical damage he dies unless the GM keeps an
    important one up (and if it was his turn, the round goes on to the next).

    A ``vessel`` (his body a vehicle or ship) never dies: when its critical damage first
    occurs it becomes ``fate``, crippled or destroyed as the GM rules (crippled when he has
    not said: the milder, which ``d`` turns into destroyed). ``cause`` ("Brice hits Skrak 1
    (Dmg roll 24, AR 4):") opens the log's line in place of his name; the alerts name only
    the NPC."""
    combatant = encounter.combatant(combatant_id)
    if combatant is None or combatant.side is not Side.NPC:
        raise ModelError("wounds go to an NPC in the encounter")
    if combatant.vit_max is None:
        raise ModelError(f"{combatant.name} has no Vit: give {combatant.pronoun.them} one "
                         "(edit the template)")
    if fate is not None and fate not in (Status.CRIPPLED, Status.DESTROYED):
        raise ModelError(f"a vessel at critical damage is crippled or destroyed, not {fate}")
    outcome = wound_npc(combatant.wounds, combatant.vit_max, wounding)
    status = combatant.status
    if vessel:
        body = f"{outcome.wounding} wounding damage: {outcome.wounds}/{outcome.vit}"
        if outcome.critical_damage:
            body += f", {outcome.critical_damage} critical damage"
        first = combatant.wounds <= combatant.vit_max < outcome.wounds
        if first and status is Status.ACTIVE:
            status = fate or Status.CRIPPLED
            body += f": {status.value}" + ("" if fate else " (d if it is destroyed)")
    else:
        if outcome.would_die and not keep_up:
            status = Status.DEAD
        body = outcome.describe()
        if outcome.would_die and keep_up:  # "...: dies" read as dead and up at once
            body = body.removesuffix(": dies") + ": would die, kept up by the GM"
    text = f"{combatant.name}: {body}"
    changed = combatant.with_changes(wounds=outcome.wounds, status=status)
    combatants = tuple(changed if c.id == combatant_id else c for c in encounter.combatants)
    alerts = (text,) if status is Status.DEAD or status is not combatant.status else ()
    logged = f"{cause} {body}" if cause else text
    return settle(encounter, encounter.with_changes(combatants=combatants), (logged,), alerts)


def heal_npc_in_fight(encounter: Encounter, combatant_id: int, amount: int) -> Outcome:
    """Take ``amount`` wounds off an NPC still in the fight (a dead one stays dead)."""
    combatant = encounter.combatant(combatant_id)
    if combatant is None or combatant.side is not Side.NPC:
        raise ModelError("healing here goes to an NPC in the encounter")
    if combatant.status is Status.DEAD:
        raise ModelError(f"{combatant.name} is dead: healing does not bring "
                         f"{combatant.pronoun.them} back")
    if combatant.status is Status.DESTROYED:
        raise ModelError(f"{combatant.name} is destroyed: no repair brings it back")
    if amount < 0:
        raise ModelError("healing is a number of wounds, 0 or more")
    wounds = max(0, combatant.wounds - amount)
    changed = combatant.with_changes(wounds=wounds)
    shown = f"{wounds}/{combatant.vit_max}" if combatant.vit_max is not None else f"{wounds}"
    combatants = tuple(changed if c.id == combatant_id else c for c in encounter.combatants)
    return Outcome.told(encounter.with_changes(combatants=combatants),
                        notices=(f"{combatant.name} heals {amount} ({shown})",))


def pc_condition(pc: PlayerCharacter, combatant: Combatant | None) -> PcCondition:
    """The PC's critical-damage state: wounds and a drain stopped from his sheet (a stop
    outlasts the fight it was made in), the other flags from the fight."""
    if pc.vit_max is None:
        raise ModelError(f"{pc.name} has no Vit maximum on {pc.pronoun.their} sheet")
    return PcCondition(
        pc.wounds, int(pc.vit_max.value),
        pass_out_check_done=combatant.pass_out_check_done if combatant else False,
        drain_stopped=pc.drain_stopped or (combatant is not None and combatant.drain_stopped),
        unconscious=combatant is not None and combatant.status is Status.UNCONSCIOUS,
        dead=combatant is not None and combatant.status is Status.DEAD,
    )


def _store(pc: PlayerCharacter, encounter: Encounter | None, combatant: Combatant | None,
           state: PcCondition, said: str, *, owed: tuple[CheckKind, ...] | None = None,
           at_once: tuple[DueCheck, ...] = ()) -> Outcome:
    """Write the PC's state back: wounds to his sheet, the rest to his place in the fight
    (``owed``: the checks he owes now, when that changed). The checks the damage made due
    now are alerts: he rolls them at once."""
    # A stop matters only while he has critical damage: healed under his Vit, the next
    # critical damage is new damage, and the drain starts again with it.
    sheet = pc.with_changes(wounds=state.wounds, drain_stopped=state.drain_stopped
                            and state.critical_damage is not None)
    alerts = ((f"{pc.name} checks now (k): " + "; ".join(c.describe() for c in at_once),)
              if at_once else ())
    if encounter is None or combatant is None:
        return Outcome.told(sheet, notices=(said,), alerts=alerts)
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
    return Outcome.told(sheet).then(settle(encounter, after, (said,), alerts))


def _in_fight(pc: PlayerCharacter, encounter: Encounter | None) -> Combatant | None:
    if encounter is None:
        return None
    return next((c for c in encounter.combatants if c.side is Side.PC and c.ref == pc.id
                 and c.status is not Status.REMOVED), None)


def _standing(state: PcCondition) -> str:
    where = f"{state.wounds}/{state.vit_max}"
    cd = state.critical_damage
    if cd is not None:
        where += f", {cd} CD"
    return where + (", dead" if state.dead else ", unconscious" if state.unconscious else "")


def _damaged(pc: PlayerCharacter, encounter: Encounter | None, combatant: Combatant | None,
             before: PcCondition, after: PcCondition, said: str) -> Outcome:
    """Damage: the checks it newly warrants are owed at once; of those owed from his Nish
    this round, only the ones that were due then still are (a PC hurt after his Nish owes
    nothing more until the next one)."""
    at_once = tuple(checks_at_damage(before, after))
    owed: tuple[CheckKind, ...] = ()
    if combatant is not None:
        due_before = {check.kind for check in before.checks_due()}
        kept = [kind for kind in combatant.checks_owed if kind in due_before]
        owed = (*kept, *(c.kind for c in at_once if c.kind not in kept))
    return _store(pc, encounter, combatant, after, f"{said} ({_standing(after)})", owed=owed,
                  at_once=at_once)


def wound_pc(pc: PlayerCharacter, encounter: Encounter | None, wounding: int,
             cause: str = "") -> Outcome:
    """New wounds on a PC's sheet; Vitality drain starts again. The checks the damage makes
    him roll now are alerts (never the drain: that waits for his Nish)."""
    combatant = _in_fight(pc, encounter)
    before = pc_condition(pc, combatant)
    said = f"{cause or pc.name + ' takes'} {counted(wounding, 'wound')}"
    return _damaged(pc, encounter, combatant, before, take_damage(before, wounding), said)


def apply_pc_check(pc: PlayerCharacter, encounter: Encounter | None, kind: CheckKind,
                   result: int) -> Outcome:
    """The player's result on one due check, applied (pass out, wake, drain, death); the
    check is no longer owed."""
    combatant = _in_fight(pc, encounter)
    before = pc_condition(pc, combatant)
    state = apply_check_result(before, kind, result)
    owed = None if combatant is None else tuple(k for k in combatant.checks_owed if k is not kind)
    due = next((check for check in before.checks_due() if check.kind is kind), None)
    difficulty = None if due is None else due.difficulty
    # Said with its Dif and how it went: "20 (23/20, 3 CD)" left the GM to work it out.
    verdict = "" if difficulty is None else (
        f" vs {difficulty}, {'passed' if result >= difficulty else 'failed'}")
    stored = _store(pc, encounter, combatant, state,
                    f"{pc.name}'s {kind} check: {result}{verdict} ({_standing(state)})",
                    owed=owed)
    if encounter is None or combatant is None:
        return stored
    return stored.with_events(CriticalCheck(
        encounter.id, combatant.id, kind.value, difficulty, result,
        None if difficulty is None else result >= difficulty))


def heal_pc(pc: PlayerCharacter, encounter: Encounter | None, amount: int) -> Outcome:
    combatant = _in_fight(pc, encounter)
    state = heal(pc_condition(pc, combatant), amount)
    return _store(pc, encounter, combatant, state,
                  f"{pc.name} heals {amount} ({_standing(state)})")


def kill_rule_pc(pc: PlayerCharacter, encounter: Encounter | None) -> Outcome:
    """What would outright kill an NPC puts a PC at 10 critical damage instead: the checks
    that warrants come at once, as for any damage."""
    combatant = _in_fight(pc, encounter)
    before = pc_condition(pc, combatant)
    return _damaged(pc, encounter, combatant, before, apply_kill_rule(before),
                    f"Kill rule: {pc.name} is put at {KILL_RULE_CD} critical damage")


def apply_pc_checks(pc: PlayerCharacter, encounter: Encounter | None,
                    results: Iterable[tuple[CheckKind, int | None]]) -> Outcome:
    """Several due checks in the order rolled (a result of None: not rolled yet, it stays
    owed); the first that kills him ends the run. One outcome for all of them."""
    sheet, fight = pc, encounter
    outcome = Outcome()
    for kind, result in results:
        if result is None:
            continue
        dead = apply_check_result(pc_condition(sheet, _in_fight(sheet, fight)), kind,
                                  result).dead
        made = apply_pc_check(sheet, fight, kind, result)
        outcome = outcome.then(made)
        sheet = made.pc(pc.id) or sheet
        fight = None if fight is None else made.encounter
        if dead:
            break
    if not outcome.changes:
        return Outcome(alerts=(f"no result entered: {pc.name}'s checks stay owed",))
    return outcome


def system_failure(encounter: Encounter, combatant_id: int, template: NpcTemplate | None,
                   rng: random.Random) -> Outcome:
    """A damaged vehicle's or ship's failed system (Tables 9/11 and 10), kept as a condition
    on it: on screen, in the log, undoable, until repaired."""
    combatant = encounter.combatant(combatant_id)
    if combatant is None:
        raise ModelError("no such combatant")
    numbers = npc_numbers(combatant, template)
    if numbers.type not in (RatingType.V, RatingType.S):
        raise ModelError(f"{combatant.name} is not a vehicle or a ship (type P)")
    cd = combatant.wounds - (combatant.vit_max or 0)
    if cd < 1:
        raise ModelError(f"{combatant.name} has no critical damage: no system fails")
    failure = roll_system_failure(cd, rng, ship=numbers.type is RatingType.S)
    added = add_condition(encounter, f"{failure.system}: {failure.kind.value}", combatant_id,
                          None, notes=failure.describe())
    return added.saying(alerts=(f"{combatant.name}: {failure.describe()}",))


def sheet_edited(before: PlayerCharacter | None, after: PlayerCharacter) -> PlayerCharacter:
    """A sheet saved from the roster's form: more wounds typed on it are new damage, so a
    Vitality drain stopped starts again (it stayed stopped, and the drain was never asked
    of a PC put past his Vit from his sheet)."""
    if before is not None and after.wounds > before.wounds and after.drain_stopped:
        return after.with_changes(drain_stopped=False)
    return after
