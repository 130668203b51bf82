"""Properties over every state machine: any sequence of GM inputs either works or raises
RulesError, and every state reached survives to_dict -> JSON -> from_dict / load_state."""

import importlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.hazards import (
    falling,
    fatigue,
    load_state,
    panic,
    sleep_deprivation,
    starvation,
    suffocation,
    temperature,
    vacuum,
)
from console.rules.hazards.common import HazardState

RATINGS = st.sampled_from(["6L", "8L", "10L", "6M", "10H", "6LV", "8LB", "10HB", "7L", ""])
RESULTS = st.one_of(st.integers(-3, 120), st.just(True), st.just("5"), st.none())


def _starts() -> dict[str, st.SearchStrategy[Callable[[], Any]]]:
    return {
        "suffocation": st.builds(
            lambda m, p, w, b: lambda: suffocation.start(m, prepared=p, wp=w, breathes=b),
            st.sampled_from(["water", "no air", "lava"]), st.booleans(),
            st.one_of(st.none(), RATINGS), st.booleans(),
        ),
        "vacuum": st.one_of(
            st.builds(lambda e, t: lambda: vacuum.start(ears_exposed=e, tries_to_breathe=t),
                      st.booleans(), st.booleans()),
            st.builds(
                lambda cd, n, h, e, t: lambda: vacuum.start_from_breach(
                    cd, depressurization_rounds=n, handhold=h, ears_exposed=e,
                    tries_to_breathe=t),
                st.integers(-1, 12), st.integers(-1, 7), st.booleans(), st.booleans(),
                st.booleans(),
            ),
        ),
        "falling": st.builds(
            lambda f, i, h, g, a: lambda: falling.start(
                f, intentional=i, height_feet=h, grab_dif=g, grab_at_feet=a),
            st.integers(-2, 300), st.booleans(),
            st.sampled_from([6, 5.5, 0, -1, 7]), st.one_of(st.none(), st.integers(-1, 40)),
            st.one_of(st.none(), st.integers(-1, 300)),
        ),
        "temperature": st.builds(
            lambda k, t, fr, act, clo: lambda: temperature.start(
                k, t, fr, activity=act, clothing=clo),
            st.sampled_from(["freezing", "heat", "wet"]), st.integers(-260, 320), RATINGS,
            st.sampled_from([None, "sleeping", "fighting", "dancing"]),
            st.sampled_from([None, "none", "good", "environmental"]),
        ),
        "fatigue": st.builds(
            lambda k, d, n: lambda: fatigue.start(k, d, n),
            st.sampled_from(["physical", "mental", "x"]), st.integers(-1, 40),
            st.integers(-1, 5),
        ),
        "panic": st.builds(lambda e: lambda: panic.start(e)[0], st.integers(0, 7)),
        "sleep": st.builds(lambda w: lambda: sleep_deprivation.start(w), RATINGS),
        "starvation": st.builds(
            lambda n, fr: lambda: starvation.start(n, fr),
            st.sampled_from(["food", "water", "air"]), RATINGS,
        ),
    }


MODULES = {
    "suffocation": suffocation, "vacuum": vacuum, "falling": falling,
    "temperature": temperature, "fatigue": fatigue, "panic": panic,
    "sleep": sleep_deprivation, "starvation": starvation,
}

TICKS = ["nish", "day", "hour"]
ACTIONS = st.lists(
    st.one_of(
        # Mostly ticks and plausible results, so long runs reach the deep phases.
        st.tuples(st.sampled_from(TICKS), st.none()),
        st.tuples(st.just("apply"), st.integers(0, 40)),
        st.tuples(st.sampled_from(TICKS), st.none()),
        st.tuples(st.just("apply"), st.integers(0, 40)),
        st.tuples(st.just("apply"), RESULTS),
        st.tuples(st.sampled_from(["end", "inhale", "shake", "due"]), st.none()),
        st.tuples(st.just("minutes"), st.integers(-1, 40)),
        st.tuples(st.just("temperature"), st.integers(-260, 320)),
    ),
    max_size=40,
)


def act(module: Any, state: Any, action: str, arg: Any) -> Any:
    """Do one GM action; a new state, or the same state when the action has no new one."""
    if action == "apply":
        return module.apply(state, arg)[0]
    if action == "due":
        check = module.due(state)
        if check is not None:
            assert check.difficulty >= 1 and check.ability
        return state
    if action == "minutes" and module is temperature:
        return temperature.pass_minutes(state, arg)
    if action == "temperature" and module is temperature:
        return temperature.change_temperature(state, arg)
    if action == "inhale" and module is suffocation:
        return suffocation.inhale(state)[0]
    if action == "shake" and module is panic:
        return panic.shake_awake(state)[0]
    if action in ("nish", "day", "hour", "end") and hasattr(module, action):
        result = getattr(module, action)(state)
        return result[0] if isinstance(result, tuple) else result
    return state


def assert_round_trip(state: HazardState) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    assert type(state).from_dict(data) == state
    assert load_state(data) == state


@pytest.mark.parametrize("name", sorted(MODULES))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_input_works_or_raises_rules_error_and_states_round_trip(
    name: str, data: st.DataObject
) -> None:
    module = MODULES[name]
    try:
        state = data.draw(_starts()[name])()
    except RulesError as error:
        assert str(error)
        return
    assert_round_trip(state)
    for action, arg in data.draw(ACTIONS):
        try:
            state = act(module, state, action, arg)
        except RulesError as error:
            assert str(error)  # a message for the GM
            continue
        assert_round_trip(state)
        module.status(state)


@given(
    st.dictionaries(st.sampled_from(["hazard", "medium", "phase", "rounds", "pending", "x"]),
                    st.one_of(st.none(), st.integers(), st.text(max_size=5), st.booleans(),
                              st.lists(st.integers(), max_size=2))),
)
@settings(max_examples=200, deadline=None)
def test_damaged_saves_raise_rules_error(data: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        load_state(data)


@given(field=st.sampled_from(["rounds", "wp_rounds", "phase", "medium", "pending"]),
       value=st.one_of(st.none(), st.integers(-5, -1), st.text(max_size=3), st.floats()))
@settings(max_examples=100, deadline=None)
def test_a_damaged_field_in_a_real_save_is_refused(field: str, value: Any) -> None:
    data = suffocation.start("water", prepared=True, wp="8L").to_dict()
    data[field] = value
    with pytest.raises(RulesError):
        load_state(data)


def test_nested_save_is_checked_too() -> None:
    data = vacuum.nish(vacuum.start()).to_dict()
    data["breathing"]["pending"] = False  # disagrees with the owed breath check
    with pytest.raises(RulesError, match="disagree"):
        load_state(data)
    assert load_state(vacuum.nish(vacuum.start()).to_dict()) == vacuum.nish(vacuum.start())


def test_load_state_rejects_unknown_tags() -> None:
    with pytest.raises(RulesError, match="not a saved hazard"):
        load_state({"hazard": "lava"})
    with pytest.raises(RulesError, match="not a saved hazard"):
        load_state([1, 2])


VALID_STARTS: dict[str, Callable[[], Any]] = {
    "suffocation water": lambda: suffocation.start("water", prepared=True, wp="8L"),
    "suffocation no air": lambda: suffocation.start("no air", prepared=False),
    "vacuum": lambda: vacuum.start(),
    "vacuum breach": lambda: vacuum.start_from_breach(
        2, depressurization_rounds=3, handhold=False),
    "falling": lambda: falling.start(40, intentional=False, height_feet=6, grab_dif=10,
                                     grab_at_feet=20),
    "freezing": lambda: temperature.start("freezing", -100, "6L", clothing="light"),
    "heat minutes": lambda: temperature.start("heat", 130, "6L"),
    "fatigue": lambda: fatigue.start("physical", 15, 4),
    "panic": lambda: panic.start(3)[0],
    "sleep": lambda: sleep_deprivation.start("8L"),
    "starvation": lambda: starvation.start("water", "6L"),
}

_TICK_OF = {
    suffocation.SuffocationState: suffocation.nish, vacuum.VacuumState: vacuum.nish,
    temperature.TemperatureState: temperature.nish, panic.PanicState: panic.nish,
    sleep_deprivation.SleepState: sleep_deprivation.day,
}


def _tick(state: Any) -> Any:
    if isinstance(state, starvation.StarvationState):
        if state.phase is starvation.Phase.UNCONSCIOUS:
            return starvation.hour(state)
        return starvation.day(state)
    tick = _TICK_OF.get(type(state))
    if tick is None:
        raise RulesError("no clock")
    return tick(state)


@pytest.mark.parametrize("name", sorted(VALID_STARTS))
@settings(max_examples=40, deadline=None)
@given(results=st.lists(st.integers(0, 40), max_size=40))
def test_driven_to_the_end_every_state_round_trips(name: str, results: list[int]) -> None:
    """The tracker's loop: roll what is due, else let the clock run; every state saves."""
    state = VALID_STARTS[name]()
    module = MODULES.get(name.split()[0]) or (
        temperature if name in ("freezing", "heat minutes") else None)
    assert module is not None
    for result in results:
        assert_round_trip(state)
        if module.due(state) is not None:
            state, step = module.apply(state, result)
            assert step.outcome is not None and step.outcome.result == result
            continue
        try:
            state = _tick(state)
        except RulesError:
            break  # over: dead, ended, asleep, or no clock (falling, fatigue)
    assert_round_trip(state)


@settings(max_examples=150, deadline=None)
@given(prepared=st.booleans(), medium=st.sampled_from(["water", "no air"]),
       results=st.lists(st.integers(0, 60), max_size=30))
def test_suffocation_difs_climb_by_5_and_death_is_final(
    prepared: bool, medium: str, results: list[int]
) -> None:
    state = suffocation.start(medium, prepared=prepared, wp="10L")
    asked: list[tuple[str, int]] = []
    for result in results:
        state = suffocation.nish(state)
        check = suffocation.due(state)
        if check is not None:
            asked.append((check.ability, check.difficulty))
            state, _ = suffocation.apply(state, result)
    wp = [dif for ability, dif in asked if ability == "WP"]
    vit = [dif for ability, dif in asked if ability == "Vit"]
    assert wp == [5 * n for n in range(1, len(wp) + 1)]
    assert vit == [5 * n for n in range(1, len(vit) + 1)]
    if medium == "water":
        assert not vit
    assert state.rounds == len(results)
    if prepared and results:
        assert not asked or len(results) > 3  # 10L holds 3 rounds first
    if state.phase is suffocation.Phase.DEAD:
        assert suffocation.due(suffocation.nish(state)) is None


def test_module_for_covers_every_saved_hazard() -> None:
    from console.rules.hazards import MODULE_NAMES, module_for
    from console.rules.hazards.common import _REGISTRY

    # Each module, imported, registers the tag the package names it by (the package
    # imports it at the first hazard of its kind).
    for tag, name in MODULE_NAMES.items():
        module = importlib.import_module(f"console.rules.hazards.{name}")
        assert tag in {cls.HAZARD for cls in _REGISTRY.values()
                       if cls.__module__ == module.__name__}, tag
    assert set(MODULE_NAMES) == set(_REGISTRY)
    for name, start in VALID_STARTS.items():
        state = start()
        module = module_for(state)
        assert module.due(load_state(state.to_dict())) == module.due(state), name
    with pytest.raises(RulesError, match="not a hazard state"):
        module_for(object())  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="not a saved hazard: 'panic'; known: "):
        load_state("panic")  # a tag alone is no saved hazard
