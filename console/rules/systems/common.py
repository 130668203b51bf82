"""What every dice system offers the console, and the few types they share.

A system reads a roll as its players write it (``3d6+2``, ``12``, ``5@3``, ``8M``), rolls it
with an injected random source, reads the faces a player rolled on real dice, and knows the
exact chances of every result (fractions: open-ended chains are summed in closed form, never
cut short) and what a result means against a difficulty, in its own words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import field
from fractions import Fraction
from typing import Any

from console.records import record
from console.rules.errors import RulesError

__all__ = ["Chart", "Reading", "System", "Verdict", "read_faces_list", "whole"]


@record
class Chart:
    """Exact chances of a roll's results: ``atoms`` (result, P(exactly it)) from the lowest;
    an open-ended roll's results at or above ``cap`` are ``beyond``, and (the d10 pool's
    critical failures) those at or below ``-cap`` are ``below``."""

    atoms: tuple[tuple[int, Fraction], ...]
    beyond: Fraction = Fraction(0)
    below: Fraction = Fraction(0)
    cap: int | None = None

    def total(self) -> Fraction:
        return sum((p for _, p in self.atoms), Fraction(0)) + self.beyond + self.below


@record
class Reading:
    """One roll read by its system: ``total`` is what meets a difficulty."""

    total: int
    dice: tuple[int | str, ...]
    text: str


@record
class Verdict:
    success: bool
    text: str


@record
class System:
    """One system's small interface (each module builds its own; see ``SYSTEMS``)."""

    name: str
    title: str
    roll_help: str  # what a roll looks like, with an example
    difficulty_help: str
    faces_help: str
    default_difficulty: str
    parse: Callable[[str], Any]
    parse_difficulty: Callable[[str], int]
    chart: Callable[[Any], Chart]
    chance: Callable[[Any, int], Fraction]  # P(success against the difficulty)
    roll: Callable[[Any, random.Random], Reading]
    read_faces: Callable[[Any, str], Reading]
    verdict: Callable[[Any, Reading, int], Verdict]
    odds: Callable[[Any, int], dict[str, Any]] = field(default=lambda spec, dif: {})
    lowest_first: bool = False  # its fights act lowest number first (Façade's Action)


def whole(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed by the GM, in its range (never a 40-digit surprise)."""
    cleaned = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", cleaned, re.ASCII):
        raise RulesError(f"{what}: a whole number, not {cleaned[:20] or 'nothing'!r}")
    if len(cleaned.lstrip("+-")) > len(str(max(abs(low), abs(high)))):  # not worth reading
        raise RulesError(f"{what}: {low} to {high}, not {cleaned[:12]}…")
    value = int(cleaned)
    if not low <= value <= high:
        raise RulesError(f"{what}: {low} to {high}, not {value}")
    return value


def read_faces_list(text: str, what: str = "faces") -> list[int]:
    """Faces typed as ``5,3,2`` (or with spaces)."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not parts:
        raise RulesError(f"{what}: type the faces rolled, like 5,3,2")
    if len(parts) > 64:
        raise RulesError(f"{what}: at most 64 faces, not {len(parts)}")
    return [whole(part, "a face", 0, 99) for part in parts]
