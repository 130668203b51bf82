"""The recap in the console (issue 30): ending a fight asks how it ended, the first Nish
forecasts the fight in the background, R shows the session's recap and the calibration;
and each of these doors passes the guard."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from console.model.fight_end import EndHow
from console.service.forecast import ForecastCommands
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.forecast.at_start import WORKER_GROUP
from console.ui.recap.recap_screen import RecapScreen
from console.ui.screens.main_screen import MainScreen
from console.ui.tracker.ending_dialog import EndingDialog
from console.ui.widgets.plain import Static
from tests.service.evening import Evening
from tests.ui.conftest import SIZE, console_on, plain, toasts_of, type_in

BUG = "a bug in the recap"


@pytest.fixture(autouse=True)
def few_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ForecastCommands, "START_RUNS", 500)


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")  # the log shows local times
    time.tzset()


def evening_on(saves: Path, *, played: bool = False) -> tuple[Evening, GMConsoleApp]:
    """The party and two Skraks in "Ambush", its Nish not called yet; ``played``: called
    (with its forecast kept, as the console does), a hit and a miss, then ended as won,
    and a second fight begun."""
    store = CampaignStore.create(saves, "Dock")
    evening = Evening(store=store)
    evening.fight("Ambush")
    if played:
        evening.clock.advance(5)
        evening.call(30, 5)
        found = evening.service.forecast.at_first_nish()
        assert found is not None
        evening.service.forecast.keep(found[0], evening.service.forecast.starting(found[1]))
        evening.clock.advance(1)
        evening.pc_misses("Brice", "Skrak 1")
        evening.pc_hits("Brice", "Skrak 1", 24)
        evening.service.tracker.next_turn()
        evening.clock.advance(2)
        evening.npc_hits("Skrak 2", "Kara", 6)
        evening.service.tracker.next_turn()
        evening.clock.advance(1)
        evening.service.tracker.end_encounter(EndHow.WON)
        evening.clock.advance(20)
        evening.fight("Bridge", skraks=1)
    return evening, console_on(store, evening.clock)


async def wait_for_workers(pilot: Pilot[None], group: str) -> None:
    for _ in range(300):
        if not [w for w in pilot.app.workers if w.group == group and w.is_running]:
            break
        await pilot.pause(0.02)
    await pilot.pause()


async def test_ctrl_e_asks_how_a_begun_fight_ended(tmp_path: Path) -> None:
    _evening, app = evening_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "16", "8")
        await pilot.press("ctrl+e")
        assert isinstance(app.screen, EndingDialog)
        await pilot.press("escape")  # not yet: the fight goes on
        assert isinstance(app.screen, MainScreen) and app.service.encounter() is not None
        await pilot.press("ctrl+e", "w")
        await pilot.pause()
        fight = app.service.encounters()[1]
        assert not fight.active and fight.ending is not None
        assert (fight.ending.how, fight.ending.row) == (EndHow.WON, "untouched")
        assert any("Encounter Ambush ended: won (no damage at all)" in t
                   for t in toasts_of(app))


async def test_a_fight_never_begun_ends_without_a_question(tmp_path: Path) -> None:
    _evening, app = evening_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen) and app.service.encounter() is None
        assert app.service.encounters()[1].ending is None


async def test_e_into_the_next_fight_asks_how_the_last_one_ended(tmp_path: Path) -> None:
    _evening, app = evening_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "16", "8")
        await pilot.press("E", "f")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        await type_in(pilot, "Bridge")
        ambush, bridge = app.service.encounters()[1], app.service.encounters()[2]
        assert ambush.ending is not None and ambush.ending.how is EndHow.FLED
        assert bridge.active and bridge.name == "Bridge"


async def test_the_first_nish_forecasts_the_fight_in_the_background(tmp_path: Path) -> None:
    _evening, app = evening_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "16", "8")
        await wait_for_workers(pilot, WORKER_GROUP)
        fight = app.service.encounter()
        assert fight is not None and fight.forecast is not None
        assert fight.forecast.runs == 500
        assert app.service.session_log(1)[-1].action == "forecast.kept"
        await pilot.press("space", "n")  # the next round's call keeps no other
        await type_in(pilot, "14", "9")
        await wait_for_workers(pilot, WORKER_GROUP)
        assert [e.action for e in app.service.session_log(1)].count("forecast.kept") == 1


async def test_r_shows_the_recap_the_players_version_and_the_calibration(
        tmp_path: Path) -> None:
    _evening, app = evening_on(tmp_path, played=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RecapScreen)
        await wait_for_workers(pilot, "calibration")
        text = plain(screen.query_one("#recap", Static).content, 108)
        assert "Ambush" in text and "Brice hits Skrak 1: 20 wounds (20/12, 8 CD)" in text
        assert "forecast at the first Nish" in text
        chart = plain(screen.query_one("#calibration", Static).content, 108)
        assert "heavily wounded, triumph" in chart and screen.calibration is not None
        assert screen.calibration.fights == 1
        await pilot.press("p")
        text = plain(screen.query_one("#recap", Static).content, 108)
        assert "Fight 1" in text and "Ambush" not in text and "/12" not in text
        await pilot.press("left_square_bracket")
        assert any("no more sessions that way" in t for t in toasts_of(app))
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


def broken(*_args: object, **_kwargs: object) -> object:
    raise RuntimeError(BUG)


async def test_a_failing_forecast_or_recap_is_said_and_the_console_runs_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _evening, app = evening_on(tmp_path)
    monkeypatch.setattr(ForecastCommands, "starting", broken)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "16", "8")
        await wait_for_workers(pilot, WORKER_GROUP)
        assert app.is_running and any(BUG in t for t in toasts_of(app))
        assert app.service.encounter().forecast is None  # type: ignore[union-attr]
        monkeypatch.setattr(app.service.recap, "session", broken)
        await pilot.press("R")
        await pilot.pause()
        assert app.is_running
        assert sum(BUG in t for t in toasts_of(app)) == 2


# ----- pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(160, 48), (100, 30), (80, 24)])
def test_the_recap_screen(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                          size: tuple[int, int]) -> None:
    _evening, app = evening_on(tmp_path, played=True)

    async def open_it(pilot: Pilot[None]) -> None:
        await pilot.press("R")
        await wait_for_workers(pilot, "calibration")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=open_it)


def test_how_it_ended_at_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    evening, app = evening_on(tmp_path)
    evening.call(30, 5)
    assert snap_compare(app, terminal_size=(80, 24), press=["ctrl+e"])


def test_a_facade_campaigns_recap_on_screen_has_no_adventure_points() -> None:
    from rich.console import Console

    from console.ui.recap.recap_view import recap_text
    from tests.service.test_facade_commands import facade_fight

    service = facade_fight(CampaignStore.in_memory("Alley"))
    service.facade.new_turn()
    drawn = Console(width=100, record=True)
    drawn.print(recap_text(service.recap.session()))
    shown = drawn.export_text()
    assert "No forecast: it plays MetaScape's fights only" in shown
    assert "Adventure points" not in shown
