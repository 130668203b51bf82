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
from fractions import Fraction

from console.records import record
from console.rules.difficulty import DIFFICULTIES
from console.rules.doubling_die import CATEGORY_FACE, FACE_CHANCE, TYPE_FACE
from console.rules.errors import RulesError
from console.rules.ratings import Category, Rating, RatingType
from console.rules.rolling import move_for_face

__all__ = [
    "SURPRISING",
    "Band",
    "Distribution",
    "OddsSummary",
    "Surprise",
    "chance_at_least",
    "chance_at_least_non_doubling",
    "difficulty_bands",
    "distribution",
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


@record
class Band:
    """Results from ``low`` up to ``high`` inclusive (``high`` None: no upper end)."""

    low: int
    high: int | None
    label: str
    chance: Fraction  # P(low <= result <= high)
    at_least: Fraction  # P(result >= low)


@record
class OddsSummary:
    """What a GM wants to know about a rating before asking for a roll."""

    rating: Rating
    median: int
    critical_success: Fraction  # P(result >= 100)
    critical_failure: Fraction  # P(result <= 1)


@record
class Distribution:
    """Every result of a roll below ``cap`` with its exact chance, and the chance of the
    rest (``cap`` or more), so a finite table answers what the open 16 chain leaves
    infinite. Chances are whole weights over one ``denominator``."""

    weights: dict[int, int]  # result -> weight of exactly that result, results below cap
    beyond: int  # weight of the results at or above cap
    denominator: int
    cap: int

    @property
    def atoms(self) -> dict[int, Fraction]:
        """result -> P(exactly that result), for the results below ``cap``."""
        return {result: Fraction(weight, self.denominator)
                for result, weight in self.weights.items()}

    @property
    def at_or_above(self) -> Fraction:
        return Fraction(self.beyond, self.denominator)

    def chance_at_least(self, difficulty: int) -> Fraction:
        """``P(result >= difficulty)``, exact for ``difficulty <= cap``."""
        if difficulty > self.cap:
            raise RulesError(f"this distribution stops at {self.cap}")
        weight = self.beyond + sum(w for result, w in self.weights.items()
                                   if result >= difficulty)
        return Fraction(weight, self.denominator)

    def median(self) -> int | None:
        """Smallest m with P(result <= m) >= 1/2 (None: at or above the cap)."""
        below = 0
        for result, weight in self.weights.items():
            below += weight
            if 2 * below >= self.denominator:
                return result
        return None


# Chances in sixteenths, for the integer walk of ``distribution``.
_FACE_COUNT = {face: int(chance * 16) for face, chance in FACE_CHANCE.items()}
_CHAIN_COUNT = {multiplier: int(chance * 16) for multiplier, chance in _CHAIN_ENDING.items()}
_DEPTH = 64  # sixteenths of sixteenths a walk may take: twice the deepest (10HU, ~30)


def distribution(rating: Rating, cap: int) -> Distribution:
    """The results of ``rating`` below ``cap``, each with its exact chance: the same face
    rules as :func:`chance_at_least`, each state of a roll (the rating it has moved to,
    whether it moved, the die face) worked out once; the 16 chain is followed until its
    running result reaches ``cap``, and all its weight from there on is ``cap`` or more
    (every face multiplies by at least 1).

    Every chance on the way is a number of sixteenths, so the walk counts in whole numbers
    over ``16 ** _DEPTH`` (exact, and far faster than fractions) and divides once at the
    end."""
    target = 10 * cap
    # The deepest walk: a move per type and per category (c and t only ever step toward
    # personal and light), then the 16 chain from its first x16 up to the cap.
    deepest = len(RatingType) + len(Category) + target.bit_length() // 4 + 2
    if deepest >= _DEPTH:
        raise RulesError(f"{rating} up to {cap} is past what the table is made for")
    whole = 16**_DEPTH
    Atoms = dict[int, int]  # a local alias: result -> weight over ``whole``
    # Below _DEPTH sixteenths every weight divides by 16: ``w >> 4`` is exact.

    def add(atoms: Atoms, tenfold: int, weight: int) -> int:
        """Record one outcome; returns the part of ``weight`` at or above the cap."""
        if tenfold >= target:
            return weight
        result = tenfold // 10
        atoms[result] = atoms.get(result, 0) + weight
        return 0

    def chain(atoms: Atoms, running: int, weight: int) -> int:
        beyond = 0
        while running < target:
            sixteenth = weight >> 4
            for multiplier, count in _CHAIN_COUNT.items():
                beyond += add(atoms, running * multiplier, sixteenth * count)
            weight = sixteenth
            running *= 16
        return beyond + weight

    @functools.cache
    def state(current: Rating, moved: bool, die_face: int) -> tuple[Atoms, int]:
        """From this state with all the weight (``whole``): its atoms and the rest."""
        atoms: Atoms = {}
        beyond = 0
        base = _tenfold(current, die_face)
        sixteenth = whole >> 4
        for face, count in _FACE_COUNT.items():
            if face in (TYPE_FACE, CATEGORY_FACE):
                after = move_for_face(current, face)
                if after is None:  # the face counts as 1 and ends the roll
                    beyond += add(atoms, base, sixteenth * count)
                else:
                    inner, inner_beyond = state(after, True, die_face)
                    for result, weight in inner.items():
                        atoms[result] = atoms.get(result, 0) + (weight >> 4) * count
                    beyond += (inner_beyond >> 4) * count
            elif face == "16" and not moved:
                beyond += chain(atoms, base * 16, sixteenth * count)
            else:
                beyond += add(atoms, base * int(face), sixteenth * count)
        return atoms, beyond

    total: Atoms = {}
    above = 0
    for die_face in range(1, rating.die + 1):
        atoms, beyond = state(rating, False, die_face)
        for result, weight in atoms.items():
            total[result] = total.get(result, 0) + weight
        above += beyond
    return Distribution(dict(sorted(total.items())), above, whole * rating.die, cap)


@functools.lru_cache(maxsize=64)
def _finite(rating: Rating) -> Distribution:
    """A distribution reaching past the median and a critical success (100)."""
    cap = max(128, 2 * int(rating.value))  # the median lies just under the rating's value
    while True:
        found = distribution(rating, cap)
        if found.median() is not None:
            return found
        cap *= 16


def _median(rating: Rating) -> int:
    median = _finite(rating).median()
    assert median is not None  # the cap was chosen above it
    return median


def summarize(rating: Rating) -> OddsSummary:
    """Median and the chances of a critical success (>= 100) and failure (<= 1), read
    from the roll's finite distribution (each path walked once, not searched)."""
    found = _finite(rating)
    return OddsSummary(
        rating=rating,
        median=_median(rating),
        critical_success=found.chance_at_least(100),
        critical_failure=1 - found.chance_at_least(2),
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


@record
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
