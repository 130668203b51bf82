"""Snapshots of a Façade fight (issue 31): the main screen mid-turn at 160x48, 100x30 and
80x24 (a hit by location and its penalty, an interrupt, actions spent, a thug down), the
attack's roll with its odds, the blow chosen by location, the Façade sheet form and F1.

The fight is made by the service's commands with a fixed clock, so the pictures only
change when the screens do. Accept a deliberate change with --snapshot-update."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from console.model.facade_fight import parse_hit
from console.rules.facade_combat.actions import Stance
from console.rules.facade_combat.blows import Choice
from console.rules.facade_combat.damage import Blow
from console.rules.facade_combat.health import Location
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from tests.service.test_facade_commands import KESS, THUG, VERA
from tests.ui.conftest import FakeClock
from tests.ui.test_snapshots import no_blink


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")  # the log shows local times
    time.tzset()


def alley_fight(saves: Path, clock: FakeClock) -> CampaignService:
    """Turn 1 of a Façade fight: the thugs' contest, Thug 2's knife in Kess's side, Kess
    interrupting with a shot to his legs, Vera's full dodge; Thug 3 down."""
    service = CampaignService(CampaignStore.create(saves, "Alley"), random.Random(3), clock)
    service.roster.add_pc(lambda new_id: VERA.with_changes(id=new_id))
    service.roster.add_pc(lambda new_id: KESS.with_changes(id=new_id))
    service.roster.add_npc(lambda new_id: THUG.with_changes(id=new_id))
    service.settings.set_system("facade")
    service.sessions.toggle()
    service.tracker.new_encounter("Alley behind the docks")
    service.tracker.join_party()
    service.roster.spawn(THUG, 3)
    ids = {c.name: c.id for c in service.running().combatants}
    service.facade.new_turn()
    service.facade.contest({ids["Thug 1"]: 12, ids["Thug 2"]: 5, ids["Thug 3"]: 9})
    knife = service.facade.plan_attack(ids["Thug 2"], ids["Kess"], 0)
    service.facade.land_attack(knife, 10, choice=Choice(Location.TORSO, Blow.GLANCING))
    shot = service.facade.plan_attack(ids["Kess"], ids["Thug 2"], 0, interrupting=True)
    service.facade.land_attack(shot, 12, choice=Choice(Location.LEGS, Blow.GLANCING))
    service.facade.act(ids["Vera"], Stance.FULLY_PASSIVE, "full dodge", interrupting=True)
    service.facade.gm_hit(ids["Thug 3"], parse_hit("3D torso"))
    return service


@pytest.fixture
def app(tmp_path: Path) -> GMConsoleApp:
    clock = FakeClock()
    service = alley_fight(tmp_path, clock)
    clock.advance(42)
    return GMConsoleApp(service)


@pytest.mark.parametrize("size", [(160, 48), (100, 30), (80, 24)])
def test_a_facade_fight(snap_compare, app: GMConsoleApp, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=size, press=["down", "down", "down"])


async def interrupting_attack(pilot: Pilot[None]) -> None:
    """Thug 1 (the contest's best roll) interrupts Thug 2's click with his knife on Kess."""
    await pilot.press("down", "down", "j")
    await pilot.pause()
    await pilot.press("enter", "enter", "enter")  # an Active action, an attack
    await pilot.pause()
    await pilot.press("enter", "enter", "enter")  # Kess, the knife, no modifier
    await pilot.pause()


def test_the_attack_roll_with_its_odds(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    async def open_dialog(pilot: Pilot[None]) -> None:
        await interrupting_attack(pilot)
        await no_blink(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=open_dialog)


def test_the_blow_by_location(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    async def open_dialog(pilot: Pilot[None]) -> None:
        await interrupting_attack(pilot)
        await pilot.press("2", "0", "enter")  # 20 vs her Action 10: level 3
        await pilot.pause()
        await pilot.press("enter")  # more than his dice make: kept (a bonus of the GM's)
        await pilot.pause()
        await pilot.press("enter")  # she does not defend
        await no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_dialog)


def test_the_facade_sheet_form(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    async def open_dialog(pilot: Pilot[None]) -> None:
        await pilot.press("2", "e")
        await no_blink(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=open_dialog)


def test_help_for_the_facade_tracker(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=(160, 48), press=["f1"])
