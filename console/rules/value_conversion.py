"""Values back to ratings (Table 7: Value-Rating Conversion).

The printed table is encoded as it stands for 1-100 (simple) and 1-109 (balanced). Past it
the table's own rules continue along the staircase: *simple* takes the next larger rating,
*balanced* the nearest, a tie going to the larger one.

The printed balanced column is not quite that rule: 18 lies halfway between 8M (16) and 10M
(20) yet is printed under 8M, while every other halfway value (5, 7, 9, 11, 14, 22, ...) goes
up. The console follows the book where the book prints a number.
"""

from __future__ import annotations

import bisect
from fractions import Fraction

from console.rules.errors import RatingError
from console.rules.ratings import STAIRCASE, Rating, parse_value

__all__ = ["TABLE_7", "rating_for_value"]

# (simple low, simple high, rating, balanced low, balanced high), as printed. The book
# writes "6LT/8LT/10LT" in the last rows; they are the Vehicle ratings.
TABLE_7: tuple[tuple[int, int, str, int, int], ...] = (
    (1, 1, "10LB", 1, 1),
    (2, 2, "10MB", 2, 2),
    (3, 3, "8HB", 3, 3),
    (4, 4, "10HB", 4, 4),
    (5, 6, "6L", 5, 6),
    (7, 8, "8L", 7, 8),
    (9, 10, "10L", 9, 10),
    (11, 12, "6M", 11, 13),
    (13, 16, "8M", 14, 18),
    (17, 20, "10M", 19, 21),
    (21, 24, "6H", 22, 27),
    (25, 32, "8H", 28, 35),
    (33, 40, "10H", 36, 49),
    (41, 60, "6LV", 50, 69),
    (61, 80, "8LV", 70, 89),
    (81, 100, "10LV", 90, 109),
)


def _printed(balanced: bool) -> dict[int, Rating]:
    table: dict[int, Rating] = {}
    for simple_low, simple_high, rating, balanced_low, balanced_high in TABLE_7:
        low, high = (balanced_low, balanced_high) if balanced else (simple_low, simple_high)
        table.update(dict.fromkeys(range(low, high + 1), Rating.parse(rating)))
    return table


_PRINTED = {False: _printed(False), True: _printed(True)}
_VALUES: tuple[Fraction, ...] = tuple(rating.value for rating in STAIRCASE)


def rating_for_value(value: int | Fraction | str, *, balanced: bool = False) -> Rating:
    """Table 7: the rating for a value; simple by default, balanced on request."""
    amount = parse_value(value) if isinstance(value, str) else Fraction(value)
    if amount <= 0:
        raise RatingError(f"value must be above 0 to have a rating, not {amount}")
    if amount > _VALUES[-1]:
        raise RatingError(f"value {amount} is beyond the largest rating, 10HU ({_VALUES[-1]})")
    if amount.denominator == 1 and int(amount) in _PRINTED[balanced]:
        return _PRINTED[balanced][int(amount)]
    upper = bisect.bisect_left(_VALUES, amount)  # first step whose value is >= amount
    if balanced and upper > 0 and _VALUES[upper] != amount:
        lower = upper - 1
        if amount - _VALUES[lower] < _VALUES[upper] - amount:
            return STAIRCASE[lower]
    return STAIRCASE[upper]
