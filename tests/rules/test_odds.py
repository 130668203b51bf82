"""Exact odds, checked against the book's reference values, an exhaustive walk of the roll
state machine, and a seeded sample of real rolls."""

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.doubling_die import FACE_CHANCE
from console.rules.errors import FacesError, RulesError
from console.rules.odds import (
    SURPRISING,
    chance_at_least,
    chance_at_least_non_doubling,
    difficulty_bands,
    result_tail,
    summarize,
    surprise,
)
from console.rules.ratings import STAIRCASE, Rating
from console.rules.rolling import Phase, RollInProgress, roll, scaled_result


def r(text: str) -> Rating:
    return Rating.parse(text)


@pytest.mark.parametrize(
    ("rating", "difficulty", "p"),
    [("8M", 15, "0.45947265625"), ("10L", 10, "0.41875"), ("6L", 5, "0.5625")],
)
def test_reference_values(rating: str, difficulty: int, p: str) -> None:
    assert chance_at_least(r(rating), difficulty) == Fraction(p)


def _walk(rating: Rating, difficulty: int) -> Fraction:
    """Sum over every face sequence by feeding the real state machine, independent of odds.py.

    A sequence still in its 16 chain is cut off once its result has reached the difficulty:
    every later face multiplies by at least 1.
    """
    total = Fraction(0)

    def explore(die_face: int, faces: list[str], weight: Fraction) -> None:
        nonlocal total
        progress = RollInProgress(rating, die_face)
        for face in faces:
            progress.read(face)
        if progress.ended:
            total += weight * (progress.finish().result >= difficulty)
            return
        running = scaled_result(progress.current, die_face, progress.multiplier)
        if progress.phase is Phase.SIXTEEN_CHAIN and running >= difficulty:
            total += weight
            return
        for face, chance in FACE_CHANCE.items():
            explore(die_face, [*faces, face], weight * chance)

    for die_face in range(1, rating.die + 1):
        explore(die_face, [], Fraction(1, rating.die))
    return total


@pytest.mark.parametrize("rating", ["6L", "8M", "10H", "8MV", "10HB", "6LB", "8HS", "10LV"])
@pytest.mark.parametrize("difficulty", [1, 2, 5, 10, 15, 20, 40, 100, 250, 1000, 5000])
def test_exact_chance_equals_an_exhaustive_walk(rating: str, difficulty: int) -> None:
    assert chance_at_least(r(rating), difficulty) == _walk(r(rating), difficulty)


def test_a_seeded_sample_of_real_rolls_agrees() -> None:
    rng = random.Random(20261121)
    rating = r("8M")
    n = 20_000
    hits = sum(roll(rating, rng).result >= 15 for _ in range(n))
    sigma = (0.4595 * 0.5405 / n) ** 0.5
    assert abs(hits / n - 0.45947265625) < 4 * sigma


def test_ties_go_to_the_player_and_low_difficulties_are_certain() -> None:
    assert chance_at_least(r("6L"), 0) == 1
    assert chance_at_least(r("6L"), -10) == 1
    assert chance_at_least(r("6L"), 1) == 1  # 6L never rolls below 1
    # 6L can only reach exactly 6 by die 6 x1 (6/16 of 1/6), or die 3 x2 (4/16 of 1/6) ...
    assert chance_at_least(r("6L"), 6) > chance_at_least(r("6L"), 7)


def test_the_sixteen_chain_makes_any_difficulty_possible() -> None:
    p = chance_at_least(r("6L"), 10**30)
    assert 0 < p < Fraction(1, 10**20)


def test_difficulty_must_be_whole() -> None:
    with pytest.raises(RulesError, match="whole number"):
        chance_at_least(r("8M"), 7.5)  # type: ignore[arg-type]


@given(st.sampled_from(STAIRCASE), st.integers(-5, 10**7), st.integers(0, 10**7))
def test_chance_falls_as_difficulty_rises(rating: Rating, low: int, extra: int) -> None:
    lower = chance_at_least(rating, low)
    higher = chance_at_least(rating, low + extra)
    assert 0 <= higher <= lower <= 1


def test_summary_of_8m() -> None:
    summary = summarize(r("8M"))
    assert summary.median == 14
    assert chance_at_least(r("8M"), 15) <= Fraction(1, 2) < chance_at_least(r("8M"), 14)
    assert summary.critical_success == chance_at_least(r("8M"), 100) == Fraction(67, 1024)


def test_critical_failure_of_8m_by_hand() -> None:
    # 8M rolls 1 or less only with die face 1 and a doubling result that reads x1 on the
    # Light table: die 1 on 8M is 2 at x1, so it needs c (-> 8L) then 1, c or t
    # (c/t now count as 1): 1/8 * 1/16 * (6+1+1)/16 = 1/256.
    assert summarize(r("8M")).critical_failure == Fraction(1, 8) * Fraction(1, 16) * Fraction(
        8, 16
    )


def test_bands_add_up_to_certainty() -> None:
    bands = difficulty_bands(r("8M"))
    assert sum(band.chance for band in bands) == 1
    assert [band.low for band in bands] == [0, 1, 2, 5, 8, 10, 15, 20, 30, 40, 50, 100]
    assert bands[6].at_least == chance_at_least(r("8M"), 15)


def test_non_doubling_chance() -> None:
    assert chance_at_least_non_doubling(r("10L"), 8) == Fraction(3, 10)
    assert chance_at_least_non_doubling(r("6M"), 12) == Fraction(1, 6)
    assert chance_at_least_non_doubling(r("6M"), 13) == 0


def test_faces_error_is_a_rules_error() -> None:
    assert issubclass(FacesError, RulesError)


# ----- the typo guard: results a rating makes suspicious ------------------------------------


def test_a_result_the_rating_cannot_give_is_questioned() -> None:
    found = surprise(Rating.parse("8L"), 143)  # no die face times a doubling makes 143
    assert found is not None and not found.possible
    assert found.describe() == "8L cannot roll exactly 143"
    assert surprise(Rating.parse("8L"), 14) is None  # 7 x 2


def test_a_result_far_out_in_a_tail_is_questioned_with_its_exact_chance() -> None:
    found = surprise(Rating.parse("10H"), 1)
    assert found is not None and found.possible and found.tail == Fraction(1, 5120)
    assert found.describe() == "1 on 10H: a result this low has a 0.02% chance"
    assert surprise(Rating.parse("8M"), 16) is None  # the median's neighbourhood


@given(st.sampled_from(STAIRCASE[9:27]), st.integers(0, 10**6))
def test_the_tail_is_the_smaller_side_of_the_exact_distribution(rating: Rating,
                                                                 result: int) -> None:
    tail = result_tail(rating, result)
    up = chance_at_least(rating, result)
    down = 1 - chance_at_least(rating, result + 1)
    exactly = up + down - 1  # P(X == result)
    assert tail == min(up, down) and 0 <= exactly <= tail <= (1 + exactly) / 2
    found = surprise(rating, result)
    assert (found is None) == (tail >= SURPRISING and exactly > 0)
