"""Sleep deprivation (Rule Book: Hazards, Sleep Deprivation).

An active character can force himself awake for WP *level* days (Bantam: none). After that,
once a day, WP vs the total days awake or he falls unconscious (asleep), which ends it.
"""

from __future__ import annotations

from dataclasses import replace

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    check_count,
    judge_check,
    to_rating,
)
from console.rules.ratings import Rating

__all__ = [
    "SleepState",
    "apply",
    "day",
    "due",
    "end",
    "for_players",
    "start",
    "status",
]


@record
class SleepState(HazardState):
    HAZARD = "sleep deprivation"

    free_days: int
    days: int = 0
    pending: bool = False
    ended: bool = False

    def __post_init__(self) -> None:
        check_count(self.free_days, "free days")
        check_count(self.days, "days")
        if self.pending and (self.ended or self.days <= self.free_days):
            raise RulesError("no WP check is owed within the free days or after the end")


def start(wp: Rating | str) -> SleepState:
    """Awake from now; WP level days before any check."""
    return SleepState(to_rating(wp, "WP").level or 0)


def day(state: SleepState) -> SleepState:
    """Another day without sleep."""
    if state.ended:
        raise RulesError("the victim has slept; this is over")
    if state.pending:
        raise RulesError("today's WP check is still owed; apply it first")
    days = state.days + 1
    return replace(state, days=days, pending=days > state.free_days)


def due(state: SleepState) -> DueCheck | None:
    """Today's WP check, or None within the free days."""
    if not state.pending:
        return None
    return DueCheck("WP", state.days, f"day {state.days} awake: failure = falls asleep",
                    key="sleep")


def apply(state: SleepState, result: int) -> tuple[SleepState, HazardStep]:
    """Apply the player's result; a failure means he falls asleep."""
    check = due(state)
    if check is None:
        raise RulesError(f"no check is owed now ({status(state)})")
    outcome = judge_check(check, result)
    if outcome.success:
        return replace(state, pending=False), HazardStep("stays awake", (), check, outcome)
    return replace(state, pending=False, ended=True), HazardStep(
        "falls unconscious", (Effect(EffectKind.UNCONSCIOUS, note="asleep"),), check, outcome)


def end(state: SleepState) -> tuple[SleepState, HazardStep]:
    """He gets his sleep."""
    if state.ended:
        raise RulesError("this is already over")
    return replace(state, pending=False, ended=True), HazardStep(
        f"sleeps after {state.days} days", (Effect(EffectKind.ENDED, state.days),))


def status(state: SleepState) -> str:
    """One line for the UI: days awake and what comes next."""
    if state.ended:
        return f"over after {state.days} days"
    if state.days < state.free_days:
        return f"day {state.days} awake: {state.free_days - state.days} day(s) before checks"
    return f"day {state.days} awake: WP vs total days, daily"


def for_players(state: SleepState) -> str:
    """What the table may see: days without sleep."""
    return f"no sleep: over after {state.days} days" if state.ended else (
        f"no sleep: day {state.days}")
