"""The encounter forecast (issue 17): how a fight will likely end, by Table 18, from many
simulated fights played by the book with stated tactics, each roll drawn from its exact
distribution. Pure and seeded: the same matchup and seed give the same forecast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.lazy_names import lazy_names

if TYPE_CHECKING:
    from console.rules.forecast.adventure_mix import Mix, mix
    from console.rules.forecast.ends import FightEnd
    from console.rules.forecast.outcome import (
        BOOK,
        LABELS,
        OUTCOMES,
        PARTY_DOWN,
        ROWS,
        SHORT_LABELS,
        UNDECIDED,
        UNPRINTED,
        Forecast,
        PcFate,
        classify,
    )
    from console.rules.forecast.reading import Reading
    from console.rules.forecast.running import MAX_RUNS, RUNS, forecast, runs_for
    from console.rules.forecast.sides import Matchup, NpcFighter, PcFighter
    from console.rules.forecast.tactics import MAX_ROUNDS, TACTICS

# What each name is imported from, on first use: the console's start reads Table 18's rows
# (a played fight's ending) and never loads the simulation until a forecast is asked for.
_LAZY = {
    "BOOK": "console.rules.forecast.outcome",
    "FightEnd": "console.rules.forecast.ends",
    "Forecast": "console.rules.forecast.outcome",
    "LABELS": "console.rules.forecast.outcome",
    "MAX_ROUNDS": "console.rules.forecast.tactics",
    "MAX_RUNS": "console.rules.forecast.running",
    "Matchup": "console.rules.forecast.sides",
    "Mix": "console.rules.forecast.adventure_mix",
    "NpcFighter": "console.rules.forecast.sides",
    "OUTCOMES": "console.rules.forecast.outcome",
    "PARTY_DOWN": "console.rules.forecast.outcome",
    "PcFate": "console.rules.forecast.outcome",
    "PcFighter": "console.rules.forecast.sides",
    "ROWS": "console.rules.forecast.outcome",
    "RUNS": "console.rules.forecast.running",
    "Reading": "console.rules.forecast.reading",
    "SHORT_LABELS": "console.rules.forecast.outcome",
    "TACTICS": "console.rules.forecast.tactics",
    "UNDECIDED": "console.rules.forecast.outcome",
    "UNPRINTED": "console.rules.forecast.outcome",
    "classify": "console.rules.forecast.outcome",
    "forecast": "console.rules.forecast.running",
    "mix": "console.rules.forecast.adventure_mix",
    "runs_for": "console.rules.forecast.running",
}

__getattr__ = lazy_names(__name__, _LAZY, globals())


__all__ = [
    "BOOK",
    "LABELS",
    "MAX_ROUNDS",
    "MAX_RUNS",
    "OUTCOMES",
    "PARTY_DOWN",
    "ROWS",
    "RUNS",
    "SHORT_LABELS",
    "TACTICS",
    "UNDECIDED",
    "UNPRINTED",
    "FightEnd",
    "Forecast",
    "Matchup",
    "Mix",
    "NpcFighter",
    "PcFate",
    "PcFighter",
    "Reading",
    "classify",
    "forecast",
    "mix",
    "runs_for",
]
