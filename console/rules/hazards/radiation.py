"""Radiation (Rule Book: Hazards, Radiation).

Armor protects as usual. If any radiation wounds get through, FR vs those wounds; a failure
adds a side effect (d6 or the GM's pick), each with its own follow-up check here.
"""

from __future__ import annotations

import random

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardStep,
    check_count,
    check_difficulty,
    judge_check,
)

__all__ = [
    "BLINDNESS_DIF",
    "BURNS_DAMAGE",
    "HAIR_ALL_BELOW",
    "IMMUNE_FAILURE_STEPS",
    "NAUSEA_DIF",
    "NAUSEA_EVERY_MINUTES",
    "SIDE_EFFECTS",
    "SideEffect",
    "blindness_check",
    "burns_check",
    "cancer_check",
    "check",
    "hair_loss_check",
    "nausea_check",
    "resolve",
    "roll_side_effect",
    "side_effect",
]

BURNS_DAMAGE = 20
BLINDNESS_DIF = 15
HAIR_ALL_BELOW = 10
NAUSEA_DIF = 20
NAUSEA_EVERY_MINUTES = 15
IMMUNE_FAILURE_STEPS = -3  # -1c on checks against disease and poison, permanent


@record
class SideEffect:
    number: int
    name: str
    effect: str


SIDE_EFFECTS: tuple[SideEffect, ...] = (
    SideEffect(1, "Cancer", "before each mission FR vs missions so far, or die"),
    SideEffect(2, "Burns", "20 more damage, reduced by an FR roll instead of armor"),
    SideEffect(3, "Blindness", "FR(15) or blind; daily retries, Dif doubling each failure"),
    SideEffect(4, "Immune failure", "permanent -1c on checks against disease and poison"),
    SideEffect(5, "Hair loss", "open-ended FR: under 10 loses it all"),
    SideEffect(6, "Nausea", "until FR(20) succeeds, rolled every 15 minutes"),
)


def check(wounds: int) -> DueCheck | None:
    """After radiation wounds: FR vs the wounds; None when none got through."""
    if check_count(wounds, "radiation wounds") == 0:
        return None
    return DueCheck("FR", wounds, "radiation: failure = a side effect", key="radiation")


def resolve(due_check: DueCheck, result: int) -> HazardStep:
    """The player's result; a failure asks for a side effect (1-6)."""
    outcome = judge_check(due_check, result)
    if outcome.success:
        return HazardStep("no side effect", (), due_check, outcome)
    effect = Effect(EffectKind.SIDE_EFFECT, note="radiation: roll or pick 1-6")
    return HazardStep("radiation side effect", (effect,), due_check, outcome)


def side_effect(number: int) -> SideEffect:
    """A side effect by its number, 1-6."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 6:
        raise RulesError(f"radiation side effect must be 1 to 6, not {number!r}")
    return SIDE_EFFECTS[number - 1]


def roll_side_effect(rng: random.Random) -> SideEffect:
    """A random side effect (d6) from the injected generator."""
    return side_effect(rng.randint(1, 6))


def cancer_check(missions: int) -> DueCheck:
    """Cancer: FR vs the number of missions, before each mission."""
    return DueCheck("FR", check_difficulty(missions, "missions"),
                    "cancer, before the mission: failure = death", key="cancer")


def burns_check() -> DueCheck:
    """Burns: FR instead of armor against 20 damage."""
    return DueCheck("FR", BURNS_DAMAGE,
                    f"burns: {BURNS_DAMAGE} damage, wounds = {BURNS_DAMAGE} - FR roll",
                    key="burns")


def blindness_check(failures: int = 0) -> DueCheck:
    """FR (15), then once a day again, the Dif doubling with every failure so far."""
    failures = check_count(failures, "failed blindness checks")
    return DueCheck("FR", BLINDNESS_DIF * 2 ** failures, "blindness: success = sight",
                    key="blindness")


def hair_loss_check() -> DueCheck:
    """Hair loss: an open-ended FR roll; under 10 loses it all."""
    return DueCheck("FR", HAIR_ALL_BELOW, "hair loss (open-ended): under 10 = all of it",
                    key="hair loss")


def nausea_check() -> DueCheck:
    """Nausea: FR (20) every 15 minutes until it succeeds."""
    return DueCheck("FR", NAUSEA_DIF, f"nausea, every {NAUSEA_EVERY_MINUTES} minutes: "
                    "success ends it", key="nausea")
