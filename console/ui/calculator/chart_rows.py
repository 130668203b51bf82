"""A roll's chart as at most a screenful of rows: results grouped into equal spans when
there are more than fit (a MetaScape rating has dozens of distinct results). A roll whose
results would fit one to a row but for long, thin tails (the d10 pool's 5@3 runs from -11
to 12, all but 0.2% of it between -3 and 6) gathers each tail into an "or less" and a "+"
row instead, so each result the GM may ask about has a row of its own: in spans of two,
"1 to 2" held the difficulty 2 together with the failures of 1."""

from __future__ import annotations

from fractions import Fraction

from console.records import record
from console.rules.systems import Chart

__all__ = ["ChartRow", "chart_rows"]


@record
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


# At most this much of the listed results' chances gathered into the two tail rows (which
# also hold what the chart itself puts past its cap).
TAIL = Fraction(1, 100)


def _without_tails(atoms: list[tuple[int, Fraction]], room: int
                   ) -> tuple[Fraction, list[tuple[int, Fraction]], Fraction] | None:
    """The atoms left, one to a row in ``room`` rows, once the thinner end has been
    gathered into its tail again and again (with what each tail gathered, low and high);
    None if that takes more than ``TAIL`` of the chances."""
    low, high = 0, len(atoms)
    gathered_low = gathered_high = Fraction(0)
    while atoms[high - 1][0] - atoms[low][0] + 1 > room:
        if atoms[low][1] <= atoms[high - 1][1]:
            gathered_low += atoms[low][1]
            low += 1
        else:
            high -= 1
            gathered_high += atoms[high][1]
        if gathered_low + gathered_high > TAIL:
            return None
    return gathered_low, atoms[low:high], gathered_high


def chart_rows(chart: Chart, most: int = 14) -> list[ChartRow]:
    atoms = [(value, p) for value, p in chart.atoms if p > 0]
    if atoms and atoms[-1][0] - atoms[0][0] + 1 > most - 2:
        trimmed = _without_tails(atoms, most - 2)
        if trimmed is not None:
            low_tail, kept, high_tail = trimmed
            low_tail += chart.below
            high_tail += chart.beyond
            return ([ChartRow(None, kept[0][0] - 1, low_tail)] if low_tail else []) + [
                ChartRow(value, value, p) for value, p in kept] + (
                [ChartRow(kept[-1][0] + 1, None, high_tail)] if high_tail else [])
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
