"""The forecast key: the running fight's matchup read now, its fights run on its screen."""

from __future__ import annotations

from console.service.errors import ActionRefused
from console.ui.flow import Flows

__all__ = ["ForecastFlows"]


class ForecastFlows(Flows):
    RUNS = 10_000
    SIDE_RUNS = 5_000
    # A run costs about PCs x NPCs target choices a round: a big fight gets fewer runs, so
    # even 20 PCs against 100 NPCs for 30 rounds takes seconds, not minutes (1,000 fights
    # still put each share within about 1.5 points). Escape stops it at any time.
    WORK = 2_000_000  # runs x PCs x NPCs

    def runs_for(self, pcs: int, npcs: int) -> tuple[int, int]:
        runs = max(min(self.RUNS, 1000), min(self.RUNS, self.WORK // max(1, pcs * npcs)))
        return runs, max(1, runs * self.SIDE_RUNS // self.RUNS)

    def open(self) -> None:
        encounter = self.service.encounter()
        if encounter is None:
            self.decline("no encounter running to forecast: start one with E")
            return
        try:
            matchup = self.service.forecast.matchup()
        except ActionRefused as refusal:
            self.refuse(str(refusal))
            return
        from console.ui.forecast.forecast_screen import ForecastScreen  # loaded when used

        when = ("before the first Nish" if encounter.round == 0
                else f"from round {encounter.round}")
        runs, side_runs = self.runs_for(len(matchup.pcs), len(matchup.npcs))
        self.app.push_screen(ForecastScreen(f"Forecast of {encounter.name}, {when}", matchup,
                                            runs=runs, side_runs=side_runs))
