"""The console's clock: the wall clock's time, never going back.

A session's play time is the span between two readings of the clock. With the wall clock
itself, a clock set back two hours showed "running -2:00" and recorded 0:00 played. This
clock starts from the wall clock (or from the newest time the campaign has recorded, if the
wall clock is behind it), then moves on with the monotonic clock, which nothing sets back;
when the wall clock is set *forward* (a clock put right), it follows it. The times it gives
are still wall times, for the dates and times shown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

__all__ = ["SteadyClock"]


class SteadyClock:
    """Call it for the time now (UTC). ``floor``: a time it never reads before (the
    campaign's newest recorded time); ``wall`` and ``monotonic`` are injected for tests."""

    def __init__(self, floor: datetime | None = None, *,
                 wall: Callable[[], datetime] = lambda: datetime.now(UTC),
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self._wall = wall
        self._monotonic = monotonic
        start = wall()
        self._last = start if floor is None else max(start, floor)
        self._ticked = monotonic()

    def __call__(self) -> datetime:
        ticked = self._monotonic()
        steady = self._last + timedelta(seconds=max(0.0, ticked - self._ticked))
        self._last, self._ticked = max(self._wall(), steady), ticked
        return self._last
