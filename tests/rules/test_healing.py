"""Healing and natural healing, with Ron's Calemora."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.healing import heal_wounds, natural_healing, natural_healing_rating
from console.rules.ratings import Rating
from console.rules.rolling import resolve_faces


def r(text: str) -> Rating:
    return Rating.parse(text)


def test_ron_rolls_10mb_after_four_hours_and_heals_2() -> None:
    rating = natural_healing_rating(r("10M"), resting=False)
    assert rating == r("10MB")
    roll = resolve_faces(rating, 6, ["2"])  # 24 with the fraction dropped for Bantam
    assert roll.result == 2
    assert heal_wounds(6, roll.result) == 4


def test_after_eight_hours_sleep_a_full_roll_of_16_heals_everything() -> None:
    assert natural_healing_rating(r("10M"), resting=True) == r("10M")
    assert heal_wounds(4, 16) == 0


def test_rolls_due_for_a_stretch_of_time() -> None:
    awake = natural_healing(r("10M"), 10, resting=False)
    assert (awake.rating, awake.rolls, awake.hours_left_over) == (r("10MB"), 2, 2)
    rest = natural_healing(r("10M"), 8, resting=True)
    assert (rest.rating, rest.rolls) == (r("10M"), 1)
    assert "once" in rest.describe()
    assert natural_healing(r("10M"), 3, resting=False).rolls == 0


def test_bantam_healing_cannot_go_a_type_lower_and_bad_numbers_are_refused() -> None:
    with pytest.raises(RulesError, match="-1t"):
        natural_healing_rating(r("10MB"), resting=False)
    with pytest.raises(RulesError, match="hours"):
        natural_healing(r("10M"), -1, resting=True)
    with pytest.raises(RulesError, match="healing"):
        heal_wounds(3, True)  # type: ignore[arg-type]


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_healing_never_goes_below_zero(wounds: int, amount: int) -> None:
    left = heal_wounds(wounds, amount)
    assert left == max(0, wounds - amount) >= 0
