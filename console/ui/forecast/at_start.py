"""The forecast a fight keeps from its first Nish (issue 30), run in the background.

When a call for Nish begins a fight's first round, the fight's matchup is read at once (on
the event loop: a read), its forecast runs in a worker thread (pure rules, nothing in it
touches the campaign: no key waits for it), and the shares are kept with the fight back on
the event loop, as one logged action (``service.forecast.keep``). A fight someone lacks the
numbers for keeps none; the GM is not asked anything.
"""

from __future__ import annotations

from console.model.fight_end import KeptForecast
from console.service.forecast import ForecastCommands
from console.ui.flow import Flows
from console.ui.safety import guard_call

__all__ = ["WORKER_GROUP", "forecast_at_start"]

WORKER_GROUP = "forecast-at-start"


def forecast_at_start(flows: Flows) -> None:
    """If the fight's first Nish was just called, forecast it in the background."""
    service = flows.service
    found = service.forecast.at_first_nish()
    if found is None:
        return
    fight, matchup = found
    app = flows.app

    def keep(kept: KeptForecast) -> None:
        guard_call(app, lambda: flows.show(service.forecast.keep(fight, kept)))

    def work() -> None:
        app.call_from_thread(keep, ForecastCommands.starting(matchup))

    # A worker of the app, not of a screen: a dialog opened meanwhile does not stop it. The
    # app's guard reports one that fails (console.ui.safety).
    app.run_worker(work, name="forecast at the first Nish", group=WORKER_GROUP, thread=True)
