"""The campaign's calibration: the forecasts held against what happened.

Over every fight played to an end the GM told (won, fled, other; ``console.model.fight_end``):
how many reached each of Table 18's rows (``party_down`` and ``undecided`` counted apart,
as the forecast counts them), each count's share, beside the mean share the fights'
forecasts gave that row (over the fights that kept one) and the book's figure; and how
often the row a fight reached was one its forecast gave at least 10%. The counts add up
to the fights counted; a fight ended without saying how, or with no PC in it, is not
counted (and said so).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from console.model.encounters import Encounter
from console.model.fight_end import ENDING_ROWS
from console.model.lifecycle import ending_label
from console.records import record
from console.rules.forecast import BOOK, UNPRINTED

__all__ = ["LIKELY", "Calibration", "CalibrationRow", "calibrate"]

LIKELY = 0.10  # a row the forecast gave at least this share was one it saw coming


@record
class CalibrationRow:
    row: str
    count: int
    share: float  # of the fights counted
    forecast: float | None  # the mean share the forecasts gave it (None: no forecast kept)
    book: float | None  # the book's figure (None: it prints none)

    @property
    def label(self) -> str:
        return ending_label(self.row)

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row, "label": self.label, "count": self.count,
                "share": round(self.share, 4),
                "forecast": None if self.forecast is None else round(self.forecast, 4),
                "book": self.book}


@record
class Calibration:
    fights: int  # played to an end the GM told, with a PC in them: the counts add up to it
    not_counted: int  # ended without saying how, or with no PC in them
    forecasts: int  # of the fights counted, those that kept a forecast
    likely: int  # of those, the ones whose row the forecast gave at least LIKELY
    rows: tuple[CalibrationRow, ...]

    @property
    def likely_share(self) -> float | None:
        return None if self.forecasts == 0 else self.likely / self.forecasts

    def to_json(self) -> dict[str, Any]:
        return {"fights": self.fights, "not_counted": self.not_counted,
                "forecasts": self.forecasts, "likely": self.likely, "likely_at": LIKELY,
                "likely_share": self.likely_share, "unprinted": float(UNPRINTED),
                "rows": [row.to_json() for row in self.rows]}


def calibrate(encounters: Iterable[Encounter]) -> Calibration:
    """The calibration over ``encounters`` (every session's; a fight carried from one
    session into the next is ended, and so counted, once)."""
    counts = dict.fromkeys(ENDING_ROWS, 0)
    sums = dict.fromkeys(ENDING_ROWS, 0.0)
    fights = not_counted = forecasts = likely = 0
    for encounter in encounters:
        if encounter.active:
            continue
        ending = encounter.ending
        if ending is None or ending.row is None:
            not_counted += 1 if encounter.round > 0 else 0
            continue
        fights += 1
        counts[ending.row] += 1
        if encounter.forecast is not None:
            forecasts += 1
            for row in ENDING_ROWS:
                sums[row] += encounter.forecast.share(row)
            likely += encounter.forecast.share(ending.row) >= LIKELY
    rows = tuple(CalibrationRow(
        row, counts[row], counts[row] / fights if fights else 0.0,
        sums[row] / forecasts if forecasts else None,
        None if BOOK.get(row) is None else float(BOOK[row])  # type: ignore[arg-type]
    ) for row in ENDING_ROWS)
    return Calibration(fights, not_counted, forecasts, int(likely), rows)
