"""The dice calculator's chart rows: every chance in exactly one row, at most a screenful,
and a roll that fits one result to a row but for thin tails gets a row per result."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from console.rules.systems import system
from console.ui.calculator.chart_rows import chart_rows


def test_a_d10_pool_gets_a_row_for_each_result_the_gm_asks_about() -> None:
    chart = system("d10pool").chart(system("d10pool").parse("5@3"))
    rows = {row.label(): row.share for row in chart_rows(chart)}
    # The command line's odds: exactly one success 25.92%, exactly two 34.56%.
    assert rows["1"] == Fraction(2592, 10000) and rows["2"] == Fraction(3456, 10000)
    assert "-4 or less" in rows and "9+" in rows  # the thin tails, gathered


def test_a_rating_with_dozens_of_results_is_still_in_spans() -> None:
    metascape = system("metascape")
    labels = [row.label() for row in chart_rows(metascape.chart(metascape.parse("8M")))]
    assert labels[:2] == ["1 to 10", "11 to 20"] and labels[-1] == "128+"


@settings(max_examples=40, deadline=None)
@given(dice=st.integers(1, 12), target=st.integers(0, 8))
def test_every_chance_is_in_exactly_one_row(dice: int, target: int) -> None:
    pool = system("d10pool")
    chart = pool.chart(pool.parse(f"{dice}@{target}"))
    rows = chart_rows(chart)
    assert len(rows) <= 14
    assert sum(row.share for row in rows) == chart.total()
    edges = [(row.low, row.high) for row in rows]
    for (_, high), (low, _) in pairwise(edges):
        assert high is not None and low is not None and low > high  # in order, no overlap
