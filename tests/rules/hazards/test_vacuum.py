"""Vacuum exposure and the hull-breach lead-in."""

import random
from dataclasses import replace

import pytest

from console.rules.errors import RulesError
from console.rules.hazards import suffocation
from console.rules.hazards import vacuum as v
from console.rules.hazards.common import EffectKind


def nish_checks(state, results):
    """One Nish; answer every check in turn; return state, [(ability, dif, key)], steps."""
    state = v.nish(state)
    asked, steps = [], []
    for result in results:
        check = v.due(state)
        assert check is not None
        asked.append((check.ability, check.difficulty, check.key))
        state, step = v.apply(state, result)
        steps.append(step)
    assert v.due(state) is None
    return state, asked, steps


def ears(state, result):
    """The eardrum check owed at once, answered."""
    check = v.due(state)
    assert check is not None and check.key == "eardrum" and check.difficulty == 10
    return v.apply(state, result)


def test_the_eardrum_check_is_immediate_and_each_nish_brings_wp_and_nar() -> None:
    """Vacuum: "the character must make an immediate FR check Dif 10 to check for ear drum
    rupture"; then, on each Nish, Table 28's WP and the 10 damage against NAR."""
    state = v.start()
    state, step = ears(state, 50)
    assert not step.effects and state.eardrum_checked and v.due(state) is None
    state, asked, steps = nish_checks(state, [50, 3])
    assert asked == [("WP", 5, "breath"), ("NAR", 10, "armor")]
    assert steps[1].amount_of(EffectKind.WOUNDS) == 7  # 10 a round minus the NAR roll
    state, asked, _ = nish_checks(state, [50, 4])  # the eardrum check only once
    assert asked == [("WP", 10, "breath"), ("NAR", 10, "armor")]


def test_an_eardrum_check_left_unrolled_does_not_hold_up_his_first_nish() -> None:
    _state, asked, _ = nish_checks(v.start(), [50, 50, 3])
    assert asked == [("FR", 10, "eardrum"), ("WP", 5, "breath"), ("NAR", 10, "armor")]


def test_a_save_from_before_the_immediate_reading_is_asked_on_his_nish() -> None:
    old = replace(v.start(), queue=())  # exposed, eardrums never asked
    _state, asked, _ = nish_checks(old, [50, 50, 3])
    assert asked == [("FR", 10, "eardrum"), ("WP", 5, "breath"), ("NAR", 10, "armor")]


@pytest.mark.parametrize(("nar", "wounds"), [(0, 10), (6, 4), (10, None), (40, None)])
def test_vacuum_deals_10_minus_nar(nar: int, wounds: int | None) -> None:
    _state, _asked, steps = nish_checks(v.start(ears_exposed=False), [50, nar])
    assert steps[1].amount_of(EffectKind.WOUNDS) == wounds


def test_eardrums_rupture_on_failure() -> None:
    _state, step = ears(v.start(), 9)
    assert step.has(EffectKind.EARDRUMS_RUPTURED)


def test_trying_to_breathe_passes_out_at_once_then_vit() -> None:
    """Vacuum: "characters who attempt to breathe in space pass out immediately"."""
    state = v.start(ears_exposed=False, tries_to_breathe=True)
    assert state.breathing.phase is suffocation.Phase.UNCONSCIOUS
    opening = v.opening(state)
    assert opening is not None and opening.has(EffectKind.UNCONSCIOUS)
    assert v.opening(v.start(ears_exposed=False)) is None
    state, asked, _ = nish_checks(state, [5, 10])
    assert asked == [("Vit", 5, "vit"), ("NAR", 10, "armor")]


def test_passing_out_keeps_the_nar_check_and_brings_vit_next_nish() -> None:
    state, asked, _ = nish_checks(v.start(ears_exposed=False), [0, 10])
    assert asked == [("WP", 5, "breath"), ("NAR", 10, "armor")]
    assert state.breathing.phase is suffocation.Phase.UNCONSCIOUS
    state, asked, _ = nish_checks(state, [5, 10])
    assert asked == [("Vit", 5, "vit"), ("NAR", 10, "armor")]


def test_vit_failure_kills_and_clears_the_rest_of_the_nish() -> None:
    state = v.start(ears_exposed=False, tries_to_breathe=True)
    state = v.nish(state)
    state, step = v.apply(state, 0)
    assert step.has(EffectKind.DEAD) and v.due(state) is None
    state = v.nish(state)
    assert v.due(state) is None
    _ended, step = v.end(state)
    assert step.amount_of(EffectKind.REVIVE_DIF) == 2


def test_hull_breach_hold_on_is_str_or_dex_minus_1c_vs_cd_x5() -> None:
    assert v.hold_on_check(3, handhold=True).describe().startswith("Str vs 15")
    dex = v.hold_on_check(3, handhold=False)
    assert (dex.ability, dex.difficulty, dex.adjustment) == ("Dex", 15, "-1c")


def test_breach_then_depressurized_then_vacuum() -> None:
    state = v.start_from_breach(2, depressurization_rounds=2, handhold=True)
    state, asked, _ = nish_checks(state, [10])
    assert asked == [("Str", 10, "hold")]
    state = v.nish(state)
    state, step = v.apply(state, 10)
    assert step.has(EffectKind.EXPOSED) and state.phase is v.Phase.EXPOSED
    state, _ = ears(state, 10)  # exposure begins: the eardrums at once
    state, asked, _ = nish_checks(state, [5, 10])
    assert [a[0] for a in asked] == ["WP", "NAR"]


def test_breach_failure_sucks_him_out() -> None:
    state = v.start_from_breach(4, depressurization_rounds=6, handhold=False)
    state, step = v.apply(v.nish(state), 19)
    assert step.has(EffectKind.SUCKED_OUT) and state.phase is v.Phase.EXPOSED
    assert v.due(state) is not None and v.due(state).key == "eardrum"  # type: ignore[union-attr]


def test_sealed_breach_ends_without_effects() -> None:
    state = v.start_from_breach(1, depressurization_rounds=3, handhold=True)
    _ended, step = v.end(state)
    assert not step.has(EffectKind.REVIVE_DIF)


def test_depressurization_roll_is_1_to_6() -> None:
    rng = random.Random(7)
    rolls = {v.roll_depressurization(rng) for _ in range(200)}
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_table_28_rows() -> None:
    assert [(r.ability, r.difficulty) for r in v.TABLE_28] == [
        ("WP", "5 x rounds"), ("FR", "10"), ("AR", "10")
    ]


def test_bad_breach_inputs() -> None:
    with pytest.raises(RulesError, match="critical damage"):
        v.start_from_breach(0, depressurization_rounds=2, handhold=True)
    with pytest.raises(RulesError, match="depressurization"):
        v.start_from_breach(1, depressurization_rounds=0, handhold=True)
    state = v.nish(v.start())
    with pytest.raises(RulesError, match="still owed"):
        v.nish(state)


def test_gasping_mid_exposure_passes_out() -> None:
    state, _, _ = nish_checks(v.start(ears_exposed=False), [5, 10])
    state, step = v.breathe_in(state)
    assert step.has(EffectKind.UNCONSCIOUS)
    state, asked, _ = nish_checks(state, [5, 10])
    assert asked == [("Vit", 5, "vit"), ("NAR", 10, "armor")]
    with pytest.raises(RulesError, match="gasp"):
        v.breathe_in(v.start_from_breach(1, depressurization_rounds=2, handhold=True))
