"""Brain damage (Rule Book: Hazards, Brain Damage).

A WP check vs a GM-set Dif; a failure means brain damage, whose result the player rolls
(d6) or the GM picks by how badly the check failed. Revived suffocation victims roll FR vs
the rounds elapsed instead (see :mod:`suffocation`). A GM who rules an effect temporary may
let the player roll WP at the start of each session, 50+ recovering; or let him buy it off
on reaching his next rank for 10-20 AP.
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
    check_difficulty,
    judge_check,
)

__all__ = [
    "BUY_OFF_AP",
    "RECOVERY_DIF",
    "RESULTS",
    "BrainDamageResult",
    "check",
    "recovery_check",
    "resolve",
    "result",
    "revival_check",
    "roll_result",
]

RECOVERY_DIF = 50
BUY_OFF_AP = (10, 20)


@record
class BrainDamageResult:
    number: int
    name: str
    effect: str
    ability: str = ""  # the ability permanently lowered, if any
    steps: int = 0  # how far (staircase steps)


# Least to most severe, as the book orders them. Entry 6 is printed "Fearful" a second
# time, but describes losing a supernatural power; it is named for what it does.
RESULTS: tuple[BrainDamageResult, ...] = (
    BrainDamageResult(1, "Insanity", "each hour WP(15) or act as if panicked"),
    BrainDamageResult(2, "Phobia", "an irrational fear of something common, tied to the cause"),
    BrainDamageResult(3, "Dulled intellect", "permanent -1c to Int", "Int", -3),
    BrainDamageResult(4, "Broken mind", "permanent -1c to WP", "WP", -3),
    BrainDamageResult(5, "Fearful", "whenever a shock roll fails, becomes fearful (see fear)"),
    BrainDamageResult(6, "Lost power", "a supernatural power can no longer be used"),
)


def check(difficulty: int) -> DueCheck:
    """The brain damage check: WP vs the GM's Dif."""
    dif = check_difficulty(difficulty)
    return DueCheck("WP", dif, "failure = brain damage", key="brain damage")


def revival_check(rounds: int) -> DueCheck:
    """After reviving a suffocation victim: FR vs the rounds he went without air."""
    dif = check_difficulty(rounds, "rounds without air")
    return DueCheck("FR", dif, "revived: failure = brain damage", key="brain damage")


def recovery_check() -> DueCheck:
    """A temporary effect's WP (50) check at the start of a session."""
    return DueCheck("WP", RECOVERY_DIF, "session start: success ends a temporary effect",
                    key="recovery")


def result(number: int) -> BrainDamageResult:
    """A brain damage result by its number, 1-6."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 6:
        raise RulesError(f"brain damage result must be 1 to 6, not {number!r}")
    return RESULTS[number - 1]


def roll_result(rng: random.Random) -> BrainDamageResult:
    """A random result (d6) from the injected generator."""
    return result(rng.randint(1, 6))


def resolve(due_check: DueCheck, roll: int) -> HazardStep:
    """The player's result on a brain damage check; failure asks for a result (1-6)."""
    outcome = judge_check(due_check, roll)
    if outcome.success:
        return HazardStep("no brain damage", (), due_check, outcome)
    effect = Effect(EffectKind.SIDE_EFFECT, note="brain damage: roll or pick 1-6")
    return HazardStep(f"brain damage (failed by {outcome.amount})", (effect,), due_check, outcome)
