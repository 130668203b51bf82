"""The forecast key: the running fight's matchup read now, its fights run on its screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.rules.forecast import RUNS as DEFAULT_RUNS
from console.rules.forecast import runs_for
from console.ui.flow import Flows

if TYPE_CHECKING:
    from console.ui.forecast.forecast_screen import ForecastScreen

__all__ = ["ForecastFlows"]


class ForecastFlows(Flows):
    RUNS = DEFAULT_RUNS  # fewer for a big fight (rules.forecast.runs_for); escape stops it anyway
    SIDE_RUNS = 5_000  # each of "-1 foe" and "+1 foe", for the full RUNS

    def open(self) -> None:
        encounter = self.service.encounter()
        if encounter is None:
            self.decline("no encounter running to forecast: start one with E")
            return
        matchup = self.service.forecast.matchup()
        from console.ui.forecast.forecast_screen import ForecastScreen  # loaded when used

        when = ("before the first Nish" if encounter.round == 0
                else f"from round {encounter.round}")
        runs = runs_for(matchup, self.RUNS)
        side_runs = max(1, runs * self.SIDE_RUNS // self.RUNS)
        self.run(self._show(ForecastScreen(f"Forecast of {encounter.name}, {when}", matchup,
                                           runs=runs, side_runs=side_runs)), writes=False)

    async def _show(self, screen: ForecastScreen) -> None:
        await self.ask(screen)
