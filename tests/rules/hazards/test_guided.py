"""The guided hazards: brain damage, fatigue, fear, materialization, panic, poison,
radiation, sleep deprivation, starvation/thirst, and Table 21."""

import random

import pytest

from console.rules.errors import RulesError
from console.rules.hazards import (
    brain_damage,
    fatigue,
    fear,
    materialization,
    panic,
    poison,
    radiation,
    sleep_deprivation,
    starvation,
    tables,
)
from console.rules.hazards.common import EffectKind, format_steps

# ----- brain damage ----------------------------------------------------------------------

def test_brain_damage_wp_vs_gm_dif_and_revival_fr_vs_rounds() -> None:
    check = brain_damage.check(20)
    assert (check.ability, check.difficulty) == ("WP", 20)
    assert brain_damage.resolve(check, 19).has(EffectKind.SIDE_EFFECT)
    assert not brain_damage.resolve(check, 20).effects
    revival = brain_damage.revival_check(8)
    assert (revival.ability, revival.difficulty) == ("FR", 8)
    assert brain_damage.recovery_check().difficulty == 50


def test_brain_damage_results_table() -> None:
    assert [r.number for r in brain_damage.RESULTS] == [1, 2, 3, 4, 5, 6]
    assert (brain_damage.result(3).ability, brain_damage.result(3).steps) == ("Int", -3)
    assert (brain_damage.result(4).ability, brain_damage.result(4).steps) == ("WP", -3)
    assert brain_damage.result(6).name == "Lost power"
    rng = random.Random(1)
    assert {brain_damage.roll_result(rng).number for _ in range(100)} == set(range(1, 7))
    for bad in (0, 7, True, "3"):
        with pytest.raises(RulesError, match="1 to 6"):
            brain_damage.result(bad)  # type: ignore[arg-type]


# ----- fatigue ---------------------------------------------------------------------------

def test_three_wp_10_checks_each_failure_minus_1d() -> None:
    state = fatigue.start("mental", 10, 3)
    results = [9, 10, 2]
    for result in results:
        check = fatigue.due(state)
        assert check is not None and (check.ability, check.difficulty) == ("WP", 10)
        state, _ = fatigue.apply(state, result)
    assert fatigue.due(state) is None and state.failures == 2 and state.penalty == "-2d"
    with pytest.raises(RulesError, match="all the fatigue"):
        fatigue.apply(state, 10)


def test_physical_fatigue_is_fr_or_a_named_ability() -> None:
    assert fatigue.due(fatigue.start("physical", 15, 1)).ability == "FR"  # type: ignore[union-attr]
    assert fatigue.due(fatigue.start("physical", 15, 1, ability="For")).ability == "For"  # type: ignore[union-attr]
    with pytest.raises(RulesError):
        fatigue.start("emotional", 10, 1)
    with pytest.raises(RulesError):
        fatigue.start("mental", 0, 1)


# ----- fear ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("shock", "severity"),
    [(0, "terror"), (5, "terror"), (6, "fearful"), (10, "fearful"), (11, "scared"),
     (500, "scared")],
)
def test_table_22(shock: int, severity: str) -> None:
    assert fear.severity_from_shock(shock) == severity


def test_fear_escalation_wp_10_20_30() -> None:
    assert [fear.escalation_check(s).difficulty for s in fear.Severity] == [10, 20, 30]
    assert fear.escalate("scared", 9)[0] is fear.Severity.FEARFUL
    assert fear.escalate("scared", 10)[0] is fear.Severity.SCARED
    assert fear.escalate("fearful", 19)[0] is fear.Severity.TERROR
    new, step = fear.escalate("terror", 29)
    assert new is fear.Severity.TERROR and "kill" in step.text
    assert fear.later_severity("terror") is fear.Severity.FEARFUL
    assert fear.later_severity("fearful") is fear.Severity.SCARED
    assert fear.later_severity("scared") is None
    with pytest.raises(RulesError):
        fear.escalation_check("anxious")


# ----- materialization -------------------------------------------------------------------

@pytest.mark.parametrize(
    ("percent", "damage"), [(25, 10), (50, 20), (75, 30), (100, 40), (1, 10), (30, 20)]
)
def test_table_27(percent: int, damage: int) -> None:
    assert materialization.damage(percent) == damage


def test_materialization_nar_only_and_suffocation_flag() -> None:
    hit = materialization.materialize(50, head_or_chest=True)
    assert hit.suffocates and materialization.armor_check(hit).ability == "NAR"
    assert materialization.wounds(hit, 8) == 12 and materialization.wounds(hit, 30) == 0
    for bad in (0, 101, -5):
        with pytest.raises(RulesError, match="percent"):
            materialization.damage(bad)


# ----- panic -----------------------------------------------------------------------------

def test_panic_check_and_wp_15_once_a_round_to_end() -> None:
    assert panic.resolve(panic.check(15), 3).has(EffectKind.SIDE_EFFECT)
    state, _ = panic.start(5)  # bolt
    state = panic.nish(state)
    assert panic.due(state).difficulty == 15  # type: ignore[union-attr]
    state, step = panic.apply(state, 14)
    assert not state.ended and panic.due(state) is None
    with pytest.raises(RulesError, match="no check"):
        panic.apply(state, 20)
    state, step = panic.apply(panic.nish(state), 15)
    assert state.ended and step.has(EffectKind.RECOVERED)


def test_panic_fearful_goes_to_fear_and_faint_can_be_shaken() -> None:
    state, step = panic.start(1)
    assert state.ended and step.has(EffectKind.SEVERITY)
    fainted, step = panic.start(4)
    assert step.has(EffectKind.UNCONSCIOUS)  # a faint puts him out
    woken, step = panic.shake_awake(fainted)
    assert woken.ended and step.has(EffectKind.WAKES)
    state, step = panic.apply(panic.nish(fainted), 15)
    assert state.ended and step.has(EffectKind.WAKES)
    bolt, step = panic.start(5)
    assert not step.has(EffectKind.UNCONSCIOUS)
    assert not panic.apply(panic.nish(bolt), 15)[1].has(EffectKind.WAKES)
    with pytest.raises(RulesError, match="fainted"):
        panic.shake_awake(panic.start(2)[0])
    with pytest.raises(RulesError, match="1 to 6"):
        panic.start(7)
    assert 1 <= panic.roll_effect(random.Random(3)) <= 6


# ----- poison, radiation -----------------------------------------------------------------

def test_poison_fr_vs_its_dif() -> None:
    check = poison.check(25, "tetrodotoxin")
    assert (check.ability, check.difficulty) == ("FR", 25)
    assert poison.resolve(check, 24).has(EffectKind.TAKES_EFFECT)
    assert not poison.resolve(check, 25).effects


def test_radiation_fr_vs_wounds_then_side_effects() -> None:
    assert radiation.check(0) is None
    check = radiation.check(12)
    assert check is not None and (check.ability, check.difficulty) == ("FR", 12)
    assert radiation.resolve(check, 11).has(EffectKind.SIDE_EFFECT)
    assert [e.name for e in radiation.SIDE_EFFECTS][:2] == ["Cancer", "Burns"]
    assert radiation.cancer_check(4).difficulty == 4
    assert radiation.burns_check().difficulty == 20
    assert [radiation.blindness_check(n).difficulty for n in range(3)] == [15, 30, 60]
    assert radiation.hair_loss_check().difficulty == 10
    assert radiation.nausea_check().difficulty == 20
    assert radiation.roll_side_effect(random.Random(2)).number in range(1, 7)
    with pytest.raises(RulesError):
        radiation.side_effect(0)


# ----- sleep deprivation -----------------------------------------------------------------

def test_sleep_wp_level_free_days_then_wp_vs_total_days() -> None:
    state = sleep_deprivation.start("10L")  # level 3
    asked = []
    for _ in range(5):
        state = sleep_deprivation.day(state)
        check = sleep_deprivation.due(state)
        asked.append(None if check is None else check.difficulty)
        if check is not None:
            state, _ = sleep_deprivation.apply(state, 4)
    assert asked == [None, None, None, 4, 5]
    assert state.ended  # 4 vs 5 fails: asleep
    with pytest.raises(RulesError, match="slept"):
        sleep_deprivation.day(state)


# ----- starvation / thirst ---------------------------------------------------------------

def test_food_fr_value_days_water_fr_level_days() -> None:
    assert starvation.free_days("food", "8L") == 8
    assert starvation.free_days("water", "8L") == 2
    assert starvation.free_days("water", "10HB") == 0


def test_thirst_daily_then_hourly_until_death() -> None:
    state = starvation.start("water", "6L")  # 1 free day
    state = starvation.day(state)
    assert starvation.due(state) is None
    state = starvation.day(state)
    assert starvation.due(state).difficulty == 2  # type: ignore[union-attr]
    state, step = starvation.apply(state, 1)
    assert step.has(EffectKind.UNCONSCIOUS)
    with pytest.raises(RulesError, match="conscious"):
        starvation.day(state)
    difs = []
    for result in (1, 2, 2):
        state = starvation.hour(state)
        difs.append(starvation.due(state).difficulty)  # type: ignore[union-attr]
        state, step = starvation.apply(state, result)
    assert difs == [1, 2, 3] and step.has(EffectKind.DEAD)
    with pytest.raises(RulesError, match="over"):
        starvation.end(state)


def test_starvation_ends_when_fed() -> None:
    state = starvation.day(starvation.start("food", "6L"))
    ended, step = starvation.end(state)
    assert ended.phase is starvation.Phase.ENDED and step.amount_of(EffectKind.ENDED) == 1


# ----- tables ----------------------------------------------------------------------------

def test_table_21_lists_thirteen_hazards_each_with_a_module() -> None:
    import importlib

    assert len(tables.TABLE_21) == 13
    for row in tables.TABLE_21 + tables.NOT_IN_TABLE_21:
        importlib.import_module(f"console.rules.hazards.{row.module}")
    assert tables.entry(" vacuum ").module == "vacuum"
    with pytest.raises(RulesError, match="no hazard"):
        tables.entry("lava")


def test_format_steps() -> None:
    assert [format_steps(n) for n in (0, 1, -1, 3, 4, -9, 13)] == [
        "", "+1d", "-1d", "+1c", "+1c+1d", "-1t", "+1t+1c+1d"
    ]
