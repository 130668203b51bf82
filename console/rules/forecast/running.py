"""A forecast's runs: ``runs`` simulated fights of one matchup, summed up by Table 18."""

from __future__ import annotations

import random
from collections.abc import Callable

from console.rules.errors import RulesError
from console.rules.forecast.fight import prepare, run_fight
from console.rules.forecast.outcome import Forecast, summarize
from console.rules.forecast.sides import Matchup

__all__ = ["MAX_RUNS", "RUNS", "forecast", "runs_for"]

MAX_RUNS = 200_000  # beyond it the figures move no more (4 against 6: about 15 s)
RUNS = 10_000  # a forecast's runs unless the GM asks otherwise
# A run costs about PCs x NPCs target choices a round: a big fight gets fewer runs, so even
# 20 PCs against 100 NPCs for 30 rounds takes seconds, not minutes (1,000 fights still put
# each share within about 1.5 points).
WORK = 2_000_000  # runs x PCs x NPCs


def runs_for(matchup: Matchup, wanted: int = RUNS) -> int:
    """``wanted`` runs, fewer for a big fight (never under 1,000, nor over ``wanted``)."""
    size = max(1, len(matchup.pcs) * len(matchup.npcs))
    return max(min(wanted, 1000), min(wanted, WORK // size))


def forecast(matchup: Matchup, runs: int = 10_000, seed: int = 0,
             progress: Callable[[int], None] | None = None) -> Forecast:
    """``runs`` simulated fights of ``matchup``; ``progress(done)`` is called every 500."""
    if not 1 <= runs <= MAX_RUNS:
        raise RulesError(f"runs: 1 to {MAX_RUNS:,}, not {runs}")
    prepared = prepare(matchup)
    draw = random.Random(seed).random
    ends = []
    for done in range(1, runs + 1):
        ends.append(run_fight(prepared, draw))
        if progress is not None and done % 500 == 0:
            progress(done)
    return summarize(ends, tuple(pc.name for pc in matchup.pcs), seed, matchup.rounds_before,
                     matchup.reading)
