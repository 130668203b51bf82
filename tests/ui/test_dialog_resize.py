"""A terminal resized while a dialog is open: the screen under it is laid out at the new
size, in the layout of that size, and the dialog's picture of it follows."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from textual.color import Color

from console.ui.app import GMConsoleApp
from console.ui.calculator.dice_screen import DiceScreen
from console.ui.textual_private import tinted_still
from console.ui.widgets.keys_footer import KeysFooter


def _picture(app: GMConsoleApp) -> list[str]:
    """The screen under the dialog as the dialog draws it, line by line."""
    still = tinted_still(app.screen_stack[-2], Color(0, 0, 0, 0.5))
    assert still is not None
    width, height = app.size
    console = Console(width=width, height=height, color_system="truecolor")
    return ["".join(segment.text for segment in line)
            for line in console.render_lines(still, console.options.update(
                width=width, height=height))]


async def test_the_screen_under_a_dialog_follows_the_terminal(
        open_app: Callable[[], GMConsoleApp]) -> None:
    app = open_app()
    async with app.run_test(size=(80, 24)) as pilot:
        main = app.screen
        await pilot.press("D")
        assert isinstance(app.screen, DiceScreen)
        assert not any("Roster" in line for line in _picture(app))  # 80 columns: a tab
        await pilot.resize_terminal(160, 48)
        await pilot.pause(0.2)
        assert isinstance(app.screen, DiceScreen)
        assert not main.has_class("-narrow") and main.has_class("-tall")
        picture = _picture(app)
        assert len(picture) == 48
        assert any("Tracker" in line and "Roster" in line for line in picture)  # side by side
        # The footer under it keeps its keys (rebuilt for the new width once on top).
        assert "Help" in "".join(picture[-3:])
        await pilot.resize_terminal(100, 30)
        await pilot.pause(0.2)
        picture = _picture(app)
        assert len(picture) == 30 and main.has_class("-medium")
        assert "Help" in "".join(picture[-3:])
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert app.screen is main
        footer = main.query_one(KeysFooter)
        assert footer.region.height == footer.lines_needed()  # its lines for 100 columns
