"""The footer draws its keys itself (console.ui.widgets.keys_footer): what the mouse does on
them is what it did on Textual's Footer, whose keys were widgets. A click presses the key,
the key under the mouse is highlighted with its tooltip shown, and the palette's key opens
the palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette

from console.ui.awards.awards_screen import AwardsScreen
from console.ui.widgets.keys_footer import KeysFooter
from tests.ui.test_small_terminals import console


async def test_a_click_on_a_key_presses_it(tmp_path: Path) -> None:
    app = console(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        ap = footer.key_regions()["w"]
        await pilot.click(offset=(ap.x + ap.width - 1, ap.y))  # on its description's end
        await pilot.pause()
        assert isinstance(app.screen, AwardsScreen)
        await pilot.press("escape")
        await pilot.pause()
        palette = app.screen.query_one(KeysFooter).key_regions()["ctrl+p"]
        assert palette.right == 100  # at the first line's right end
        await pilot.click(offset=palette.offset)
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_a_click_between_keys_presses_nothing(tmp_path: Path) -> None:
    app = console(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        regions = sorted(footer.key_regions().values(), key=lambda region: (region.y, region.x))
        first, second = regions[0], regions[1]
        assert second.x > first.right  # a gap between them
        before = app.service.opno
        await pilot.click(offset=(first.right, first.y))
        await pilot.pause()
        assert app.screen is footer.screen and app.service.opno == before


async def test_the_key_under_the_mouse_shows_its_tooltip(tmp_path: Path) -> None:
    app = console(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("3")  # the log: its filter key has a tooltip
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        search = footer.key_regions()["slash"]
        await pilot.hover(offset=search.offset)
        await pilot.pause()
        assert footer.tooltip == "Filter the log by a name or word"
        line = search.y - footer.region.y
        hovered = list(footer.render_line(line))
        await pilot.hover(offset=(0, 0))
        await pilot.pause()
        assert footer.tooltip is None
        plain = list(footer.render_line(line))
        assert "".join(s.text for s in hovered) == "".join(s.text for s in plain)
        # Highlighted: its cells are drawn on another background than they are without it.
        assert {s.style.bgcolor for s in hovered} != {s.style.bgcolor for s in plain if s.style}


async def test_the_footer_shows_the_keys_of_the_pane_in_focus(tmp_path: Path) -> None:
    app = console(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        tracker = {entry.key for entry in footer.entries()}
        assert "space" in tracker and "ctrl+p" in tracker
        await pilot.press("2")  # the roster
        await pilot.pause()
        roster = {entry.key for entry in footer.entries()}
        assert "space" not in roster and roster != tracker
        assert footer.region.height == footer.lines_needed()


async def test_after_a_resize_the_keys_are_drawn_where_a_click_finds_them(
        tmp_path: Path) -> None:
    """80x24 then 100x30: "^p palette" stayed drawn at column 68, where a click did
    nothing, while a click at the new right end opened the palette."""
    app = console(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        palette = footer.key_regions()["ctrl+p"]
        assert palette.right == 100
        line = footer.render_line(palette.y - footer.region.y).text
        assert line[palette.x - footer.region.x:].startswith("\u258f^p palette")
        for key, region in footer.key_regions().items():
            drawn = footer.render_line(region.y - footer.region.y).text
            entry = next(entry for entry in footer.entries() if entry.key == key)
            assert entry.display in drawn[region.x - footer.region.x:region.right], key


async def test_a_dialogs_footer_covers_the_footer_under_it(tmp_path: Path) -> None:
    """The session summary over the AP screen: its one line of keys left the AP screen's
    first line of keys showing above it ("esc Back" beside the summary's "esc Close")."""
    app = console(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        under = app.screen.query_one(KeysFooter)
        assert under.lines_needed() == 2  # the AP screen's keys at 160 columns
        await pilot.press("m")
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert footer is not under and footer.lines_needed() == 1
        # Its keys, the steps through sessions among them (the scroll's own left/right,
        # hidden, had shadowed them: they worked and were not shown).
        assert {"left", "right", "x", "escape"} <= {entry.key for entry in footer.entries()}
        assert footer.region.height == 2 and footer.region.y == 46
        assert "Write to file" in footer.render_line(0).text
        assert footer.render_line(1).text.strip() == ""


@pytest.mark.parametrize(("width", "keys"), [(85, "w"), (144, "P")])
async def test_the_first_lines_keys_stay_clear_of_the_palettes_key(
        tmp_path: Path, width: int, keys: str) -> None:
    """The AP and prep screens' keys are drawn a cell wider each side than the main
    screen's: at 85 columns "Close session" ran under the palette's key ("Close sessio▏^p")."""
    app = console(tmp_path)
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.press(keys)
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        regions = footer.key_regions()
        palette = regions.pop("ctrl+p")
        first = [region for region in regions.values() if region.y == palette.y]
        assert first and all(region.right <= palette.x for region in first)


async def test_in_a_terminal_too_narrow_for_its_keys_a_click_presses_what_is_drawn(
        tmp_path: Path) -> None:
    """At 50 columns keys start under the palette's key: they were drawn over it, and a
    click on "a Add" as drawn opened the palette (found in review)."""
    app = console(tmp_path)
    async with app.run_test(size=(50, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        regions = footer.key_regions()
        palette = regions["ctrl+p"]
        line = footer.render_line(0).text
        assert line[palette.x - footer.region.x:].startswith("\u258f^p palette")
        shown = {entry.key: entry.display for entry in footer.entries()}
        for key, region in regions.items():  # a key before it is drawn where it is clicked
            if key != "ctrl+p" and region.y == palette.y and region.x < palette.x:
                at = region.x - footer.region.x
                assert line[at:].startswith(shown[key][:palette.x - region.x]), key
        await pilot.click(offset=palette.offset)
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_keys_that_change_under_a_resting_mouse_take_down_its_tooltip(
        tmp_path: Path) -> None:
    app = console(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        await pilot.hover(offset=footer.key_regions()["slash"].offset)
        await pilot.pause()
        assert footer.tooltip == "Filter the log by a name or word"
        await pilot.press("1")  # the tracker's keys: another key, or none, is there now
        await pilot.pause()
        assert footer.tooltip is None
