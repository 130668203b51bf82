"""The AP awarder by keyboard: the grab bag in two keys, the close-of-session dialog and
its preview, the awards list's keys (the awarder's arithmetic and guards are tested in
``tests/service/test_award_commands.py``)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import DataTable, Input, Markdown

from console.model import AwardKind
from console.model.awards import CloseChoices, apply_close, give_grab_bag
from console.rules.ap_awards import TimeRounding
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.awards.close_session_screen import CloseSessionScreen
from console.ui.awards.grab_bag_dialog import GrabBagDialog
from console.ui.awards.summary_screen import SummaryScreen
from tests.service.test_award_commands import PARTY
from tests.ui.conftest import SIZE, START, FakeClock, toasts_of, type_in


def seat_party(seed: CampaignService, *, session: bool = True) -> None:
    for pc in PARTY:
        seed.roster.save_pc(pc)
    if session:
        seed.sessions.toggle()


async def put(pilot, selector: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """Replace what an input of the close form holds."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = text
    await pilot.pause()


def awards_of(app: GMConsoleApp) -> list[tuple[int, int, str]]:
    return [(a.pc_id, a.amount, a.reason) for a in app.service.session().ap_awards]


async def test_grab_bag_in_two_keys_from_the_main_screen(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "down", "g", "2")  # the roster, on Kell: 2 AP
        assert isinstance(app.screen, GrabBagDialog)  # the reason may follow
        assert awards_of(app) == []  # saved as the dialog closes, by its flow
        before = app.service.opno
        await type_in(pilot, "first aid")
        assert awards_of(app) == [(2, 2, "first aid")]
        assert app.service.session().ap_awards[0].kind is AwardKind.GRAB_BAG
        assert app.service.opno == before + 1  # the award with its reason: one action
        await pilot.press("g", "up", "3", "escape")  # another PC by the arrows, no reason
        await pilot.press("g", "4", "escape")  # not 4: the digit does nothing
        assert awards_of(app) == [(2, 2, "first aid"), (1, 3, "")]
        await pilot.press("ctrl+z")
        assert len(awards_of(app)) == 1
        # A reason typed, then escape: asked, not left out unsaid.
        await pilot.press("g", "1", "g", "o", "o", "d", "escape")
        assert isinstance(app.screen, GrabBagDialog) and len(awards_of(app)) == 1
        assert "Leave out the reason you typed?" in str(
            app.screen.query_one("#grab-error").render())
        await pilot.press("enter")  # keeps it
        assert awards_of(app)[-1][2] == "good"
        await pilot.press("g", "1", "n", "o", "escape", "escape")  # left out, as asked
        assert awards_of(app)[-1][2] == "" and len(awards_of(app)) == 3


async def test_a_line_of_the_awards_screen_cut_short_ends_in_an_ellipsis(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    app = open_app()
    async with app.run_test(size=(70, 24)) as pilot:
        await pilot.press("w")
        assert isinstance(app.screen, AwardsScreen)
        for line in ("#awards-head", "#fairness"):
            widget = app.screen.query_one(line)
            drawn = widget.render_lines(Region(0, 0, widget.size.width, 1))[0].text
            assert drawn.rstrip().endswith("…"), (line, drawn)  # cut, and seen to be


async def test_no_awards_before_a_session_starts(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed, session=False)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        assert not isinstance(app.screen, GrabBagDialog)
        assert "start one with S" in toasts_of(app)[-1]


async def test_escape_on_a_changed_close_asks_before_discarding(
        seed: CampaignService, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    """Nine fields typed were lost to one escape: a changed close asks first, as every form
    does; any other key goes on with it; an untouched one closes at once."""
    seat_party(seed)
    clock.now = START + timedelta(hours=3)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "c", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, CloseSessionScreen)  # untouched: gone
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CloseSessionScreen)
        await put(pilot, "#close-group", "5")
        await pilot.press("escape")
        assert app.screen is screen
        assert "Discard what you typed?" in str(screen.query_one("#close-error").render())
        await pilot.press("enter")  # goes on: the question gives way
        assert "Discard" not in str(screen.query_one("#close-error").render())
        await pilot.press("escape", "1")  # asked again; and typing goes on again
        assert app.screen is screen
        assert "Discard" not in str(screen.query_one("#close-error").render())
        for key in ("down", "ctrl+t"):  # keys the field takes go on too
            await pilot.press("escape")
            assert "Discard" in str(screen.query_one("#close-error").render())
            await pilot.press(key)
            assert "Discard" not in str(screen.query_one("#close-error").render()), key
        await pilot.press("escape")
        assert app.screen is screen  # asked again
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
        assert seed.session().closed is False  # nothing applied


async def test_the_close_dialog_previews_then_applies(seed: CampaignService, clock: FakeClock,
                                                      open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    seed.awards.grab_bag(seed.pcs()[1], 2)
    clock.now = START + timedelta(hours=3, minutes=40)
    app = open_app()
    previews: list[object] = []
    worked_out = app.service.awards.preview_close

    def counted(choices):  # type: ignore[no-untyped-def]
        previews.append(choices)
        return worked_out(choices)

    app.service.awards.preview_close = counted  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "c")
        assert isinstance(app.screen, CloseSessionScreen)
        await pilot.pause()
        # Once as it opens: the fields' starting texts (five Input.Changed) do not each
        # work it out again and redraw the table.
        assert len(previews) == 1
        screen = app.screen
        assert screen.query_one("#close-played", Input).value == "3:40"
        assert screen.query_one("#close-reader", Input).value == "Brice"  # nobody has read
        assert "type their self-assessment" in str(screen.query_one("#close-error").render())
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, CloseSessionScreen)  # nothing applied
        await put(pilot, "#close-self", "7")
        await put(pilot, "#close-group", "9")
        assert "over twice the hourly rate" in str(screen.query_one("#close-error").render())
        # The figures under it are not passed off as this form's, and enter stays on the
        # field: the correction typed next went into Absent PCs.
        assert "from before this mistake" in str(screen.query_one("#close-note").render())
        await pilot.press("enter", "8")
        assert screen.query_one("#close-group", Input).value == "8"
        assert "4 AP each · group bonus up to 8" in str(screen.query_one("#close-note").render())
        # A mistake in another field does not hold this one: the time shortened, the
        # bonus is too much now, and enter on the time moves on as it should.
        await put(pilot, "#close-played", "1:00")
        assert "over twice the hourly rate" in str(screen.query_one("#close-error").render())
        await pilot.press("enter")
        assert app.focused is screen.query_one("#close-rounding", Input)
        await put(pilot, "#close-played", "3:40")
        await put(pilot, "#close-group", "6")
        await put(pilot, "#close-missions", "all")
        await put(pilot, "#close-share", "3/4")
        preview = screen.query_one("#close-preview", DataTable)
        assert [str(c) for c in preview.get_row_at(0)] == [
            "Brice", "4", "6", "0", "7", "2", "0", "19", "195 → 214", "40 → 59",
            "Rank-1 → Rank-2", "2", "645 cr"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.service.pcs()[1].ap_total == 214
        # What the close granted is in the summary that follows, not in toasts over it.
        assert not any("reaches Rank-2" in t for t in toasts_of(app))
        assert isinstance(app.screen, SummaryScreen)
        summary = app.screen.query_one("#summary", Markdown).source
        assert "## Applied just now" in summary
        assert "- Brice reaches Rank-2: 2 rank improvement roll(s)" in summary
        await pilot.press("x")
        assert (tmp_path / "Iron Reach" / "summaries" / "session-0001.md").exists()
        assert toasts_of(app)[-1].startswith("Summary written to ")
        await pilot.press("escape")
        assert isinstance(app.screen, AwardsScreen)
        await pilot.press("home", "r")
        await type_in(pilot, "Stealth", "13", "12", "32")  # 25 AP: the player's 10L made it
        assert app.service.pcs()[1].improved_this_mission == ("Stealth",)


async def test_the_awards_lists_keys(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    seed.awards.grab_bag(seed.pcs()[1], 1)
    seed.awards.grab_bag(seed.pcs()[2], 3)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "down", "delete")  # on the party: no award is taken back
        assert len(awards_of(app)) == 2 and "tab to this session's awards" in toasts_of(app)[-1]
        await pilot.press("tab", "e")
        await type_in(pilot, "spotted the trap")
        await pilot.press("down", "delete")
        assert awards_of(app) == [(1, 1, "spotted the trap")]
        assert toasts_of(app)[-1] == "Taken back: 3 AP grab bag to Kell"
        await pilot.press("shift+tab", "home", "r")
        assert toasts_of(app)[-1] == "Brice has no rank improvement rolls"
        commands = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Grab bag", "Adventure bonus", "Veteran's pocket", "Close session",
                       "Improve ability", "Handicap AP", "Rank roll", "Lose rolls",
                       "Summary", "Undo"):
            assert wanted in commands
        await pilot.press("m", "left")
        assert isinstance(app.screen, SummaryScreen)
        assert toasts_of(app)[-1] == "no more sessions that way"
        await pilot.press("escape", "escape")
        assert not isinstance(app.screen, AwardsScreen)


async def test_the_other_award_forms_by_keys(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    seed.roster.save_pc(seed.pcs()[1].with_changes(rank_rolls=2))
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "down", "down", "down", "a")  # Tash
        await type_in(pilot, "", "10", "decoded the beacon")
        assert toasts_of(app)[-1] == "Adventure bonus: 10 AP to Tash (decoded the beacon)"
        await pilot.press("a", "ctrl+u", "m", "tab")  # a name typed in part: tab completes
        assert app.screen.query_one("#field-pc", Input).value == "Mora"
        await pilot.press("escape", "escape")
        await pilot.press("v")
        assert "veteran's pocket is off" in toasts_of(app)[-1]
        await pilot.press("P", "up", "up", "v")  # Kell, from Cat (player rank 3)
        await type_in(pilot, "Cat", "", "2", "covered me")
        assert awards_of(app)[-1] == (2, 2, "covered me")
        await pilot.press("home", "h")
        await type_in(pilot, "20", "Code of honour")
        assert app.service.pcs()[1].unused_ap == 60
        await pilot.press("i")
        await type_in(pilot, "Dex", "12", "20")  # 32 of his 60 Unused
        assert app.service.pcs()[1].unused_ap == 28
        await pilot.press("l")
        assert app.service.pcs()[1].rank_rolls == 0
        assert "rank improvement roll" in toasts_of(app)[-1]


async def test_the_ap_tonight_pane_keeps_the_play_time_with_the_clock(
        seed: CampaignService, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    """It said "0:07 played" under a header at 0:10: it moved only with an award."""
    seat_party(seed)
    clock.now = START + timedelta(minutes=7)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.screen.query_one("#ap")
        assert pane.border_subtitle == "session 1, 0:07 played"
        clock.now = START + timedelta(minutes=10)
        await pilot.pause(1.2)  # its clock looks once a second, as the header's does
        assert pane.border_subtitle == "session 1, 0:10 played"


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_the_close_says_a_fight_running_and_who_in_it_is_marked_absent(
        seed: CampaignService, clock: FakeClock, open_app,  # type: ignore[no-untyped-def]
        size: tuple[int, int]) -> None:
    # A new GM closed the session with a fight running and Dax marked absent, unwarned.
    seat_party(seed)
    seed.tracker.new_encounter("Dock fight")
    seed.tracker.join_pc(PARTY[0].name)
    clock.now = START + timedelta(hours=3)
    app = open_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("w", "c")
        await pilot.pause()
        note = app.screen.query_one("#close-note")
        assert "Dock fight is still running: it goes on in the next session" in str(
            note.render())
        await put(pilot, "#close-absent", PARTY[0].name)
        assert f"{PARTY[0].name} marked absent, though in it" in str(note.render())
        assert app.screen.query_one("#close-hint").region.height >= 1  # still on screen


def long_party(saves: Path) -> CampaignStore:
    """Thirty closed sessions of the party (an AP Total chart thirty bars long), then one
    running with three grab bag awards waiting, two of them for Brice."""
    store = CampaignStore.create(saves, "Long Reach")
    pcs = {pc.id: pc for pc in PARTY}
    store.apply("setup", "The party", [(pc.TABLE, pc.id, pc.to_dict()) for pc in PARTY],
                now=START - timedelta(days=400))
    for week in range(30):
        at = START - timedelta(days=7 * (30 - week))
        session = store.start_session(now=at)
        closing = apply_close(session, pcs, CloseChoices(
            timedelta(hours=4), TimeRounding.DOWN, 5, tuple(pcs)), at + timedelta(hours=4))
        store.apply("awards.close", "closed", [(session.TABLE, session.DOC_ID,
                                               closing.session.to_dict())]
                    + [(pc.TABLE, pc.id, pc.to_dict()) for pc in closing.pcs], now=at)
        pcs = {pc.id: pc for pc in closing.pcs}
    session = store.start_session(now=START)
    for pc_id, amount in ((1, 2), (1, 1), (2, 3)):
        session = give_grab_bag(session, pcs[pc_id], amount, "a good scene").session
    store.apply("awards", "awards", [(session.TABLE, session.DOC_ID, session.to_dict())],
                now=START)
    return store


def party_fits(app: GMConsoleApp) -> list[str]:
    """The party table's headings, once it is seen not to scroll sideways."""
    party = app.screen.query_one("#party", DataTable)
    assert party.max_scroll_x == 0, (app.size, party.virtual_size, party.size)
    return [str(column.label) for column in party.columns.values()]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 48)])
async def test_the_party_table_fits_the_width(tmp_path: Path, size: tuple[int, int]) -> None:
    """The party's table does not scroll sideways: its headings are short, awards waiting
    are summed by kind, and the AP Total chart takes the sessions the width has room for
    (none: no chart column)."""
    app = GMConsoleApp(CampaignService(long_party(tmp_path)))
    async with app.run_test(size=size) as pilot:
        await pilot.press("w")
        await pilot.pause()
        headings = party_fits(app)
        assert ("By session" in headings) is (size[0] >= 100), headings
        party = app.screen.query_one("#party", DataTable)
        assert str(party.get_row_at(0)[6]) == "3 grab"  # 2 and 1, summed


async def test_the_party_table_narrows_with_the_terminal_and_its_cells(tmp_path: Path) -> None:
    """A column narrows when its cells do: the terminal made narrower step by step (the
    chart keeps its column but fewer bars), and awards taken back (Waiting empties)."""
    app = GMConsoleApp(CampaignService(long_party(tmp_path)))
    async with app.run_test(size=(200, 30)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        for width in (120, 100, 95, 70, 160, 100):
            await pilot.resize_terminal(width, 30)
            await pilot.pause()
            assert ("By session" in party_fits(app)) is (width >= 95), width
        app.screen.query_one("#session-awards").focus()
        for _ in range(3):
            await pilot.press("delete")
            await pilot.pause()
            party_fits(app)
        assert not app.service.session().ap_awards
