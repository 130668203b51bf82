"""A roll's chart as at most a screenful of rows: results grouped into equal spans when
there are more than fit (a MetaScape rating has dozens of distinct results)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from console.rules.systems import Chart

__all__ = ["ChartRow", "chart_rows"]


@dataclass(frozen=True, slots=True)
class ChartRow:
    low: int | None  # None: the open end below (critical failures past the chart)
    high: int | None  # None: the open end above
    share: Fraction

    def label(self) -> str:
        if self.low is None:
            return f"{self.high} or less"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low} to {self.high}"

    def holds(self, value: int) -> bool:
        return ((self.low is None or value >= self.low)
                and (self.high is None or value <= self.high))


def chart_rows(chart: Chart, most: int = 14) -> list[ChartRow]:
    atoms = [(value, p) for value, p in chart.atoms if p > 0]
    rows: list[ChartRow] = []
    if chart.below and chart.cap is not None:
        rows.append(ChartRow(None, -chart.cap, chart.below))
    if atoms:
        low, high = atoms[0][0], atoms[-1][0]
        span = max(1, -(-(high - low + 1) // max(1, most - 2)))
        buckets: dict[int, Fraction] = {}
        for value, p in atoms:
            start = low + (value - low) // span * span
            buckets[start] = buckets.get(start, Fraction(0)) + p
        rows.extend(ChartRow(start, min(high, start + span - 1), share)
                    for start, share in sorted(buckets.items()))
    if chart.beyond and chart.cap is not None:
        rows.append(ChartRow(chart.cap, None, chart.beyond))
    return rows
