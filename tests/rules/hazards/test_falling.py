"""Falling: damage, grabbing on the way, the armor roll."""

from fractions import Fraction

import pytest

from console.rules.errors import RulesError
from console.rules.hazards import falling as f
from console.rules.hazards.common import EffectKind


def test_accidental_30_foot_fall_deals_30_before_armor() -> None:
    assert f.fall_damage(30, intentional=False, height_feet=6) == 30


def test_intentional_30_foot_drop_by_a_6_foot_character_deals_15() -> None:
    assert f.fall_damage(30, intentional=True, height_feet=6) == 15


@pytest.mark.parametrize(
    ("feet", "height", "damage"),
    [(6, 6, 0), (5, 6, 0), (7, 6, 3), (0, 6, 0), (11, Fraction(11, 2), 5), (6, 5.5, 3)],
)
def test_intentional_drop_is_free_up_to_own_height_then_half_rounded_down(
    feet: int, height: float, damage: int
) -> None:
    assert f.fall_damage(feet, intentional=True, height_feet=height) == damage


def test_armor_roll_reduces_the_damage_never_below_zero() -> None:
    state = f.start(30, intentional=False, height_feet=6)
    check = f.due(state)
    assert check is not None and (check.ability, check.difficulty) == ("AR", 30)
    state, step = f.apply(state, 12)
    assert step.amount_of(EffectKind.WOUNDS) == 18 and f.due(state) is None
    _state, step = f.apply(f.start(30, intentional=False, height_feet=6), 45)
    assert step.amount_of(EffectKind.WOUNDS) is None
    assert f.wounds_after_armor(10, 3) == 7 and f.wounds_after_armor(3, 10) == 0


def test_a_free_drop_asks_for_nothing() -> None:
    state = f.start(5, intentional=True, height_feet=6)
    assert state.phase is f.Phase.DONE and f.due(state) is None


def test_grab_then_hold_str_vs_feet_so_far() -> None:
    state = f.start(40, intentional=False, height_feet=6, grab_dif=15, grab_at_feet=20)
    check = f.due(state)
    assert check is not None and (check.ability, check.difficulty) == ("Dex", 15)
    state, _ = f.apply(state, 15)
    check = f.due(state)
    assert check is not None and (check.ability, check.difficulty) == ("Str", 20)
    state, step = f.apply(state, 20)
    assert step.has(EffectKind.CAUGHT) and f.due(state) is None


def test_grab_at_the_top_needs_no_str_check() -> None:
    state, step = f.apply(
        f.start(40, intentional=False, height_feet=6, grab_dif=10, grab_at_feet=0), 10
    )
    assert step.has(EffectKind.CAUGHT) and f.due(state) is None


@pytest.mark.parametrize(("dex", "strength"), [(3, None), (15, 4)])
def test_a_missed_grab_or_lost_grip_falls_the_whole_way(dex: int, strength: int | None) -> None:
    state = f.start(40, intentional=False, height_feet=6, grab_dif=15, grab_at_feet=20)
    state, _ = f.apply(state, dex)
    if strength is not None:
        state, _ = f.apply(state, strength)
    check = f.due(state)
    assert check is not None and (check.ability, check.difficulty) == ("AR", 40)


def test_bad_inputs() -> None:
    with pytest.raises(RulesError, match="feet"):
        f.fall_damage(-1, intentional=False, height_feet=6)
    with pytest.raises(RulesError, match="height"):
        f.fall_damage(10, intentional=True, height_feet=0)
    with pytest.raises(RulesError, match="both"):
        f.start(10, intentional=False, height_feet=6, grab_dif=10)
    with pytest.raises(RulesError, match="below the bottom"):
        f.start(10, intentional=False, height_feet=6, grab_dif=10, grab_at_feet=11)
    with pytest.raises(RulesError, match="over"):
        f.apply(f.start(3, intentional=True, height_feet=6), 5)
