"""Issue 27: at 80x24, 100x30 and 160x48 nothing a GM needs is cut, and what must shorten
is one key away: the selected combatant's details (i), every footer key, the header's
round and Initiative mode."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot

from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.tracker.detail_pane import DetailPane
from console.ui.tracker.details_screen import DetailsScreen
from console.ui.widgets.keys_footer import KeysFooter, lines_for
from tests.ui.conftest import FakeClock
from tests.ui.test_snapshots import mid_fight

SIZES = [(80, 24), (100, 30), (160, 48)]


def console(tmp_path: Path) -> GMConsoleApp:
    clock = FakeClock()
    clock.advance(42)
    return GMConsoleApp(CampaignService(mid_fight(tmp_path), random.Random(3), clock))


def drawn(pane: DetailPane) -> str:
    console = pane.app.console
    lines = console.render_lines(pane.render(), console.options.update_width(70), pad=False)
    return "\n".join(Text.assemble(*((s.text, s.style) for s in line)).plain
                     for line in lines)


@pytest.mark.parametrize("size", SIZES)
async def test_i_shows_the_selected_combatants_details_whole(tmp_path: Path,
                                                             size: tuple[int, int]) -> None:
    app = console(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("up", "up", "i")  # Brice: held, 24/20 CD 4, checks owed
        assert isinstance(app.screen, DetailsScreen)
        text = drawn(app.screen.query_one(DetailPane))
        assert "Brice" in text and "state: held" in text and "the damage lands:" in text
        await pilot.press("down")  # the next one in the tracker
        text = drawn(app.screen.query_one(DetailPane))
        assert "Skrak leader" in text and "Brice  Nish" not in text
        await pilot.press("escape")
        assert not isinstance(app.screen, DetailsScreen)
        assert app.screen.query_one("#tracker").selected_id == 5  # the cursor followed


@pytest.mark.parametrize("size", SIZES)
async def test_every_key_of_the_footer_and_the_headers_mode_are_on_screen(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = console(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown = set(app.screen.query_one(KeysFooter).key_regions())
        assert {"E", "S", "g", "w", "i", "z", "ctrl+z", "f1"} <= shown
        header = str(app.screen.query_one("#status").render())
        assert "individual" in header and ("round 1" in header or "r1" in header)
        # Each pane's keys (the roster has the most), and the awards screen's.
        await keys_apart(pilot, app, ("1", "2", "4", "5", "3", "w"))


async def keys_apart(pilot: Pilot[None], app: App[object], keys: tuple[str, ...]) -> None:
    """After each of ``keys``, every key of the footer is on screen, clear of the others
    (the palette's key at the first line's end among them)."""
    for pressed in keys:
        await pilot.press(pressed)
        await pilot.pause()
        shown = app.screen.query_one(KeysFooter).key_regions()
        assert shown, pressed
        screen = app.screen.region
        for key, region in shown.items():
            assert screen.contains_region(region), (pressed, key, region)
            others = [other for other, elsewhere in shown.items() if other != key
                      and elsewhere.overlaps(region)]
            assert not others, (pressed, key, others)


@pytest.mark.parametrize("size", SIZES)
async def test_every_key_of_a_facade_campaigns_footer_is_on_screen(
        tmp_path: Path, size: tuple[int, int]) -> None:
    from console.store import CampaignStore
    from tests.ui.test_facade_app import alley

    with CampaignStore.create(tmp_path, "Alley") as store:
        app = alley(store)
        async with app.run_test(size=size) as pilot:
            await keys_apart(pilot, app, ("2", "4", "5", "3", "1"))
            # Ending on the tracker: the contest of Action and the Limit Pools among its keys.
            assert {"I", "L"} <= set(app.screen.query_one(KeysFooter).key_regions())


def test_the_footers_grid_is_the_fewest_lines_that_fit() -> None:
    assert lines_for([], 30) == []
    assert lines_for([10, 10, 10], 30) == [10, 10, 10]
    assert lines_for([10, 10, 10, 10], 30) == [10, 10]
    assert lines_for([12, 8, 10, 6], 20) == [12, 8]  # columns as wide as their widest
    assert lines_for([12, 8, 8, 12], 20, most=3) == [12, 12]  # 24 cells: no fewer lines fit
    assert lines_for([12, 8, 8, 12], 20) == [12]  # four lines: one column
    assert lines_for([10] * 8, 25) == [10, 10]  # four lines (the roster's keys at 80 columns)
    # The palette's key at the first line's end: that line's last key (without its gap)
    # must end before it; the lines under it have the whole width.
    assert lines_for([10, 10, 10], 30, first_room=28) == [10, 10, 10]
    assert lines_for([10, 10, 10], 30, first_room=27) == [10, 10]
    assert lines_for([10] * 8, 25, most=3) == [10, 10, 10]  # no room: the last lines all the same


@pytest.mark.parametrize("size", SIZES)
async def test_a_waves_nish_is_shown_whole_where_there_is_room(tmp_path: Path,
                                                             size: tuple[int, int]) -> None:
    """In wave Initiative a Nish reads "12.3 (17)", the wave's average and his own: at 160
    columns its 8 cells cut it to "12.3 (1…"; the conditions' spare room now widens it."""
    from console.ui.tracker.rows import COLUMNS
    from console.ui.tracker.tracker_pane import TrackerPane

    app = console(tmp_path)
    leader = next(c for c in app.service.encounter().combatants  # type: ignore[union-attr]
                  if c.name == "Skrak leader")
    app.service.tracker.set_nish(leader.id, 17)  # the Skraks' wave: (10 + 10 + 17) / 3
    async with app.run_test(size=size) as pilot:
        await pilot.press("m")  # individual -> wave
        await pilot.pause()
        assert "wave" in str(app.screen.query_one("#status").render())
        tracker = app.screen.query_one(TrackerPane)
        nish = [str(tracker.get_row_at(row)[COLUMNS.index("nish")])
                for row in range(tracker.row_count)]
        assert "12.3 (17)" in nish
        drawn = "\n".join(tracker.render_line(y).text for y in range(tracker.row_count + 1))
        if size[0] >= 100:
            assert all(text in drawn for text in nish)
        else:  # 80 columns: no room to spare; cut, and whole in the details (i)
            assert "12.3 (17)" not in drawn and "12.3 (…" in drawn


async def test_a_state_saying_two_things_is_whole_where_there_is_room(tmp_path: Path) -> None:
    """Brice is held and owes his checks: at 100 columns his State read "held, checks …"
    beside a Conditions column with room to spare."""
    from console.ui.tracker.tracker_pane import TrackerPane

    app = console(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        tracker = app.screen.query_one(TrackerPane)
        drawn = "\n".join(tracker.render_line(y).text for y in range(tracker.row_count + 1))
        assert "held, checks due" in drawn


async def test_a_long_name_is_whole_where_the_conditions_leave_room(tmp_path: Path) -> None:
    """A new GM read "Pirate captai…" at 100 columns beside 35 empty cells of conditions."""
    from console.ui.tracker.tracker_pane import TrackerPane

    app = console(tmp_path)
    app.service.tracker.add_npc("Pirate captain Vasquez", 9, 12)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        tracker = app.screen.query_one(TrackerPane)
        drawn = "\n".join(tracker.render_line(y).text for y in range(tracker.row_count + 1))
        assert "Pirate captain Vasquez" in drawn
