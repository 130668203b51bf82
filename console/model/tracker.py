"""The initiative tracker's bookkeeping: pure functions from an Encounter to the next one.

Each function is one GM action. It returns the changed encounter and, where something
happened the GM should hear about (a condition ran out, a held action was lost), notices
to show and log. The order of a round comes from ``console.rules.initiative``; every action
ends with :func:`console.model.turns.settle`, which keeps the turn in progress and who has
acted consistent with it, so no mid-round change can skip or repeat anyone's turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

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
    combatant_of,
)
from console.model.errors import ModelError
from console.model.fight_events import ActedNow, Held
from console.model.outcome import Outcome
from console.model.pronouns import THEY, Pronoun
from console.model.turns import END, current_turn, pending, round_order, settle
from console.rules.initiative import (
    LeaderCandidate,
    choose_group_leader,
    condition_end_round,
)

__all__ = [
    "END",
    "able_to_lead",
    "act_now",
    "add_combatant",
    "add_condition",
    "call_for_nish",
    "choose_leader",
    "current_turn",
    "cycle_shock",
    "expiring_this_round",
    "hold",
    "jump_to",
    "move_in_tie",
    "next_turn",
    "previous_turn",
    "remove_condition",
    "repeats_turn",
    "round_order",
    "set_mode",
    "set_nish",
    "set_party_nish",
    "set_shock",
    "set_status",
    "toggle_hidden",
    "toggle_named",
    "toggle_status",
]


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
    pronoun: Pronoun = THEY,
) -> Outcome:
    """Add someone mid-encounter (``pronoun``: a PC's from his sheet). An NPC acts on his
    recorded Nish from this round on; a PC acts once the GM enters his roll (``nish``).
    Joining mid-round, he takes his turn when the order reaches him, or next if his Nish
    has already gone by."""
    new_id = max((c.id for c in encounter.combatants), default=0) + 1
    if side is Side.NPC and nish is None and encounter.round > 0:
        nish = recorded_nish
    combatant = Combatant(new_id, name.strip(), side, ref=ref, nish=nish,
                          recorded_nish=recorded_nish, vit_max=vit_max, pronoun=pronoun)
    changed = encounter.with_changes(combatants=(*encounter.combatants, combatant))
    return settle(encounter, changed, (f"{combatant.name} joins the encounter",))


def set_status(encounter: Encounter, combatant_id: int, status: Status) -> Outcome:
    """Active, unconscious, dead or removed. A combatant whose turn it is and who drops out
    of the order passes the turn on; one who is no longer active loses a saved Initiative."""
    combatant = combatant_of(encounter, combatant_id)
    hold_state = combatant.hold if status is Status.ACTIVE else Hold.NONE
    changed = _replace(encounter, combatant.with_changes(status=status, hold=hold_state))
    said = (f"back in the fight (was {combatant.status.value})" if status is Status.ACTIVE
            else "removed from the fight" if status is Status.REMOVED else status.value)
    return settle(encounter, changed, (f"{combatant.name}: {said}",))


def toggle_status(encounter: Encounter, combatant_id: int, status: Status) -> Outcome:
    """The key for a state pressed again puts him back in the fight."""
    combatant = combatant_of(encounter, combatant_id)
    return set_status(encounter, combatant_id,
                      Status.ACTIVE if combatant.status is status else status)


def toggle_hidden(encounter: Encounter, combatant_id: int) -> Outcome:
    """Hide him from the players' view, or reveal him. The GM's own screen and the round
    are untouched: a hidden combatant still takes his turns."""
    combatant = combatant_of(encounter, combatant_id)
    hidden = not combatant.hidden
    changed = _replace(encounter, combatant.with_changes(hidden=hidden))
    said = "hidden from the players" if hidden else "shown to the players"
    return Outcome.told(changed, notices=(f"{combatant.name}: {said}",))


def toggle_named(encounter: Encounter, combatant_id: int) -> Outcome:
    """Tell the players an NPC's name (a players' view that calls NPCs "Foe 1", "Foe 2"
    shows it from now on), or take it back to his foe number."""
    combatant = combatant_of(encounter, combatant_id)
    if combatant.side is not Side.NPC:
        raise ModelError(f"{combatant.name} is no NPC: the players know {combatant.pronoun.them} "
                         "by name")
    named = not combatant.named
    changed = _replace(encounter, combatant.with_changes(named=named))
    said = ("named to the players" if named
            else "no longer named to the players (a foe number again)")
    return Outcome.told(changed, notices=(f"{combatant.name}: {said}",))


# ----- numbers --------------------------------------------------------------------------


def _leader_of(encounter: Encounter) -> Combatant | None:
    if encounter.mode is not InitiativeMode.GROUP or encounter.leader is None:
        return None
    return encounter.combatant(encounter.leader)


def set_nish(encounter: Encounter, combatant_id: int, value: int | None) -> Outcome:
    """Enter or edit this round's Nish; for an NPC it also becomes his recorded Nish, for a
    group of spawned copies it is the whole group's, and for the group leader in group
    Initiative it is the party's. Said in the fight's own word (Façade: Initiative)."""
    combatant = combatant_of(encounter, combatant_id)
    if value is not None and value < 0:
        raise ModelError(f"{combatant.name}: {encounter.words.initiative} cannot be negative")
    changes: dict[str, object] = {"nish": value}
    if combatant.side is Side.NPC:
        changes["recorded_nish"] = value
    together = [c for c in encounter.combatants
                if c.id == combatant_id or (combatant.group is not None
                                            and c.group == combatant.group)]
    changed = encounter
    for member in together:
        changed = _replace(changed, member.with_changes(**changes))
    leader = _leader_of(encounter)
    if leader is not None and leader.id == combatant_id and encounter.round > 0:
        changed = changed.with_changes(party_nish=value)
    shown = "none" if value is None else str(value)
    who = (combatant.name if len(together) == 1
           else f"{combatant.name} and {combatant.pronoun.their} group")
    return settle(encounter, changed, (f"{who}: {encounter.words.initiative} {shown}",))


def set_party_nish(encounter: Encounter, value: int | None) -> Outcome:
    """Group mode: the leader's roll, which the whole party acts on (and his own Nish)."""
    if value is not None and value < 0:
        raise ModelError("the party's Nish cannot be negative")
    changed = encounter.with_changes(party_nish=value)
    leader = _leader_of(encounter)
    if leader is not None:
        changed = _replace(changed, leader.with_changes(nish=value))
    return settle(encounter, changed, (f"The party acts on {value}",))


def set_shock(encounter: Encounter, combatant_id: int, shock: Shock) -> Outcome:
    """Failed shock: Nish 0 this round; critical failure: no Nish this round. Marked before
    the first call for Nish, it applies to round 1."""
    combatant = combatant_of(encounter, combatant_id)
    changed = _replace(encounter, combatant.with_changes(shock=shock))
    meaning = {Shock.NONE: "no shock", Shock.FAILED: "failed shock, Nish 0 this round",
               Shock.CRITICAL: "critical shock failure, no Nish this round"}[shock]
    return settle(encounter, changed, (f"{combatant.name}: {meaning}",))


_SHOCKS = (Shock.NONE, Shock.FAILED, Shock.CRITICAL)


def cycle_shock(encounter: Encounter, combatant_id: int) -> Outcome:
    """None, failed, critical, and round again: one key for all three."""
    shock = combatant_of(encounter, combatant_id).shock
    return set_shock(encounter, combatant_id, _SHOCKS[(_SHOCKS.index(shock) + 1) % 3])


# ----- the round ------------------------------------------------------------------------


def expiring_this_round(encounter: Encounter) -> list[Condition]:
    """Conditions whose last round is the current one."""
    return [c for c in encounter.conditions
            if c.until_round is not None and c.until_round <= encounter.round]


def _expire(encounter: Encounter) -> Outcome:
    """The round is over for good: conditions that lasted through it come off."""
    ending = expiring_this_round(encounter) if encounter.round > 0 else []
    if not ending:
        return Outcome.told(encounter)
    names = {c.id: c.name for c in encounter.combatants}
    said = tuple(
        f"{c.name}{'' if c.target is None else ' on ' + names.get(c.target, '?')} "
        f"ended with {encounter.words.round} {encounter.round}"
        for c in ending
    )
    kept = tuple(c for c in encounter.conditions if c not in ending)
    return Outcome.told(encounter.with_changes(conditions=kept), notices=said, alerts=said)


def call_for_nish(encounter: Encounter, pc_rolls: Mapping[int, int | None]) -> Outcome:
    """Start the next round: the old one ends (conditions expire, saved Initiative is lost),
    NPCs take their recorded Nish, PCs the rolls given (missing ones are entered later)."""
    ended = _expire(encounter)
    lost = []
    first_round = encounter.round == 0
    combatants = []
    for combatant in ended.encounter.combatants:
        if combatant.hold is not Hold.NONE:
            lost.append(f"{combatant.name} loses {combatant.pronoun.their} saved Initiative")
        nish = (combatant.recorded_nish if combatant.side is Side.NPC
                else pc_rolls.get(combatant.id))
        combatants.append(combatant.with_changes(
            nish=nish, hold=Hold.NONE, checks_owed=(),
            # Shock marked before the first call is for round 1; later marks were for the
            # round now ending.
            shock=combatant.shock if first_round else Shock.NONE,
        ))
    round_number = encounter.round + 1
    changed = ended.encounter.with_changes(
        combatants=tuple(combatants), round=round_number, current=None, party_nish=None,
        acted=(),
    )
    leader = _leader_of(changed)
    if leader is not None and leader.id in pc_rolls:
        changed = changed.with_changes(party_nish=pc_rolls[leader.id])
    return settle(encounter, changed, (f"Round {round_number}: Nish called", *ended.notices,
                                       *lost), (*ended.alerts, *lost))


def _need_round(encounter: Encounter) -> None:
    if encounter.round == 0:
        raise ModelError(f"call for {encounter.words.initiative} first: there is no "
                         f"{encounter.words.round} yet")


def next_turn(encounter: Encounter) -> Outcome:
    """The turn in progress is over: the next is the highest one with someone still to act
    (after the last, the round ends)."""
    _need_round(encounter)
    if encounter.current == END:
        over = f"{encounter.words.round.capitalize()} {encounter.round} is over"
        then = "the next turn (n)" if encounter.lowest_first else "call for Nish (n)"
        return Outcome.told(encounter, alerts=(f"{over}: {then}",))
    turn = current_turn(encounter)
    done = pending(turn, encounter.acted) if turn is not None else ()
    changed = encounter.with_changes(acted=(*encounter.acted, *done))
    return settle(encounter, changed)


def _reopen(encounter: Encounter, turn_members: tuple[int, ...]) -> tuple[int, ...]:
    """Who in a turn taken already can take it again: not those who saved their Initiative
    (stepping about does not undo a hold; ctrl+z does)."""
    return tuple(m for m in turn_members if m in encounter.acted
                 and combatant_of(encounter, m).hold is not Hold.ALL)


def previous_turn(encounter: Encounter) -> Outcome:
    """Back to the turn taken before this one (to correct a slip): it is in progress again
    and its members are again to act. Nothing else is undone (ctrl+z does that)."""
    _need_round(encounter)
    order = round_order(encounter)
    for key in reversed(encounter.acted):
        turn = order.turn_of(key)
        if turn is None or turn.key == encounter.current:
            continue  # left the order since, or part of the turn in progress
        reopened = _reopen(encounter, turn.members)
        if not reopened:
            continue
        changed = encounter.with_changes(
            current=turn.key, acted=tuple(k for k in encounter.acted if k not in reopened))
        return settle(encounter, changed)
    return Outcome.told(encounter, alerts=("This is the round's first turn",))


def repeats_turn(encounter: Encounter, combatant_id: int) -> bool:
    """Would :func:`jump_to` give him a second turn this round: he has had his turn (not
    saved it: a held turn is still his to take), and it is not in progress."""
    combatant = encounter.combatant(combatant_id)
    if combatant is None or encounter.round == 0 or combatant.hold is Hold.ALL:
        return False
    if combatant_id not in encounter.acted:
        return False
    turn = current_turn(encounter)
    return turn is None or combatant_id not in turn.members


def jump_to(encounter: Encounter, combatant_id: int) -> Outcome:
    """Make the turn holding ``combatant_id`` the current one. Whoever it passes over still
    acts this round; he acts now even if he already had his turn (or saved it)."""
    combatant = combatant_of(encounter, combatant_id)
    turn = round_order(encounter).turn_of(combatant_id)
    if turn is None:
        raise ModelError(f"{combatant.name} has no turn this round")
    changed = encounter
    if combatant.hold is Hold.ALL:
        changed = _replace(changed, combatant.with_changes(hold=Hold.NONE))
    reopened = {*_reopen(changed, turn.members), combatant_id}
    changed = changed.with_changes(
        current=turn.key, acted=tuple(k for k in changed.acted if k not in reopened))
    return settle(encounter, changed)


def hold(encounter: Encounter, combatant_id: int, *, part: bool = False) -> Outcome:
    """Saved Initiative. Saving all of it gives up his turn now (he acts later with ``o``);
    saving part (say, the attack after a move) leaves him acting now with the rest saved."""
    combatant = combatant_of(encounter, combatant_id)
    _need_round(encounter)
    if combatant.status is not Status.ACTIVE:
        raise ModelError(f"{combatant.name} is {combatant.status.value}: "
                         f"{combatant.pronoun.they} cannot save Initiative")
    turn = current_turn(encounter)
    acting_now = turn is not None and combatant_id in pending(turn, encounter.acted)
    if combatant_id in encounter.acted and not acting_now:
        raise ModelError(f"{combatant.name} has had {combatant.pronoun.their} turn this round: "
                         "nothing to save")
    if round_order(encounter).turn_of(combatant_id) is None:
        raise ModelError(f"{combatant.name} has no Nish this round: nothing to save")
    changed = _replace(encounter, combatant.with_changes(hold=Hold.PART if part else Hold.ALL))
    if not part:
        changed = changed.with_changes(acted=(*changed.acted, combatant_id))
    their = combatant.pronoun.their
    notice = f"{combatant.name} saves {f'part of {their}' if part else their} Initiative"
    # Kept for the recap: his turn says he held, not that he did nothing.
    return settle(encounter, changed, (notice,)).with_events(
        Held(encounter.id, combatant_id, part))


def act_now(encounter: Encounter, combatant_id: int) -> Outcome:
    """A held combatant takes his saved Initiative now; the round goes on where it was."""
    combatant = combatant_of(encounter, combatant_id)
    if combatant.hold is Hold.NONE:
        raise ModelError(f"{combatant.name} has no saved Initiative")
    changed = _replace(encounter, combatant.with_changes(hold=Hold.NONE))
    # Kept for the recap: what follows in this turn is his, not the turn's own actors'.
    return settle(encounter, changed, (
        f"{combatant.name} acts now on {combatant.pronoun.their} saved Initiative",)
    ).with_events(ActedNow(encounter.id, combatant_id))


def move_in_tie(encounter: Encounter, combatant_id: int, offset: int) -> Outcome:
    """Move a combatant earlier (-1) or later (+1) among those tied with him."""
    combatant = combatant_of(encounter, combatant_id)
    order = round_order(encounter)
    turn = order.turn_of(combatant_id)
    if turn is None or turn.tie is None:
        raise ModelError(f"{combatant.name} is not tied with anyone this round")
    if len(turn.members) > 1:
        raise ModelError(f"{combatant.name} acts with {turn.label}: a tie is ordered between "
                         "those who act alone")
    tied = [t for t in order.turns if t.tie == turn.tie and len(t.members) == 1]
    keys = [t.members[0] for t in tied]
    index = keys.index(combatant_id)
    target = index + offset
    if not 0 <= target < len(keys):
        return Outcome.told(encounter)
    keys[index], keys[target] = keys[target], keys[index]
    changed = encounter
    for position, key in enumerate(keys):
        changed = _replace(changed, combatant_of(changed, key).with_changes(tie_order=position))
    return settle(encounter, changed,
                  (f"{combatant.name} moves {'up' if offset < 0 else 'down'} in the tie",))


def set_mode(encounter: Encounter, mode: InitiativeMode, leader: int | None = None) -> Outcome:
    """Individual, wave or group. The round's order changes at once; the turn stays with
    whoever was acting (in his new turn). Switching to group mid-round, the party acts on
    the leader's Nish this round."""
    changes: dict[str, object] = {"mode": mode,
                                  "leader": leader if mode is InitiativeMode.GROUP else None}
    if mode is InitiativeMode.GROUP and leader is not None and encounter.round > 0:
        changes["party_nish"] = combatant_of(encounter, leader).nish
    changed = encounter.with_changes(**changes)
    return settle(encounter, changed, (f"Initiative mode: {mode.value}",))


def able_to_lead(combatant: Combatant) -> bool:
    """A PC who can lead the party: in the fight, conscious, not paralysed by shock."""
    return (combatant.side is Side.PC and combatant.status is Status.ACTIVE
            and combatant.shock is not Shock.CRITICAL and combatant.template is None)


def choose_leader(
    encounter: Encounter, pcs: Mapping[int, PlayerCharacter], rng: random.Random
) -> tuple[int, str]:
    """The group leader among the PCs able to lead, by the book's order, and why."""
    candidates = []
    for combatant in encounter.combatants:
        if not able_to_lead(combatant):
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
    if not candidates:
        raise ModelError("no PC is able to lead the party (all are down or out)")
    choice = choose_group_leader(candidates, rng)
    return choice.key, choice.reason


# ----- conditions -----------------------------------------------------------------------


def add_condition(
    encounter: Encounter, name: str, target: int | None, rounds: int | None, *,
    notes: str = "",
) -> Outcome:
    """A condition lasting ``rounds`` rounds from now (None: until removed); the log says
    the round as the fight's game calls it (``Encounter.words.round``: Façade's "turn")."""
    until = None if rounds is None else condition_end_round(encounter.round, rounds)
    condition = Condition(name.strip(), target, until, since_round=encounter.round,
                          notes=notes)
    who = "" if target is None else f" on {combatant_of(encounter, target).name}"
    lasting = ("until removed" if until is None
               else f"through {encounter.words.round} {until}")
    changed = encounter.with_changes(conditions=(*encounter.conditions, condition))
    return Outcome.told(changed, notices=(f"{condition.name}{who}, {lasting}",))


def remove_condition(encounter: Encounter, index: int) -> Outcome:
    if not 0 <= index < len(encounter.conditions):
        raise ModelError(f"no condition number {index + 1}")
    gone = encounter.conditions[index]
    kept = encounter.conditions[:index] + encounter.conditions[index + 1:]
    return Outcome.told(encounter.with_changes(conditions=kept),
                        notices=(f"{gone.name} removed",))
