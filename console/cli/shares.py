"""A chance as the dice commands print it: two decimals, never a false 0% or 100%."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["percent"]


def percent(chance: Fraction) -> str:
    value = float(chance) * 100
    if 0 < value < 0.01:
        return "<0.01%"
    if 99.99 < value < 100:
        return ">99.99%"
    return f"{value:.2f}%"
