"""Combining ratings (Rule Book: Combining Ratings): combine (cat) and combine (high)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from console.records import record
from console.rules.errors import RulesError
from console.rules.ratings import Category, Rating, RatingType
from console.rules.value_conversion import rating_for_value

__all__ = [
    "HighCombination",
    "category_bonus",
    "combine_cat",
    "combine_cat_with_equipment",
    "combine_high",
]

_LIGHT_PERSONAL = Rating(6, Category.L, RatingType.P).category_type
_MEDIUM_PERSONAL = Rating(6, Category.M, RatingType.P).category_type


def category_bonus(smaller: Rating) -> int:
    """Steps the smaller rating adds in a combine (cat): HB -1d, LP +1d, MP +2d, HP +3d, LV +4d.

    The book's list skips zero: Personal Light is +1 and the category below it is -1. (The book
    prints "LS = +4d"; the staircase puts LV after HP, which is what we use.)
    """
    offset = smaller.category_type - _LIGHT_PERSONAL
    return offset + 1 if offset >= 0 else offset


def _two_largest(ratings: Iterable[Rating]) -> tuple[Rating, Rating]:
    ordered = sorted(ratings, reverse=True)
    if len(ordered) < 2:
        raise RulesError("combining needs at least two ratings")
    return ordered[0], ordered[1]


def combine_cat(*ratings: Rating) -> Rating:
    """The largest rating moved by the second largest's category; further ratings are ignored."""
    largest, second = _two_largest(ratings)
    try:
        return largest.shifted(category_bonus(second))
    except Exception as error:
        raise RulesError(f"combining {largest} and {second}: {error}") from None


def combine_cat_with_equipment(first: Rating, second: Rating, equipment: Rating) -> Rating:
    """Two characters and a piece of equipment: combine (cat) the two largest, then +1d if the
    second character (the lower of the two characters) is Medium Personal or higher."""
    combined = combine_cat(first, second, equipment)
    helper = min(first, second)
    if helper.category_type >= _MEDIUM_PERSONAL:
        return combined.shifted(1)
    return combined


@record
class HighCombination:
    """A combine (high) with its arithmetic kept, so the console can show the working."""

    values: tuple[Fraction, ...]  # as given, largest first
    total: Fraction  # largest + half of each smaller
    rating: Rating  # total on Table 7's balanced column


def _as_value(item: Rating | int | Fraction) -> Fraction:
    if isinstance(item, Rating):
        return item.value
    if isinstance(item, bool) or not isinstance(item, int | Fraction):
        raise RulesError(f"{item!r} is neither a rating nor a value")
    if item <= 0:
        raise RulesError(f"a value to combine must be above 0, not {item}")
    return Fraction(item)


def combine_high(*items: Rating | int | Fraction) -> HighCombination:
    """Largest value plus half of every smaller value, back to a rating by the *balanced*
    column of Table 7 (8L + 10M = 24 = 6H; 6L + 8L + 10L = 17 = 8M; AR 6L + armor 16 = 10M)."""
    values = sorted((_as_value(item) for item in items), reverse=True)
    if len(values) < 2:
        raise RulesError("combining needs at least two ratings")
    total = values[0] + sum(values[1:], Fraction(0)) / 2
    return HighCombination(tuple(values), total, rating_for_value(total, balanced=True))
