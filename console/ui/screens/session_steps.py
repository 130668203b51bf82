"""`[` and `]` through the campaign's sessions, on the screens that show one at a time (the
session's summary, the recap)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.screen import Screen

__all__ = ["stepped"]


def stepped(screen: Screen[Any], numbers: Sequence[int], number: int, delta: int) -> int | None:
    """The session ``delta`` steps from ``number`` among ``numbers``; None when ``number``
    is not among them, or there is none that way (said on ``screen``)."""
    if number not in numbers:
        return None
    at = list(numbers).index(number) + delta
    if not 0 <= at < len(numbers):
        screen.notify("no more sessions that way", severity="warning")
        return None
    return numbers[at]
