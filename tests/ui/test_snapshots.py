"""Snapshots of every screen and dialog: the main screen mid-round (also at 80x24), each of
its dialogs, F1 help, the AP awards screen, its dialogs and the close-of-session preview.

The campaign is built directly (not by keys) with a fixed clock and dice, so the pictures
only change when the screens do. Accept a deliberate change with --snapshot-update.
"""

from __future__ import annotations

import random
import time
from datetime import timedelta
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side
from console.model.awards import (
    CloseChoices,
    apply_close,
    give_adventure_bonus,
    give_grab_bag,
)
from console.model.encounters import Shock
from console.model.roster import parse_weapons, spawn_copies
from console.model.table_settings import NpcNames, PcHealth, PlayersSettings, TurnTimer
from console.model.tracker import (
    add_combatant,
    add_condition,
    call_for_nish,
    hold,
    next_turn,
    set_shock,
)
from console.rules.ap_awards import TimeRounding
from console.rules.hazards import suffocation, vacuum
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.forecast.flows import ForecastFlows
from console.ui.player.player_app import PlayerViewApp
from tests.ui.conftest import SIZE, START, FakeClock
from tests.ui.test_awards_app import PARTY
from tests.ui.test_forecast_app import forecast_app, wait_for_result
from tests.ui.test_player_app import gm_fight


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")  # the log shows local times
    time.tzset()


def mid_fight(saves: Path) -> CampaignStore:
    store = CampaignStore.create(saves, "Iron Reach")
    store.start_session(now=START)
    brice = PlayerCharacter.new(1, "Brice", nish="8M", vit_max="20", wp="10L", wounds=24)
    kara = PlayerCharacter.new(2, "Kara", nish="10L", vit_max="16", def_="10L", ar="6M",
                               weapons=parse_weapons("turbo-plaz 8M/8M"))
    store.apply("pc.add", "Brice and Kara", [(PlayerCharacter.TABLE, 1, brice.to_dict()),
                                             (PlayerCharacter.TABLE, 2, kara.to_dict())],
                now=START)
    encounter = Encounter(1, "Ambush at the dock")
    encounter = add_combatant(encounter, "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Kara", Side.PC, ref=2).encounter
    skrak = NpcTemplate(1, "Skrak", atk="15", def_="8M", dmg="12", ar="4", vit="12", nish="10")
    encounter = spawn_copies(encounter, skrak, 2).encounter
    encounter = add_combatant(encounter, "Skrak leader", Side.NPC, recorded_nish=16,
                              vit_max=24).encounter
    encounter = set_shock(encounter, 2, Shock.FAILED).encounter
    encounter = call_for_nish(encounter, {1: 256, 2: 9}).encounter
    encounter = hold(encounter, 1).encounter
    encounter = add_condition(encounter, "Stunned", 3, 1).encounter
    encounter = next_turn(encounter).encounter
    store.apply("setup", "The fight so far", [(Encounter.TABLE, 1, encounter.to_dict()),
                                              (NpcTemplate.TABLE, 1, skrak.to_dict())],
                now=START)
    return store


@pytest.fixture
def app(tmp_path: Path) -> GMConsoleApp:
    clock = FakeClock()
    clock.advance(42)
    return GMConsoleApp(CampaignService(mid_fight(tmp_path), random.Random(3), clock))


async def no_blink(pilot: Pilot[None]) -> None:
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def test_main_screen_mid_round(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=SIZE, press=["down", "down", "down"])


def test_call_for_nish_dialog(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    async def open_dialog(pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await no_blink(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=open_dialog)


def test_help_for_the_tracker(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=SIZE, press=["f1"])


def awards_campaign(saves: Path) -> CampaignStore:
    """Two sessions of a four-PC party: the first closed, the second with awards waiting."""
    store = CampaignStore.create(saves, "Iron Reach")
    pcs = {pc.id: pc for pc in PARTY}
    store.apply("setup", "The party", [(pc.TABLE, pc.id, pc.to_dict()) for pc in PARTY],
                now=START)
    session = store.start_session(now=START - timedelta(days=7))
    session = give_grab_bag(session, pcs[1], 2, "held the door").session
    closing = apply_close(session, pcs, CloseChoices(
        timedelta(hours=4), TimeRounding.DOWN, 5, (1, 2, 3, 4), journal_pc=3, journal_self=8,
        missions=(2,)), START - timedelta(days=7) + timedelta(hours=4))
    store.apply("awards.close", "closed", [(session.TABLE, session.DOC_ID,
                                           closing.session.to_dict())]
                + [(pc.TABLE, pc.id, pc.to_dict()) for pc in closing.pcs], now=START)
    pcs = {pc.id: pc for pc in closing.pcs}
    session = store.start_session(now=START)
    session = give_grab_bag(session, pcs[2], 1, "first aid").session
    session = give_adventure_bonus(session, pcs[4], 10, "decoded the beacon").session
    store.apply("awards", "awards", [(session.TABLE, session.DOC_ID, session.to_dict())],
                now=START)
    return store


@pytest.fixture
def awards_app(tmp_path: Path) -> GMConsoleApp:
    clock = FakeClock()
    clock.advance(150)
    return GMConsoleApp(CampaignService(awards_campaign(tmp_path), random.Random(3), clock))


def test_awards_screen(snap_compare, awards_app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(awards_app, terminal_size=SIZE, press=["w"])


def test_close_of_session_preview(snap_compare, awards_app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    async def fill(pilot: Pilot[None]) -> None:
        await pilot.press("w", "c")
        screen = pilot.app.screen
        for selector, text in (("#close-group", "4"), ("#close-self", "6"),
                               ("#close-missions", "all"), ("#close-share", "3/4")):
            screen.query_one(selector, Input).value = text
        await no_blink(pilot)

    assert snap_compare(awards_app, terminal_size=SIZE, run_before=fill)


# ----- every dialog of the main screen, and the main screen at 80x24 ----------------------

def dialog(*keys: str):  # type: ignore[no-untyped-def]
    """A run_before pressing ``keys``, then stopping the cursor's blink."""
    async def run(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        await no_blink(pilot)

    return run


SMALL = (80, 24)

# name: keys from the main screen mid-round (the cursor starts on Skrak 1, who acts)
MAIN_DIALOGS = {
    "new_encounter": ("E", "w"),  # how the fight ended (won), then the next one's name
    "how_it_ended": ("ctrl+e",),
    "next_session": ("S", "S"),  # stopped, then the next one: said and asked
    "add_combatant": ("a",),
    "edit_nish": ("e",),
    "condition": ("c",),
    "pc_attacks_npc": ("A",),
    "pc_attack_result": ("A", "K", "a", "r", "a", "enter", "1", "ctrl+s"),
    "npc_attacks_pc": ("down", "down", "A"),
    "npc_attack_defense": ("down", "down", "A", "ctrl+s"),
    "heal": ("up", "up", "plus"),
    "checks": ("up", "up", "k"),
    "explosion": ("B",),
    "hazard_pick": ("z",),
    "hazard_questions": ("z", "s", "u", "f", "f", "o", "c", "a", "t", "i", "o", "n", "enter"),
    "time_passes": ("T",),
    "grab_bag": ("up", "g"),
    "pc_sheet": ("2", "p"),
    "npc_template": ("2", "n"),
    "spawn": ("2", "end", "s"),
    "roster_search": ("2", "slash"),
    "dice": ("D",),
    "dice_facade_faces": ("D", "ctrl+n", "ctrl+n", "tab", "tab", "7", "comma", "3", "comma",
                          "2"),
}


@pytest.mark.parametrize("name", sorted(MAIN_DIALOGS))
def test_main_screen_dialog(snap_compare, app: GMConsoleApp, name: str) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=SIZE, run_before=dialog(*MAIN_DIALOGS[name]))


def test_main_screen_small_terminal(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=SMALL)


AWARDS_DIALOGS = {
    "adventure_bonus": ("w", "a"),
    "improve": ("w", "i"),
    "summary": ("w", "m"),
    "help": ("w", "f1"),
}


@pytest.mark.parametrize("name", sorted(AWARDS_DIALOGS))
def test_awards_dialog(snap_compare, awards_app: GMConsoleApp, name: str) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(awards_app, terminal_size=SIZE, run_before=dialog(*AWARDS_DIALOGS[name]))


def with_hazards_and_awards(tmp_path: Path) -> GMConsoleApp:
    """Mid-fight with two hazards running (Kara in vacuum, Brice drowning) and AP given."""
    clock = FakeClock()
    clock.advance(42)
    service = CampaignService(mid_fight(tmp_path), random.Random(3), clock)
    encounter = service.encounter()
    assert encounter is not None
    brice, kara = encounter.combatant(1), encounter.combatant(2)
    assert brice is not None and kara is not None
    service.hazards.start(kara, "vacuum", vacuum.start(ears_exposed=True,
                                                        tries_to_breathe=False))
    service.hazards.start(brice, "drowning", suffocation.start("water", prepared=True,
                                                                wp="10L"))
    service.awards.grab_bag(service.pcs()[2], 2, "held the hatch")
    service.awards.adventure_bonus(service.pcs()[2], 5, "found the codes")
    return GMConsoleApp(service)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_main_screen_at_three_sizes(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                                    size: tuple[int, int]) -> None:
    """The four panes, reflowed: at 80x24 the tracker keeps its columns and the side
    panes are a page of their own (2)."""
    assert snap_compare(with_hazards_and_awards(tmp_path), terminal_size=size)


def test_the_side_page_at_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(with_hazards_and_awards(tmp_path), terminal_size=(80, 24),
                        press=["4"])


def test_the_dice_calculator_at_80x24(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app, terminal_size=SMALL, run_before=dialog("D"))


def test_a_form_at_80x24(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    """A long form in a small terminal keeps its border and its labels beside the fields."""
    assert snap_compare(app, terminal_size=SMALL, run_before=dialog("2", "p"))


def test_a_maximised_pane_at_80x24(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    """F: the tracker over the whole screen, its columns fitted to it."""
    assert snap_compare(app, terminal_size=SMALL, press=["F"])


def player_view(tmp_path: Path) -> PlayerViewApp:
    """The players' view of a fight: a hidden sniper, Skrak 1 badly hurt, Vera drowning and
    stunned, smoke over the whole fight."""
    gm = gm_fight(tmp_path)
    vera = next(c for c in gm.running().combatants if c.name == "Vera")
    gm.hazards.start(vera, "drowning", suffocation.start("water", prepared=False))
    gm.tracker.add_condition(vera.id, "Stunned", 1)
    gm.tracker.add_condition(None, "Smoke", None)
    gm._store.close()
    store = CampaignStore.open(tmp_path, "Dock", read_only=True)
    return PlayerViewApp(CampaignService(store), clock=FakeClock())


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_players_view(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                          size: tuple[int, int]) -> None:
    assert snap_compare(player_view(tmp_path), terminal_size=size)


def players_choices(tmp_path: Path) -> PlayerViewApp:
    """The same fight by the GM's choices (issue 28): PCs' health as words, NPCs as foes
    and out of the order until they act, a 60 s limit per turn. The sniper is revealed;
    his turn has run 50 s (amber)."""
    gm = gm_fight(tmp_path)
    sniper = next(c for c in gm.running().combatants if c.name == "Sniper")
    gm.tracker.toggle_hidden(sniper.id)
    gm.settings.set_table(PlayersSettings(PcHealth.WORDS, NpcNames.FOES, npcs_waiting=False),
                          TurnTimer(limit=60))
    gm._store.close()
    clock = FakeClock()
    clock.now += timedelta(seconds=50)
    store = CampaignStore.open(tmp_path, "Dock", read_only=True)
    return PlayerViewApp(CampaignService(store), clock=clock)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 48)])
def test_the_players_view_by_the_gms_choices(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                                             size: tuple[int, int]) -> None:
    assert snap_compare(players_choices(tmp_path), terminal_size=size)


def test_the_players_view_and_timer_dialog(snap_compare, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    async def open_dialog(pilot: Pilot[None]) -> None:
        await pilot.press("O")
        await no_blink(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=open_dialog)


@pytest.mark.parametrize("size", [(80, 24), SIZE])
def test_main_screen_with_the_turn_timer_and_foes(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                  size: tuple[int, int]) -> None:
    """The header's turn timer past its limit (red), and the foe numbers the players see
    beside each NPC, one of them named to the table."""
    clock = FakeClock()
    clock.advance(42)
    service = CampaignService(mid_fight(tmp_path), random.Random(3), clock)
    service.settings.set_table(PlayersSettings(npc_names=NpcNames.FOES), TurnTimer(limit=90))
    service.tracker.toggle_named(5)  # the Skrak leader
    service.tracker.next_turn()
    clock.now += timedelta(seconds=95)
    assert snap_compare(GMConsoleApp(service), terminal_size=size)


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
def test_the_forecast(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                      monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    monkeypatch.setattr(ForecastFlows, "RUNS", 400)
    monkeypatch.setattr(ForecastFlows, "SIDE_RUNS", 200)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("f")
        await wait_for_result(pilot)

    assert snap_compare(forecast_app(tmp_path), terminal_size=size, run_before=run_before)


# ----- the points of the other systems (issue 18) -------------------------------------------

def points_app(tmp_path: Path, system: str) -> GMConsoleApp:
    """The awards party playing ``system``: points given, pools set and used, a mission's
    end (Metalface) or a trade (Façade)."""
    clock = FakeClock()
    clock.advance(95)
    store = CampaignStore.create(tmp_path, "Rust Belt")
    service = CampaignService(store, random.Random(3), clock)
    for pc in PARTY:
        service.roster.save_pc(pc)
    service.settings.set_system(system)
    service.sessions.toggle()
    points = service.points
    pcs = service.pcs()
    if system == "metalface":
        points.award(pcs[1], "action", 4, "scaled the pylon")
        points.award(pcs[1], "performance", 9, "the sermon")
        points.award(pcs[2], "action", 1)
        points.set_pools(pcs[1], {"faith": 3, "blessing": 1})
        points.end_mission([pcs[1]])
        points.trade(pcs[1], "skill_point", 1)
        points.use_pool(pcs[1], "faith", 4, "Pilot")
        points.award(pcs[3], "performance", 6)
    else:
        points.award(pcs[1], "ep", 8, "solved the murder")
        points.award(pcs[3], "ep", 5)
        points.trade(pcs[1], "sp", 4)
    return GMConsoleApp(service)


@pytest.mark.parametrize("size", [SIZE, SMALL])
def test_the_metalface_points_screen(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                                     size: tuple[int, int]) -> None:
    assert snap_compare(points_app(tmp_path, "metalface"), terminal_size=size, press=["w"])


POINTS_DIALOGS = {
    "metalface_mission": ("metalface", ("w", "m")),
    "metalface_spend": ("metalface", ("w", "t")),
    "metalface_side_page_80x24": ("metalface", ("5",)),
    "facade_trade": ("facade", ("w", "t")),
}


@pytest.mark.parametrize("name", sorted(POINTS_DIALOGS))
def test_points_dialog(snap_compare, tmp_path: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    system, keys = POINTS_DIALOGS[name]
    size = SMALL if name.endswith("80x24") else SIZE
    assert snap_compare(points_app(tmp_path, system), terminal_size=size,
                        run_before=dialog(*keys))


# ----- issue 27: what a GM needs, whole, at 80x24, 100x30 and 160x48 ----------------------

THREE_SIZES = {"80x24": (80, 24), "100x30": (100, 30), "160x48": (160, 48)}


async def close_form_filled(pilot: Pilot[None]) -> None:
    await pilot.press("w", "c")
    screen = pilot.app.screen
    for selector, text in (("#close-group", "4"), ("#close-self", "6"),
                           ("#close-missions", "all"), ("#close-share", "3/4")):
        screen.query_one(selector, Input).value = text
    await no_blink(pilot)


# name: (the app, keys pressed before the picture)
WHOLE: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "mid_fight": ("hazards", ()),
    "details": ("hazards", ("up", "up", "i")),  # Brice: held, drowning, checks owed
    "help": ("hazards", ("f1",)),
    "dice": ("hazards", ("D",)),
    "empty_fields": ("hazards", ("A",)),
    "close_of_session": ("awards", None),
}


@pytest.mark.parametrize("size", sorted(THREE_SIZES))
@pytest.mark.parametrize("name", sorted(WHOLE))
def test_whole_at_three_sizes(snap_compare, tmp_path: Path, name: str,  # type: ignore[no-untyped-def]
                              size: str) -> None:
    """Nothing a GM needs cut: the main screen mid-fight, a combatant's details (i), help,
    the dice calculator, a form with empty fields (each in a box), the close of session
    with its four PCs."""
    which, keys = WHOLE[name]
    if which == "awards":
        clock = FakeClock()
        clock.advance(150)
        app = GMConsoleApp(CampaignService(awards_campaign(tmp_path), random.Random(3), clock))
    else:
        app = with_hazards_and_awards(tmp_path)
    assert snap_compare(app, terminal_size=THREE_SIZES[size],
                        run_before=close_form_filled if keys is None else dialog(*keys))
