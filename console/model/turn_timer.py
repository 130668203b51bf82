"""The turn timer: when each turn began, and how long each one took.

A fight keeps one time, ``Encounter.turn_since``: the moment the turn in progress began
(or the round ended). :func:`stamp` sets it whenever a change moves the turn pointer
(``space``, ``b``, a jump, a call for Nish, a kill that passes the turn on), whatever the
command, so the players' view and the GM's header count from the same moment. A mode
switch that keeps the turn with its actor is no move: his turn goes on. Because the
action log keeps every changed field of the encounter before and after each action, the
log holds each turn's length: the entry that moved the pointer has the old start and the
new one (:func:`turn_lengths`, for the session's recap). The timer's campaign setting
(:class:`~console.model.table_settings.TurnTimer`) decides only what is shown and said.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from console.model.action_log import LogEntry
from console.model.encounters import Encounter
from console.model.fields import parse_time
from console.model.table_settings import TurnTimer, clock_text
from console.model.turns import END, current_turn, reshaped
from console.records import record

__all__ = ["TurnLength", "elapsed", "moved", "stamp", "turn_lengths"]


def moved(before: Encounter | None, after: Encounter) -> bool:
    """The change from ``before`` to ``after`` began another turn (or ended the round); a
    mode switch that keeps the turn with its actor begins none (:func:`reshaped`)."""
    if after.round == 0 or after.current is None:
        return False
    if before is None:
        return True
    return ((before.round, before.current) != (after.round, after.current)
            and not reshaped(before, after))


def stamp(before: Encounter | None, after: Encounter, now: datetime,
          timer: TurnTimer) -> tuple[Encounter, tuple[str, ...]]:
    """``after`` with its turn's start set to ``now`` if the change began another turn,
    and, with the timer on, the log's line for the turn that ended ("Vera's turn: 1:23")."""
    if not moved(before, after):
        return after, ()
    said: tuple[str, ...] = ()
    if (timer.on and before is not None and before.turn_since is not None
            and before.round > 0 and before.current not in (None, END)):
        turn = current_turn(before)
        if turn is not None:
            took = clock_text((now - before.turn_since).total_seconds())
            said = (f"{turn.label}'s {before.words.turn}: {took}",)  # Façade's: a click
    return after.with_changes(turn_since=now), said


def elapsed(encounter: Encounter | None, now: datetime) -> float | None:
    """Seconds since the turn in progress began (None: no turn in progress, or its start
    not kept). Never negative: a clock set back shows 0:00."""
    if (encounter is None or encounter.turn_since is None or encounter.round == 0
            or encounter.current in (None, END)):
        return None
    return max(0.0, (now - encounter.turn_since).total_seconds())


@record
class TurnLength:
    """One turn as the log keeps it: the fight, the turn's key in its round's order
    (``console.rules.initiative.Turn.key``), when it ended and how long it took."""

    encounter: int
    turn: str
    ended: datetime
    seconds: float


def turn_lengths(entries: Iterable[LogEntry]) -> list[TurnLength]:
    """Each turn's length, read from the log's images of the encounters: an entry whose
    change to an encounter moved its turn start holds the old start and the new one."""
    found: list[TurnLength] = []
    for entry in entries:
        for change in entry.changes:
            if change.table != Encounter.TABLE or change.before is None or change.after is None:
                continue
            began, ended = change.before.get("turn_since"), change.after.get("turn_since")
            turn = change.before.get("current")
            if not (isinstance(began, str) and isinstance(ended, str)
                    and isinstance(turn, str) and turn != END):
                continue
            start, end = parse_time(began, "turn start"), parse_time(ended, "turn start")
            found.append(TurnLength(change.doc_id, turn, end,
                                    max(0.0, (end - start).total_seconds())))
    return found
