"""The prep screen and the prepared encounter at the table (issue 29), as pictures: the
sample adventure with its mix beside the book's (at 160x48, 100x30 and 80x24), an
encounter's forecast with a what-if, the writing form, the foes' stat lines with a bad one
sent back, E's chooser, the GM's briefing, and the players' view reading the boxed text.

The campaign is the demo's party and the sample adventure, built by the service with fixed
dice, clock and seeds; the forecasts run 1,000 fights each (the pictures need no more)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from console.cli.demo import _PARTY, _pc, sample_adventure
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.flow import FLOW_GROUP
from console.ui.player.player_app import PlayerViewApp
from console.ui.prep.prep_screen import PrepScreen
from tests.ui.conftest import SIZE, FakeClock


@pytest.fixture(autouse=True)
def steady(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")  # the log shows local times
    time.tzset()
    monkeypatch.setattr(PrepScreen, "RUNS", 1000)
    monkeypatch.setattr(PrepScreen, "SIDE_RUNS", 500)
    monkeypatch.setattr(PrepScreen, "SHOW_SECONDS", False)


def relay(saves: Path) -> CampaignService:
    store = CampaignStore.create(saves, "Kessa Deep")
    service = CampaignService(store, random.Random(3), FakeClock())
    for fields in _PARTY:
        service.roster.add_pc(_pc(fields))
    service.prep.import_markdown(sample_adventure())
    service.sessions.toggle()
    return service


def app_on(service: CampaignService) -> GMConsoleApp:
    return GMConsoleApp(service)


async def settled(pilot: Pilot[None]) -> None:
    # The forecasts' workers done; a flow is a worker too, and waits on the dialog on screen
    # (Flows.run): not waited for.
    running = [w for w in pilot.app.workers if w.group != FLOW_GROUP]
    if running:  # (an empty list would wait for every worker)
        await pilot.app.workers.wait_for_complete(running)
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    for area in pilot.app.screen.query(TextArea):
        area.cursor_blink = False
    await pilot.pause()


async def wait_for(pilot: Pilot[None], kind: type) -> None:
    for _ in range(20):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (100, 30), SIZE])
def test_the_adventures_mix_beside_the_book(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                                            size: tuple[int, int]) -> None:
    async def forecast(pilot: Pilot[None]) -> None:
        await pilot.press("P")
        await wait_for(pilot, PrepScreen)
        await pilot.press("f")
        await settled(pilot)

    assert snap_compare(app_on(relay(tmp_path)), terminal_size=size, run_before=forecast)


@pytest.mark.parametrize("size", [(80, 24), SIZE])
def test_an_encounters_forecast_with_a_what_if(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                                               size: tuple[int, int]) -> None:
    async def what_if(pilot: Pilot[None]) -> None:
        await pilot.press("P")
        await wait_for(pilot, PrepScreen)
        await pilot.press("down", "down", "down", "down", "f")  # Ambush at bay 4
        await settled(pilot)
        await pilot.press("w")
        await pilot.pause()
        await pilot.pause()
        pilot.app.screen.query_one("#field-count", Input).value = "3"
        pilot.app.screen.query_one("#field-dmg", Input).value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await settled(pilot)

    assert snap_compare(app_on(relay(tmp_path)), terminal_size=size, run_before=what_if)


def test_writing_an_encounter(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def edit(pilot: Pilot[None]) -> None:
        await pilot.press("P")
        await wait_for(pilot, PrepScreen)
        await pilot.press("down", "down", "down", "down", "e")
        await pilot.pause()
        await settled(pilot)

    assert snap_compare(app_on(relay(tmp_path)), terminal_size=(100, 30), run_before=edit)


def test_a_bad_stat_line_comes_back_with_its_field(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def paste(pilot: Pilot[None]) -> None:
        await pilot.press("P")
        await wait_for(pilot, PrepScreen)
        await pilot.press("down", "down", "down", "down", "down", "p")  # the signal room
        await pilot.pause()
        await pilot.pause()
        pilot.app.screen.query_one(TextArea).load_text(
            "Oris Vant: Atk 6, Def 6, Dmg 6, AR 2, Vit 12, Nish 8M, tags human\n"
            "2 x Drone: Atk 12 Def 8 Dmg 10 AR 3 Vit 9 Nsh 10")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        await settled(pilot)

    assert snap_compare(app_on(relay(tmp_path)), terminal_size=(80, 24), run_before=paste)


def at_the_docks(tmp_path: Path) -> CampaignService:
    service = relay(tmp_path)
    service.prep.set_table_scene(1, 2)
    return service


def test_e_offers_the_scenes_prepared_encounters(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    service = at_the_docks(tmp_path)
    service.prep.launch(1, 3)  # the signal room, played: marked so
    assert snap_compare(app_on(service), terminal_size=(100, 30), press=["E"])


def test_the_briefing_after_a_launch(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    async def launch(pilot: Pilot[None]) -> None:
        await pilot.press("E")
        await pilot.pause()
        await pilot.press("enter")  # Ambush at bay 4
        for _ in range(4):
            await pilot.pause()
        await settled(pilot)

    assert snap_compare(app_on(at_the_docks(tmp_path)), terminal_size=SIZE,
                        run_before=launch)


def test_the_players_read_the_boxed_text(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    service = at_the_docks(tmp_path)
    service.prep.launch(1, 2)
    service.prep.reveal()
    store = CampaignStore.open(tmp_path, "Kessa Deep", read_only=True)
    viewer = PlayerViewApp(CampaignService(store), clock=FakeClock())
    assert snap_compare(viewer, terminal_size=(100, 30))
