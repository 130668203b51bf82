"""Text from outside shows as typed: a name that looks like markup neither ends the console
nor becomes a link, and a name holding an escape sequence is refused at the form."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from console.model import Encounter, PlayerCharacter, Side
from console.model.tracker import add_combatant, call_for_nish
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from tests.ui.conftest import SIZE, START, console_on, toasts_of, type_in

# A markup error (it ended the console when a dialog named him), a link that would run an
# action when clicked, and a style.
HOSTILE = ["Kess [/b]", "[@click=app.quit]Oko", "[red on red]Vex"]


def _fight(saves: Path) -> CampaignStore:
    store = CampaignStore.create(saves, "Dock")
    service = CampaignService(store)
    for name in HOSTILE:
        service.roster.add_pc(lambda new_id, name=name: PlayerCharacter.new(
            new_id, name, def_="8M", ar="4", vit_max="20"))
    encounter = Encounter(1, "Dock [/fight]")
    for pc in service.pcs().values():
        encounter = add_combatant(encounter, pc.name, Side.PC, ref=pc.id).encounter
    encounter = add_combatant(encounter, "Skrak [b]", Side.NPC, recorded_nish=9,
                              vit_max=12).encounter
    encounter = call_for_nish(encounter, {c.id: 10 + c.id for c in encounter.combatants
                                          if c.is_pc}).encounter
    store.apply("setup", "the fight", [("encounters", 1, encounter.to_dict())], now=START)
    return store


async def test_names_that_look_like_markup_show_as_typed(tmp_path: Path) -> None:
    store = _fight(tmp_path)
    app = console_on(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The tracker, the details, a dialog titled with the name, a toast naming him.
        for _ in HOSTILE:
            await pilot.press("down")
        await pilot.press("c")  # "Condition on <name>": the title is a Label
        await pilot.pause()
        assert app.is_running
        title = app.screen.query_one(".title")
        assert str(title.render()) in {f"Condition on {name}" for name in [*HOSTILE,
                                                                           "Skrak [b]"]}
        await pilot.press("escape")
        await pilot.press("space", "space", "u")  # a toast names the one knocked out
        await pilot.pause()
        assert app.is_running
        screen_text = app.export_screenshot()
        for name in ("Kess [/b]", "[@click=app.quit]Oko", "Skrak [b]"):
            assert name.replace("&", "&amp;") in screen_text.replace("&#160;", " ")
    assert app.return_code in (None, 0)
    store.close()


@contextlib.asynccontextmanager
async def new_pc_form(saves: Path) -> AsyncIterator[tuple[GMConsoleApp, Pilot[None], Input]]:
    """The console on a new campaign with the roster's new-PC form open: the app, its
    pilot and the form's name field."""
    store = CampaignStore.create(saves, "Dock")
    app = console_on(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "p")
        await pilot.pause()
        yield app, pilot, app.screen.query_one("#field-name", Input)
    store.close()


async def test_a_name_holding_an_escape_sequence_is_refused_at_the_form(
        tmp_path: Path) -> None:
    async with new_pc_form(tmp_path) as (app, pilot, field):  # typed (pasted) with an escape
        assert field.max_length == 40
        await type_in(pilot, "Kess\x1b]0;pwned\x07")
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(app.screen.query_one("#error").render())
        assert error.startswith("Name: holds U+001B") and "\x1b" not in error
        assert app.service.pcs() == {}


async def test_a_console_whose_lock_was_taken_says_not_saving_in_its_header(
        tmp_path: Path) -> None:
    store = _fight(tmp_path)
    app = console_on(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (tmp_path / "Dock" / "lock").unlink()
        await pilot.press("space")
        await pilot.pause()
        assert app.is_running
        header = str(app.screen.query_one("#status").render())
        assert "NOT SAVING: the lock was taken from outside; quit and reopen" in header
    store.close()


async def test_a_paste_holding_an_escape_is_refused_whole(tmp_path: Path) -> None:
    # A new GM pasted "AB" ESC "CD" into a scene's name: it read "^CDAB" and was saved so.
    # The terminal parser keeps the paste whole (textual_private.WholePasteParser: its
    # escapes as SUB); the app takes no paste holding what steers a terminal.
    from textual import events

    from console.ui.textual_private import PASTED_ESCAPE

    async with new_pc_form(tmp_path) as (app, pilot, field):
        for text in (f"AB{PASTED_ESCAPE}CD", "Kess\x07", "Vex\u202e"):
            app.post_message(events.Paste(text))
            await pilot.pause()
            assert field.value == "", text
        said = [t for t in toasts_of(app) if t.startswith("Nothing pasted")]
        assert len(said) == 3 and "U+001B" in said[0] and "\x1b" not in said[0]
        app.post_message(events.Paste("Kess Vane\r"))  # plain text (a CR: its line end)
        await pilot.pause()
        assert field.value == "Kess Vane"


async def test_typing_past_a_fields_length_is_said(tmp_path: Path) -> None:
    # A new GM's encounter name stopped at 60 characters, and an NPC's at 40, unsaid.
    async with new_pc_form(tmp_path) as (app, pilot, field):
        field.value = "Grunhilde the Unbreakable Destroyer of"  # 38 of its 40
        field.cursor_position = len(field.value)
        await pilot.press("space", "W", "o", "r")
        await pilot.pause()
        assert field.value == "Grunhilde the Unbreakable Destroyer of W"  # 40
        error = str(app.screen.query_one("#error").render())
        assert error.startswith("40 characters at most here")
