"""Façade's damage (seed 002, Part 3: Combat Basics, the weapon and armor tables): its
types, what a weapon deals, the blows a hit may be, and what armor lets through.

Three types of damage, each with its own health track: Bruising (B), Crushing (C) and Deadly
(D). The ranged weapons' table lists its damage as L, a letter its armor table and its
health tracks never name; the console reads L as Deadly (a bullet, a bolt, an arrow: the
armor table protects against B, C and D only), and keeps the L in the weapon's text.

The blows, from the Simple and the Dramatic combat chapters: "a Glancing Blow is scored
(dealing ½ damage ...)", "full damage", "double damage with a Strong blow", "a Scratch
(1B damage)". The seed gives the Savage blow no figure; the console reads it as triple
damage (Strong is double at double the loser's roll, Savage comes at triple it). Half of an
odd damage is rounded up (the console's reading: a glancing blow of a 1D knife still cuts).

Armor: "Conner is wearing leather armor that Protects against 2D and Reduces the last
point, so Conner takes 1B." Protection takes its levels off damage of its own type; what
is left of a Crushing or Deadly blow, if it is no more than the armor's Reduction, becomes
Bruising (bullets, crossbow quarrels and longbow arrows count "as twice as damaging for
purposes of bypassing the Reduction"; a Kevlar vest's "16 red. vs. guns" is its Reduction
against any gun). The console's reading where pieces overlap (a jacket over a sweater):
their Protection adds up, the best Reduction counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import field
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError

__all__ = [
    "DAMAGE_MAX",
    "Blow",
    "Damage",
    "DamageType",
    "Layer",
    "WeaponDamage",
    "dealt",
    "parse_damage",
    "through_armor",
]

DAMAGE_MAX = 99  # levels in one blow: more than any weapon or Savage blow in the tables


class DamageType(StrEnum):
    B = "B"
    C = "C"
    D = "D"

    @property
    def word(self) -> str:
        return {"B": "Bruising", "C": "Crushing", "D": "Deadly"}[self.value]


class Blow(StrEnum):
    """The blows of the seed's charts, best first."""

    SAVAGE = "Savage"
    STRONG = "Strong"
    FULL = "Full"
    GLANCING = "Glancing"
    SCRATCH = "Scratch"


@record
class Damage:
    levels: int
    type: DamageType

    def __post_init__(self) -> None:
        if not 0 <= self.levels <= DAMAGE_MAX * 3:
            raise RulesError(f"damage: 0 to {DAMAGE_MAX * 3} levels, not {self.levels}")

    def __str__(self) -> str:
        return f"{self.levels}{self.type.value}"


# "3D", "2L", "4C"; a martial art's "Strength B", "Strength/2 B", "Strength +1 B".
_FIXED = re.compile(r"\s*(\d{1,2})\s*([BCDL])\s*", re.I | re.A)
_STRENGTH = re.compile(r"\s*(?:str|strength)\s*(?:(/)\s*(\d)|([+-])\s*(\d))?\s*([BCDL])\s*",
                       re.I | re.A)


@record
class WeaponDamage:
    """A weapon's damage as its table gives it: a number of levels, or a martial art's
    levels from the attacker's Strength (``Strength/2 B``: half of it, rounded down)."""

    levels: int = 0  # fixed levels; with ``by_strength``, added to (or taken off) Strength
    type: DamageType = DamageType.D
    by_strength: bool = False
    divisor: int = 1
    text: str = ""

    def at(self, strength: int) -> Damage:
        """The damage of a Full blow by an attacker of this Strength."""
        if not self.by_strength:
            return Damage(self.levels, self.type)
        return Damage(max(0, strength // self.divisor + self.levels), self.type)


def parse_damage(text: str) -> WeaponDamage:
    """``3D``, ``2L`` (read as Deadly), ``Strength/2 B`` or ``Str+1 B``."""
    match = _FIXED.fullmatch(text)
    if match is not None:
        levels, letter = int(match.group(1)), match.group(2).upper()
        if not 1 <= levels <= DAMAGE_MAX:
            raise RulesError(f"{text.strip()}: 1 to {DAMAGE_MAX} levels")
        kind = DamageType.D if letter == "L" else DamageType(letter)
        return WeaponDamage(levels, kind, text=f"{levels}{letter}")
    match = _STRENGTH.fullmatch(text)
    if match is not None:
        letter = match.group(5).upper()
        kind = DamageType.D if letter == "L" else DamageType(letter)
        if match.group(1):
            divisor = int(match.group(2))
            if divisor < 1:
                raise RulesError(f"{text.strip()}: divide Strength by 1 or more")
            return WeaponDamage(0, kind, True, divisor, f"Strength/{divisor} {letter}")
        bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        shown = f"Strength {bonus:+d} {letter}" if bonus else f"Strength {letter}"
        return WeaponDamage(bonus, kind, True, 1, shown)
    raise RulesError(f"{text.strip() or 'nothing'}: damage is levels and a type, like 3D, "
                     "4C, 2L or Strength/2 B")


def dealt(damage: Damage, blow: Blow) -> Damage:
    """What a blow of a weapon dealing ``damage`` (its Full damage) does."""
    if blow is Blow.SCRATCH:
        return Damage(1, DamageType.B)
    if blow is Blow.GLANCING:
        return Damage((damage.levels + 1) // 2, damage.type)
    factor = {Blow.FULL: 1, Blow.STRONG: 2, Blow.SAVAGE: 3}[blow]
    return Damage(damage.levels * factor, damage.type)


@record
class Layer:
    """One piece of armor where a blow lands: Protection by type, Reduction, and its
    Reduction against guns where it has one (a Kevlar vest's 16)."""

    protection: Mapping[DamageType, int] = field(default_factory=dict)
    reduction: int = 0
    against_guns: int | None = None


def through_armor(damage: Damage, layers: Iterable[Layer], *, doubled: bool = False,
                  gun: bool = False) -> Damage | None:
    """What gets through the armor where the blow lands (None: nothing). ``doubled``: a
    bullet, quarrel or longbow arrow, twice as damaging against Reduction; ``gun``: fired
    from a gun (a vest's Reduction against guns counts)."""
    pieces = tuple(layers)
    left = damage.levels - sum(piece.protection.get(damage.type, 0) for piece in pieces)
    if left <= 0:
        return None
    if damage.type is DamageType.B:
        return Damage(left, damage.type)
    reduction = max((piece.against_guns if gun and piece.against_guns is not None
                     else piece.reduction for piece in pieces), default=0)
    if left * (2 if doubled else 1) <= reduction:
        return Damage(left, DamageType.B)
    return Damage(left, damage.type)
