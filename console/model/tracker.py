"""The initiative tracker's bookkeeping: pure functions from an Encounter to the next one.

Each function is one GM action. It returns the changed encounter and, where something
happened the GM should hear about (a condition ran out, a held action was lost), notices
to show and log. The order of a round comes from ``console.rules.initiative``; this module
only keeps the encounter's state consistent with it.

The turn in progress is kept as a turn *key* (``c12``, ``wave`` ...), so editing a Nish
mid-round re-orders the round without moving the pointer to someone else. ``END`` means
every turn of the round has been taken and the GM's next step is to call for Nish.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from console.model.characters import PlayerCharacter
from console.model.encounters import (
    Combatant,
    Condition,
    Encounter,
    Hold,
    InitiativeMode,
    Shock,
    Side,
    Status,
)
from console.model.errors import ModelError
from console.rules.critical_damage import DueCheck, checks_due
from console.rules.initiative import (
    Entrant,
    LeaderCandidate,
    RoundOrder,
    Turn,
    choose_group_leader,
    condition_end_round,
    order_round,
)

__all__ = [
    "END",
    "Step",
    "act_now",
    "add_combatant",
    "add_condition",
    "call_for_nish",
    "checks_due_for",
    "choose_leader",
    "current_turn",
    "expiring_this_round",
    "hold",
    "jump_to",
    "move_in_tie",
    "next_turn",
    "previous_turn",
    "remove_condition",
    "round_order",
    "set_mode",
    "set_nish",
    "set_party_nish",
    "set_shock",
    "set_status",
]

END = "end"


@dataclass(frozen=True, slots=True)
class Step:
    """The encounter after one action, and what the GM should be told about it."""

    encounter: Encounter
    notices: tuple[str, ...] = ()


# ----- reading the round ----------------------------------------------------------------


def _entrant(combatant: Combatant) -> Entrant:
    return Entrant(combatant.id, combatant.name, combatant.side, combatant.nish,
                   combatant.status, combatant.shock, combatant.tie_order)


def round_order(encounter: Encounter) -> RoundOrder:
    """This round's acting order (empty before the first call for Nish)."""
    if encounter.round == 0:
        return RoundOrder((), tuple(c.id for c in encounter.combatants
                                    if c.status not in (Status.DEAD, Status.REMOVED)), ())
    return order_round((_entrant(c) for c in encounter.combatants), encounter.mode,
                       party_nish=encounter.party_nish)


def current_turn(encounter: Encounter, order: RoundOrder | None = None) -> Turn | None:
    order = order if order is not None else round_order(encounter)
    index = order.position(encounter.current)
    return None if index is None else order.turns[index]


def _combatant(encounter: Encounter, combatant_id: int) -> Combatant:
    found = encounter.combatant(combatant_id)
    if found is None:
        raise ModelError(f"no combatant {combatant_id} in {encounter.name}")
    return found


def _replace(encounter: Encounter, changed: Combatant) -> Encounter:
    return encounter.with_changes(combatants=tuple(
        changed if c.id == changed.id else c for c in encounter.combatants
    ))


# ----- who is in the fight --------------------------------------------------------------


def add_combatant(
    encounter: Encounter,
    name: str,
    side: Side,
    *,
    ref: int | None = None,
    recorded_nish: int | None = None,
    nish: int | None = None,
    vit_max: int | None = None,
) -> Step:
    """Add someone mid-encounter. An NPC acts on his recorded Nish from this round on; a PC
    acts once the GM enters his roll (``nish``)."""
    new_id = max((c.id for c in encounter.combatants), default=0) + 1
    if side is Side.NPC and nish is None and encounter.round > 0:
        nish = recorded_nish
    combatant = Combatant(new_id, name.strip(), side, ref=ref, nish=nish,
                          recorded_nish=recorded_nish, vit_max=vit_max)
    changed = encounter.with_changes(combatants=(*encounter.combatants, combatant))
    return Step(changed, (f"{combatant.name} joins the encounter",))


def set_status(encounter: Encounter, combatant_id: int, status: Status) -> Step:
    """Active, unconscious, dead or removed. A combatant whose turn it is and who drops out
    of the order passes the turn on; one who is no longer active loses a saved Initiative."""
    combatant = _combatant(encounter, combatant_id)
    order = round_order(encounter)
    turn = current_turn(encounter, order)
    hold_state = combatant.hold if status is Status.ACTIVE else Hold.NONE
    changed = _replace(encounter, combatant.with_changes(status=status, hold=hold_state))
    if (status in (Status.DEAD, Status.REMOVED) and turn is not None
            and turn.members == (combatant_id,)):
        changed = _advance_from(changed, order, order.position(encounter.current))
    return Step(changed, (f"{combatant.name}: {status.value}",))


# ----- numbers --------------------------------------------------------------------------


def set_nish(encounter: Encounter, combatant_id: int, value: int | None) -> Step:
    """Enter or edit this round's Nish; for an NPC it also becomes his recorded Nish, and for
    a group of spawned copies it is the whole group's."""
    combatant = _combatant(encounter, combatant_id)
    if value is not None and value < 0:
        raise ModelError(f"{combatant.name}: Nish cannot be negative")
    changes: dict[str, object] = {"nish": value}
    if combatant.side is Side.NPC:
        changes["recorded_nish"] = value
    together = [c for c in encounter.combatants
                if c.id == combatant_id or (combatant.group is not None
                                            and c.group == combatant.group)]
    changed = encounter
    for member in together:
        changed = _replace(changed, member.with_changes(**changes))
    shown = "none" if value is None else str(value)
    who = combatant.name if len(together) == 1 else f"{combatant.name} and his group"
    return Step(changed, (f"{who}: Nish {shown}",))


def set_party_nish(encounter: Encounter, value: int | None) -> Step:
    """Group mode: the leader's roll, which the whole party acts on."""
    if value is not None and value < 0:
        raise ModelError("the party's Nish cannot be negative")
    return Step(encounter.with_changes(party_nish=value), (f"The party acts on {value}",))


def set_shock(encounter: Encounter, combatant_id: int, shock: Shock) -> Step:
    """Failed shock: Nish 0 this round; critical failure: no Nish this round. Marked before
    the first call for Nish, it applies to round 1."""
    combatant = _combatant(encounter, combatant_id)
    changed = _replace(encounter, combatant.with_changes(shock=shock))
    meaning = {Shock.NONE: "no shock", Shock.FAILED: "failed shock, Nish 0 this round",
               Shock.CRITICAL: "critical shock failure, no Nish this round"}[shock]
    return Step(changed, (f"{combatant.name}: {meaning}",))


# ----- the round ------------------------------------------------------------------------


def expiring_this_round(encounter: Encounter) -> list[Condition]:
    """Conditions whose last round is the current one."""
    return [c for c in encounter.conditions
            if c.until_round is not None and c.until_round <= encounter.round]


def _end_round(encounter: Encounter) -> Step:
    """Expire the conditions that last to the end of this round."""
    ending = expiring_this_round(encounter) if encounter.round > 0 else []
    if not ending:
        return Step(encounter)
    names = {c.id: c.name for c in encounter.combatants}
    notices = tuple(
        f"{c.name}{'' if c.target is None else ' on ' + names.get(c.target, '?')} "
        f"ended with round {encounter.round}"
        for c in ending
    )
    kept = tuple(c for c in encounter.conditions if c not in ending)
    return Step(encounter.with_changes(conditions=kept), notices)


def call_for_nish(encounter: Encounter, pc_rolls: Mapping[int, int | None]) -> Step:
    """Start the next round: the old one ends (conditions expire, saved Initiative is lost),
    NPCs take their recorded Nish, PCs the rolls given (missing ones are entered later)."""
    ended = _end_round(encounter)
    notices = list(ended.notices)
    first_round = encounter.round == 0
    combatants = []
    for combatant in ended.encounter.combatants:
        if combatant.hold is not Hold.NONE:
            notices.append(f"{combatant.name} loses his saved Initiative")
        nish = (combatant.recorded_nish if combatant.side is Side.NPC
                else pc_rolls.get(combatant.id))
        combatants.append(combatant.with_changes(
            nish=nish, hold=Hold.NONE,
            # Shock marked before the first call is for round 1; later marks were for the
            # round now ending.
            shock=combatant.shock if first_round else Shock.NONE,
        ))
    round_number = encounter.round + 1
    changed = ended.encounter.with_changes(
        combatants=tuple(combatants), round=round_number, current=None, party_nish=None,
    )
    changed = _advance_from(changed, round_order(changed), None)
    return Step(changed, (f"Round {round_number}: Nish called", *notices))


def _advance_from(encounter: Encounter, order: RoundOrder, index: int | None) -> Encounter:
    """Point at the turn after ``index`` (None: the first turn), or END."""
    following = 0 if index is None else index + 1
    key = order.turns[following].key if following < len(order.turns) else END
    return encounter.with_changes(current=key)


def next_turn(encounter: Encounter) -> Step:
    """Hand the round to the next turn; after the last one the round ends."""
    if encounter.round == 0:
        raise ModelError("call for Nish first: there is no round yet")
    if encounter.current == END:
        return Step(encounter, (f"Round {encounter.round} is over: call for Nish",))
    order = round_order(encounter)
    changed = _advance_from(encounter, order, order.position(encounter.current))
    if changed.current == END:
        ended = _end_round(changed)
        return Step(ended.encounter, (f"End of round {encounter.round}", *ended.notices))
    return Step(changed)


def previous_turn(encounter: Encounter) -> Step:
    """Step the pointer back one turn (to correct a slip; nothing is undone by it)."""
    order = round_order(encounter)
    if not order.turns:
        return Step(encounter)
    index = len(order.turns) if encounter.current == END else order.position(encounter.current)
    if index is None or index == 0:
        return Step(encounter.with_changes(current=order.turns[0].key))
    return Step(encounter.with_changes(current=order.turns[index - 1].key))


def jump_to(encounter: Encounter, combatant_id: int) -> Step:
    """Make the turn holding ``combatant_id`` the current one."""
    combatant = _combatant(encounter, combatant_id)
    turn = round_order(encounter).turn_of(combatant_id)
    if turn is None:
        raise ModelError(f"{combatant.name} has no turn this round")
    return Step(encounter.with_changes(current=turn.key), (f"Turn: {turn.label}",))


def hold(encounter: Encounter, combatant_id: int, *, part: bool = False) -> Step:
    """Saved Initiative. Holding everything on his own turn passes the turn on; holding part
    (say, the attack after a move) leaves him acting now with the rest saved."""
    combatant = _combatant(encounter, combatant_id)
    if encounter.round == 0:
        raise ModelError("call for Nish first: Initiative can only be saved during a round")
    if combatant.status is not Status.ACTIVE:
        raise ModelError(f"{combatant.name} is {combatant.status.value}: he cannot save Initiative")
    changed = _replace(encounter, combatant.with_changes(hold=Hold.PART if part else Hold.ALL))
    notice = f"{combatant.name} saves {'part of his' if part else 'his'} Initiative"
    order = round_order(encounter)
    turn = current_turn(encounter, order)
    if not part and turn is not None and turn.members == (combatant_id,):
        changed = _advance_from(changed, order, order.position(encounter.current))
    return Step(changed, (notice,))


def act_now(encounter: Encounter, combatant_id: int) -> Step:
    """A held combatant takes his saved Initiative now; the round goes on where it was."""
    combatant = _combatant(encounter, combatant_id)
    if combatant.hold is Hold.NONE:
        raise ModelError(f"{combatant.name} has no saved Initiative")
    changed = _replace(encounter, combatant.with_changes(hold=Hold.NONE))
    return Step(changed, (f"{combatant.name} acts now on his saved Initiative",))


def move_in_tie(encounter: Encounter, combatant_id: int, offset: int) -> Step:
    """Move a combatant earlier (-1) or later (+1) among those tied with him."""
    combatant = _combatant(encounter, combatant_id)
    order = round_order(encounter)
    turn = order.turn_of(combatant_id)
    if turn is None or turn.tie is None:
        raise ModelError(f"{combatant.name} is not tied with anyone this round")
    tied = [t for t in order.turns if t.tie == turn.tie and len(t.members) == 1]
    keys = [t.members[0] for t in tied]
    index = keys.index(combatant_id)
    target = index + offset
    if not 0 <= target < len(keys):
        return Step(encounter)
    keys[index], keys[target] = keys[target], keys[index]
    changed = encounter
    for position, key in enumerate(keys):
        changed = _replace(changed, _combatant(changed, key).with_changes(tie_order=position))
    return Step(changed, (f"{combatant.name} moves {'up' if offset < 0 else 'down'} in the tie",))


def set_mode(encounter: Encounter, mode: InitiativeMode, leader: int | None = None) -> Step:
    """Individual, wave or group. The round's order changes at once; the turn stays with
    whoever was acting (in his new turn), or restarts if he has none in the new order."""
    changed = encounter.with_changes(mode=mode, leader=leader if mode is InitiativeMode.GROUP
                                     else None)
    if changed.round > 0 and encounter.current != END:
        acting = current_turn(encounter)
        new_order = round_order(changed)
        turn = new_order.turn_of(acting.members[0]) if acting is not None else None
        changed = (changed.with_changes(current=turn.key) if turn is not None
                   else _advance_from(changed, new_order, None))
    return Step(changed, (f"Initiative mode: {mode.value}",))


def choose_leader(
    encounter: Encounter, pcs: Mapping[int, PlayerCharacter], rng: random.Random
) -> tuple[int, str]:
    """The group leader among the PCs in the fight, by the book's order, and why."""
    candidates = []
    for combatant in encounter.combatants:
        if combatant.side is not Side.PC or combatant.status in (Status.DEAD, Status.REMOVED):
            continue
        sheet = pcs.get(combatant.ref) if combatant.ref is not None else None
        candidates.append(LeaderCandidate(
            combatant.id, combatant.name,
            ship_captain=bool(sheet and sheet.ship_captain),
            character_rank=sheet.rank if sheet else 0,
            charisma=sheet.cha.value if sheet and sheet.cha else None,
            willpower=sheet.wp.value if sheet and sheet.wp else None,
            player_rank=sheet.player_rank if sheet else 0,
        ))
    choice = choose_group_leader(candidates, rng)
    return choice.key, choice.reason


# ----- conditions -----------------------------------------------------------------------


def add_condition(
    encounter: Encounter, name: str, target: int | None, rounds: int | None, *,
    notes: str = "",
) -> Step:
    """A condition lasting ``rounds`` rounds from now (None: until removed)."""
    until = None if rounds is None else condition_end_round(encounter.round, rounds)
    condition = Condition(name.strip(), target, until, since_round=encounter.round,
                          notes=notes)
    who = "" if target is None else f" on {_combatant(encounter, target).name}"
    lasting = "until removed" if until is None else f"through round {until}"
    changed = encounter.with_changes(conditions=(*encounter.conditions, condition))
    return Step(changed, (f"{condition.name}{who}, {lasting}",))


def remove_condition(encounter: Encounter, index: int) -> Step:
    if not 0 <= index < len(encounter.conditions):
        raise ModelError(f"no condition number {index + 1}")
    gone = encounter.conditions[index]
    kept = encounter.conditions[:index] + encounter.conditions[index + 1:]
    return Step(encounter.with_changes(conditions=kept), (f"{gone.name} removed",))


# ----- critical damage reminders --------------------------------------------------------


def checks_due_for(
    encounter: Encounter, combatant_id: int, pcs: Mapping[int, PlayerCharacter]
) -> list[DueCheck]:
    """The critical-damage checks a PC makes on his Nish before acting (none for NPCs:
    an NPC with critical damage simply dies)."""
    combatant = _combatant(encounter, combatant_id)
    sheet = pcs.get(combatant.ref) if combatant.ref is not None else None
    if combatant.side is not Side.PC or sheet is None or sheet.vit_max is None:
        return []
    return checks_due(
        sheet.wounds, int(sheet.vit_max.value),
        pass_out_check_done=combatant.pass_out_check_done,
        drain_stopped=combatant.drain_stopped,
        unconscious=combatant.status is Status.UNCONSCIOUS,
    )
