"""The PC critical-damage state machine, with the Rule Book's worked examples."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.critical_damage import (
    CheckKind,
    PcCondition,
    apply_check,
    apply_check_result,
    apply_kill_rule,
    checks_due,
    heal,
    take_damage,
)
from console.rules.errors import RulesError


def due(state: PcCondition) -> list[tuple[CheckKind, str, int]]:
    return [(c.kind, c.ability, c.difficulty) for c in state.checks_due()]


def test_tony_wp_vs_20_at_4_cd_and_his_24_keeps_him_awake() -> None:
    tony = take_damage(PcCondition(10, 20), 14)
    assert tony.critical_damage == 4
    assert (CheckKind.UNCONSCIOUSNESS, "WP", 20) in due(tony)
    assert not apply_check_result(tony, CheckKind.UNCONSCIOUSNESS, 24).unconscious
    assert apply_check_result(tony, CheckKind.UNCONSCIOUSNESS, 19).unconscious


def test_jeff_healing_vs_40_fails_then_128_vs_45_stops_the_drain() -> None:
    jeff = PcCondition(28, 20)
    assert (CheckKind.VITALITY_DRAIN, "Healing", 40) in due(jeff)
    jeff = apply_check_result(jeff, CheckKind.VITALITY_DRAIN, 10)
    assert jeff.critical_damage == 9
    assert (CheckKind.VITALITY_DRAIN, "Healing", 45) in due(jeff)
    jeff = apply_check_result(jeff, CheckKind.VITALITY_DRAIN, 128)
    assert jeff.critical_damage == 9 and jeff.drain_stopped
    assert CheckKind.VITALITY_DRAIN not in [k for k, _, _ in due(jeff)]
    # New damage starts the drain again.
    assert CheckKind.VITALITY_DRAIN in [k for k, _, _ in due(take_damage(jeff, 1))]


def test_ikk_vit_vs_12_first_and_a_failure_is_death() -> None:
    ikk = PcCondition(28, 16)
    assert due(ikk)[0] == (CheckKind.DEATH, "Vit", 12)
    assert not apply_check_result(ikk, CheckKind.DEATH, 16).dead
    gone = apply_check_result(ikk, CheckKind.DEATH, 11)
    assert gone.dead and gone.checks_due() == []


def test_zero_cd_wp_5_once_and_failure_passes_out() -> None:
    pc = PcCondition(16, 16)
    assert due(pc) == [(CheckKind.PASS_OUT, "WP", 5)]
    out = apply_check(pc, CheckKind.PASS_OUT, False)
    assert out.unconscious and out.pass_out_check_done and due(out) == []
    awake = apply_check(pc, CheckKind.PASS_OUT, True)
    assert not awake.unconscious and due(awake) == []
    with pytest.raises(RulesError, match="no pass out check is due"):
        apply_check(awake, CheckKind.PASS_OUT, True)


def test_an_unconscious_pc_wakes_on_a_success() -> None:
    pc = apply_check(PcCondition(22, 20), CheckKind.UNCONSCIOUSNESS, False)
    assert pc.unconscious
    assert pc.checks_due()[0].on_failure == "stays unconscious"
    assert not apply_check(pc, CheckKind.UNCONSCIOUSNESS, True).unconscious


def test_healing_reduces_wounds_never_below_zero_and_stops_the_drain() -> None:
    pc = PcCondition(25, 20)
    healed = heal(pc, 2)
    assert healed.wounds == 23 and healed.drain_stopped
    assert heal(pc, 100).wounds == 0
    assert heal(pc, 0) == pc


def test_healing_below_vit_rearms_the_one_time_wp_5() -> None:
    pc = apply_check(PcCondition(16, 16), CheckKind.PASS_OUT, True)
    assert heal(pc, 1).pass_out_check_done is False
    again = take_damage(heal(pc, 1), 1)
    assert due(again) == [(CheckKind.PASS_OUT, "WP", 5)]


def test_kill_rule_puts_a_pc_at_10_cd() -> None:
    pc = apply_kill_rule(PcCondition(3, 16))
    assert pc.critical_damage == 10
    assert due(pc)[0] == (CheckKind.DEATH, "Vit", 10)
    assert apply_kill_rule(PcCondition(40, 16)).critical_damage == 24  # already worse


def test_check_for_a_dead_pc_is_refused_and_bad_state_is_refused() -> None:
    dead = PcCondition(40, 16, dead=True)
    with pytest.raises(RulesError):
        apply_check(dead, CheckKind.DEATH, True)
    with pytest.raises(RulesError, match="wounds"):
        PcCondition(-1, 16)
    with pytest.raises(RulesError, match="healing"):
        heal(PcCondition(1, 16), -2)


FLAGS = st.booleans()


@given(st.integers(0, 80), st.integers(0, 40), FLAGS, FLAGS, FLAGS)
def test_state_agrees_with_checks_due(
    wounds: int, vit: int, done: bool, stopped: bool, out: bool
) -> None:
    state = PcCondition(wounds, vit, done, stopped, out)
    assert state.checks_due() == checks_due(
        wounds, vit, pass_out_check_done=done, drain_stopped=stopped, unconscious=out
    )


@given(
    st.integers(0, 60), st.integers(1, 30),
    st.lists(st.tuples(st.sampled_from(["damage", "heal", "check"]), st.integers(0, 15),
                       st.booleans()), max_size=25),
)
def test_random_sessions_keep_the_state_sane(wounds: int, vit: int, steps: list) -> None:
    state = PcCondition(wounds, vit)
    for action, amount, success in steps:
        if action == "damage":
            state = take_damage(state, amount)
        elif action == "heal":
            state = heal(state, amount)
        elif state.checks_due():
            state = apply_check(state, state.checks_due()[0].kind, success)
        assert state.wounds >= 0
        if state.dead:
            assert state.checks_due() == []
        for check in state.checks_due():
            assert check.difficulty >= 1
