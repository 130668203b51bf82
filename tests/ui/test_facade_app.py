"""A Façade campaign's fight by keyboard (issue 31): its keys in the footer and the
palette, the turn on Action, the contest, an interrupt with an attack whose prompt shows the
exact odds with the hits' penalties, the blow chosen by location, the hit and its penalty on
the tracker and in the details; its roster forms. The rules behind them are tested in
``tests/rules``, ``tests/model`` and ``tests/service``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Static

from console.model import Encounter, PlayerCharacter, Side
from console.model.facade_fight import parse_hit
from console.model.facade_sheet import tracks_of
from console.model.facade_turns import new_turn
from console.model.pronouns import Pronoun
from console.model.recap_render import recap_markdown
from console.model.roster import spawn_copies
from console.model.tracker import add_combatant
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.bindings import described_bindings
from console.ui.log.log_pane import LogPane
from console.ui.player.order_board import OrderBoard
from console.ui.player.player_app import PlayerViewApp
from console.ui.recap.recap_screen import RecapScreen
from console.ui.tracker.detail_pane import DetailPane
from console.ui.tracker.ending_dialog import EndingDialog
from console.ui.tracker.tracker_pane import TrackerPane
from console.ui.widgets.plain import Label
from tests.service.test_facade_commands import KESS, THUG, VERA
from tests.ui.conftest import (
    SIZE,
    console_on,
    plain,
    select,
    table_names,
    toasts_of,
    type_in,
)
from tests.ui.test_every_door import FAILED, break_every_command, close_what_opened


def alley(store: CampaignStore, *, called: bool = True) -> GMConsoleApp:
    """Session 1 of a Façade campaign: Vera and Kess against three thugs."""
    service = CampaignService(store)
    service.settings.set_system("facade")
    service.sessions.toggle()
    encounter = Encounter(1, "Alley", lowest_first=True)
    for pc in (VERA, KESS):
        encounter = add_combatant(encounter, pc.name, Side.PC, ref=pc.id).encounter
    encounter = spawn_copies(encounter, THUG, 3, shared_nish=False).encounter
    pcs = {VERA.id: VERA, KESS.id: KESS}
    if called:
        encounter = new_turn(encounter, pcs, {THUG.id: THUG}).encounter
    store.apply("setup", "the fight", [(d.TABLE, d.id, d.to_dict())
                                       for d in (VERA, KESS, THUG, encounter)])
    return console_on(store, seed=5)


def detail(app: GMConsoleApp, combatant_id: int) -> str:
    return plain(app.screen.query_one("#detail", DetailPane).render_for(
        app.service.view(), combatant_id), 150)


def hint(app: GMConsoleApp) -> str:
    return str(app.screen.hint)  # type: ignore[attr-defined]


async def test_the_tracker_shows_facade_keys_and_columns(store: CampaignStore) -> None:
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tracker = app.screen.query_one("#tracker", TrackerPane)
        keys = {b.action for b in described_bindings(tracker)}
        assert {"facade_turn", "facade_attack", "interrupt", "facade_action", "contest",
                "pools", "facade_hit", "facade_aid", "facade_combat"} <= keys
        assert not {"call_nish", "attack", "hold", "shock", "checks", "hazard"} & keys
        assert tracker.shown_columns[1] == "Init" and "Health" in tracker.shown_columns
        assert "Initiative 9 (Action 9), the click now" in detail(app, 3)


async def test_a_turn_the_contest_and_an_interrupting_attack(store: CampaignStore) -> None:
    app = alley(store, called=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert [c.nish for c in app.service.running().combatants] == [12, 10, 9, 9, 9]
        await pilot.press("I")
        await type_in(pilot, "12", "5", "9")
        await pilot.pause()
        assert app.service.running().current == "c4"  # Thug 2 rolled lowest
        await select(pilot, app, "Kess")
        await pilot.press("j")
        await type_in(pilot, "a", "y", "")  # an Active action: an attack
        await type_in(pilot, "1", "1", "0")  # Thug 2 first: the click she interrupts
        assert "trait 8 vs 9: Agility 4 + Firearms 4" in hint(app)
        assert "lands 75.0%" in hint(app)  # 1d10+d6 within 2 of 9: 7 and up, 45 of 60
        await type_in(pilot, "12")  # 12 vs 9: level 1
        # The defense's question says what Thug 2 may do, then, apart, what is left now.
        assert ("when only their Active is left, Fully Defensive · Thug 2 now: Active and "
                "Passive left") in " ".join(hint(app).split())
        await type_in(pilot, "")  # no defense
        assert "2 Glancing to the legs (2D)" in hint(app)
        await type_in(pilot, "2")
        await pilot.pause()
        thug = app.service.facade.fighter(4)
        assert thug.health.notation == "Leg Hits: D"
        assert "Kess interrupts Thug 2: attacks Thug 2 with Big Handgun" in "".join(
            entry.description for entry in app.service.view().history)
        assert app.service.running().current == "c4"  # the click is still Thug 2's
        assert "health 2/3D  ·  Leg Hits: D  ·  penalties -1 legs" in detail(app, 4)


async def test_a_hit_and_its_penalty_on_the_odds_shown(store: CampaignStore) -> None:
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Vera")
        assert "Broadsword 3D: Thug 1 8 vs 9 75.0%" in detail(app, 1)  # 45 of 60
        await pilot.press("minus")
        await type_in(pilot, "1C head")
        await pilot.pause()
        assert "Broadsword 3D: Thug 1 7 vs 9 65.0%" in detail(app, 1)  # 1d10+d4: 26 of 40
        assert "penalties -1 physical" in detail(app, 1)
        row = app.screen.query_one("#tracker", TrackerPane)
        assert "1C 0/3D -1" in str(row.get_row_at(row.cursor_row)[5])


async def test_an_action_a_refusal_and_the_combat_system(store: CampaignStore) -> None:
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Thug 1")
        await pilot.press("t")
        await type_in(pilot, "fp", "n", "a full dodge")
        await pilot.pause()
        assert app.service.running().combatant(3).actions.stance.value == "fully passive"  # type: ignore[union-attr]
        await pilot.press("A")
        await pilot.pause()
        assert "no Active action left" in toasts_of(app)[-1]
        await pilot.press("m")
        await pilot.pause()
        assert app.service.facade.combat_system() == "simple"
        assert "Simple Combat" in str(app.screen.query_one("#status").render())


async def test_the_roster_makes_a_facade_pc(store: CampaignStore) -> None:
    service = CampaignService(store)
    service.settings.set_system("facade")
    app = console_on(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "p")
        asked = " ".join(str(label.content) for label in app.screen.query(Label))
        assert "Player rank" not in asked  # MetaScape's; Façade has none
        await type_in(pilot, "Jamis", "", "", "4 3 3", "4 4 3", "", "", "",
                      "Swords 2", "Rapier 2D Swords", "", "9/6/3", "")
        await pilot.pause()
        (jamis,) = [pc for pc in service.pcs().values() if pc.name == "Jamis"]
        assert isinstance(jamis, PlayerCharacter) and jamis.facade is not None
        assert jamis.facade.action == 11 and jamis.skills.level("Swords") == 2
        assert "Body 10  ·  Action 11" in plain(app.screen.query_one(
            "#detail", DetailPane).render_sheet(jamis, "facade"))


async def test_every_facade_key_with_every_command_broken(
        store: CampaignStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25's door test on a Façade campaign's tracker: each of its keys says the
    action failed, opens its form, or says why there is nothing to do; none ends the app
    or changes the campaign."""
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tracker = app.screen.query_one("#tracker", TrackerPane)
        before = app.service.opno
        break_every_command(app.service, monkeypatch)
        for binding in described_bindings(tracker):
            if binding.action not in TrackerPane._FACADE:
                continue
            await pilot.press("1")
            shown, depth = len(toasts_of(app)), len(app.screen_stack)
            await pilot.press(binding.key)
            await pilot.pause()
            assert app.is_running, binding.key
            opened = len(app.screen_stack) > depth
            assert opened or toasts_of(app)[shown:], f"{binding.key}: nothing happened"
            if not opened:
                assert any(m.startswith(FAILED) for m in toasts_of(app)[shown:]), binding.key
            await close_what_opened(pilot, app, depth)
        assert app.service.opno == before


async def test_simple_combat_first_aid_and_limit_by_keyboard(store: CampaignStore) -> None:
    app = alley(store)
    app.service.facade.set_combat_system("simple")
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Vera")
        await pilot.press("A")  # Simple Combat: both rolls, the blow by how far he won
        await type_in(pilot, "1", "1", "1", "10", "6", "torso", "")
        await pilot.pause()
        thug = app.service.facade.fighter(3)
        assert thug.health.pending and thug.health.pools == {"Fatigue": 1}
        assert "+2B" in str(app.screen.query_one("#tracker", TrackerPane).get_row_at(0)[5])
        await select(pilot, app, "Kess")
        await pilot.press("minus")
        await type_in(pilot, "2D torso")
        await pilot.press("plus")
        await type_in(pilot, "9", "1", "", "n", "n", "", "n")  # first aid by Vera: 9 vs -1
        await pilot.pause()
        assert [c.name for c in app.service.running().conditions] == ["stable (first aid)"]
        await pilot.press("L")
        await type_in(pilot, "fat", "3", "ran across the docks")
        await pilot.pause()
        assert app.service.facade.fighter(2).health.pools == {"Fatigue": 3}


async def test_a_metalface_pc_s_rank_in_the_details(store: CampaignStore) -> None:
    service = CampaignService(store)
    service.settings.set_system("metalface")
    app = console_on(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "p")
        # name, then the sheet's 22 other fields as they are (the pronoun and the rank
        # among them), then the core skills
        await type_in(pilot, "Ada", *[""] * 22, "Doctor 5, Pilot 2", "")
        await pilot.pause()
        (sheet,) = service.pcs().values()
        assert sheet.skills.rank == "Master"
        assert "professional rank Master  ·  core skills: Doctor 5, Pilot 2" in plain(
            app.screen.query_one("#detail", DetailPane).render_sheet(sheet, "metalface"))


async def test_an_edited_template_redraws_the_fight_and_a_new_system_the_columns(
        store: CampaignStore) -> None:
    # A Façade NPC's numbers are his template's: an edit reaches his row in the tracker
    # (MetaScape's tracker leaves templates alone, tests/ui/test_changes_app.py), and a
    # change of system redraws the columns of the tracker and the roster at once.
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tracker = app.screen.query_one("#tracker", TrackerPane)
        thug = tracker._row_keys.index(3)
        before = str(tracker.get_row_at(thug)[5])
        flows = app.screen.roster_flows  # type: ignore[attr-defined]
        assert THUG.facade is not None and before == "0/3D"
        flows.show(app.service.roster.save_npc(replace(THUG, facade=replace(
            THUG.facade, tracks=tracks_of(9, 6, 5)))))
        await pilot.pause()
        assert str(tracker.get_row_at(tracker._row_keys.index(3))[5]) == "0/5D"
        roster = app.screen.query_one("#roster")
        assert "Action" in roster.shown_columns  # type: ignore[attr-defined]
        flows.show(app.service.settings.set_system("metascape"))
        await pilot.pause()
        assert "Nish" in tracker.shown_columns and "Wounds/Vit" in tracker.shown_columns
        assert "Nish" in roster.shown_columns  # type: ignore[attr-defined]


async def test_a_fighter_added_by_hand_in_facade_s_words(store: CampaignStore) -> None:
    """`a` asks a Façade fight's Initiative (an Action, 0 to 18), not MetaScape's Nish and
    Vit; the NPC keeps it every turn, `e` edits it in the same words, and his health cell
    says he has no numbers rather than a bare "0D"."""
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        labels = [plain(label.render()) for label in app.screen.query("Label")]
        assert any("Initiative: his Action" in text for text in labels)
        assert not any("Vit" in text or "Nish" in text for text in labels)
        await type_in(pilot, "Lookout", "", "19")
        await pilot.pause()
        assert "0 to 18" in str(app.screen.query_one("#error").render())
        app.screen.focused.value = "7"  # type: ignore[union-attr]
        await pilot.press("enter")
        await pilot.pause()
        lookout = next(c for c in app.service.running().combatants if c.name == "Lookout")
        assert lookout.recorded_nish == 7
        tracker = app.screen.query_one("#tracker", TrackerPane)
        row = tracker._row_keys.index(lookout.id)
        assert str(tracker.get_row_at(row)[5]) == "no numbers"
        # He has no template: the details say where his numbers would come from.
        assert "added by hand, they have none; a roster template brings them" in " ".join(
            detail(app, lookout.id).split())
        await pilot.press("n")
        await pilot.pause()
        assert app.service.running().combatant(lookout.id).nish == 7  # type: ignore[union-attr]
        await select(pilot, app, "Lookout")
        await pilot.press("e")
        await type_in(pilot, "5")
        await pilot.pause()
        assert app.service.running().combatant(lookout.id).nish == 5  # type: ignore[union-attr]
        assert "Lookout: Initiative 5" in app.screen.query_one("#log", LogPane).entries[-1][0]
        await pilot.press("a")
        await type_in(pilot, "Scout", "", "")  # none yet: e gives it later
        await pilot.pause()
        scout = next(c for c in app.service.running().combatants if c.name == "Scout")
        assert scout.recorded_nish is None


async def test_spawning_copies_asks_for_one_initiative_in_facade_s_words(
        store: CampaignStore) -> None:
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "end", "s")
        await pilot.pause()
        labels = " ".join(plain(label.render()) for label in app.screen.query("Label"))
        assert "Spawn Thug" in labels and "One Initiative for the group" in labels
        assert "Nish" not in labels


async def test_the_players_view_says_initiative_turn_and_click(tmp_path: Path) -> None:
    """A Façade table's players read its words: the order's column Init, the big counter
    the turn, the timer a click (not MetaScape's Nish, round and turn)."""
    store = CampaignStore.create(tmp_path, "Alley")
    alley(store)
    store.close()
    viewer = CampaignStore.open(tmp_path, "Alley", read_only=True)
    app = PlayerViewApp(CampaignService(viewer))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert str(app.query_one("#round-label", Static).render()) == "TURN"
            assert str(app.query_one("#timer-label", Static).render()) == "CLICK"
            board = app.query_one(OrderBoard)
            header = plain(board.render(), board.size.width).splitlines()[1]
            assert "Init" in header and "Nish" not in header
    finally:
        viewer.close()


async def test_the_action_and_care_forms_say_her(store: CampaignStore) -> None:
    """Vera is a she: the action form asks what she does, the care form of days on her
    sheet (they said "he" for everyone)."""
    app = alley(store)
    vera = app.service.pcs()[VERA.id]
    app.service.roster.save_pc(vera.with_changes(pronoun=Pronoun.parse("she")))
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Vera")
        for key, said in (("t", "What she does (not an attack)"),
                          ("plus", "days of healing on her sheet")):
            await pilot.press(key)
            await pilot.pause()
            labels = " ".join(" ".join(plain(label.render()).split())
                              for label in app.screen.query("Label"))
            assert said in labels, labels
            await pilot.press("escape")
            await pilot.pause()


async def test_a_facade_fight_ends_without_table_18_and_its_recap_tells_the_hits(
        store: CampaignStore) -> None:
    """The end's question keeps no Table 18 row for Façade (its fights reach none), and the
    session's recap tells the attack and the hit it noted."""
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        app.service.facade.gm_hit(4, parse_hit("2C arms"))
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EndingDialog)
        said = " ".join(plain(static.render(), 200) for static in dialog.query(Static))
        assert "The answer is kept with the fight for the recap" in said
        assert "Table 18" not in said
        await pilot.press("w")
        await pilot.pause()
        assert not app.service.encounters()[1].active
        assert "Thug 2 takes 2C to the Arms" in recap_markdown(app.service.recap.session())
        await pilot.press("R")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        recap = app.screen
        assert isinstance(recap, RecapScreen)
        assert "Thug 2 takes 2C to the Arms" in plain(
            recap.query_one("#recap", Static).content, 200)
        assert "No forecast in a Façade campaign" in plain(
            recap.query_one("#calibration", Static).content, 200)


async def test_a_condition_lasts_facade_turns(store: CampaignStore) -> None:
    """The tracker's round is Façade's turn: the condition form asks for turns, and the
    tracker and the log say the turn it lasts through."""
    app = alley(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Kess")
        await pilot.press("c")
        await pilot.pause()
        asked = " ".join(str(label.content) for label in app.screen.query(Label))
        assert "Turns (blank: until removed; 1 = to the end of next turn)" in asked
        await type_in(pilot, "Pinned", "0")
        assert "turns: 0 is out of range: 1 to 1,000 (turns)" in str(
            app.screen.query_one("#error").render())
        app.screen.focused.value = "2"  # type: ignore[union-attr]
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen.query_one("#tracker", TrackerPane)
        row = table_names(app).index("Kess")
        assert any("Pinned →t3" in str(cell) for cell in table.get_row_at(row))
        assert "Pinned on Kess, through turn 3" in [
            entry.description for entry in app.service.view().history]


@pytest.mark.parametrize("combat", ["dramatic", "simple"])
async def test_a_fighter_without_numbers_is_refused_his_attack_at_once(
        store: CampaignStore, combat: str) -> None:
    """`A` on a fighter added by hand: a plain refusal saying where his numbers come from,
    before any form (the model's refusal reached the guard as a failure, "not applied",
    with a traceback in errors.log; found by a new GM)."""
    app = alley(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.service.facade.set_combat_system(combat)
        await pilot.press("a")
        await type_in(pilot, "Lookout", "", "7")
        await pilot.pause()
        await select(pilot, app, "Lookout")
        await pilot.press("A")
        await pilot.pause()
        assert app.screen is app.main  # no form opened
        said = " ".join(toasts_of(app))
        assert "Lookout has no Façade numbers: added by hand" in " ".join(said.split())
        assert "not applied" not in said and "errors.log" not in said


async def test_a_roll_the_dice_cannot_make_is_questioned_once(store: CampaignStore) -> None:
    """1d10+d6 rolls 2 to 16: a 99 is asked about, and kept when entered again (the GM's
    own bonus may be on it); found by a new GM, whose 99 offered Savage blows unasked."""
    app = alley(store, called=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.press("I")
        await type_in(pilot, "12", "5", "9")
        await select(pilot, app, "Kess")
        await pilot.press("j")
        await type_in(pilot, "a", "y", "")
        await type_in(pilot, "1", "1", "0")
        await type_in(pilot, "99")
        error = str(app.screen.query_one("#error").render())
        assert "Kess: 1d10+d6 cannot roll 99 (2 to 16). Keep it?" in " ".join(error.split())
        await pilot.press("enter")  # kept
        await pilot.pause()
        assert hint(app).startswith("99 lands unless they defend")  # the next question
