"""A name typed in part: the one name it starts, so a GM types "Ok" for "Oko Ade".

Matching ignores case (``casefold``), the spaces around what was typed, and how many spaces
stand between its words. A whole name typed exactly wins over longer names it starts
("Skrak 1" is not also "Skrak 10").
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["completed", "named"]


def _key(text: str) -> str:
    # Runs of spaces read as one: tab completes "sk" to "Skrak " (the names' shared start),
    # and " 2" typed after it made "Skrak  2", which named no one.
    return " ".join(text.split()).casefold()


def named(names: Iterable[str], typed: str) -> list[str]:
    """The names ``typed`` may mean: the one it spells exactly, else every name it starts
    (none when nothing was typed)."""
    key = _key(typed)
    if not key:
        return []
    listed = list(dict.fromkeys(names))
    exact = [name for name in listed if _key(name) == key]
    if exact:
        return exact[:1]
    return [name for name in listed if _key(name).startswith(key)]


def completed(names: Iterable[str], typed: str) -> str | None:
    """What ``typed`` completes to: the one name it means, else the longest start the
    names it starts share (longer than typed), else None."""
    found = named(names, typed)
    if len(found) == 1:
        return found[0]
    if not found:
        return None
    shared = found[0]
    for name in found[1:]:
        length = 0
        for a, b in zip(shared, name, strict=False):
            if a.casefold() != b.casefold():
                break
            length += 1
        shared = shared[:length]
    return shared if len(shared) > len(typed.strip()) else None
