"""What a pane last drew from, so a key that changed none of it draws nothing again.

The service hands back the same objects until their table changes (a fight's keys leave
the roster's mappings as they were), so comparing by identity says at once whether a pane
is up to date; numbers and text compare by value.
"""

from __future__ import annotations

__all__ = ["DrawnFrom"]


class DrawnFrom:
    __slots__ = ("_sources",)

    def __init__(self) -> None:
        self._sources: tuple[object, ...] | None = None

    def changed(self, *sources: object) -> bool:
        """True, and remembered, when ``sources`` are not those last drawn from."""
        last = self._sources
        if last is not None and len(last) == len(sources) and all(
                new is old or (isinstance(new, int | str) and new == old)
                for new, old in zip(sources, last, strict=True)):
            return False
        self._sources = sources
        return True
