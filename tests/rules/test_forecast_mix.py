"""An adventure's mix of Table 18's rows (issue 29): each encounter one vote, spread by its
forecast; the shares add to 1 and are the mean of the encounters' forecasts."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.forecast import BOOK, OUTCOMES, Forecast, Matchup, forecast, mix
from tests.rules.test_forecast import foe, hero


@st.composite
def forecasts(draw: st.DrawFn) -> Forecast:
    """A forecast's shares: any split of the runs over the rows and undecided."""
    runs = draw(st.integers(1, 10_000))
    cuts = sorted(draw(st.lists(st.integers(0, runs), min_size=len(OUTCOMES),
                                max_size=len(OUTCOMES))))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, runs], strict=True)]
    outcomes = {row: count / runs for row, count in zip(OUTCOMES, counts, strict=False)}
    return Forecast(runs, 0, outcomes, (), 1.0, 1, 0.0, counts[-1] / runs)


@given(st.lists(forecasts(), min_size=1, max_size=12))
def test_the_mix_adds_to_one_and_is_the_mean_of_the_forecasts(found: list[Forecast]) -> None:
    result = mix(found)
    assert result.encounters == len(found)
    assert math.isclose(sum(result.outcomes.values()) + result.undecided, 1.0, abs_tol=1e-9)
    for row in OUTCOMES:
        assert math.isclose(result.outcomes[row],
                            sum(f.outcomes[row] for f in found) / len(found), abs_tol=1e-12)
    assert list(result.outcomes) == list(OUTCOMES)


def test_the_mix_of_real_forecasts_stands_beside_the_books_column() -> None:
    easy = forecast(Matchup((hero(), hero("Brice")), (foe(atk=1, dmg=1),)), 2000, 3)
    hard = forecast(Matchup((hero(),), (foe(), foe("Skrak 2"), foe("Skrak 3"))), 2000, 3)
    result = mix([easy, hard])
    assert math.isclose(sum(result.outcomes.values()) + result.undecided, 1.0)
    assert result.outcomes["untouched"] == pytest.approx(
        (easy.outcomes["untouched"] + hard.outcomes["untouched"]) / 2)
    shown = result.to_json()
    assert shown["book"] == {row: None if BOOK[row] is None else float(BOOK[row])  # type: ignore[arg-type]
                             for row in OUTCOMES}
    with pytest.raises(RulesError, match="at least one encounter"):
        mix([])
