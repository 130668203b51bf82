"""The forecast key: the running fight's matchup read now, its fights run on its screen."""

from __future__ import annotations

from console.service.errors import ActionRefused
from console.ui.flow import Flows

__all__ = ["ForecastFlows"]


class ForecastFlows(Flows):
    RUNS = 10_000
    SIDE_RUNS = 5_000

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
        self.app.push_screen(ForecastScreen(f"Forecast of {encounter.name}, {when}", matchup,
                                            runs=self.RUNS, side_runs=self.SIDE_RUNS))
