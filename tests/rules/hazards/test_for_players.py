"""Each lasting hazard's line for the players' view: its name and how long it has run,
never a difficulty (issue 16)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from console.rules.hazards import (
    MODULE_NAMES,
    falling,
    fatigue,
    module_for,
    panic,
    sleep_deprivation,
    starvation,
    suffocation,
    temperature,
    vacuum,
)
from console.rules.hazards.common import HazardState, rounds_so_far


def test_rounds_so_far() -> None:
    assert [rounds_so_far(n) for n in (0, 1, 3)] == ["just begun", "1 round", "3 rounds"]


CASES: list[tuple[HazardState, str]] = [
    (replace(suffocation.start("water", prepared=False), rounds=2), "drowning: 2 rounds"),
    (suffocation.start("no air", prepared=False), "out of air: just begun"),
    (replace(vacuum.start(), breathing=replace(vacuum.start().breathing, rounds=1)),
     "in vacuum: 1 round"),
    (vacuum.start_from_breach(2, depressurization_rounds=3, handhold=True),
     "hull breach: just begun"),
    (falling.start(30, intentional=False, height_feet=6), "falling 30 ft"),
    (fatigue.start("physical", 8, 3), "physical fatigue: 3 check(s) to go"),
    (replace(panic.start(2)[0], rounds=1), f"{panic.start(2)[0].info.name}: 1 round"),
    (replace(sleep_deprivation.start("10L"), days=4), "no sleep: day 4"),
    (replace(starvation.start("water", "10L"), days=2), "without water: day 2"),
    (temperature.start("freezing", -40, "10L"), "freezing, -40 F: just begun"),
]


@pytest.mark.parametrize(("state", "line"), CASES, ids=[line for _, line in CASES])
def test_each_hazard_says_what_and_how_long(state: HazardState, line: str) -> None:
    assert module_for(state).for_players(state) == line
    assert "Dif" not in line and " vs " not in line


def test_every_lasting_hazard_is_covered() -> None:
    assert {state.HAZARD for state, _ in CASES} == set(MODULE_NAMES)
