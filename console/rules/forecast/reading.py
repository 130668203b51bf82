"""This console's reading of Table 18 (Encounter Outcome): the book names its rows ("slight
damage", "moderate wounds", "must flee") but gives no figure for where one ends and the
next begins, nor for when a party runs. These are the console's, shown beside every
forecast, and a spec may set its own."""

from __future__ import annotations

import math

from console.records import record
from console.rules.errors import RulesError

__all__ = ["Reading"]


def _share(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or not 0 < value <= 1:
        raise RulesError(f"{what}: a share of 0 to 1 (0.25 is 25%), more than 0, not "
                         f"{value!r}")
    return float(value)


@record
class Reading:
    """``slight``: a won fight is slight damage while the most wounded PC has at most this
    share of his Vit in wounds (none critically damaged or down); ``moderate``: moderate
    wounds up to this share; past it, heavily wounded. ``flee``: the party flees at the end
    of a round in which this share of it or more is down and foes still stand."""

    slight: float = 0.25
    moderate: float = 0.60
    flee: float = 0.5

    def __post_init__(self) -> None:
        object.__setattr__(self, "slight", _share(self.slight, "reading.slight"))
        object.__setattr__(self, "moderate", _share(self.moderate, "reading.moderate"))
        object.__setattr__(self, "flee", _share(self.flee, "reading.flee"))
        if self.slight > self.moderate:
            raise RulesError(f"reading: slight ({self.slight:g}) cannot be above moderate "
                             f"({self.moderate:g})")

    def flees(self, pcs: int, down: int) -> bool:
        """Whether a party of ``pcs`` with ``down`` of them down runs (foes standing)."""
        return down >= self.flee * pcs

    def lines(self) -> tuple[str, ...]:
        """The reading in words, for the screen and the command line."""
        return (
            f"slight damage: won, the most wounded PC at or under {self.slight:.0%} of the PC's "
            "Vit in wounds, none critically damaged or down",
            f"moderate wounds: won, at or under {self.moderate:.0%}, none critically damaged "
            "or down; past it, or anyone critically damaged or down: heavily wounded",
            f"flight: the party flees at the end of a round in which {self.flee:.0%} of it or "
            "more is down and foes still stand",
        )

    def to_json(self) -> dict[str, object]:
        return {"slight": self.slight, "moderate": self.moderate, "flee": self.flee,
                "says": list(self.lines())}
