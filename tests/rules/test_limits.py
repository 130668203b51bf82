"""Every range fits what the rating types can produce (issue 25): results and Difs into the
Galactic and Universal billions, a stat up to the largest rating's value, wounds and
critical damage as large as a result. The odds of every type's largest rating at its
largest results agree with the table the engine builds by another road."""

from __future__ import annotations

from fractions import Fraction

import pytest

from console.rules import limits
from console.rules.limits import (
    CD,
    DIFFICULTY,
    LARGEST_RATING,
    LARGEST_RESULT,
    LARGEST_VALUE,
    POINTS,
    RESULT,
    WOUNDS,
)
from console.rules.odds import chance_at_least, distribution
from console.rules.ratings import STAIRCASE, Rating, RatingType


def test_the_largest_result_is_what_10hu_reaches_once_in_a_billion() -> None:
    assert LARGEST_RATING == Rating.parse("10HU") == STAIRCASE[-1]
    assert LARGEST_VALUE == 40_000_000
    assert LARGEST_RESULT == 10_737_418_240_000_000
    assert chance_at_least(LARGEST_RATING, LARGEST_RESULT) >= Fraction(1, 10**9)
    assert chance_at_least(LARGEST_RATING, 16 * LARGEST_RESULT) < Fraction(1, 10**10)


def test_every_range_fits_what_the_ratings_produce() -> None:
    assert all(int(rating.value) in POINTS for rating in STAIRCASE)  # any stat as a rating
    for bounds in (RESULT, DIFFICULTY, WOUNDS, CD):
        assert bounds.high == LARGEST_RESULT
    assert 8_192_000_000 in RESULT and 8_192_000_000 in DIFFICULTY


def test_the_galactic_roll_the_console_refused() -> None:
    """Issue 25: `gm-console odds 10MG 8192000000` said "out of range"."""
    assert chance_at_least(Rating.parse("10MG"), 8_192_000_000) == Fraction(67, 655_360)


def largest_results(rating: Rating) -> list[int]:
    """The rating on its top face with 0, 1, 2 ... 16s in a row, as far as the range goes,
    and the range's top."""
    top = int(rating.value)  # Bantam results drop their fraction at the end
    found = [top * 16**k for k in range(9) if top * 16**k <= LARGEST_RESULT]
    return [result for result in found if result > 0] + [LARGEST_RESULT]


@pytest.mark.parametrize("kind", list(RatingType), ids=[t.label for t in RatingType])
def test_odds_for_every_rating_type_at_its_largest_results(kind: RatingType) -> None:
    rating = Rating(10, 2, kind)  # the type's largest rating, 10H
    chances = [chance_at_least(rating, result) for result in largest_results(rating)]
    assert chances == sorted(chances, reverse=True) and all(c >= 0 for c in chances)
    table = distribution(rating, LARGEST_RESULT)  # the integer walk: another road
    for result, chance in zip(largest_results(rating), chances, strict=True):
        assert table.chance_at_least(result) == chance, (rating, result)
    assert chances[0] > 0  # its own value is always within reach


def test_every_range_in_limits_describes_itself() -> None:
    ranges = [getattr(limits, name) for name in limits.__all__
              if isinstance(getattr(limits, name), limits.Range)]
    assert all(r.low <= r.high and r.meaning for r in ranges)
