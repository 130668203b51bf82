"""Explosions (Rule Book: Explosion Rules).

Full damage in the square hit; half in the adjacent squares; half of that two squares away,
and so on, "until it reaches one or less, at which time it is considered zero". The halving
keeps its fraction (20, 10, 5, 2.5, 1.25, then 0.625: one or less, so nothing further); each
square's damage is that amount with the fraction dropped, as the book drops fractions of
damage everywhere (20 gives rings of 20, 10, 5, 2, 1).
"""

from __future__ import annotations

from fractions import Fraction

from console.rules.errors import RulesError
from console.rules.ratings import STEPS_PER_TYPE, Rating

__all__ = [
    "blast_rings",
    "dodge_rating",
    "npc_dodge_squares",
    "ring_damage",
    "scatter_squares",
]


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def blast_rings(damage: int) -> tuple[int, ...]:
    """Damage ring by ring: index 0 is the square hit, index k is k squares away.

    ``blast_rings(20) == (20, 10, 5, 2, 1)``; everything further takes nothing. The square
    hit always takes the full damage, even 1. Ring ``k`` has ``damage / 2**k`` before the
    fraction is dropped, and counts while that is more than 1 (a few dozen rings at most,
    however large the damage).
    """
    full = _whole("explosion damage", damage)
    rings = [full]
    amount = Fraction(full, 2)
    while amount > 1:
        rings.append(int(amount))
        amount /= 2
    return tuple(rings)


def ring_damage(damage: int, squares_away: int) -> int:
    """Damage ``squares_away`` squares from the square hit (0 beyond the last ring)."""
    rings = blast_rings(damage)
    distance = _whole("squares away", squares_away)
    return rings[distance] if distance < len(rings) else 0


def scatter_squares(result: int, difficulty: int) -> int:
    """A missed explosive lands ``difficulty - result`` squares off (0 when it hit).

    The book: "a roll below the Dif indicates how many squares away the missile hit"; the
    direction is a d8, 1 straight away from the thrower (the GM reads it off the board).
    For an NPC's throw at a PC the same number is the PC's Def result minus the NPC's Atk.
    """
    return max(0, _whole("difficulty", difficulty) - _whole("result", result))


def dodge_rating(pc_def: Rating) -> Rating:
    """A PC caught in a blast (not the one hit directly) rolls Def at -1t; the result is how
    many squares he may dive. Usually a Bantam roll: keep its fraction (see rolling)."""
    if not isinstance(pc_def, Rating):
        raise RulesError(f"expected a Def rating such as 8M, not {pc_def!r}")
    return pc_def.shifted(-STEPS_PER_TYPE)


def npc_dodge_squares(npc_def: int) -> Fraction:
    """An NPC does not roll: he dives a tenth of his Def (Def 13: 1.3 squares)."""
    return Fraction(_whole("NPC Def", npc_def), 10)
