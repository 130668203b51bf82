"""Ratings: die, category and type, and their place on the staircase (Rule Book: Dice).

Every rating is one step of a single staircase, smallest first::

    6LB 8LB 10LB 6MB ... 10HB | 6L 8L 10L 6M ... 10H | 6LV ... 10HU

A step is nine to a type and three to a category, so die/category/type adjustments are
plain arithmetic on the step index. Level counts steps from 6L = 1; Bantam has no level.
"""

from __future__ import annotations

import functools
import re
from enum import IntEnum
from fractions import Fraction

from console.records import record
from console.rules.errors import RatingError

__all__ = [
    "DIES",
    "STAIRCASE",
    "STEPS_PER_CATEGORY",
    "STEPS_PER_TYPE",
    "Adjustment",
    "Category",
    "Rating",
    "RatingType",
    "parse_adjustment",
    "parse_value",
]

DIES: tuple[int, ...] = (6, 8, 10)
STEPS_PER_CATEGORY = len(DIES)
STEPS_PER_TYPE = 3 * STEPS_PER_CATEGORY


class Category(IntEnum):
    """Light, Medium, Heavy: which doubling table a roll is read on."""

    L = 0
    M = 1
    H = 2

    @property
    def multiplier(self) -> int:
        return 1 << self.value  # L1, M2, H4, as printed on the doubling tables

    @property
    def label(self) -> str:
        return ("Light", "Medium", "Heavy")[self.value]


class RatingType(IntEnum):
    """Table 3: each type is a power of ten; Bantam is the only one below Personal."""

    B = 0
    P = 1
    V = 2
    S = 3
    W = 4
    C = 5
    G = 6
    U = 7

    @property
    def multiplier(self) -> Fraction:
        return Fraction(10) ** (self.value - 1)

    @property
    def label(self) -> str:
        return (
            "Bantam", "Personal", "Vehicle", "Ship",
            "World", "Celestial", "Galactic", "Universal",
        )[self.value]


_TYPE_LETTERS = "".join(t.name for t in RatingType)
_MAX_STEP = len(RatingType) * STEPS_PER_TYPE - 1
_RATING_SHAPE = re.compile(r"([0-9]+)?([A-Z]*)", re.ASCII)


def _show(text: str, limit: int = 24) -> str:
    """The user's text as it goes into a message: stripped and kept short."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


@functools.total_ordering
@record
class Rating:
    """One step of the staircase, e.g. ``8M`` or ``10HV``.

    Ordering follows the staircase (6L < 8L < 10L < 6M ...), not the value, though the two
    agree everywhere.
    """

    die: int
    category: Category
    type: RatingType = RatingType.P

    def __post_init__(self) -> None:
        if self.die not in DIES:
            raise RatingError(f"die must be 6, 8 or 10, not {self.die}")
        # Accept plain ints for convenience and store the enums.
        object.__setattr__(self, "category", Category(self.category))
        object.__setattr__(self, "type", RatingType(self.type))

    # ----- construction -------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Rating:
        """Read a rating such as ``8m``, `` 10HV `` or ``6LP`` (type P is implied)."""
        if not isinstance(text, str):
            raise RatingError(f"a rating must be text like 8M, not {type(text).__name__}")
        shown = _show(text)
        if not shown:
            raise RatingError("empty rating: expected something like 8M or 10HV")
        match = _RATING_SHAPE.fullmatch(text.strip().upper())
        if match is None:
            raise RatingError(
                f"{shown}: not a rating; expected a die (6, 8 or 10), a category (L, M or H) "
                "and an optional type, like 8M or 10HV"
            )
        digits, letters = match.groups()
        if digits is None:
            raise RatingError(f"{shown}: missing die (6, 8 or 10) before the category")
        if digits not in {str(die) for die in DIES}:  # also refuses 08M and huge numbers
            raise RatingError(f"{shown}: die must be 6, 8 or 10")
        if not letters:
            raise RatingError(f"{shown}: missing category (L, M or H) after the die")
        if letters[0] not in "LMH":
            raise RatingError(f"{shown}: category must be L, M or H, not {letters[0]}")
        type_letters = letters[1:]
        if len(type_letters) > 1:
            raise RatingError(
                f"{shown}: too many letters; a rating has a category and at most one type"
            )
        if type_letters and type_letters not in _TYPE_LETTERS:
            raise RatingError(
                f"{shown}: type must be one of {', '.join(_TYPE_LETTERS)}, not {type_letters}"
            )
        return cls(
            int(digits),
            Category[letters[0]],
            RatingType[type_letters] if type_letters else RatingType.P,
        )

    @classmethod
    def from_step(cls, step: int) -> Rating:
        """The rating at a 0-based position on the staircase (0 = 6LB, 9 = 6L)."""
        if not 0 <= step <= _MAX_STEP:
            raise RatingError(f"step {step} is off the staircase (0 = 6LB .. {_MAX_STEP} = 10HU)")
        type_index, rest = divmod(step, STEPS_PER_TYPE)
        category_index, die_index = divmod(rest, STEPS_PER_CATEGORY)
        return cls(DIES[die_index], Category(category_index), RatingType(type_index))

    @classmethod
    def from_level(cls, level: int) -> Rating:
        """Level 1 = 6L, 9 = 10H, 10 = 6LV. Bantam ratings have no level."""
        top = _MAX_STEP - STEPS_PER_TYPE + 1
        if not 1 <= level <= top:
            raise RatingError(f"level must be 1 (6L) to {top} (10HU), not {level}")
        return cls.from_step(level + STEPS_PER_TYPE - 1)

    # ----- what a rating is ---------------------------------------------------------

    @property
    def step(self) -> int:
        """0-based position on the full staircase, Bantam included."""
        return (
            self.type * STEPS_PER_TYPE
            + self.category * STEPS_PER_CATEGORY
            + DIES.index(self.die)
        )

    @property
    def level(self) -> int | None:
        """Steps counted from 6L = 1; None for Bantam ratings."""
        if self.type is RatingType.B:
            return None
        return self.step - STEPS_PER_TYPE + 1

    @property
    def value(self) -> Fraction:
        """Die x category x type, exact: 10HV = 400, 6LB = 3/5."""
        return self.die * self.category.multiplier * self.type.multiplier

    @property
    def category_type(self) -> int:
        """0-based index of the category-type (Table 4): LB = 0, HB = 2, LP = 3, LV = 6."""
        return self.type * 3 + self.category

    def format(self, *, explicit_type: bool = False) -> str:
        """``8M``, or ``8MP`` with ``explicit_type``; other types are always written."""
        suffix = "" if self.type is RatingType.P and not explicit_type else self.type.name
        return f"{self.die}{self.category.name}{suffix}"

    def __str__(self) -> str:
        return self.format()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rating):
            return NotImplemented
        return self.step < other.step

    # ----- moving along the staircase -----------------------------------------------

    def shifted(self, steps: int) -> Rating:
        """This rating moved ``steps`` steps up (negative: down) the staircase."""
        target = self.step + steps
        if target < 0:
            raise RatingError(f"{self} {steps:+d}d goes below 6LB, the smallest rating")
        if target > _MAX_STEP:
            raise RatingError(f"{self} {steps:+d}d goes above 10HU, the largest rating")
        return Rating.from_step(target)

    def adjusted(self, adjustment: Adjustment | str) -> Rating:
        """Apply +/-N d/c/t: ``Rating.parse("10H").adjusted("+1d")`` is 6LV."""
        if isinstance(adjustment, str):
            adjustment = parse_adjustment(adjustment)
        try:
            return self.shifted(adjustment.steps)
        except RatingError:
            direction = "below 6LB, the smallest" if adjustment.steps < 0 else (
                "above 10HU, the largest"
            )
            raise RatingError(f"{self} {adjustment}: goes {direction} rating") from None


# Every rating, smallest first: STAIRCASE[r.step] == r.
STAIRCASE: tuple[Rating, ...] = tuple(Rating.from_step(s) for s in range(_MAX_STEP + 1))


@record
class Adjustment:
    """A net move along the staircase, kept with the text it was written as."""

    steps: int
    text: str = ""

    def __str__(self) -> str:
        return self.text or f"{self.steps:+d}d"


_ADJUST_TERM = re.compile(r"([+-]?)([0-9]{1,4})([DCT])", re.ASCII)
_UNIT_STEPS = {"D": 1, "C": STEPS_PER_CATEGORY, "T": STEPS_PER_TYPE}


def parse_adjustment(text: str) -> Adjustment:
    """Read ``+1d``, ``-2c``, ``+1t`` or a sum such as ``+1c-1d`` (d = 1, c = 3, t = 9 steps)."""
    shown = _show(text)
    if len(text) > 80:  # a real adjustment is a few terms; also keeps the parsing quick
        raise RatingError(f"{shown}: too long for an adjustment (like +1d, -1c or +1c-1d)")
    compact = re.sub(r"\s+", "", text).upper()
    if not compact:
        raise RatingError("empty adjustment: expected something like +1d, -1c or +1t")
    steps = 0
    position = 0
    for match in _ADJUST_TERM.finditer(compact):
        if match.start() != position or (position and not match.group(1)):
            break
        sign = -1 if match.group(1) == "-" else 1
        steps += sign * int(match.group(2)) * _UNIT_STEPS[match.group(3)]
        position = match.end()
    if position != len(compact):
        raise RatingError(
            f"{shown}: not an adjustment; write a sign, a number and d, c or t, like +1d or -2c"
        )
    return Adjustment(steps, compact.lower())


def parse_value(text: str) -> Fraction:
    """A plain number as the GM types it: ``15``, ``0.6``; no ratings, no fractions like 1/2."""
    shown = _show(text)
    cleaned = text.strip()
    if not re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)", cleaned, re.ASCII):
        raise RatingError(f"{shown or 'empty'}: not a number")
    if len(cleaned) > 40:  # also keeps clear of Python's limit on int() of long digit strings
        raise RatingError(f"{shown}: too many digits for a value")
    return Fraction(cleaned)
