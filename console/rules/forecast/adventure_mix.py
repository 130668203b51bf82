"""An adventure's mix (issue 29): the expected share of each Table 18 row across its
encounters, beside the book's column.

Table 18 is a guideline for encounter difficulty across an adventure ("Encounter balance
exists on two fronts: frequency and difficulty"): the book's shares are of encounters, not
of one fight's runs. Each encounter forecast is one vote, spread over the rows by its
forecast, so the mix is the mean of the encounters' forecasts: the share of the adventure's
fights expected to end in each row. Its shares (the rows, ``party_down`` and
``undecided``) add up to 1, as each forecast's do.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from console.records import record
from console.rules.errors import RulesError
from console.rules.forecast.outcome import BOOK, OUTCOMES, Forecast

__all__ = ["Mix", "mix"]


@record
class Mix:
    outcomes: dict[str, float]  # each row's expected share of the encounters, OUTCOMES order
    undecided: float
    encounters: int  # how many encounters voted

    def to_json(self) -> dict[str, object]:
        return {"encounters": self.encounters, "outcomes": dict(self.outcomes),
                "undecided": self.undecided,
                "book": {row: None if BOOK[row] is None else float(BOOK[row])  # type: ignore[arg-type]
                         for row in OUTCOMES}}

    def beside_book(self) -> dict[str, tuple[float, Fraction | None]]:
        return {row: (self.outcomes[row], BOOK[row]) for row in OUTCOMES}


def mix(forecasts: Sequence[Forecast]) -> Mix:
    """The mean of ``forecasts`` (one per encounter), row by row."""
    if not forecasts:
        raise RulesError("an adventure's mix needs at least one encounter with foes")
    count = len(forecasts)
    outcomes = {row: sum(f.outcomes[row] for f in forecasts) / count for row in OUTCOMES}
    return Mix(outcomes, sum(f.undecided for f in forecasts) / count, count)
