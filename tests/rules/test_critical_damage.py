"""Critical damage checks, with the Rule Book's worked examples."""

import pytest

from console.rules.critical_damage import CheckKind, checks_due, critical_damage
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
