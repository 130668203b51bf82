"""The prep screen and the prepared encounter at the table (issue 29), by its keys: an
adventure written from scratch, foes typed as stat lines (a bad one comes back), the
forecasts with their what-if, the table's scene, E launching the encounter, its briefing,
and the boxed text shown to the players."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TypeVar

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from console.model import PlayerCharacter
from console.model.roster import parse_weapons
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.prep.briefing import BriefingDialog
from console.ui.prep.choose_dialog import ChooseDialog
from console.ui.prep.prep_screen import PrepScreen
from console.ui.prep.writing_dialog import WritingDialog
from console.ui.screens.main_screen import MainScreen
from console.ui.widgets.plain import Static
from tests.ui.conftest import SIZE, FakeClock, console_on, fill, plain, toasts_of

T = TypeVar("T")
SKRAK = "3 x Skrak: Atk 15, Def 8, Dmg 12, AR 4, Vit 12, Nish 9, tags alien, hidden 3"


@pytest.fixture(autouse=True)
def few_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PrepScreen, "RUNS", 400)
    monkeypatch.setattr(PrepScreen, "SIDE_RUNS", 200)


def party_app(saves: Path) -> GMConsoleApp:
    store = CampaignStore.create(saves, "Relay")
    service = CampaignService(store, random.Random(1), FakeClock())
    for name, nish in (("Brice", "8M"), ("Kess", "10L")):
        service.roster.add_pc(lambda new_id, name=name, nish=nish: PlayerCharacter.new(
            new_id, name, nish=nish, def_="8M", ar="6M", vit_max="20", wp="8M",
            healing="6M", weapons=parse_weapons("blaster 8M/10M")))
    service.sessions.toggle()
    return console_on(store)


async def write(pilot: Pilot[None], fields: dict[str, str], blocks: dict[str, str]) -> None:
    """The writing dialog just opened, filled, then saved."""
    screen = await opened(pilot, WritingDialog)
    assert isinstance(screen, WritingDialog)
    for name, text in fields.items():
        screen.query_one(f"#field-{name}", Input).value = text
    for name, text in blocks.items():
        screen.query_one(f"#block-{name}", TextArea).load_text(text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def opened(pilot: Pilot[None], kind: type[T]) -> T:
    """The dialog a key opens, once it is on screen."""
    for _ in range(20):
        if isinstance(pilot.app.screen, kind):
            break
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


def detail(app: GMConsoleApp) -> str:
    screen = app.screen
    assert isinstance(screen, PrepScreen)
    return plain(screen.query_one("#prep-text", Static).content, 110)


async def forecast_done(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def test_an_adventure_written_from_scratch_balanced_and_launched(tmp_path: Path) -> None:
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P")
        assert isinstance(app.screen, PrepScreen)
        assert "No adventures yet" in detail(app)
        await pilot.press("a")
        await write(pilot, {"title": "The Relay"}, {"background": "Quiet for nine days."})
        await pilot.press("s")
        await write(pilot, {"name": "Docks"}, {"notes": ""})
        await pilot.press("n")
        await write(pilot, {"name": "Ambush", "map": "4"},
                    {"boxed": "The doors stand open.",
                     "notes": "A Skrak waits **above the door**."})
        service = app.service
        (adventure,) = service.prep.all()
        assert [e.heading for _, e in adventure.encounters()] == ["[4] Ambush"]
        # The cursor is on the new encounter: its foes, one line bad.
        screen = app.screen
        assert isinstance(screen, PrepScreen) and screen.selection == ("encounter", 1, 1)
        await pilot.press("p")
        await write(pilot, {}, {"lines": SKRAK + "\nDrone: Atk 6 Def xx"})
        # The good line is saved; the bad one comes back, with its field and why.
        assert isinstance(app.screen, WritingDialog)
        assert app.screen.query_one("#block-lines", TextArea).text == "Drone: Atk 6 Def xx"
        # numbered as it now stands: the first line of what came back
        assert "line 1, Def" in str(app.screen.query_one(".hint").render())
        await pilot.press("escape")
        prepared = service.prep.get(1).find(1)[1]  # type: ignore[index]
        assert [(f.count, f.hidden) for f in prepared.foes] == [(3, (3,))]
        assert "above the door" in detail(app) and "**" not in detail(app)
        # The encounter's forecast, then a what-if with one Skrak fewer, kept.
        await pilot.press("f")
        await forecast_done(pilot)
        assert "-1 foe" in detail(app) and "moderate wounds" in detail(app)
        await pilot.press("w")
        await fill(pilot, count="2")
        await forecast_done(pilot)
        assert "what if: 2 x Skrak" in detail(app)
        await pilot.press("k")
        await pilot.pause()
        assert [(f.count, f.hidden) for f in service.prep.get(1).find(1)[1].foes] == [  # type: ignore[index]
            (2, (2,))]  # the ambusher is still the last copy
        # The adventure's mix, from the kept what-if: no fight run again.
        await pilot.press("up", "up")
        assert screen.selection == ("adventure", 1, 0)
        assert "The adventure's mix: 1 encounter," in detail(app)
        # The table is at the scene; E at the table offers its encounter.
        await pilot.press("down", "t")
        assert service.prep.at_table() is not None
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
        await pilot.press("E")
        await opened(pilot, ChooseDialog)
        await pilot.press("enter")
        await opened(pilot, BriefingDialog)  # the boxed text and notes, for the GM
        fight = service.running()
        assert fight.name == "Ambush" and [c.name for c in fight.combatants if c.hidden] == [
            "Skrak 2"]
        await pilot.press("r")  # the boxed text onto the players' view
        await pilot.pause()
        assert service.players.picture().read_aloud == "The doors stand open."
        await pilot.press("U")  # and off it again, from the main screen
        await pilot.pause()
        assert service.players.picture().read_aloud == ""
        await pilot.press("ctrl+z", "ctrl+z")  # off, then on the players' view again
        await pilot.pause()
        assert service.encounter() is not None and service.encounter().name == "Ambush"
        await pilot.press("ctrl+z")  # the launch, as one action: no fight, not played
        await pilot.pause()
        assert service.encounter() is None
        assert service.prep.get(1).find(1)[1].played is None  # type: ignore[index]


async def test_e_without_a_prepared_scene_asks_a_name_as_before(tmp_path: Path) -> None:
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert not isinstance(app.screen, ChooseDialog)
        await fill(pilot, name="Bar brawl")
        assert app.service.running().name == "Bar brawl"
        await pilot.press("G")  # no prepared encounter: said, nothing opens
        await pilot.pause()
        assert "begun blank" in toasts_of(app)[-1] and isinstance(app.screen, MainScreen)


async def test_b_at_the_chooser_begins_a_blank_fight(tmp_path: Path) -> None:
    app = party_app(tmp_path)
    service = app.service
    service.prep.new("Relay")
    service.prep.add_scene(1, "Docks")
    service.prep.add_encounter(1, 1, "Ambush")
    service.prep.set_table_scene(1, 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E")
        await opened(pilot, ChooseDialog)
        await pilot.press("b")
        await pilot.pause()
        await fill(pilot, name="Something else")
        assert service.running().name == "Something else"
        assert service.prep.get(1).find(1)[1].played is None  # type: ignore[index]


async def test_the_prep_screens_keys_are_in_help_and_the_palette(tmp_path: Path) -> None:
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Prepare adventures: scenes, encounters, balance by Table 18" in titles
        assert "What the players' view shows, and the turn timer" in titles
        await pilot.press("P")
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Prep: a new adventure", "Prep: the encounter's foes as stat lines (type or "
                "paste them)", "Prep: keep the encounter's what-if"} <= titles
        await pilot.press("f1")
        await pilot.pause()
        assert "Adventure preparation" in app.screen.markdown  # type: ignore[attr-defined]


async def test_a_burst_into_the_writing_form_lands_field_by_field(tmp_path: Path) -> None:
    """Seen in tmux: "Pump room", enter, "M2", enter, the boxed text, tab, the notes and
    ctrl+s in one burst put the boxed text in the map number (and the background into the
    title, tab staying in a form's only field)."""
    from tests.ui.test_forgiving_keys import burst

    app = party_app(tmp_path)
    service = app.service
    service.prep.new("Mine")
    service.prep.add_scene(1, "Shaft")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P", "down", "n")
        await opened(pilot, WritingDialog)
        burst(app, *"Pumps", "enter", *"M2", "enter", *"Dark", "tab", *"Eels", "ctrl+s")
        for _ in range(6):
            await pilot.pause()
        found = service.prep.get(1).find(1)
        assert found is not None
        encounter = found[1]
        assert (encounter.name, encounter.map, encounter.boxed, encounter.notes) == (
            "Pumps", "M2", "Dark", "Eels")
        await pilot.press("a")
        await opened(pilot, WritingDialog)
        burst(app, *"Veyl", "tab", *"Quiet", "ctrl+s")
        for _ in range(6):
            await pilot.pause()
        assert [(a.title, a.background) for a in service.prep.all()][-1] == ("Veyl", "Quiet")


async def test_e_at_a_prepared_scene_asks_first_how_the_begun_fight_ended(
        tmp_path: Path) -> None:
    """E into a prepared encounter is E into the next (issue 30): a fight whose Nish was
    called is asked how it ended (one key), then the scene's encounters are offered."""
    from importlib import resources

    from console.model.fight_end import EndHow
    from console.ui.tracker.ending_dialog import EndingDialog

    sample = resources.files("console.cli").joinpath("samples/the_silent_relay.md")
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        service = app.service
        adventure = service.prep.import_markdown(sample.read_text()).adventure
        service.prep.set_table_scene(adventure.id, 2)
        service.tracker.new_encounter("At the gate")
        old = service.tracker.join_party().encounter
        service.tracker.call_for_nish({c.id: 20 for c in old.combatants})
        await pilot.press("E")
        await opened(pilot, EndingDialog)
        await pilot.press("f")
        await opened(pilot, ChooseDialog)
        await pilot.press("enter")
        await opened(pilot, BriefingDialog)
        ended = service.encounters()[old.id]
        assert ended.ending is not None and ended.ending.how is EndHow.FLED
        assert service.running().source == (adventure.id, 2)


async def test_escape_on_a_changed_writing_asks_each_time(tmp_path: Path) -> None:
    """Escape asks before discarding what was written; typing on withdraws the question,
    and the next escape asks again (it discarded the title and the background at once)."""
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P", "a")
        screen = await opened(pilot, WritingDialog)
        await pilot.press("T", "h", "e", "tab", "Q", "u", "i", "e", "t", "escape")
        assert app.screen is screen
        assert "Discard what you wrote?" in str(screen.query_one(".error").render())
        await pilot.press("l", "y")  # typing on in the block
        assert "Discard" not in str(screen.query_one(".error").render())
        await pilot.press("escape")
        assert app.screen is screen  # asked again
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PrepScreen)
        assert app.service.prep.all() == []


async def test_a_forecast_says_the_wounds_it_counts(tmp_path: Path) -> None:
    """A forecast takes the party as its sheets stand: made mid-fight, it counts the
    fight's wounds, and a new GM read it bloodier than a fresh one's without knowing why."""
    app = party_app(tmp_path)
    service = app.service
    service.prep.new("Relay")
    service.prep.add_scene(1, "Docks")
    service.prep.add_encounter(1, 1, "Ambush")
    service.prep.paste(1, 1, SKRAK)
    brice = next(pc for pc in service.pcs().values() if pc.name == "Brice")
    service.roster.save_pc(brice.with_changes(wounds=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P", "down", "down", "f")  # the encounter, forecast
        await forecast_done(pilot)
        assert "with their wounds now: Brice 5" in detail(app)
        await pilot.press("up", "up", "f")  # the adventure's mix
        await forecast_done(pilot)
        assert "Against the party with its wounds now: Brice 5" in detail(app)


async def test_a_what_ifs_count_and_values_follow_the_foe_named(tmp_path: Path) -> None:
    """Another foe named in the what-if kept the first foe's count and values: "3 x Eel
    mother, Atk 12" was forecast and kept, the eel's numbers as hers. They follow the foe
    now, and tab completes his name."""
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P", "a")
        await write(pilot, {"title": "The Relay"}, {"background": ""})
        await pilot.press("s")
        await write(pilot, {"name": "Docks"}, {"notes": ""})
        await pilot.press("n")
        await write(pilot, {"name": "Ambush"}, {"boxed": "", "notes": ""})
        await pilot.press("p")
        await write(pilot, {}, {"lines": SKRAK + "\n2 x Drone: Atk 6, Def 5, Dmg 8, AR 2, "
                                                 "Vit 8, Nish 5"})
        await forecast_done(pilot)  # what the paste set going, on a loaded machine too
        await pilot.press("w")
        screen = await opened(pilot, FormDialog)

        def shown(name: str) -> str:
            return screen.query_one(f"#field-{name}", Input).value

        assert (shown("foe"), shown("count"), shown("atk")) == ("Skrak", "3", "15")
        await pilot.press("ctrl+u", "d", "r", "tab")
        await pilot.pause()
        assert (shown("foe"), shown("count"), shown("atk"), shown("vit")) == (
            "Drone", "2", "6", "8")
        await pilot.press("ctrl+u", "z")  # no foe of that name: the values stay
        await pilot.pause()
        assert (shown("count"), shown("atk")) == ("2", "6")
