"""A Façade fight's turn (issue 31, seed 002 Dramatic Combat, Steps 1 and 2): the turn
called on Action, the contest of Action between ties, and who may take which action when.

The tracker's round is Façade's turn. Initiative is Action (``Combatant.nish``), lowest
first (``Encounter.lowest_first``), ties striated by an Active Contest of Action
(``tie_order``). Who may act when: the one whose click it is; anyone with a better
Initiative (later in the order) who has not had his click yet, as an interrupt; once his
click has passed, only defenses against attacks ("After this is passed, he may only take
defensive actions against directed attacks, and then only if he has a Passive or Active
action left to use"). An interrupter left with no action is done for the turn: his click,
when it comes, is skipped.
"""

from __future__ import annotations

from collections.abc import Mapping

from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.errors import ModelError
from console.model.facade_fight import (
    Fight,
    Npcs,
    Pcs,
    Step,
    after_damage,
    combatant_of,
    replace_combatant,
)
from console.model.outcome import Outcome
from console.model.tracker import call_for_nish
from console.model.turns import END, current_turn, pending, round_order, settle
from console.rules.errors import RulesError
from console.rules.facade_combat.actions import Kind, Stance, TurnActions
from console.rules.facade_combat.initiative import striated

__all__ = ["initiative_state", "interrupted_label", "land_pending", "new_turn", "set_tie_rolls",
           "spend", "take_action"]

def initiative_state(encounter: Encounter, combatant_id: int) -> str:
    """Where his Initiative stands this turn: "free" (no turn running: anyone may act),
    "now" (his click), "later" (a better Initiative, still to come: he may interrupt),
    "passed" (his click is over: defenses only), "none" (no Initiative this turn)."""
    if encounter.round == 0 or encounter.current in (None, END):
        return "free"
    order = round_order(encounter)
    turn = current_turn(encounter, order)
    if turn is not None and combatant_id in pending(turn, encounter.acted):
        return "now"
    if combatant_id in encounter.acted:
        return "passed"
    mine = order.turn_of(combatant_id)
    here = None if turn is None else order.position(turn.key)
    there = None if mine is None else order.position(mine.key)
    if here is None or there is None:
        return "none"
    return "later" if there > here else "passed"


def _actor(fight: Fight, combatant_id: int) -> Combatant:
    combatant = combatant_of(fight.encounter, combatant_id)
    if combatant.status is not Status.ACTIVE:
        raise ModelError(f"{combatant.name} is {combatant.status.value}: no actions")
    return combatant


def spend(fight: Fight, combatant_id: int, step: Step, *, interrupting: bool = False,
           defense: bool = False) -> TurnActions:
    """Take an action of this kind (or declare a stance) for him, checking his Initiative;
    a defense may be taken at any click."""
    combatant = _actor(fight, combatant_id)
    state = initiative_state(fight.encounter, combatant_id)
    if interrupting and state != "later":
        turn = current_turn(fight.encounter)
        whose = turn.label if turn is not None else "nobody's turn"
        raise ModelError(f"{combatant.name} cannot interrupt {whose}: only a better "
                         "Initiative still to act may interrupt")
    if not defense and not interrupting:
        if state == "later":
            they = combatant.pronoun
            raise ModelError(f"{combatant.name}'s Initiative is still to come: {they.they} "
                             f"{they.verb('acts', 'act')} at {they.their} own click, or "
                             f"{they.verb('interrupts', 'interrupt')} (j)")
        if state == "passed":
            raise ModelError(f"{combatant.name}'s Initiative has passed this turn: "
                             f"{combatant.pronoun.they} may only defend against attacks")
        if state == "none":
            raise ModelError(f"{combatant.name} has no Initiative this turn")
    try:
        actions = (combatant.actions.take(step) if isinstance(step, Kind)
                   else combatant.actions.go(step))
    except RulesError as error:
        raise ModelError(f"{combatant.name}: {error}") from None
    changed = combatant.with_changes(actions=actions)
    fight.setcombatant_of(changed)
    if interrupting and not actions.any_left and combatant_id not in fight.encounter.acted:
        # Done for the turn: his own click passes him by.
        fight.encounter = fight.encounter.with_changes(
            acted=(*fight.encounter.acted, combatant_id))
    return actions


def interrupted_label(encounter: Encounter) -> str:
    turn = current_turn(encounter)
    return turn.label if turn is not None else "the turn"


def take_action(encounter: Encounter, pcs: Pcs, npcs: Npcs, combatant_id: int, step: Step,
                what: str = "", *, interrupting: bool = False) -> Outcome:
    """An action other than an attack (a move, an aimed spell, ...) or a stance declared:
    ``Kind.ACTIVE`` / ``Kind.PASSIVE``, ``Stance.FULLY_ACTIVE`` / ``Stance.FULLY_PASSIVE``."""
    fight = Fight(encounter, pcs, npcs)
    interrupted = interrupted_label(encounter)
    actions = spend(fight, combatant_id, step, interrupting=interrupting)
    who = combatant_of(encounter, combatant_id).name
    label = step.value if isinstance(step, Stance) else f"{step.value.capitalize()} action"
    doing = f": {what}" if what else ""
    if interrupting:
        fight.notices.append(f"{who} interrupts {interrupted} ({label}{doing})")
    else:
        fight.notices.append(f"{who}: {label}{doing}")
    fight.notices.append(f"{who}: {actions.describe()}")
    return fight.outcome()


def set_tie_rolls(encounter: Encounter, rolls: Mapping[int, int]) -> Outcome:
    """The Active Contest of Action between those with the same Action: each tie striated
    by its rolls, the lowest first."""
    if not rolls:
        raise ModelError("no rolls given")
    actions = {c.id: c.nish for c in encounter.combatants if c.nish is not None}
    missing = [combatant_of(encounter, key).name for key in rolls if key not in actions]
    if missing:
        raise ModelError(f"{', '.join(missing)}: no Initiative yet (call the turn first)")
    order = striated({key: value for key, value in actions.items() if value is not None},
                     rolls)
    contested = {actions[key] for key in rolls}
    changed = encounter
    for combatant in encounter.combatants:
        if combatant.id in order and actions.get(combatant.id) in contested:
            changed = replace_combatant(changed,
                                        combatant.with_changes(tie_order=order[combatant.id]))
    said = ", ".join(f"{combatant_of(encounter, key).name} {roll}" for key, roll in rolls.items())
    notice = f"Initiative contest of Action: {said}"
    if encounter.round > 0 and not encounter.acted and all(
            c.actions.fresh for c in encounter.combatants):
        # Step 1 before anyone has acted: the turn starts again from the lowest Initiative.
        fresh = changed.with_changes(current=None)
        return settle(fresh, fresh, (notice,))
    return settle(encounter, changed, (notice,))


def _land_pending(fight: Fight) -> None:
    """Simple Combat's hits, waiting for the end of the turn, land."""
    for combatant in fight.encounter.combatants:
        who = fight.fighter(combatant.id)
        if who.health.pending:
            fight.set_health(who, who.health.with_changes(
                hits=who.health.hits + who.health.pending, pending=()))
            fight.notices.append(f"End of the turn: {who.name} takes "
                                 + ", ".join(map(str, who.health.pending)))
            after_damage(fight, fight.fighter(combatant.id))


def land_pending(encounter: Encounter, pcs: Pcs, npcs: Npcs) -> Outcome:
    """The fight ends, and its turn with it: Simple Combat's hits still waiting land now
    (on a PC's sheet, or they would land in his next fight). Nothing when none waits."""
    fight = Fight(encounter, pcs, npcs)
    _land_pending(fight)
    return fight.outcome() if fight.notices else Outcome()


def new_turn(encounter: Encounter, pcs: Pcs, npcs: Npcs) -> Outcome:
    """The next turn: Simple Combat's waiting damage lands, everyone's actions are fresh,
    and everyone's Initiative is his Action (a PC's from his sheet, an NPC's from his
    template); the tracker's call for Nish does the rest."""
    fight = Fight(encounter, pcs, npcs)
    if encounter.round > 0:
        _land_pending(fight)
    rolls: dict[int, int | None] = {}
    for combatant in fight.encounter.combatants:
        action = fight.fighter(combatant.id).action
        changes: dict[str, object] = {"actions": TurnActions()}
        if combatant.side is Side.NPC and action is not None:
            changes["recorded_nish"] = action
        if combatant.side is Side.PC:
            rolls[combatant.id] = action if action is not None else combatant.nish
        fight.setcombatant_of(combatant_of(fight.encounter, combatant.id).with_changes(**changes))
    called = call_for_nish(fight.encounter, rolls)
    # The tracker's round is Façade's turn, on Action: said in Façade's words.
    said = tuple(f"Turn {called.encounter.round}: Initiative is Action, lowest first"
                 if line.endswith(": Nish called") else line for line in called.notices)
    turn = Outcome.told(*fight.changed_pcs.values(), notices=fight.notices,
                        alerts=fight.alerts)
    return turn.then(Outcome(called.changes, said, called.alerts))
