"""The AP awarder by keyboard: grab bag in two keys, bonuses, the pocket, a whole close of
session on a four-PC party, rank improvement rolls and the summary."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from textual.widgets import DataTable, Input

from console.model import Allowance, AwardKind, PlayerCharacter
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.awards.close_session_screen import CloseSessionScreen
from console.ui.awards.grab_bag_dialog import GrabBagDialog
from console.ui.awards.summary_screen import SummaryScreen
from tests.ui.conftest import SIZE, START, FakeClock, type_in
from tests.ui.test_roster_app import messages

PARTY = [
    PlayerCharacter(1, "Brice", "Ann", 2, ap_total=195, unused_ap=40, rank=1,
                    missions_completed=1, allowance=Allowance(750, 110)),
    PlayerCharacter.new(2, "Kell", "Ben", allowance=Allowance(750, 110)),
    PlayerCharacter(3, "Mora", "Cat", 3, ap_total=990, unused_ap=15, rank=9,
                    missions_completed=4),
    PlayerCharacter(4, "Tash", "Dan", ap_total=2950, unused_ap=100, rank=19,
                    missions_completed=12, allowance=Allowance(1000, 50)),
]


def seat_party(saves: Path, *, session: bool = True) -> None:
    with CampaignStore.open(saves, "Iron Reach") as store:
        store.apply("setup", "The party", [(pc.TABLE, pc.id, pc.to_dict()) for pc in PARTY],
                    now=START)
        if session:
            store.start_session(now=START)


def sheets(app: GMConsoleApp) -> dict[str, PlayerCharacter]:
    return {pc.name: pc for pc in app.controller.store.pcs()}


async def put(pilot, selector: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """Replace what an input of the current screen holds (the close form has nine)."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = text
    await pilot.pause()


async def test_grab_bag_in_two_keys_from_the_main_screen(saves: Path, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "down")  # the roster, on Kell
        await pilot.press("g", "2")
        awards = app.controller.store.session().ap_awards
        assert [(a.pc_id, a.amount, a.kind) for a in awards] == [(2, 2, AwardKind.GRAB_BAG)]
        # The reason may follow; enter keeps it.
        assert isinstance(app.screen, GrabBagDialog)
        await type_in(pilot, "first aid")
        assert app.controller.store.session().ap_awards[0].reason == "first aid"
        assert not isinstance(app.screen, GrabBagDialog)
        # Another, picking the PC with the arrows, with no reason.
        await pilot.press("g", "up", "3", "escape")
        assert [(a.pc_id, a.amount) for a in app.controller.store.session().ap_awards] == [
            (2, 2), (1, 3)]
        # Not 4: the digit does nothing, and the dialog says how it works.
        await pilot.press("g", "4", "escape")
        assert len(app.controller.store.session().ap_awards) == 2
        # Undo takes the last award back.
        await pilot.press("ctrl+z")
        assert len(app.controller.store.session().ap_awards) == 1


async def test_no_awards_before_a_session_starts(saves: Path, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves, session=False)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        assert not isinstance(app.screen, GrabBagDialog)
        assert any("start one with S" in m for m in messages(app))


async def test_a_whole_close_of_session(saves: Path, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    clock.now = START + timedelta(hours=3, minutes=40)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        assert isinstance(app.screen, AwardsScreen)
        # During play: grab bags, an adventure bonus, the veteran's pocket.
        await pilot.press("g", "2", "enter")  # Brice, highlighted first
        await pilot.press("down", "g", "1", "enter", "g", "1")
        await type_in(pilot, "first aid")
        await pilot.press("down", "g", "3", "enter")  # Mora
        await pilot.press("down", "a")  # Tash
        await type_in(pilot, "", "10", "decoded the beacon")
        await pilot.press("v")
        assert any("veteran's pocket is off" in m for m in messages(app))
        await pilot.press("P", "up", "up", "v")  # Kell
        await type_in(pilot, "Cat", "", "2", "covered me")
        await pilot.press("down", "down", "v")  # Tash
        await type_in(pilot, "Cat", "", "1", "")
        await pilot.press("up", "v")  # Mora, from Ann
        await type_in(pilot, "Ann", "", "2", "")
        # Cat has given 3 = her player rank; a fourth point is refused.
        await pilot.press("up", "up", "v")
        await type_in(pilot, "Cat", "", "1", "")
        assert any("at most 3 AP" in m for m in messages(app))
        assert len(app.controller.store.session().ap_awards) == 8

        # The close: the clock gave 3:40; nearest hour is 4 AP.
        await pilot.press("c")
        assert isinstance(app.screen, CloseSessionScreen)
        screen = app.screen
        assert screen.query_one("#close-played", Input).value == "3:40"
        assert screen.query_one("#close-reader", Input).value == "Brice"  # nobody has read
        assert "type his self-assessment" in str(screen.query_one("#close-error").render())
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, CloseSessionScreen)  # nothing applied
        await put(pilot, "#close-self", "7")
        await put(pilot, "#close-group", "9")
        assert "over twice the hourly rate" in str(screen.query_one("#close-error").render())
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, CloseSessionScreen)  # nothing applied
        await put(pilot, "#close-group", "6")
        await put(pilot, "#close-missions", "all")
        await put(pilot, "#close-share", "3/4")
        preview = screen.query_one("#close-preview", DataTable)
        rows = [[str(c) for c in preview.get_row_at(r)] for r in range(preview.row_count)]
        assert rows[0] == ["Brice", "4", "6", "0", "7", "2", "0", "19", "195 → 214",
                           "40 → 59", "Rank-1 → Rank-2", "2", "645 cr"]
        assert rows[1][7:] == ["14", "100 → 114", "100 → 114", "Initiate → Rank-1", "1",
                               "562 cr"]
        assert sheets(app)["Brice"].ap_total == 195  # still only a preview
        await pilot.press("ctrl+s")
        await pilot.pause()

        # Applied: every PC's numbers, rank-ups announced, the summary shown.
        pcs = sheets(app)
        assert [(p.ap_total, p.unused_ap, p.rank, p.rank_rolls, p.missions_completed)
                for p in pcs.values()] == [
            (214, 59, 2, 2, 2), (114, 114, 1, 1, 1), (1005, 30, 10, 10, 5),
            (2971, 121, 19, 0, 13)]
        assert any("Brice reaches Rank-2: 2 rank improvement roll(s)" in m
                   for m in messages(app))
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("x")
        written = saves / "Iron Reach" / "summaries" / "session-0001.md"
        text = written.read_text()
        assert "| Kell | Ben | 4 | 6 | 0 | 0 | 2 | 2 | **14** |" in text
        assert "- Kell: 1 AP grab bag (“first aid”)" in text
        assert "- Tash: allowance 1462 cr" in text
        await pilot.press("escape")

        # A rank improvement roll from the player's 10L: Brice, Stealth 13 + IC 12 = 25.
        assert isinstance(app.screen, AwardsScreen)
        await pilot.press("home", "r")
        await type_in(pilot, "Stealth", "13", "12", "32")
        brice = sheets(app)["Brice"]
        assert brice.rank_rolls == 1 and brice.improved_this_mission == ("Stealth",)
        # Spend AP: Dex 12 + IC 20 = 32 of his 59 Unused.
        await pilot.press("i")
        await type_in(pilot, "Dex", "12", "20")
        assert (sheets(app)["Brice"].unused_ap, sheets(app)["Brice"].ap_total) == (27, 214)
        await pilot.press("l")
        assert sheets(app)["Brice"].rank_rolls == 0
        # The session takes no more awards; undo reopens it.
        await pilot.press("g")
        assert any("awards have been applied" in m for m in messages(app))
        for _ in range(3):
            await pilot.press("ctrl+z")
        await pilot.press("ctrl+z")
        assert sheets(app)["Brice"].ap_total == 195
        assert not app.controller.store.session().closed


async def test_closed_sessions_feed_the_journal_rotation_and_history(
        saves: Path, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    clock.now = START + timedelta(hours=3)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "c")
        await put(pilot, "#close-self", "6")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape", "escape")  # the summary, the awards
        assert sheets(app)["Brice"].rank_rolls == 2  # 204 AP: Rank-2
        clock.advance(7 * 24 * 60)
        await pilot.press("S")  # session 2
        # Rank improvement rolls are used at once or lost: not carried into a new session.
        assert sheets(app)["Brice"].rank_rolls == 0
        assert app.controller.store.session().advancement[0].kind == "rolls_lost"
        await pilot.press("w", "c")
        # Ann (Brice) read last week: the rotation suggests Ben's Kell.
        assert app.screen.query_one("#close-reader", Input).value == "Kell"
        await pilot.press("escape")
        party = app.screen.query_one("#party", DataTable)
        assert str(party.get_row_at(0)[8]).endswith(" 204")  # 195 + 3 time + 6 journal


async def test_awards_list_reasons_take_back_handicap_help_and_summary_paging(
        saves: Path, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    clock.now = START + timedelta(hours=2)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "g", "1", "escape", "down", "g", "3", "escape")
        # Tab to the awards list: give the first its reason, take the second back.
        await pilot.press("tab", "e")
        await type_in(pilot, "spotted the trap")
        awards = app.controller.store.session().ap_awards
        assert [(a.pc_id, a.reason) for a in awards] == [(1, "spotted the trap"), (2, "")]
        await pilot.press("down", "delete")
        assert [a.pc_id for a in app.controller.store.session().ap_awards] == [1]
        assert any("Taken back: 3 AP grab bag to Kell" in m for m in messages(app))
        # Handicap AP: Unused only.
        await pilot.press("shift+tab", "home", "h")
        await type_in(pilot, "20", "Code of honour")
        brice = sheets(app)["Brice"]
        assert (brice.ap_total, brice.unused_ap) == (195, 60)
        # A rank roll for a PC who has none is refused before any form.
        await pilot.press("r")
        assert any("Brice has no rank improvement rolls" in m for m in messages(app))
        # F1 explains the awards screen.
        await pilot.press("f1")
        assert "AP awards" in str(app.screen.query_one("Markdown").source)  # type: ignore[attr-defined]
        await pilot.press("escape")
        # The summary of the running session, and no session before it.
        await pilot.press("m")
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("left")
        assert any("no more sessions that way" in m for m in messages(app))
        await pilot.press("escape", "escape")
        assert not isinstance(app.screen, AwardsScreen)


async def test_the_palette_on_the_awards_screen_lists_its_actions(saves: Path, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        commands = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Grab bag", "Adventure bonus", "Veteran's pocket", "Close session",
                       "Improve ability", "Handicap AP", "Rank roll", "Lose rolls",
                       "Summary", "Undo"):
            assert wanted in commands


async def test_a_pc_with_awards_waiting_cannot_be_deleted(saves: Path, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "g", "1", "escape", "delete")
        assert any("Brice has AP awards waiting" in m for m in messages(app))
        assert "Brice" in sheets(app)


async def test_guards_around_sessions_names_and_the_rotation(
        saves: Path, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(saves)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        # An absent suggested reader is replaced by the next in the rotation.
        await pilot.press("w", "c")
        assert app.screen.query_one("#close-reader", Input).value == "Brice"
        await put(pilot, "#close-absent", "brice")
        assert app.screen.query_one("#close-reader", Input).value == "Kell"
        await pilot.press("escape", "escape")
        # Awards waiting: the next session does not start and lose them.
        await pilot.press("g", "1", "escape", "S")  # S stops the session
        await pilot.press("S")
        assert any("1 award(s) waiting: close it first" in m for m in messages(app))
        assert app.controller.store.session().number == 1
        # A second PC of the same name is refused in the form.
        await pilot.press("2", "p")
        await type_in(pilot, "kell")
        assert "a PC called Kell is already in the roster" in str(
            app.screen.query_one("#error").render())
