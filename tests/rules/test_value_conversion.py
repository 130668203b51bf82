"""Table 7: values back to ratings, simple and balanced, as printed and beyond."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RatingError
from console.rules.ratings import STAIRCASE, Rating
from console.rules.value_conversion import rating_for_value

# Table 7 as printed in the Rule Book, re-typed here independently of the module's data.
PRINTED = """\
1 10LB 1
2 10MB 2
3 8HB 3
4 10HB 4
5-6 6L 5-6
7-8 8L 7-8
9-10 10L 9-10
11-12 6M 11-13
13-16 8M 14-18
17-20 10M 19-21
21-24 6H 22-27
25-32 8H 28-35
33-40 10H 36-49
41-60 6LV 50-69
61-80 8LV 70-89
81-100 10LV 90-109"""


def _spans(column: int) -> list[tuple[int, int, str]]:
    rows = []
    for line in PRINTED.splitlines():
        parts = line.split()
        low, _, high = parts[column].partition("-")
        rows.append((int(low), int(high or low), parts[1]))
    return rows


@pytest.mark.parametrize(("low", "high", "rating"), _spans(0))
def test_simple_column_exactly_as_printed(low: int, high: int, rating: str) -> None:
    for value in range(low, high + 1):
        assert str(rating_for_value(value)) == rating, value


@pytest.mark.parametrize(("low", "high", "rating"), _spans(2))
def test_balanced_column_exactly_as_printed(low: int, high: int, rating: str) -> None:
    for value in range(low, high + 1):
        assert str(rating_for_value(value, balanced=True)) == rating, value


def test_past_the_table_the_rules_continue_along_the_staircase() -> None:
    assert str(rating_for_value(101)) == "6MV"
    assert str(rating_for_value(120)) == "6MV"
    assert str(rating_for_value(121)) == "8MV"
    assert str(rating_for_value(109, balanced=True)) == "10LV"
    assert str(rating_for_value(110, balanced=True)) == "6MV"  # halfway: the larger
    assert str(rating_for_value(139, balanced=True)) == "6MV"
    assert str(rating_for_value(140, balanced=True)) == "8MV"
    assert str(rating_for_value(40_000_000)) == "10HU"


def test_a_ratings_own_value_converts_back_to_it() -> None:
    for rating in STAIRCASE[STAIRCASE.index(Rating.parse("6L")):]:
        assert rating_for_value(rating.value) == rating
        assert rating_for_value(rating.value, balanced=True) == rating


@pytest.mark.parametrize("value", [0, -5, "0", "-1", 40_000_001])
def test_values_without_a_rating_are_refused(value: object) -> None:
    with pytest.raises(RatingError):
        rating_for_value(value)  # type: ignore[arg-type]


def test_fractional_values_use_the_rule() -> None:
    assert str(rating_for_value("0.6")) == "6LB"
    assert str(rating_for_value(Fraction(35, 2), balanced=True)) == "8M"  # 17.5: nearer 16
    assert str(rating_for_value(Fraction(35, 2))) == "10M"


@given(st.integers(min_value=1, max_value=40_000_000), st.booleans())
def test_every_value_gets_a_sensible_rating(value: int, balanced: bool) -> None:
    rating = rating_for_value(value, balanced=balanced)
    if not balanced:
        assert rating.value >= value
        if rating.step > 0:
            assert STAIRCASE[rating.step - 1].value < value
    else:
        below = STAIRCASE[rating.step - 1].value if rating.step else None
        above = STAIRCASE[rating.step + 1].value if rating.step + 1 < len(STAIRCASE) else None
        distance = abs(rating.value - value)
        if below is not None and value != 18:  # 18 is the printed exception: see the module
            assert distance <= abs(value - below)
        if above is not None:
            assert distance <= abs(above - value)
