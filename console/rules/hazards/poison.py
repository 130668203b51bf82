"""Poison (Rule Book: Hazards, Poison): FR vs the poison's Dif; failure, it takes effect.

The poisons themselves (Dif and effect) are in the Equipment Manual, not here.
"""

from __future__ import annotations

from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardStep,
    check_difficulty,
    judge_check,
)

__all__ = ["check", "resolve"]


def check(difficulty: int, poison: str = "poison") -> DueCheck:
    """FR vs the poison's Dif."""
    return DueCheck("FR", check_difficulty(difficulty, "poison Dif"),
                    f"{poison}: failure = it takes effect", key="poison")


def resolve(due_check: DueCheck, result: int) -> HazardStep:
    """The player's result; a failure means the poison takes effect."""
    outcome = judge_check(due_check, result)
    if outcome.success:
        return HazardStep("resists the poison", (), due_check, outcome)
    return HazardStep("the poison takes effect", (Effect(EffectKind.TAKES_EFFECT),),
                      due_check, outcome)
