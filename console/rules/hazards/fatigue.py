"""Fatigue (Rule Book: Hazards, Fatigue).

Physical fatigue is checked against FR, mental against WP (or a specific ability the GM
names, e.g. For for a tired arm). The structured form: the GM sets a Dif and a number of
checks ("three WP (10) checks"); each failure lowers the affected abilities by -1d.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    check_count,
    check_difficulty,
    format_steps,
    judge_check,
)

__all__ = [
    "FatigueState",
    "Kind",
    "apply",
    "due",
    "for_players",
    "start",
    "status",
]


class Kind(StrEnum):
    PHYSICAL = "physical"
    MENTAL = "mental"


_DEFAULT_ABILITY = {Kind.PHYSICAL: "FR", Kind.MENTAL: "WP"}


@record
class FatigueState(HazardState):
    HAZARD = "fatigue"

    kind: Kind
    ability: str
    difficulty: int
    checks_left: int
    failures: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Kind(self.kind))
        if not self.ability.strip():
            raise RulesError("the ability to check must be named")
        check_difficulty(self.difficulty)
        check_count(self.checks_left, "checks left")
        check_count(self.failures, "failures")

    @property
    def penalty(self) -> str:
        """The total penalty to the affected abilities so far, e.g. ``-2d``."""
        return format_steps(-self.failures)


def start(
    kind: Kind | str, difficulty: int, checks: int, *, ability: str | None = None
) -> FatigueState:
    """The GM's structured fatigue: ``checks`` rolls vs ``difficulty``."""
    try:
        kind = Kind(kind)
    except ValueError:
        raise RulesError(f"fatigue is 'physical' or 'mental', not {kind!r}") from None
    check_count(checks, "number of checks", 1)
    return FatigueState(kind, ability or _DEFAULT_ABILITY[kind], difficulty, checks)


def due(state: FatigueState) -> DueCheck | None:
    """The next fatigue check, or None when all have been rolled."""
    if not state.checks_left:
        return None
    return DueCheck(state.ability, state.difficulty,
                    f"{state.kind} fatigue: failure = -1d", key="fatigue")


def apply(state: FatigueState, result: int) -> tuple[FatigueState, HazardStep]:
    """Apply the player's result; a failure adds -1d."""
    check = due(state)
    if check is None:
        raise RulesError("all the fatigue checks have been rolled")
    outcome = judge_check(check, result)
    new = replace(state, checks_left=state.checks_left - 1,
                  failures=state.failures + (0 if outcome.success else 1))
    if outcome.success:
        return new, HazardStep("shakes it off", (), check, outcome)
    effect = Effect(EffectKind.PENALTY, -1, f"fatigue; total {new.penalty}")
    return new, HazardStep(f"tires: total {new.penalty}", (effect,), check, outcome)


def status(state: FatigueState) -> str:
    """One line for the UI: checks left and the penalty so far."""
    total = state.penalty or "no penalty"
    return f"{state.kind} fatigue: {state.checks_left} check(s) left, {total}"


def for_players(state: FatigueState) -> str:
    """What the table may see: the fatigue and the checks still to come."""
    return f"{state.kind} fatigue: {state.checks_left} check(s) to go"
