"""The finite distribution behind ``summarize``: the same chances as the path-by-path sum
(``chance_at_least``), for every rating and every difficulty it covers."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from console.rules.odds import chance_at_least, distribution, summarize
from console.rules.ratings import STAIRCASE, Rating

ratings = st.sampled_from(STAIRCASE)


def reference_median(rating: Rating) -> int:
    """The median by bisection on chance_at_least (how summarize found it before)."""
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


@settings(max_examples=60, deadline=None)
@given(ratings, st.integers(min_value=0, max_value=300))
def test_the_distribution_agrees_with_the_path_sum(rating: Rating, difficulty: int) -> None:
    found = distribution(rating, 300)
    assert found.chance_at_least(difficulty) == chance_at_least(rating, difficulty)


@given(ratings)
@settings(max_examples=40, deadline=None)
def test_its_chances_sum_to_one(rating: Rating) -> None:
    found = distribution(rating, 64)
    assert sum(found.atoms.values(), Fraction(0)) + found.at_or_above == 1
    assert all(result < 64 for result in found.atoms)


@settings(max_examples=25, deadline=None)
@given(ratings)
def test_summarize_matches_the_bisection(rating: Rating) -> None:
    summary = summarize(rating)
    assert summary.median == reference_median(rating)
    assert summary.critical_success == chance_at_least(rating, 100)
    assert summary.critical_failure == 1 - chance_at_least(rating, 2)
