"""Starvation and thirst (Rule Book: Hazards, Starvation/Thirst).

Without food a character lasts FR *value* days, without water FR *level* days (Bantam: none).
After that, once a day, FR vs the total days without or he falls unconscious. Unconscious, he
rolls FR vs the hours spent unconscious once an hour (1, 2, 3 ...) or dies.
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
    judge_check,
    to_rating,
)
from console.rules.ratings import Rating

__all__ = [
    "Need",
    "Phase",
    "StarvationState",
    "apply",
    "day",
    "due",
    "end",
    "for_players",
    "free_days",
    "hour",
    "start",
    "status",
]


class Need(StrEnum):
    FOOD = "food"
    WATER = "water"


class Phase(StrEnum):
    ENDURING = "enduring"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"
    ENDED = "ended"


@record
class StarvationState(HazardState):
    HAZARD = "starvation"

    need: Need
    free_days: int
    phase: Phase = Phase.ENDURING
    days: int = 0
    hours_unconscious: int = 0
    pending: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "need", Need(self.need))
        object.__setattr__(self, "phase", Phase(self.phase))
        for name in ("free_days", "days", "hours_unconscious"):
            check_count(getattr(self, name), name)
        if self.pending and self.phase is Phase.ENDURING and self.days <= self.free_days:
            raise RulesError("no FR check is owed within the free days")
        if self.pending and self.phase is Phase.UNCONSCIOUS and not self.hours_unconscious:
            raise RulesError("an hourly check is owed but no hour was counted")
        if self.pending and self.phase in (Phase.DEAD, Phase.ENDED):
            raise RulesError(f"no check is owed once {self.phase}")


def free_days(need: Need | str, fr: Rating | str) -> int:
    """Days before checks: FR value for food, FR level for water."""
    rating = to_rating(fr, "FR")
    if _need(need) is Need.FOOD:
        return int(rating.value)
    return rating.level or 0


def _need(need: Need | str) -> Need:
    try:
        return Need(need)
    except ValueError:
        raise RulesError(f"need must be 'food' or 'water', not {need!r}") from None


def start(need: Need | str, fr: Rating | str) -> StarvationState:
    """Without food or water from now."""
    return StarvationState(_need(need), free_days(need, fr))


def day(state: StarvationState) -> StarvationState:
    """Another day without (while he is still conscious)."""
    if state.phase is not Phase.ENDURING:
        raise RulesError(f"days are counted only while conscious; the victim is {state.phase}")
    if state.pending:
        raise RulesError("today's FR check is still owed; apply it first")
    days = state.days + 1
    return replace(state, days=days, pending=days > state.free_days)


def hour(state: StarvationState) -> StarvationState:
    """Another hour unconscious."""
    if state.phase is not Phase.UNCONSCIOUS:
        raise RulesError(f"hours are counted only while unconscious; the victim is {state.phase}")
    if state.pending:
        raise RulesError("this hour's FR check is still owed; apply it first")
    return replace(state, hours_unconscious=state.hours_unconscious + 1, pending=True)


def due(state: StarvationState) -> DueCheck | None:
    """The daily (or, unconscious, hourly) FR check owed, or None."""
    if not state.pending:
        return None
    if state.phase is Phase.ENDURING:
        return DueCheck("FR", state.days,
                        f"day {state.days} without {state.need}: failure = unconscious",
                        key="daily")
    return DueCheck("FR", state.hours_unconscious,
                    f"hour {state.hours_unconscious} unconscious: failure = death", key="hourly")


def apply(state: StarvationState, result: int) -> tuple[StarvationState, HazardStep]:
    """Apply the player's result: unconscious, then dead on failures."""
    check = due(state)
    if check is None:
        raise RulesError(f"no check is owed now ({status(state)})")
    outcome = judge_check(check, result)
    if outcome.success:
        return replace(state, pending=False), HazardStep("holds on", (), check, outcome)
    if state.phase is Phase.ENDURING:
        return replace(state, pending=False, phase=Phase.UNCONSCIOUS), HazardStep(
            "falls unconscious", (Effect(EffectKind.UNCONSCIOUS),), check, outcome)
    return replace(state, pending=False, phase=Phase.DEAD), HazardStep(
        "dies", (Effect(EffectKind.DEAD, note=f"lack of {state.need}"),), check, outcome)


def end(state: StarvationState) -> tuple[StarvationState, HazardStep]:
    """He gets food or water."""
    if state.phase in (Phase.ENDED, Phase.DEAD):
        raise RulesError(f"this is already over ({state.phase})")
    return replace(state, pending=False, phase=Phase.ENDED), HazardStep(
        f"gets {state.need} after {state.days} days", (Effect(EffectKind.ENDED, state.days),))


def status(state: StarvationState) -> str:
    """One line for the UI: days or hours and what comes next."""
    if state.phase is Phase.UNCONSCIOUS:
        return f"unconscious {state.hours_unconscious} h: FR vs hours, hourly, or death"
    if state.phase is not Phase.ENDURING:
        return f"{state.phase} after {state.days} days without {state.need}"
    if state.days < state.free_days:
        return f"day {state.days} without {state.need}: {state.free_days - state.days} free"
    return f"day {state.days} without {state.need}: FR vs total days, daily"


def for_players(state: StarvationState) -> str:
    """What the table may see: days without food or water."""
    if state.phase is Phase.ENDED:
        return f"without {state.need}: over after {state.days} days"
    return f"without {state.need}: day {state.days}"
