"""The dice calculator (issue 18): D opens it on the campaign's system; every field is read
as it is typed; ctrl+n goes round the systems; ctrl+t makes the one shown the campaign's;
ctrl+s, which saves in every form, only closes it. At 80x24 the whole reading shows."""

from __future__ import annotations

import re

from textual.widgets import Input, Static

from console.service import CampaignService
from console.ui.calculator.dice_screen import DiceScreen
from tests.ui.conftest import SIZE, plain


def shown(screen: DiceScreen, part: str) -> str:
    return plain(screen.query_one(f"#{part}", Static).content)


async def test_the_calculator_reads_as_the_gm_types(seed: CampaignService,
                                                    open_app) -> None:  # type: ignore[no-untyped-def]
    seed.settings.set_system("metalface")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D")
        screen = app.screen
        assert isinstance(screen, DiceScreen) and screen.chosen.name == "metalface"
        assert "3d6+2 vs 6: 87.50%" in shown(screen, "odds")  # hard: 1 - (3/6)^3
        screen.query_one("#dice-against", Input).value = "normal"
        await pilot.pause()
        assert "96.30%" in shown(screen, "odds")  # 1 - (2/6)^3
        screen.query_one("#dice-against", Input).value = "hard"
        screen.query_one("#dice-faces", Input).value = "2,5,3"
        await pilot.pause()
        assert "success: 7 vs Hard 6" in shown(screen, "reading")
        screen.query_one("#dice-roll", Input).value = "3d8"
        await pilot.pause()
        assert "Roll:" in shown(screen, "error")  # said, and no chart of the last roll under it
        assert not screen.query_one("#chart").display and not shown(screen, "chart").strip()
        await pilot.press("ctrl+n")  # Façade, with its example
        assert screen.chosen.name == "facade" and "levels:" in shown(screen, "odds")
        await pilot.press("ctrl+t")
        assert app.service.settings.system() == "facade"
        await pilot.press("ctrl+n", "ctrl+s")  # closes; the system stays the one chosen
        assert not isinstance(app.screen, DiceScreen)
        assert app.service.settings.system() == "facade"


async def test_the_whole_reading_fits_at_80x24(seed: CampaignService,
                                               open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("D")
        screen = app.screen
        assert isinstance(screen, DiceScreen)
        await pilot.press("enter", "enter", *"5:c,1")
        assert "Read:" in shown(screen, "reading") and "result 5" in shown(screen, "reading")
        chart = screen.query_one("#chart", Static)
        results = screen.query_one("#results")
        # Nothing to scroll to: the chance, the reading and every row of the chart show.
        assert results.max_scroll_y == 0
        assert chart.region.bottom <= results.region.bottom
        assert "128+" in shown(screen, "chart") and "1 to 10" in shown(screen, "chart")
        assert chart.region.height == 6  # the eleven spans of 8M in two columns
        helps = [screen.query_one(f"#help-{name}").display for name in ("roll", "against", "faces")]
        assert helps == [False, False, True]  # only the help of the field typed in
        await pilot.resize_terminal(160, 48)
        await pilot.pause(0.2)
        assert screen.query_one("#chart", Static).region.height == 11  # one, when tall
        await pilot.press("ctrl+r")
        rolled = shown(screen, "reading")
        assert "Read:" in rolled
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert screen.query_one("#chart", Static).region.height == 6
        assert shown(screen, "reading") == rolled  # the roll shown stays shown
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n", "ctrl+r")  # the d10 pool: 14 rows
        assert screen.chosen.name == "d10pool" and "Read:" in shown(screen, "reading")
        assert screen.query_one("#results").max_scroll_y == 0


async def test_rolling_in_the_calculator_reads_the_roll(seed: CampaignService,
                                                        open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D", "ctrl+n", "ctrl+n", "ctrl+n")  # the d10 pool
        screen = app.screen
        assert isinstance(screen, DiceScreen) and screen.chosen.name == "d10pool"
        await pilot.press("ctrl+r")
        assert "Read:" in shown(screen, "reading") and "needed" in shown(screen, "reading")
        # The faces rolled are shown with what they read as (the faces field stays empty).
        assert re.search(r"^Rolled: \d(, \d)*$", shown(screen, "reading"), re.MULTILINE)


async def test_enter_on_the_faces_keeps_them_for_the_next(seed: CampaignService,
                                                          open_app) -> None:  # type: ignore[no-untyped-def]
    """Enter on the faces went round to the roll, so the next faces typed replaced the
    rating ("Roll: 1: die must be 6, 8 or 10"); it stays on the faces, to be typed over."""
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D", "tab", "tab", "5", "colon", "1", "enter")
        screen = app.screen
        assert isinstance(screen, DiceScreen)
        await pilot.press("6", "colon", "2", "enter")
        await pilot.pause()
        values = [field.value for field in screen.query(Input)]
        assert values == ["8M", "15", "6:2"] and "Read:" in shown(screen, "reading")


async def test_each_systems_fields_are_kept_round_the_systems(seed: CampaignService,
                                                              open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D")
        screen = app.screen
        assert isinstance(screen, DiceScreen)
        screen.query_one("#dice-roll", Input).value = "10L"
        screen.query_one("#dice-against", Input).value = "12"
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n", "ctrl+n")  # round all four
        assert screen.chosen.name == "metascape"
        assert [field.value for field in screen.query(Input)][:2] == ["10L", "12"]
        assert "10L vs 12" in shown(screen, "odds")
