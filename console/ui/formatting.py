"""How numbers read on screen, shared by the panes."""

from __future__ import annotations

from console.model.stats import Stat

__all__ = ["stat_text"]


def stat_text(stat: Stat | None) -> str:
    """A stat both ways when typed as a rating (8M=16); a value as it is (15)."""
    if stat is None:
        return ""
    if stat.rating is None:
        return stat.text
    value = stat.value
    shown = int(value) if value.denominator == 1 else float(value)
    return f"{stat.canonical}={shown}"
