"""A clock that moves only when a test says so: fixed times in logs, summaries, snapshots."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

__all__ = ["START", "FakeClock"]

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: int = 1) -> None:
        self.now += timedelta(minutes=minutes)
