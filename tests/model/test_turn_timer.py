"""The turn timer (issue 28): when a turn began, the log's line for each turn's length, and
each length read back from the log's images for the recap."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from console.model import Change, Encounter, LogEntry, ModelError, Side
from console.model.table_settings import TurnTimer, clock_text
from console.model.tracker import add_combatant, call_for_nish, next_turn, set_nish
from console.model.turn_timer import elapsed, moved, stamp, turn_lengths

T0 = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


def _fight() -> Encounter:
    encounter = Encounter(1, "Dock")
    encounter = add_combatant(encounter, "Vera", Side.PC, nish=14).encounter
    encounter = add_combatant(encounter, "Skrak", Side.NPC, recorded_nish=10).encounter
    return encounter


@pytest.mark.parametrize(("seconds", "text"), [
    (0, "0:00"), (7.9, "0:07"), (83, "1:23"), (600, "10:00"), (3725, "1:02:05"), (-4, "0:00"),
])
def test_clock_text(seconds: float, text: str) -> None:
    assert clock_text(seconds) == text


@pytest.mark.parametrize(("seconds", "level"), [
    (0, ""), (44.9, ""), (45, "amber"), (59.9, "amber"), (60, "red"), (3000, "red"),
])
def test_a_limit_turns_it_amber_in_its_last_quarter_then_red(seconds: float,
                                                             level: str) -> None:
    assert TurnTimer(limit=60).level(seconds) == level
    assert TurnTimer().level(seconds) == ""  # no limit: never coloured


@pytest.mark.parametrize("limit", [0, 4, 3601, True, "60"])
def test_a_limit_out_of_range_is_refused(limit: object) -> None:
    with pytest.raises(ModelError):
        TurnTimer(limit=limit)  # type: ignore[arg-type]


def test_a_turn_that_moves_is_stamped_and_the_one_before_timed() -> None:
    fight = _fight()
    called = call_for_nish(fight, {1: 14}).encounter
    assert moved(fight, called) and not moved(called, called)
    first, said = stamp(fight, called, T0, TurnTimer())
    assert first.turn_since == T0 and said == ()  # the fight's first turn: nothing timed
    later = T0 + timedelta(seconds=83)
    second, said = stamp(first, next_turn(first).encounter, later, TurnTimer())
    assert second.turn_since == later and said == ("Vera's turn: 1:23",)
    # An edit that leaves the turn where it was keeps its start.
    edited = set_nish(second, 2, 9).encounter
    assert stamp(second, edited, later + timedelta(seconds=5), TurnTimer())[0] is edited
    # Timer off: the start is still kept (turned on mid-turn, it counts true), nothing said.
    off, said = stamp(first, next_turn(first).encounter, later, TurnTimer(on=False))
    assert off.turn_since == later and said == ()
    assert elapsed(second, later + timedelta(seconds=12)) == 12
    assert elapsed(second, later - timedelta(seconds=12)) == 0  # a clock set back
    assert elapsed(fight, later) is None


def test_each_turns_length_is_read_back_from_the_log() -> None:
    fight = _fight()
    first, _ = stamp(fight, call_for_nish(fight, {1: 14}).encounter, T0, TurnTimer())
    ended = T0 + timedelta(seconds=40)
    second, _ = stamp(first, next_turn(first).encounter, ended, TurnTimer())
    over, _ = stamp(second, next_turn(second).encounter, ended + timedelta(seconds=9),
                    TurnTimer())

    def entry(seq: int, before: Encounter, after: Encounter) -> LogEntry:
        change = Change.between("encounters", 1, before.to_dict(), after.to_dict())
        assert change.partial  # what the log keeps: the changed fields only
        return LogEntry(seq, "tracker.next", "next", after.turn_since or T0, (change,))

    lengths = turn_lengths([entry(1, fight, first), entry(2, first, second),
                            entry(3, second, over)])
    assert [(t.turn, t.seconds) for t in lengths] == [("c1", 40.0), ("c2", 9.0)]
    assert lengths[0].ended == ended and lengths[1].encounter == 1


def test_a_facade_fight_times_its_clicks() -> None:
    """The tracker's turn is a Façade click: the log's line for one ended says so."""
    fight = _fight().with_changes(lowest_first=True)
    called = call_for_nish(fight, {1: 14}).encounter
    first, _ = stamp(fight, called, T0, TurnTimer())
    _, said = stamp(first, next_turn(first).encounter, T0 + timedelta(seconds=83), TurnTimer())
    assert said == ("Skrak's click: 1:23",)  # lowest first: Skrak's 10 before Vera's 14
