"""Exact chances of a roll (Rule Book: Diceless GMing; ties go to the player).

Success is ``result >= difficulty``. The chance is summed exactly with fractions over every
die face and every doubling path. The open-ended 16 chain is a geometric series that can be
cut off exactly: once the running result reaches the difficulty, every further face succeeds
(all faces multiply by at least 1), so the remaining chance is the whole remaining weight.

Comparisons are done on ten times the result so Bantam's dropped fraction stays exact:
``floor(x / 10) >= D`` is ``x >= 10 * D`` for a whole number ``D``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from console.rules.difficulty import DIFFICULTIES
from console.rules.doubling_die import CATEGORY_FACE, FACE_CHANCE, TYPE_FACE
from console.rules.errors import RulesError
from console.rules.ratings import Rating
from console.rules.rolling import move_for_face

__all__ = [
    "SURPRISING",
    "Band",
    "OddsSummary",
    "Surprise",
    "chance_at_least",
    "chance_at_least_non_doubling",
    "difficulty_bands",
    "result_tail",
    "summarize",
    "surprise",
]

_SIXTEEN = FACE_CHANCE["16"]
# On a 16-chain reroll c and t count as 1, so 1 has eight faces of sixteen.
_CHAIN_ENDING = {
    1: FACE_CHANCE["1"] + FACE_CHANCE[CATEGORY_FACE] + FACE_CHANCE[TYPE_FACE],
    2: FACE_CHANCE["2"],
    4: FACE_CHANCE["4"],
    8: FACE_CHANCE["8"],
}


def _tenfold(rating: Rating, die_face: int) -> int:
    """Ten times the x1 result of ``rating`` on ``die_face``: always a whole number."""
    scaled = die_face * rating.category.multiplier * rating.type.multiplier * 10
    assert scaled.denominator == 1
    return int(scaled)


def _chain_chance(start: int, target: int) -> Fraction:
    """Chance that a 16 chain, having reached ``start`` (x16 already applied), ends >= target."""
    total = Fraction(0)
    weight = Fraction(1)
    running = start
    while running < target:
        total += weight * sum(
            (p for multiplier, p in _CHAIN_ENDING.items() if running * multiplier >= target),
            Fraction(0),
        )
        weight *= _SIXTEEN
        running *= 16
    return total + weight


def _check_difficulty(difficulty: int) -> None:
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise RulesError(f"difficulty must be a whole number, not {difficulty!r}")


def chance_at_least(rating: Rating, difficulty: int) -> Fraction:
    """Exact P(doubling roll of ``rating`` >= ``difficulty``)."""
    _check_difficulty(difficulty)
    if difficulty <= 0:
        return Fraction(1)  # results are never negative
    target = 10 * difficulty

    @functools.cache
    def from_state(current: Rating, moved: bool, die_face: int) -> Fraction:
        # The face rules of rolling.RollInProgress, summed over the next doubling face.
        base = _tenfold(current, die_face)
        chance = Fraction(0)
        for face, p in FACE_CHANCE.items():
            if face in (TYPE_FACE, CATEGORY_FACE):
                after = move_for_face(current, face)
                if after is None:  # the face counts as 1 and ends the roll
                    chance += p * (base >= target)
                else:
                    chance += p * from_state(after, True, die_face)
            elif face == "16" and not moved:
                chance += p * _chain_chance(base * 16, target)
            else:
                chance += p * (base * int(face) >= target)
        return chance

    faces = range(1, rating.die + 1)
    return sum((from_state(rating, False, face) for face in faces), Fraction(0)) / rating.die


def chance_at_least_non_doubling(rating: Rating, difficulty: int) -> Fraction:
    """Exact P(non-doubling roll of ``rating`` >= ``difficulty``): the die alone, x1 column."""
    _check_difficulty(difficulty)
    target = 10 * difficulty
    hits = sum(1 for face in range(1, rating.die + 1) if _tenfold(rating, face) >= target)
    return Fraction(hits, rating.die)


@dataclass(frozen=True, slots=True)
class Band:
    """Results from ``low`` up to ``high`` inclusive (``high`` None: no upper end)."""

    low: int
    high: int | None
    label: str
    chance: Fraction  # P(low <= result <= high)
    at_least: Fraction  # P(result >= low)


@dataclass(frozen=True, slots=True)
class OddsSummary:
    """What a GM wants to know about a rating before asking for a roll."""

    rating: Rating
    median: int
    critical_success: Fraction  # P(result >= 100)
    critical_failure: Fraction  # P(result <= 1)


def _median(rating: Rating) -> int:
    # Smallest m with P(result <= m) >= 1/2, i.e. P(result >= m + 1) <= 1/2.
    def settled(m: int) -> bool:
        return chance_at_least(rating, m + 1) <= Fraction(1, 2)

    high = 1
    while not settled(high):
        high *= 2
    low = 0
    while low < high:
        middle = (low + high) // 2
        if settled(middle):
            high = middle
        else:
            low = middle + 1
    return low


def summarize(rating: Rating) -> OddsSummary:
    """Median and the chances of a critical success (>= 100) and failure (<= 1)."""
    return OddsSummary(
        rating=rating,
        median=_median(rating),
        critical_success=chance_at_least(rating, 100),
        critical_failure=1 - chance_at_least(rating, 2),
    )


def difficulty_bands(rating: Rating) -> list[Band]:
    """The distribution cut at Table 6's difficulties: 0, 1, 2-4, 5-7, ..., 50-99, 100+."""
    edges = [0] + [dif for dif, _ in DIFFICULTIES]
    labels = ["below Automatic"] + [label for _, label in DIFFICULTIES]
    at_least = [chance_at_least(rating, edge) for edge in edges]
    bands = []
    for index, low in enumerate(edges):
        last = index == len(edges) - 1
        high = None if last else edges[index + 1] - 1
        chance = at_least[index] - (0 if last else at_least[index + 1])
        bands.append(Band(low, high, labels[index], chance, at_least[index]))
    return bands


# A typed result this unlikely is more often a typo than a roll: the console asks once.
SURPRISING = Fraction(1, 200)


@dataclass(frozen=True, slots=True)
class Surprise:
    """A typed result the rating makes suspicious: one it cannot give at all (143 on 8L:
    no die face times a doubling makes it), or one out in a tail under ``SURPRISING``."""

    rating: Rating
    result: int
    tail: Fraction  # the chance of a result at least this far out
    possible: bool

    def describe(self) -> str:
        if not self.possible:
            return f"{self.rating} cannot roll exactly {self.result}"
        side = "high" if self.result > _median(self.rating) else "low"
        shown = f"{float(self.tail) * 100:.2g}%" if self.tail >= Fraction(1, 10**4) else "<0.01%"
        return f"{self.result} on {self.rating}: a result this {side} has a {shown} chance"


def result_tail(rating: Rating, result: int) -> Fraction:
    """The chance of a result at least as far out as ``result``: ``P(X >= result)`` or
    ``P(X <= result)``, whichever is smaller."""
    _check_difficulty(result)
    return min(chance_at_least(rating, result), 1 - chance_at_least(rating, result + 1))


def surprise(rating: Rating, result: int, below: Fraction = SURPRISING) -> Surprise | None:
    """Why ``result`` looks like a typo for a roll of ``rating``, or None if it does not."""
    _check_difficulty(result)
    exactly = chance_at_least(rating, result) - chance_at_least(rating, result + 1)
    tail = result_tail(rating, result)
    if exactly == 0 or tail < below:
        return Surprise(rating, result, tail, exactly != 0)
    return None
