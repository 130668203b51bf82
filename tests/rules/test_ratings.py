"""Ratings: parsing, value, level, the staircase and adjustments (Rule Book: Dice)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RatingError
from console.rules.ratings import (
    STAIRCASE,
    Category,
    Rating,
    RatingType,
    parse_adjustment,
    parse_value,
)

ratings = st.sampled_from(STAIRCASE)


def r(text: str) -> Rating:
    return Rating.parse(text)


# Table 1 of the Rule Book.
@pytest.mark.parametrize(
    ("text", "value", "level"),
    [
        ("6L", 6, 1), ("8L", 8, 2), ("10L", 10, 3), ("6M", 12, 4), ("8M", 16, 5),
        ("10M", 20, 6), ("6H", 24, 7), ("8H", 32, 8), ("10H", 40, 9), ("6LV", 60, 10),
        ("8LV", 80, 11), ("10LV", 100, 12),
    ],
)
def test_table_1_value_and_level(text: str, value: int, level: int) -> None:
    assert r(text).value == value
    assert r(text).level == level
    assert Rating.from_level(level) == r(text)


def test_type_multipliers_follow_table_3() -> None:
    assert r("6M").value == 12
    assert r("10HV").value == 400
    assert r("6LB").value == Fraction(6, 10)
    assert r("8MS").value == 1600
    assert r("10HU").value == 40_000_000


def test_bantam_has_no_level() -> None:
    assert r("10HB").level is None
    assert r("6LB").level is None


@pytest.mark.parametrize("text", ["8m", " 8M ", "8mp", "8MP", "\t8Mp\n"])
def test_parse_accepts_any_case_and_surrounding_space_and_implicit_p(text: str) -> None:
    assert r(text) == Rating(8, Category.M, RatingType.P)


def test_format_writes_p_only_when_asked() -> None:
    assert str(r("8MP")) == "8M"
    assert r("8M").format(explicit_type=True) == "8MP"
    assert str(r("10hv")) == "10HV"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7M", "7M: die must be 6, 8 or 10"),
        ("12L", "12L: die must be 6, 8 or 10"),
        ("8X", "category must be L, M or H"),
        ("8MZ", "type must be one of B, P, V, S, W, C, G, U"),
        ("8", "missing category"),
        ("M", "missing die"),
        ("", "empty rating"),
        ("   ", "empty rating"),
        ("8 M", "not a rating"),
        ("8MVV", "too many letters"),
        ("-8M", "not a rating"),
        ("8M+1d", "not a rating"),
    ],
)
def test_parse_refuses_with_a_message_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(RatingError, match=message):
        r(text)


def test_staircase_order_matches_the_book() -> None:
    names = [str(x) for x in STAIRCASE[:20]]
    assert names == [
        "6LB", "8LB", "10LB", "6MB", "8MB", "10MB", "6HB", "8HB", "10HB",
        "6L", "8L", "10L", "6M", "8M", "10M", "6H", "8H", "10H", "6LV", "8LV",
    ]
    assert str(STAIRCASE[-1]) == "10HU"
    assert r("10H") < r("6LV") < r("8LV")
    assert r("10HB") < r("6L")
    assert max(r("8M"), r("6H"), r("10L")) == r("6H")


# The book's adjustment examples (Rule Book: +1d, +1c, +1t; RULES.md section 1).
@pytest.mark.parametrize(
    ("start", "adjust", "expected"),
    [
        ("10H", "+1d", "6LV"),
        ("6L", "-1d", "10HB"),
        ("8L", "+2d", "6M"),
        ("8L", "-2d", "10HB"),
        ("6HP", "+1c", "6LV"),
        ("8LP", "-1c", "8HB"),
        ("8MV", "-1t", "8MP"),
        ("6LP", "+1d", "8LP"),
        ("8LP", "+1c", "8MP"),
        ("8MP", "+1t", "8MV"),
        ("6M", "+1d", "8M"),
        ("6M", "-1d", "10L"),
        ("6L", "+1c", "6M"),
        ("8H", "-2c", "8L"),
        ("6LP", "+1t", "6LV"),
        ("6M", "+1c-1d", "10M"),
        ("6M", "+0d", "6M"),
    ],
)
def test_adjustments_from_the_book(start: str, adjust: str, expected: str) -> None:
    assert r(start).adjusted(adjust) == r(expected)


def test_adjustment_ends_of_the_staircase_are_refused() -> None:
    with pytest.raises(RatingError, match="above 10HU"):
        r("10HU").adjusted("+1d")
    with pytest.raises(RatingError, match="below 6LB"):
        r("6LB").adjusted("-1d")


@pytest.mark.parametrize("text", ["", "1", "+d", "+1x", "++1d", "+1d1c", "1d 2c", "+1.5d"])
def test_bad_adjustments_are_refused(text: str) -> None:
    with pytest.raises(RatingError):
        parse_adjustment(text)


def test_plus_one_c_is_three_d_and_plus_one_t_is_nine_d() -> None:
    assert parse_adjustment("+1c").steps == parse_adjustment("+3d").steps == 3
    assert parse_adjustment("+1t").steps == parse_adjustment("+3c").steps == 9
    assert parse_adjustment("-2t+1c-1d").steps == -16


@given(ratings)
def test_parse_format_round_trip(rating: Rating) -> None:
    assert Rating.parse(rating.format()) == rating
    assert Rating.parse(rating.format(explicit_type=True).lower()) == rating
    assert Rating.from_step(rating.step) == rating


@given(ratings, st.integers(-80, 80))
def test_adjustment_moves_exactly_that_many_steps_or_refuses(rating: Rating, n: int) -> None:
    try:
        moved = rating.adjusted(f"{n:+d}d")
    except RatingError as error:
        assert not 0 <= rating.step + n < len(STAIRCASE)
        assert "10HU" in str(error) or "6LB" in str(error)
    else:
        assert moved.step == rating.step + n
        assert moved.adjusted(f"{-n:+d}d") == rating


@given(ratings, ratings)
def test_order_follows_value(a: Rating, b: Rating) -> None:
    assert (a < b) == (a.value < b.value)


@given(st.text(max_size=12))
def test_any_text_parses_or_gets_a_rating_error(text: str) -> None:
    try:
        rating = Rating.parse(text)
    except RatingError as error:
        assert str(error)
    else:
        assert text.strip().upper() in (rating.format(), rating.format(explicit_type=True))


@given(st.text(max_size=12))
def test_any_text_is_an_adjustment_or_gets_a_rating_error(text: str) -> None:
    try:
        parse_adjustment(text)
    except RatingError as error:
        assert str(error)


@given(st.text(max_size=50))
def test_any_text_is_a_value_or_gets_a_rating_error(text: str) -> None:
    try:
        value = parse_value(text)
    except RatingError as error:
        assert str(error)
    else:
        assert value == Fraction(text.strip())


def test_huge_digit_strings_are_refused_cleanly() -> None:
    with pytest.raises(RatingError, match="die must be"):
        Rating.parse("9" * 5000 + "M")
    with pytest.raises(RatingError, match="too many digits"):
        parse_value("9" * 5000)
