"""The ranges of the numbers a GM types, each fitting what the number means.

A typo (a Vit of 99999999999999999999, a roll of 150000000000000000) is refused at the field with
the range in the message, before anything is computed or saved. The rules themselves do not
rely on these: their sums are closed forms whose cost follows a number's digits, not its
size, so even a number from an old file is answered at once.
"""

from __future__ import annotations

from console.records import record
from console.rules.errors import RulesError
from console.rules.facade_combat.traits import SPECIFIC_MAX
from console.rules.ratings import Category, Rating, RatingType

__all__ = [
    "AP",
    "ATTACKS",
    "AWARD",
    "CD",
    "CHECKS",
    "COUNT",
    "DAYS",
    "DIFFICULTY",
    "FACADE_ACTION",
    "FEET",
    "GM_FIGURE",
    "HEIGHT",
    "HOURS",
    "IC",
    "JOURNAL",
    "LARGEST_RATING",
    "LARGEST_RESULT",
    "LARGEST_VALUE",
    "MINUTES",
    "MISSIONS",
    "PERCENT",
    "PLAYER_RANK",
    "POINTS",
    "RESULT",
    "ROUNDS",
    "SIX",
    "SIXTEENS_IN_A_ROW",
    "TEMPERATURE",
    "WOUNDS",
    "Range",
]


@record
class Range:
    """Whole numbers from ``low`` to ``high``; ``meaning`` says why, in the GM's words."""

    low: int
    high: int
    meaning: str

    def __contains__(self, value: object) -> bool:
        return (isinstance(value, int) and not isinstance(value, bool)
                and self.low <= value <= self.high)

    def describe(self) -> str:
        return f"{self.low:,} to {self.high:,} ({self.meaning})"

    def check(self, value: int, what: str) -> int:
        """``value``, or a RulesError naming the field and the range."""
        if value not in self:
            raise RulesError(f"{what}: {value} is out of range: {self.describe()}")
        return value


# What the rating types can produce (Table 3, Bantam to Universal): the largest rating,
# 10HU, is worth 40,000,000 Personal points, and a roll of it multiplies its die by the
# doubling die, whose 16 chain is open-ended: 10HU on its top face and seven 16s in a row
# is 10,737,418,240,000,000, a chance of about 1.6 in a billion; one 16 more is under one
# in ten billion. A result or a Dif past that is a typo; anything short of it a Galactic or
# Universal rating can roll (10MG reaches 8,192,000,000 with a chance of 67/655,360).
LARGEST_RATING = Rating(10, Category.H, RatingType.U)
LARGEST_VALUE = int(LARGEST_RATING.value)
SIXTEENS_IN_A_ROW = 7
LARGEST_RESULT = LARGEST_VALUE * 16**SIXTEENS_IN_A_ROW

# A roll's result, and the Dif it is rolled against: any the rating types can produce.
RESULT = Range(0, LARGEST_RESULT, "a roll's result, up to 10HU with seven 16s")
DIFFICULTY = Range(1, LARGEST_RESULT, "a Dif, as large as a roll can reach")
# A stat as a number: Atk, Def and Nish in Personal points; Dmg, AR, Vit and hull points in
# the points of the body's own type (Table 12), so a vehicle's Vit 20 is 20 Vehicle points.
# Any rating's value fits, in the points of the smallest body (Personal): 10HU, 40,000,000.
POINTS = Range(0, LARGEST_VALUE, "points of its type: up to 10HU's value")
# Wounds and critical damage, in the points of the body's type: as much as a result.
WOUNDS = Range(0, LARGEST_RESULT, "wounds in the points of his type")
CD = Range(1, LARGEST_RESULT, "critical damage in the points of its type")
ATTACKS = Range(1, 100, "attacks in one exchange")
ROUNDS = Range(1, 1_000, "rounds")
CHECKS = Range(1, 100, "checks")
COUNT = Range(1, 50, "at once")
SIX = Range(1, 6, "one of the six listed")
# A Façade fight's Initiative is an Action: a category, its three specific attributes added.
FACADE_ACTION = Range(0, 3 * SPECIFIC_MAX, "an Action: three attributes of 0 to 6")
PERCENT = Range(1, 100, "percent")
DAYS = Range(0, 3_650, "days: ten years")
HOURS = Range(0, 10_000, "hours")
MINUTES = Range(0, 100_000, "minutes")
FEET = Range(0, 100_000, "feet")
HEIGHT = Range(1, 100, "feet tall")
TEMPERATURE = Range(-459, 10_000, "degrees Fahrenheit, from absolute zero")
AP = Range(0, 1_000_000, "adventure points")
IC = Range(0, 10_000, "an improvement cost")
PLAYER_RANK = Range(0, 100, "a player's rank")
MISSIONS = Range(0, 10_000, "missions")
RANKS = Range(0, 30, "a character's rank (Table 8)")
AWARD = Range(1, 10_000, "adventure points in one award")
JOURNAL = Range(1, 10, "the journal's 1 to 10")
GM_FIGURE = Range(0, 10, "the GM's own figure for the journal")
