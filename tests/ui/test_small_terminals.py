"""Issue 27: at 80x24, 100x30 and 160x48 nothing a GM needs is cut, and what must shorten
is one key away: the selected combatant's details (i), every footer key, the header's
round and Initiative mode."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.text import Text

from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.tracker.detail_pane import DetailPane
from console.ui.tracker.details_screen import DetailsScreen
from console.ui.widgets.keys_footer import lines_for
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
        keys = list(app.screen.query("FooterKey"))
        shown = {key.key for key in keys}
        assert {"E", "S", "g", "w", "i", "z", "ctrl+z", "f1"} <= shown
        screen = app.screen.region
        for key in keys:
            assert screen.contains_region(key.region), (key.key, key.region)
        header = str(app.screen.query_one("#status").render())
        assert "individual" in header and ("round 1" in header or "r1" in header)


def test_the_footers_grid_is_the_fewest_lines_that_fit() -> None:
    assert lines_for([10, 10, 10], 30) == [10, 10, 10]
    assert lines_for([10, 10, 10, 10], 30) == [10, 10]
    assert lines_for([12, 8, 10, 6], 20) == [12, 8]  # columns as wide as their widest
    assert lines_for([12, 8, 8, 12], 20) == [12, 12]  # 24 cells: no fewer lines fit
    assert lines_for([50] * 9, 20) == [50, 50, 50]  # no room: three lines all the same
