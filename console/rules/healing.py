"""Healing (Rule Book: Healing): wounds come off, never below 0; natural healing rolls.

Natural healing: the Healing rating may be rolled at -1t every four hours of game time, or at
the full rating every eight hours of sleep or rest (Ron's Calemora: Healing 10M rolls 10MB
after four hours, 10M after a night's sleep). What the roll heals is its result.
"""

from __future__ import annotations

from console.records import record
from console.rules.errors import RulesError
from console.rules.ratings import STEPS_PER_TYPE, Rating

__all__ = [
    "HOURS_PER_RESTED_ROLL",
    "HOURS_PER_ROLL",
    "NaturalHealing",
    "heal_wounds",
    "natural_healing",
    "natural_healing_rating",
]

HOURS_PER_ROLL = 4  # awake: one roll at -1t per four game hours
HOURS_PER_RESTED_ROLL = 8  # resting: one full roll per eight hours


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def heal_wounds(wounds: int, amount: int) -> int:
    """Wounds left after ``amount`` healing: "cannot have more wounds healed than were taken"."""
    return max(0, _whole("wounds", wounds) - _whole("healing", amount))


def natural_healing_rating(healing: Rating, *, resting: bool) -> Rating:
    """The rating of one natural healing roll: full when resting, else one type down (-1t).

    A Bantam Healing rating has no type below it, so it cannot be rolled awake: RulesError.
    """
    if not isinstance(healing, Rating):
        raise RulesError(f"expected a Healing rating such as 10M, not {healing!r}")
    if resting:
        return healing
    try:
        return healing.shifted(-STEPS_PER_TYPE)
    except RulesError:
        raise RulesError(f"Healing {healing} -1t goes below the smallest rating") from None


@record
class NaturalHealing:
    """The natural healing rolls a stretch of game time allows."""

    rating: Rating  # what each roll is made at
    rolls: int
    hours_left_over: int  # hours not yet worth a roll; carry them into the next stretch

    def describe(self) -> str:
        if self.rolls == 0:
            return "no natural healing roll yet"
        times = "once" if self.rolls == 1 else f"{self.rolls} times"
        return f"roll Healing {self.rating} {times}; each result heals that many wounds"


def natural_healing(healing: Rating, hours: int, *, resting: bool) -> NaturalHealing:
    """Rolls due for ``hours`` of game time: one per 8 hours resting, else one per 4 at -1t."""
    elapsed = _whole("hours", hours)
    period = HOURS_PER_RESTED_ROLL if resting else HOURS_PER_ROLL
    rolls, left = divmod(elapsed, period)
    return NaturalHealing(natural_healing_rating(healing, resting=resting), rolls, left)
