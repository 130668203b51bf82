"""A session left running (a GM who quit without stopping it): said at the next opening."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from console.model.left_running import IDLE_SAID, left_running
from console.model.sessions import Session

BEGUN = datetime(2026, 11, 24, 19, 0, tzinfo=UTC)
LAST = BEGUN + timedelta(hours=3, minutes=40)


def test_said_once_nothing_was_done_for_six_hours_and_never_of_a_stopped_session() -> None:
    running = Session(3, BEGUN)
    assert left_running(running, LAST, LAST + IDLE_SAID - timedelta(seconds=1)) is None
    said = left_running(running, LAST, LAST + timedelta(hours=11, minutes=5))
    assert said is not None
    assert said.startswith("Session 3 is still running: begun ")
    assert "11 h 05 min ago" in said and "S stops it" in said and "(w, then c)" in said
    assert left_running(running.with_changes(stopped_at=LAST), LAST,
                        LAST + timedelta(days=2)) is None
    assert left_running(Session(0, BEGUN), None, BEGUN + timedelta(days=2)) is None


def test_a_session_with_no_action_counts_from_its_start() -> None:
    said = left_running(Session(1, BEGUN), None, BEGUN + timedelta(hours=9))
    assert said is not None and "9 h 00 min ago" in said
