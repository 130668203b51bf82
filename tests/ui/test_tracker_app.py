"""The tracker's keys reach the service and the screen shows what it said (the behaviour
itself is tested in ``tests/service/test_tracker_commands.py``)."""

from __future__ import annotations

import random

from textual.widgets import Input

from console.model import PlayerCharacter
from console.model.encounters import Hold, Status
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.dialogs.confirm import ConfirmDialog
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.dialogs.nish_entry import NishForm
from console.ui.log.log_pane import LogPane
from console.ui.screens.help_screen import HelpScreen, KeysTable
from console.ui.tracker.detail_pane import DetailPane
from console.ui.tracker.ending_dialog import EndingDialog
from tests.service.conftest import fight
from tests.ui.conftest import (
    SIZE,
    console_on,
    marked,
    plain,
    select,
    table_names,
    toasts_of,
    type_in,
)


def encounter_of(app: GMConsoleApp):  # type: ignore[no-untyped-def]
    found = app.service.encounter()
    assert found is not None
    return found


async def test_the_round_by_its_keys(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NishForm)
        await type_in(pilot, "256", "9")
        assert table_names(app) == ["Brice", "Skrak leader", "Skrak 1", "Skrak 2", "Kara"]
        assert marked(app) == ["Brice"]
        await pilot.press("h")  # the cursor follows the actor: Brice saves his Initiative
        assert encounter_of(app).combatant(1).hold is Hold.ALL
        assert marked(app) == ["Skrak leader"]
        await select(pilot, app, "Skrak 2")
        await pilot.press("shift+up", "u")
        assert table_names(app)[2] == "Skrak 2"
        assert encounter_of(app).combatant(4).status is Status.UNCONSCIOUS
        await pilot.press("c")
        await type_in(pilot, "Stunned", "1")
        assert encounter_of(app).conditions[0].name == "Stunned"
        await pilot.press("space", "b", "ctrl+z")
        log = app.screen.query_one("#log", LogPane)
        assert log.entries[-1][1]  # the step back, undone: struck through in the log
        await pilot.press("ctrl+y")
        assert marked(app) == ["Skrak leader"]
        assert not log.entries[-1][1]  # the log says it: no toast for undo nor redo
        assert toasts_of(app) == ["Skrak 2: unconscious (undo: ctrl+z)"]  # u's own


async def test_the_way_back_offered_goes_once_taken(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """ "Skrak 2: unconscious (undo: ctrl+z)" stayed up after ctrl+z had undone it, as if
    it still stood: it is taken down by the undo; another toast up stays."""

    def up() -> list[str]:
        return [str(toast.render()) for toast in app.screen.query("Toast")]

    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.notify("Kess passes out", severity="warning", timeout=30)
        await select(pilot, app, "Skrak 2")
        await pilot.press("u")
        await pilot.pause()
        assert any("unconscious (undo: ctrl+z)" in text for text in up())
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert encounter_of(app).combatant(4).status is Status.ACTIVE
        assert not any("undo: ctrl+z" in text for text in up())
        assert any("Kess passes out" in text for text in up())
        # A warning the undone action raised goes with it.
        await pilot.press("minus")
        await type_in(pilot, "30")
        await pilot.pause()
        raised = [text for text in up() if "Skrak 2" in text]
        assert raised, up()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not [text for text in up() if "Skrak 2" in text], up()
        assert any("Kess passes out" in text for text in up())


async def test_rolling_a_pcs_nish_for_him(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seed.sessions.toggle()
    seed.tracker.new_encounter("Patrol")
    seed.tracker.join_pc("Brice", vit_max=20)
    seed.roster.save_pc(seed.pcs()[1].with_changes(nish="8M"))
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+r")
        # The roll stays on his line (the GM reads it out); the habitual enter moves on.
        assert isinstance(app.screen, NishForm)
        rolled = app.screen.query_one("#field-1", Input).value
        assert int(rolled) > 0
        await pilot.press("enter")
        await pilot.pause()
        assert encounter_of(app).combatant(1).nish == int(rolled)


async def test_a_result_his_rating_cannot_give_is_questioned_once(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seed.tracker.new_encounter("Patrol")
    seed.tracker.join_pc("Kess")
    seed.roster.save_pc(seed.pcs()[1].with_changes(nish="8L"))
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "143")  # meant 14
        assert isinstance(app.screen, NishForm)
        assert "Kess: 8L cannot roll exactly 143. Keep it? (enter again; or type over it)" in str(
            app.screen.query_one("#error").render())
        await pilot.press("1", "4", "enter")  # typed over the question: 14, taken at once
        await pilot.pause()
        assert encounter_of(app).combatant(1).nish == 14
        await pilot.press("e", "backspace", "backspace")
        await type_in(pilot, "9", "")  # 9 is no 8L result: asked, then kept
        assert encounter_of(app).combatant(1).nish == 9


async def test_bad_input_gets_a_message_not_a_crash(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "h")  # no encounter yet: a message each, no change
        assert [t for t in toasts_of(app) if "no encounter running" in t]
        await pilot.press("E")
        await type_in(pilot, "Bar fight", )
        await pilot.press("a")
        await type_in(pilot, "Thug", "npc", "7X")  # not a value or rating
        assert isinstance(app.screen, FormDialog)
        assert "7X: die must be 6, 8 or 10" in str(app.screen.query_one("#error").render())
        await pilot.press("escape", "escape", "h")  # a changed form: escape asks first
        assert toasts_of(app)[-1] == "select a combatant first"
        assert app.is_running


async def test_a_critically_wounded_pcs_turn_reminds_the_gm(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    seed.roster.save_pc(seed.pcs()[1].with_changes(wounds=24, wp="10L"))  # 4 CD
    seed.tracker.call_for_nish({1: 5, 2: 40})
    for _ in range(3):
        seed.tracker.next_turn()
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        assert marked(app) == ["Brice"]
        assert "WP vs 20 (unconsciousness)" in toasts_of(app)[-1]
        pane = app.screen.query_one("#detail", DetailPane)
        assert "Checks before they act:\n  WP vs 20" in plain(pane.render())  # as the pane shows it


async def test_help_the_palette_and_the_log(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seed.tracker.new_encounter("Patrol")
    seed.tracker.add_npc("Guard 1", 5, None)
    seed.tracker.add_npc("Guard 2", 5, None)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert "Initiative tracker" in app.screen.markdown
        tables = dict(app.screen.tables)  # each a line a key, under its heading
        assert ("n", "Call for Nish") in tables["Keys here"]
        assert ("tab", "Next pane") in tables["Keys everywhere"]
        assert len(app.screen.query(KeysTable)) == 2
        await pilot.press("escape", "2", "f1")
        assert "Roster" in app.screen.markdown  # type: ignore[attr-defined]
        await pilot.press("escape", "3", "f1")  # the log: its keys as the footer names them
        here = dict(app.screen.tables)["Keys here"]  # type: ignore[attr-defined]
        keys = [key for key, _ in here]
        assert "/" in keys and "slash" not in keys
        await pilot.press("escape", "w", "f1")  # the AP screen's own keys, apart
        tables = dict(app.screen.tables)  # type: ignore[attr-defined]
        assert ("g", "Grab bag") in tables["Keys on this screen"]
        assert ("g", "Grab bag") not in tables["Keys everywhere"]
        await pilot.press("escape", "escape", "1")
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert not titles & {"Keys", "Maximize", "Minimize"}  # F1 and F are the console's
        assert {"Theme", "Quit"} <= titles
        for expected in ["Tracker: Call for Nish", "Tracker: Next turn", "Tracker: Hold",
                         "Tracker: Hold part", "Tracker: Earlier in tie", "Roster: New PC",
                         "Undo", "Redo", "New encounter", "Session start/stop"]:
            assert expected in titles
        pane = app.screen.query_one("#log", LogPane)
        await pilot.press("ctrl+z")
        lines = [strip.text.rstrip()[6:] for strip in pane.lines]
        assert lines == ["Encounter Patrol begins", "Guard 1 joins the encounter",
                         "(undone) Guard 2 joins the encounter"]  # stays listed, and said


async def test_a_restart_brings_the_fight_back(seed: CampaignService, store: CampaignStore,
                                               tmp_path) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    seed.tracker.call_for_nish({1: 256, 2: 9})
    seed.tracker.next_turn()
    store.close()
    with CampaignStore.open(tmp_path, "Iron Reach") as again:
        app = console_on(again)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert marked(app) == ["Skrak leader"]
            assert table_names(app)[-1] == "Kara"


async def test_a_read_only_console_refuses_changes(seed: CampaignService, store: CampaignStore,
                                                   tmp_path) -> None:  # type: ignore[no-untyped-def]
    store.close()
    with CampaignStore.open(tmp_path, "Iron Reach", read_only=True) as reader:
        app = console_on(reader)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("E")
            await type_in(pilot, "Nope")
            assert any("read-only" in t for t in toasts_of(app))
        assert reader.encounters() == []


async def test_encounters_sessions_pcs_and_conditions_by_keys(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    seed.tracker.add_condition(3, "Stunned", 1)
    seed.tracker.add_condition(3, "Blinded", None)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        await pilot.press("C")
        assert "Which? 1 Stunned, 2 Blinded" in str(app.screen.query_one("Label.label").render())
        await type_in(pilot, "2")
        assert [c.name for c in encounter_of(app).conditions] == ["Stunned"]
        await pilot.press("C")  # one left: it comes off at once
        assert encounter_of(app).conditions == ()
        await pilot.press("a")
        await type_in(pilot, "Vera", "pc", "14", "18")  # a PC joins, with a new sheet
        assert "Vera" in table_names(app) and app.service.pcs()[3].name == "Vera"
        await pilot.press("ctrl+e")
        assert app.service.encounter() is None
        await pilot.press("S")
        assert toasts_of(app)[-1] == "Session 1 stopped (undo: ctrl+z)"
        await pilot.press("S")  # the next session cannot be undone: said, and asked
        assert isinstance(app.screen, ConfirmDialog)
        said = " ".join(str(line.render()) for line in app.screen.query(".line"))
        assert "Session 2 starts now" in said and "undo stops" in said
        await pilot.press("n")
        assert app.service.session().number == 1
        await pilot.press("S", "y")
        assert toasts_of(app)[-1] == "Session 2 started"


async def test_a_new_campaign_shows_its_first_steps_and_they_go_as_done(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        guide = str(app.screen.query_one("#detail", DetailPane).render())
        for step in ("2, p", "add the player characters", "2, n", "S ", "E ",
                     "gm-console demo"):
            assert step in guide
        await pilot.press("S")  # the first session: asked, then started
        await pilot.press("y")
        guide = str(app.screen.query_one("#detail", DetailPane).render())
        assert "start a session" not in guide and "2, p" in guide


async def test_a_read_only_console_follows_the_one_that_writes(
        store: CampaignStore, clock) -> None:  # type: ignore[no-untyped-def]
    from console.ui.tracker.tracker_pane import TrackerPane
    from tests.ui.conftest import console_on

    writer = CampaignService(store, random.Random(1), clock)
    writer.sessions.toggle()
    assert store.root is not None
    viewer = CampaignStore.open(store.root.parent, store.name, read_only=True)
    try:
        app = console_on(viewer, clock)
        async with app.run_test(size=SIZE) as pilot:
            assert app.screen.query_one("#tracker", TrackerPane).row_count == 0
            writer.tracker.new_encounter("Patrol")
            writer.tracker.add_npc("Thug", 9, 10)
            await pilot.pause(0.4)  # it looks four times a second
            assert table_names(app) == ["Thug"]
    finally:
        viewer.close()


async def test_keys_that_change_the_fight_ask_or_say_the_way_back(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    seed.tracker.call_for_nish({1: 30, 2: 5})
    seed.tracker.next_turn()  # Brice has had his turn; the Skrak leader's is on
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("enter")  # a stray enter: a second turn for Brice? asked
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.title_text == "A second turn for Brice?"
        await pilot.press("enter")  # another stray enter does not answer it
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # still asking
        await pilot.press("n")
        await pilot.pause()
        assert marked(app) == ["Skrak leader"]  # left as it was
        await select(pilot, app, "Skrak 1")
        await pilot.press("enter")  # still to act this round: at once, no question
        await pilot.pause()
        assert marked(app) == ["Skrak 1"]
        for key, said in (("x", "Skrak 2: removed from the fight"),
                          ("u", "Kara: unconscious"), ("d", "Kara: dead"),
                          ("s", "Brice: failed shock, Nish 0 this round")):
            await select(pilot, app, said.split(":")[0])
            await pilot.press(key)
            await pilot.pause()
            assert toasts_of(app)[-1] == f"{said} (undo: ctrl+z)"
            log = app.screen.query_one("#log", LogPane)
            assert said in log.entries[-1][0]
        await pilot.press("E")  # the fight running is named before it ends: begun, so
        await pilot.pause()     # the question is how it ended (issue 30)
        assert isinstance(app.screen, EndingDialog) and app.screen.fight == "Ambush"
        await pilot.press("escape")
        await pilot.pause()
        assert encounter_of(app).name == "Ambush" and encounter_of(app).active


async def test_e_names_a_fight_not_begun_before_it_ends(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """A fight whose Nish was never called reaches no row of Table 18: E asks only whether
    to end it, naming it, and only y answers (a stray enter does not)."""
    seed.sessions.toggle()
    seed.tracker.new_encounter("Gate")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.title_text == "End Gate and start a new encounter?"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # enter is not an answer here
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)  # then the next one's name
        await pilot.press("escape")
        await pilot.pause()
        assert encounter_of(app).name == "Gate" and encounter_of(app).active


async def test_a_pc_with_ap_or_history_is_deleted_only_when_asked(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seed.roster.add_pc(lambda i: PlayerCharacter.new(i, "Brice"))
    seed.roster.add_pc(lambda i: PlayerCharacter.new(i, "Kara"))
    seed.roster.save_pc(seed.pcs()[2].with_changes(ap_total=450, unused_ap=30, rank=2))
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "end", "delete")  # Kara: 450 AP, rank 2
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "AP Total 450, Unused AP 30" in " ".join(app.screen.lines)
        await pilot.press("n")
        await pilot.pause()
        assert 2 in app.service.pcs()
        await pilot.press("delete", "y")
        await pilot.pause()
        assert 2 not in app.service.pcs()
        assert toasts_of(app)[-1] == "Kara deleted (undo: ctrl+z)"
        await pilot.press("home", "delete")  # Brice, as new: at once, with the way back
        await pilot.pause()
        assert app.service.pcs() == {}
        assert toasts_of(app)[-1] == "Brice deleted (undo: ctrl+z)"
