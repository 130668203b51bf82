"""The tracker played through the keyboard, as a GM runs a fight."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from console.model import Encounter
from console.model.encounters import Hold, InitiativeMode, Shock, Status
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.dialogs.nish_entry import NishEntryScreen
from console.ui.screens.help_screen import HelpScreen
from console.ui.tracker.detail_pane import DetailPane
from tests.ui.conftest import SIZE, type_in


def encounter_of(app: GMConsoleApp) -> Encounter:
    found = app.controller.encounter()
    assert found is not None
    return found


def table_names(app: GMConsoleApp) -> list[str]:
    table = app.screen.query_one("#tracker", DataTable)
    return [str(table.get_row_at(row)[2]) for row in range(table.row_count)]


def marked(app: GMConsoleApp) -> list[str]:
    """Names on the rows that carry the current-turn marker."""
    table = app.screen.query_one("#tracker", DataTable)
    return [str(table.get_row_at(row)[2]) for row in range(table.row_count)
            if str(table.get_row_at(row)[0]).startswith("▶")]


async def set_up_fight(pilot: Pilot[None]) -> None:
    """Session 1, an encounter, two PCs and three Skraks, all by keyboard."""
    await pilot.press("S", "E")
    await type_in(pilot, "Ambush")
    for name, side, nish, vit in [("Brice", "pc", "", "20"), ("Kara", "pc", "", "16"),
                                  ("Skrak 1", "npc", "10", "12"), ("Skrak 2", "npc", "10", "12"),
                                  ("Skrak leader", "npc", "8M", "24")]:
        await pilot.press("a")
        await type_in(pilot, name, side, nish, vit)


async def select(pilot: Pilot[None], app: GMConsoleApp, name: str) -> None:
    """Move the tracker's cursor to ``name`` with the arrow keys."""
    await pilot.press("1")
    table = app.screen.query_one("#tracker", DataTable)
    target = table_names(app).index(name)
    while table.cursor_row != target:
        await pilot.press("down" if table.cursor_row < target else "up")


async def test_a_full_encounter_by_keyboard(open_app, saves: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await set_up_fight(pilot)
        encounter = encounter_of(app)
        assert [c.name for c in encounter.combatants] == [
            "Brice", "Kara", "Skrak 1", "Skrak 2", "Skrak leader"]
        assert encounter.combatant(5).recorded_nish == 16  # 8M typed, its value kept

        # Kara is startled by the ambush: failed shock, Nish 0 in round 1.
        await select(pilot, app, "Kara")
        await pilot.press("s")
        assert encounter_of(app).combatant(2).shock is Shock.FAILED

        # Call for Nish: Brice's player calls 256, Kara's 9.
        await pilot.press("n")
        assert isinstance(app.screen, NishEntryScreen)
        await type_in(pilot, "256", "9")
        assert table_names(app) == ["Brice", "Skrak leader", "Skrak 1", "Skrak 2", "Kara"]
        assert marked(app) == ["Brice"]

        # The two Skraks tie on 10; the GM lets Skrak 2 go first, and it is remembered.
        await select(pilot, app, "Skrak 2")
        await pilot.press("shift+up")
        assert table_names(app)[2:4] == ["Skrak 2", "Skrak 1"]

        # Brice saves his Initiative: the turn passes to the Skrak leader.
        await select(pilot, app, "Brice")
        await pilot.press("h")
        assert encounter_of(app).combatant(1).hold is Hold.ALL
        assert marked(app) == ["Skrak leader"]

        # The leader stuns Skrak 1 (friendly fire) for one round.
        await select(pilot, app, "Skrak 1")
        await pilot.press("c")
        await type_in(pilot, "Stunned", "1")
        assert encounter_of(app).conditions[0].until_round == 2

        # Turns go on; Brice acts on his saved Initiative after the Skraks.
        await pilot.press("space", "space", "space")
        assert marked(app) == ["Kara"]
        await select(pilot, app, "Brice")
        await pilot.press("o")
        assert encounter_of(app).combatant(1).hold is Hold.NONE

        # Round 2: Kara's shock is over; a new hold would be lost at the next call.
        await pilot.press("space", "n")
        await type_in(pilot, "12", "30")
        assert encounter_of(app).round == 2
        assert table_names(app)[0] == "Kara"
        assert encounter_of(app).combatant(2).shock is Shock.NONE

        # Wave mode: the PCs above the NPCs act together, then the NPCs at their average.
        await pilot.press("m")
        assert encounter_of(app).mode is InitiativeMode.WAVE
        assert marked(app) == ["Kara"]
        await pilot.press("ctrl+z")  # changed his mind
        assert encounter_of(app).mode is InitiativeMode.INDIVIDUAL

        # Play out round 2: the stun lasts to its very end, comes off at the next call.
        for _ in range(5):
            await pilot.press("space")
        assert encounter_of(app).current == "end"
        assert [c.name for c in encounter_of(app).conditions] == ["Stunned"]
        assert any("Ending with this round: Stunned on Skrak 1" in n.message
                   for n in app._notifications)

        # Skrak 1 goes down, Skrak 2 dies.
        await select(pilot, app, "Skrak 1")
        await pilot.press("u")
        await select(pilot, app, "Skrak 2")
        await pilot.press("d")
        encounter = encounter_of(app)
        assert encounter.combatant(3).status is Status.UNCONSCIOUS
        assert encounter.combatant(4).status is Status.DEAD

    # Quit and reopen mid-encounter: the same round, turn and states are back.
    before = encounter_of(app)
    app.controller.store.close()
    again = open_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        after = encounter_of(again)
        assert after == before
        assert table_names(again)[-1] == "Skrak 2"  # the dead are listed last


async def test_undo_and_redo_survive_a_restart(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await set_up_fight(pilot)
        await pilot.press("n")
        await type_in(pilot, "7", "8")
        await pilot.press("space", "space", "ctrl+z")
        position = encounter_of(app).current
    app.controller.store.close()
    again = open_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert encounter_of(again).current == position
        await pilot.press("ctrl+y")
        assert encounter_of(again).current != position
        await pilot.press("ctrl+z")
        assert encounter_of(again).current == position


async def test_rolling_a_pcs_nish_for_him(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("S", "2", "p")
        # Name, player, player rank, Nish, Def, AR, NAR, Vit max; ctrl+s saves the rest empty.
        await type_in(pilot, "Brice", "Ann", "0", "8M", "", "", "", "20")
        await pilot.press("ctrl+s")
        assert app.controller.store.pc(1).vit_max.text == "20"  # type: ignore[union-attr]
        await pilot.press("E")
        await type_in(pilot, "Patrol")
        await pilot.press("2", "enter", "1", "n", "ctrl+r")
        await pilot.pause()
        # The roll stays on his line (the GM reads it out); the habitual enter moves on.
        assert isinstance(app.screen, NishEntryScreen)
        rolled = app.screen.query_one("#nish-1", Input).value
        assert int(rolled) > 0
        await pilot.press("enter")
        await pilot.pause()
        assert encounter_of(app).combatant(1).nish == int(rolled)
        assert encounter_of(app).round == 1


async def test_bad_input_gets_a_message_not_a_crash(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # no encounter yet
        await pilot.press("E")
        await type_in(pilot, "Bar fight")
        await pilot.press("a")
        await type_in(pilot, "Thug", "npc", "7X")  # not a value or rating
        assert "7X: die must be 6, 8 or 10" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")
        await pilot.press("n", "space", "space")
        assert encounter_of(app).round == 1
        await pilot.press("h")  # nothing selected is fine: a message, no change
        messages = [n.message for n in app._notifications]
        assert any("no encounter running" in m for m in messages)


async def test_f1_shows_help_for_the_focused_pane(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert "Initiative tracker" in app.screen.markdown
        assert "Call for Nish" in app.screen.markdown
        await pilot.press("escape", "2", "f1")
        assert "Roster" in app.screen.markdown


async def test_every_pane_action_is_in_the_command_palette(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for expected in ["Tracker: Call for Nish", "Tracker: Next turn", "Tracker: Hold",
                         "Tracker: Hold part", "Tracker: Earlier in tie", "Roster: New PC",
                         "Undo", "Redo", "New encounter", "Session start/stop"]:
            assert expected in titles


async def test_a_read_only_console_refuses_changes(saves: Path) -> None:
    store = CampaignStore.open(saves, "Iron Reach", read_only=True)
    app = GMConsoleApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E")
        await type_in(pilot, "Nope")
        messages = [n.message for n in app._notifications]
        assert any("read-only" in m for m in messages)
    assert CampaignStore.open(saves, "Iron Reach", read_only=True).encounters() == []


async def test_a_critically_wounded_pcs_turn_reminds_the_gm(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await set_up_fight(pilot)
        store = app.controller.store
        brice = store.pc(1)
        assert brice is not None
        store.apply("pc.wounds", "Brice takes 24", [("pcs", 1, brice.with_changes(
            wounds=24, wp="10L").to_dict())])  # Vit 20: 4 points of critical damage
        await pilot.press("n")
        await type_in(pilot, "5", "40")  # Brice acts after the Skraks
        for _ in range(4):
            await pilot.press("space")
        assert marked(app) == ["Brice"]
        reminders = [n.message for n in app._notifications if "before acting" in n.message]
        assert reminders and "WP vs 20 (unconsciousness)" in reminders[-1]
        assert "Healing vs 20 (vitality drain)" in reminders[-1]
        pane = app.screen.query_one("#detail", DetailPane)
        printer = Console(width=120, record=True, file=io.StringIO())
        printer.print(pane.render_for(app.screen.view_state, 1))
        assert "Before he acts:\n  WP vs 20" in printer.export_text()


def log_lines(app: GMConsoleApp) -> list[str]:
    pane = app.screen.query_one("#log")
    return [strip.text.rstrip() for strip in pane.lines]  # type: ignore[attr-defined]


async def test_the_log_follows_undo_and_a_new_branch(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E")
        await type_in(pilot, "Patrol")
        for name in ("Guard 1", "Guard 2"):
            await pilot.press("a")
            await type_in(pilot, name, "npc", "5", "")
        assert [line[6:] for line in log_lines(app)] == [
            "Encounter Patrol begins", "Guard 1 joins the encounter",
            "Guard 2 joins the encounter"]
        await pilot.press("ctrl+z")
        assert len(log_lines(app)) == 3  # still listed, struck through
        await pilot.press("a")
        await type_in(pilot, "Dog", "npc", "7", "")
        assert [line[6:] for line in log_lines(app)][-2:] == [
            "Guard 1 joins the encounter", "Dog joins the encounter"]
        await pilot.press("S")  # a new session starts a new log
        assert [line[6:] for line in log_lines(app)] == [
            "Encounter Patrol continues from the last session"]


async def test_group_mode_edit_and_remove_mid_encounter(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await set_up_fight(pilot)
        store = app.controller.store
        kara = store.pc(2)
        assert kara is not None
        store.apply("pc.rank", "Kara is rank 2", [("pcs", 2, kara.with_changes(
            rank=2).to_dict())])
        await pilot.press("n")
        await type_in(pilot, "12", "30")

        # Group: Kara (higher character rank) leads; one roll for the whole party.
        await pilot.press("m", "m")
        assert encounter_of(app).mode is InitiativeMode.GROUP
        assert encounter_of(app).leader == 2
        assert any("Group leader: Kara (highest character rank)" in n.message
                   for n in app._notifications)
        await pilot.press("n")
        assert isinstance(app.screen, NishEntryScreen)
        assert [row.label for row in app.screen.rows] == ["Party: Kara (group leader)"]
        await type_in(pilot, "11")
        encounter = encounter_of(app)
        assert encounter.party_nish == 11
        assert [t.key for t in app.controller.view().order.turns] == ["wave", "party"]

        # Back to individual; the Skrak leader's Nish is corrected, and he re-orders.
        await pilot.press("m")
        await pilot.press("n")
        await type_in(pilot, "9", "8")
        await select(pilot, app, "Skrak leader")
        await pilot.press("e")
        await type_in(pilot, "3")
        assert table_names(app)[-1] == "Skrak leader"
        assert encounter_of(app).combatant(5).recorded_nish == 3

        # A Skrak runs off: removed from the fight; a reinforcement joins this round.
        await select(pilot, app, "Skrak 1")
        await pilot.press("x")
        assert "Skrak 1" not in table_names(app)
        await pilot.press("a")
        await type_in(pilot, "Skrak 3", "npc", "20", "12")
        assert table_names(app)[0] == "Skrak 3"


async def test_a_result_his_rating_cannot_give_is_questioned_once(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("S", "2", "p")
        await type_in(pilot, "Kess", "Cy", "0", "8L")
        await pilot.press("ctrl+s", "E")
        await type_in(pilot, "Patrol")
        await pilot.press("2", "enter", "1", "n")
        await type_in(pilot, "143")  # meant 14
        assert isinstance(app.screen, NishEntryScreen)
        assert "Kess: 8L cannot roll exactly 143. Keep it? (enter again)" in str(
            app.screen.query_one("#error").render())
        await pilot.press("backspace")
        await type_in(pilot, "")  # 14: a roll 8L can give, taken at once
        assert encounter_of(app).combatant(1).nish == 14
        # Entered again unchanged, a doubted result is kept: the GM has the last word.
        await select(pilot, app, "Kess")
        await pilot.press("e", "backspace", "backspace")
        await type_in(pilot, "9", "")  # 9: not an 8L result; asked, then kept
        assert encounter_of(app).combatant(1).nish == 9


async def test_a_nish_corrected_mid_round_skips_nobody(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await set_up_fight(pilot)
        await pilot.press("n")
        await type_in(pilot, "256", "8")  # Brice 256; Kara's 8 below the Skraks
        assert marked(app) == ["Brice"]
        await pilot.press("space")  # Brice acted; the Skrak leader (16) is on
        await select(pilot, app, "Kara")
        await pilot.press("e", "backspace")
        await type_in(pilot, "20")  # she really rolled 20: above the leader
        assert marked(app) == ["Skrak leader"]  # he is acting: the turn stays his
        seen = []
        for _ in range(4):
            await pilot.press("space")
            seen.append(marked(app))
        assert seen == [["Kara"], ["Skrak 1"], ["Skrak 2"], []]
        assert encounter_of(app).current == "end"
