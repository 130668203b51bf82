"""PCs named in a form: "Brice, kell" or "all", each name matched case-insensitively, and
by a unique beginning ("Bri") so the GM types as little as he can."""

from __future__ import annotations

from collections.abc import Sequence

from console.model import PlayerCharacter

__all__ = ["complete_pc", "pick_pc", "pick_pcs"]


def pick_pc(text: str, pcs: Sequence[PlayerCharacter]) -> PlayerCharacter:
    wanted = text.strip().casefold()
    if not wanted:
        raise ValueError("type a PC's name")
    exact = [pc for pc in pcs if pc.name.casefold() == wanted]
    if exact:
        return exact[0]
    starts = [pc for pc in pcs if pc.name.casefold().startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        names = ", ".join(pc.name for pc in starts[:4])
        raise ValueError(f"{text.strip()!r} could be {names}: type more of the name")
    known = ", ".join(pc.name for pc in pcs[:6]) or "none yet"
    raise ValueError(f"no PC called {text.strip()!r} (PCs: {known})")


def pick_pcs(text: str, pcs: Sequence[PlayerCharacter]) -> list[PlayerCharacter]:
    """Comma-separated names; "all" is every PC; blank is none."""
    if text.strip().casefold() == "all":
        return list(pcs)
    chosen: list[PlayerCharacter] = []
    for part in text.split(","):
        if part.strip():
            pc = pick_pc(part, pcs)
            if pc not in chosen:
                chosen.append(pc)
    return chosen


def complete_pc(pcs: Sequence[PlayerCharacter]) -> tuple[str, ...]:
    """The names a PC field's tab completes from (``Field.complete``)."""
    return tuple(pc.name for pc in pcs)
