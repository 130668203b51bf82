"""Combining ratings: the book's combine (cat) and combine (high) examples."""

from fractions import Fraction

import pytest

from console.rules.combining import (
    category_bonus,
    combine_cat,
    combine_cat_with_equipment,
    combine_high,
)
from console.rules.errors import RulesError
from console.rules.ratings import Rating


def r(text: str) -> Rating:
    return Rating.parse(text)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [("8L", "10L", "6M"), ("6H", "10L", "8H"), ("6H", "8M", "10H"), ("10L", "8L", "6M")],
)
def test_combine_cat_book_examples(a: str, b: str, expected: str) -> None:
    assert combine_cat(r(a), r(b)) == r(expected)


@pytest.mark.parametrize(
    ("smaller", "bonus"),
    [("6LB", -3), ("8MB", -2), ("10HB", -1), ("6L", 1), ("8M", 2), ("10H", 3), ("6LV", 4),
     ("8MV", 5), ("6HV", 6), ("6LS", 7)],
)
def test_category_bonus_table(smaller: str, bonus: int) -> None:
    assert category_bonus(r(smaller)) == bonus


def test_more_than_two_uses_the_two_largest() -> None:
    assert combine_cat(r("6L"), r("6H"), r("8M"), r("8L")) == r("10H")


def test_two_characters_and_equipment() -> None:
    # 8M + 8M = 8M +2d = 6H; the second character is Medium Personal: +1d more.
    assert combine_cat_with_equipment(r("8M"), r("8M"), r("6L")) == r("8H")
    # Second character only Light: no extra die.
    assert combine_cat_with_equipment(r("8M"), r("10L"), r("6L")) == r("10M")
    # The equipment may be the largest rating.
    assert combine_cat_with_equipment(r("8L"), r("6M"), r("6H")) == r("10H")


def test_combine_high_book_examples() -> None:
    assert combine_high(r("8L"), r("10M")).rating == r("6H")
    high = combine_high(r("6L"), r("8L"), r("10L"))
    assert high.total == 17 and high.rating == r("8M")
    assert combine_high(r("6L"), 16).rating == r("10M")  # natural AR 6L + armor 16


def test_combine_high_keeps_exact_halves() -> None:
    assert combine_high(r("10L"), r("6LB")).total == 10 + Fraction(3, 10)


@pytest.mark.parametrize("items", [(), ("8M",)])
def test_combining_needs_two(items: tuple[str, ...]) -> None:
    with pytest.raises(RulesError, match="at least two"):
        combine_cat(*map(r, items))
    with pytest.raises(RulesError, match="at least two"):
        combine_high(*map(r, items))


def test_combine_high_refuses_non_positive_values() -> None:
    with pytest.raises(RulesError, match="above 0"):
        combine_high(r("8M"), 0)


def test_combine_cat_past_the_top_is_refused() -> None:
    with pytest.raises(RulesError, match="10HU"):
        combine_cat(r("10HU"), r("10HU"))
