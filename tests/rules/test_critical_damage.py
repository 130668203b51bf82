"""Critical damage checks, with the Rule Book's worked examples."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.critical_damage import (
    CheckKind,
    PcCondition,
    checks_at_damage,
    checks_due,
    critical_damage,
    take_damage,
)
from console.rules.errors import RulesError


def kinds(wounds: int, vit: int, **kw: bool) -> list[tuple[CheckKind, str, int]]:
    return [(c.kind, c.ability, c.difficulty) for c in checks_due(wounds, vit, **kw)]


def test_critical_damage_is_wounds_above_vit() -> None:
    assert critical_damage(18, 16) == 2  # the book's 16 Vit, 18 damage
    assert critical_damage(16, 16) == 0
    assert critical_damage(10, 16) is None
    with pytest.raises(RulesError):
        critical_damage(-1, 5)


def test_exactly_zero_is_one_wp_5_check_made_once() -> None:
    assert kinds(16, 16) == [(CheckKind.PASS_OUT, "WP", 5)]
    assert kinds(16, 16, pass_out_check_done=True) == []


def test_tony_four_cd_rolls_wp_vs_20() -> None:
    assert (CheckKind.UNCONSCIOUSNESS, "WP", 20) in kinds(24, 20)


def test_jeff_drain_healing_vs_40_then_45() -> None:
    assert (CheckKind.VITALITY_DRAIN, "Healing", 40) in kinds(28, 20)
    assert (CheckKind.VITALITY_DRAIN, "Healing", 45) in kinds(29, 20)  # failed: one more wound
    assert all(k != CheckKind.VITALITY_DRAIN for k, _, _ in kinds(29, 20, drain_stopped=True))


def test_ikk_twelve_cd_death_check_vit_vs_12_comes_first() -> None:
    assert kinds(24, 12) == [
        (CheckKind.DEATH, "Vit", 12),
        (CheckKind.UNCONSCIOUSNESS, "WP", 60),
        (CheckKind.VITALITY_DRAIN, "Healing", 60),
    ]
    assert kinds(21, 12)[0][0] is CheckKind.UNCONSCIOUSNESS  # 9 CD: no death check


def test_an_unconscious_pc_rolls_to_wake() -> None:
    due = checks_due(24, 20, unconscious=True)
    assert due[0].on_failure == "stays unconscious"


# ----- When to Check: what a hit asks at once ------------------------------------------------


def _at(wounds: int, vit: int, **flags: bool) -> PcCondition:
    return PcCondition(wounds, vit, **flags)


def test_a_first_point_of_cd_brings_the_unconsciousness_check_at_once_never_the_drain() -> None:
    at_once = checks_at_damage(_at(18, 20), _at(24, 20))  # Tony's 4 CD
    assert [(c.kind, c.difficulty) for c in at_once] == [(CheckKind.UNCONSCIOUSNESS, 20)]


def test_reaching_ten_cd_brings_the_death_check_first() -> None:
    at_once = checks_at_damage(_at(10, 12), _at(24, 12))  # Ikk: 12 CD in one blow
    assert [c.kind for c in at_once] == [CheckKind.DEATH, CheckKind.UNCONSCIOUSNESS]
    later = checks_at_damage(_at(17, 12), _at(24, 12))  # 5 CD to 12: only death is new
    assert [c.kind for c in later] == [CheckKind.DEATH]


def test_a_hit_that_warrants_nothing_new_asks_nothing_until_his_nish() -> None:
    assert checks_at_damage(_at(24, 20), _at(26, 20)) == []
    assert checks_at_damage(_at(32, 20), _at(40, 20)) == []  # 12 to 20 CD


def test_exactly_vit_brings_the_one_pass_out_check() -> None:
    assert [c.kind for c in checks_at_damage(_at(10, 16), _at(16, 16))] == [CheckKind.PASS_OUT]


@given(st.integers(0, 60), st.integers(0, 60), st.integers(1, 40))
def test_the_drain_is_never_checked_at_the_moment_of_damage(
        wounds: int, more: int, vit: int) -> None:
    before = _at(wounds, vit)
    after = take_damage(before, more)
    at_once = checks_at_damage(before, after)
    assert all(c.kind is not CheckKind.VITALITY_DRAIN for c in at_once)
    assert {c.kind for c in at_once} <= {c.kind for c in after.checks_due()}
