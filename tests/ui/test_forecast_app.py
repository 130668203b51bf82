"""The forecast key (issue 17): f opens the forecast of the running fight, its fights run
behind a progress bar, the table fills in; without a fight or the numbers it needs, f says
why and opens nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.forecast.flows import ForecastFlows
from console.ui.forecast.forecast_screen import ForecastScreen
from tests.service.test_forecast_commands import armed
from tests.ui.conftest import SIZE, FakeClock, console_on, plain, toasts_of


@pytest.fixture(autouse=True)
def few_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ForecastFlows, "RUNS", 400)
    monkeypatch.setattr(ForecastFlows, "SIDE_RUNS", 200)


def forecast_app(saves: Path) -> GMConsoleApp:
    store = CampaignStore.create(saves, "Dock")
    armed(CampaignService(store, random.Random(1), FakeClock()))
    return console_on(store)


async def wait_for_result(pilot: Pilot[None]) -> ForecastScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ForecastScreen)
    for _ in range(200):
        if screen.result is not None:
            break
        await pilot.pause(0.02)
    # The table is laid out again once the progress bar goes (a snapshot on a busy
    # machine was once taken in between).
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()
    assert screen.result is not None
    return screen


async def test_f_forecasts_the_fight_and_escape_closes(tmp_path: Path) -> None:
    app = forecast_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        screen = await wait_for_result(pilot)
        assert screen.result.now.runs == 400 and screen.result.more.runs == 200
        text = plain(screen.query_one("#result", Static).content, 96)
        assert "moderate wounds" in text and "Brice: down" in text
        await pilot.press("escape")
        assert not isinstance(app.screen, ForecastScreen)


async def test_without_a_fight_or_its_numbers_f_says_why(seed: CampaignService,
                                                         open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        assert "no encounter running to forecast" in toasts_of(app)[-1]
        seed.sessions.toggle()
        seed.tracker.new_encounter("Patrol")
        seed.tracker.add_npc("Thug", 9, 10)
        seed.tracker.join_pc("Vera", vit_max=18)
        app.screen.campaign_changed(None)  # type: ignore[attr-defined]  (seeded outside it)
        await pilot.press("f")
        assert not isinstance(app.screen, ForecastScreen)
        assert "Thug (Atk, Def, Dmg, AR)" in toasts_of(app)[-1]


async def test_escape_stops_a_long_forecast(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ForecastFlows, "RUNS", 200_000)
    monkeypatch.setattr(ForecastFlows, "SIDE_RUNS", 100_000)
    app = forecast_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        screen = app.screen
        assert isinstance(screen, ForecastScreen)
        await pilot.pause(0.1)
        await pilot.press("escape")
        for _ in range(100):  # the fights stop at their next look, within a moment
            if not any(worker.is_running for worker in app.workers):
                break
            await pilot.pause(0.02)
        assert not any(worker.is_running for worker in app.workers)
        assert screen.result is None and not isinstance(app.screen, ForecastScreen)
