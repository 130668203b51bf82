"""Whose turn it is: the round's order read from an encounter, and the one rule that keeps
the turn pointer honest whatever happens mid-round.

The order itself comes from ``console.rules.initiative`` and is never stored: it is read
from the Nish values in force, so editing a Nish, a kill, a new arrival or a mode switch
re-orders the round at once. What is stored is who has already had his turn this round
(``Encounter.acted``) and which turn is in progress (``Encounter.current``, a turn key).
After every change, :func:`settle` keeps them consistent:

- the turn in progress stays current while someone in it is still to act (a wave whose
  member dies goes on; after a mode switch, the turn that now holds the actor);
- otherwise the next turn is the highest one in the order with someone still to act, so
  nobody is skipped and nobody acts twice, whatever moved;
- with nobody left the round is over (``END``) until the GM calls for Nish; anyone who
  joins or wakes then acts from the next round.

A turn *begins* for whoever in the turn in progress is still to act: each hazard on him
moves on one round and a critically wounded PC owes his round's checks before he acts, each
once a round, however often the GM steps back and forth. A hazard started before his turn
this round moves on at this round's Nish (``console.model.hazards.attach_hazard``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from console.model.encounters import Combatant, Encounter, Hazard, Side, Status
from console.model.errors import ModelError
from console.model.outcome import Outcome
from console.rules.critical_damage import CheckKind
from console.rules.errors import RulesError
from console.rules.hazards import load_state, module_for
from console.rules.initiative import (
    OUT_OF_ACTION,
    Entrant,
    InitiativeMode,
    RoundOrder,
    Turn,
    order_round,
)

__all__ = [
    "END",
    "begin_turn",
    "current_turn",
    "on_deck",
    "pending",
    "reshaped",
    "round_order",
    "settle",
]

END = "end"


def _entrant(combatant: Combatant) -> Entrant:
    return Entrant(combatant.id, combatant.name, combatant.side, combatant.nish,
                   combatant.status, combatant.shock, combatant.tie_order,
                   acts=combatant.template is None)


def round_order(encounter: Encounter) -> RoundOrder:
    """This round's acting order (empty before the first call for Nish)."""
    if encounter.round == 0:  # the dead stay listed apart, as in any round
        return RoundOrder((), tuple(c.id for c in encounter.combatants
                                    if c.status not in (*OUT_OF_ACTION, Status.REMOVED)),
                          tuple(c.id for c in encounter.combatants
                                if c.status in OUT_OF_ACTION))
    return _ordered(tuple(_entrant(c) for c in encounter.combatants), encounter.mode,
                    encounter.party_nish, encounter.lowest_first)


@lru_cache(maxsize=16)
def _ordered(entrants: tuple[Entrant, ...], mode: InitiativeMode,
             party_nish: int | None, lowest_first: bool = False) -> RoundOrder:
    # Remembered: a key asks for the same order several times (the step, the turn it lands
    # on, the screen), and most steps (next turn, a hold) leave the order itself unchanged.
    return order_round(entrants, mode, party_nish=party_nish, lowest_first=lowest_first)


def current_turn(encounter: Encounter, order: RoundOrder | None = None) -> Turn | None:
    order = order if order is not None else round_order(encounter)
    index = order.position(encounter.current)
    return None if index is None else order.turns[index]


def pending(turn: Turn, acted: Iterable[int]) -> tuple[int, ...]:
    """The members of ``turn`` still to act this round."""
    done = set(acted)
    return tuple(member for member in turn.members if member not in done)


def on_deck(encounter: Encounter, order: RoundOrder | None = None) -> str | None:
    """The turn the next "next turn" makes current (None: the round ends with this one):
    the highest turn with someone still to act once the turn in progress is done, as
    :func:`_choose` picks it, worked out without making the next state."""
    if encounter.round == 0 or encounter.current in (None, END):
        return None
    order = order if order is not None else round_order(encounter)
    turn = current_turn(encounter, order)
    done = (*encounter.acted, *(turn.members if turn is not None else ()))
    return next((t.key for t in order.turns if pending(t, done)), None)


def reshaped(before: Encounter | None, after: Encounter) -> bool:
    """The change from ``before`` to ``after`` moved the turn pointer only because the
    round was re-shaped: the new turn holds someone of the old one who was still to act
    (:func:`settle` keeps the turn with him). A mode switch, or in wave mode a change that
    moves him to another part of the round (a Nish edited, a newcomer, a kill that moves
    the wave's average). His turn goes on under another key; no other turn began."""
    if (before is None or before.round != after.round or after.round == 0
            or before.current == after.current or END in (before.current, after.current)
            or before.current is None or after.current is None):
        return False
    was, now = current_turn(before), current_turn(after)
    if was is None or now is None:
        return False
    return bool(set(pending(was, before.acted)) & set(now.members))


def _choose(encounter: Encounter, order: RoundOrder, actors: tuple[int, ...]) -> str:
    """The turn that should be current now (see the module docstring)."""
    open_turns = [t for t in order.turns if pending(t, encounter.acted)]
    if any(t.key == encounter.current for t in open_turns):
        return str(encounter.current)
    for turn in open_turns:  # the actor's turn after a re-shaping (mode switch)
        if any(member in actors for member in pending(turn, encounter.acted)):
            return turn.key
    return open_turns[0].key if open_turns else END


def settle(before: Encounter, after: Encounter, notices: Iterable[str] = (),
           alerts: Iterable[str] = ()) -> Outcome:
    """``after`` with its turn pointer made consistent, the new turn begun if it moved.

    ``before`` is the encounter the change started from: its turn in progress says who
    was acting, so a re-shaped round (a mode switch) keeps the turn with him. The
    ``notices`` and ``alerts`` of the change come first in the outcome.
    """
    said, shown = list(notices), list(alerts)
    if after.round == 0:
        return Outcome.told(after.with_changes(current=None, acted=()), notices=said,
                            alerts=shown)
    if after.current == END:
        # The round is over: whoever joins, wakes or rolls late acts from the next round
        # (unless the GM reopens this one with back or a jump; then he is still to act).
        return Outcome.told(after, notices=said, alerts=shown)
    order = round_order(after)
    was = current_turn(before) if before.round == after.round else None
    key = _choose(after, order, was.members if was is not None else ())
    settled = after.with_changes(current=key)
    if key == END:
        said.append(f"End of turn {after.round}: the next turn (n)" if after.lowest_first
                    else f"End of round {after.round}: call for Nish (n)")  # Façade's words
        ending = [c for c in after.conditions if c.until_round is not None
                  and c.until_round <= after.round]
        if ending:
            line = "Ending with this round: " + ", ".join(
                _condition_label(after, c.name, c.target) for c in ending)
            said.append(line)
            shown.append(line)
        return Outcome.told(settled, notices=said, alerts=shown)
    # Whoever is in the turn in progress and still to act has reached his Nish (a turn
    # just begun, or one he has just joined); beginning is once a round, so this is safe to
    # repeat after every change.
    turn = current_turn(settled, order)
    assert turn is not None
    if (before.round, before.current) != (after.round, key):
        # A Façade fight's turn is the whole round; each one's place in it, his click.
        said.append(f"{'Click' if after.lowest_first else 'Turn'}: {turn.label}")
    began = begin_turn(settled, pending(turn, settled.acted))
    return Outcome.told(began.encounter, notices=said, alerts=[*shown, *began.alerts])


def _condition_label(encounter: Encounter, name: str, target: int | None) -> str:
    if target is None:
        return name
    combatant = encounter.combatant(target)
    return f"{name} on {combatant.name if combatant else '?'}"


# ----- a turn begins ------------------------------------------------------------------------


def begin_turn(encounter: Encounter, members: Iterable[int]) -> Outcome:
    """The round reaches these combatants' Nish: their hazards move on one round (once per
    round) and a PC owes his round's critical-damage checks (asked once per round)."""
    acting = set(members)
    notices: list[str] = []
    hazards = list(encounter.hazards)
    for index, hazard in enumerate(hazards):
        if hazard.target in acting and hazard.ticked_round < encounter.round:
            moved, said = _tick(encounter, hazard)
            hazards[index] = moved
            notices.extend(said)
    combatants = tuple(
        c.with_changes(checks_owed=tuple(CheckKind), checks_round=encounter.round)
        if c.id in acting and c.side is Side.PC and c.checks_round < encounter.round else c
        for c in encounter.combatants)
    return Outcome.told(encounter.with_changes(hazards=tuple(hazards), combatants=combatants),
                        alerts=notices)


def _tick(encounter: Encounter, hazard: Hazard) -> tuple[Hazard, list[str]]:
    try:
        state = load_state(hazard.state)
    except RulesError as error:
        raise ModelError(f"a saved hazard cannot be read: {error}") from None
    module = module_for(state)
    moved = state
    if hasattr(module, "nish"):
        try:
            moved = module.nish(state)
        except RulesError:
            # Ended, or a check of an earlier Nish still owed: it does not move this round
            # (a check owed at once, such as vacuum's eardrums, does not hold it up).
            moved = state
    check = module.due(moved)
    victim = encounter.combatant(hazard.target)
    said = ([f"{victim.name}, before acting: {check.describe()}"]
            if check is not None and victim is not None else [])
    return Hazard(hazard.target, moved.to_dict(), encounter.round), said
