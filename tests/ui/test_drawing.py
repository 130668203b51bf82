"""What a key repaints: a dialog draws over a still picture of the main screen, which is
left alone (not repainted through the dialog, its footer not rebuilt) until it is back."""

from __future__ import annotations

import html
import re

import pytest

from console.service import CampaignService
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.screens.main_screen import MainScreen
from console.ui.widgets.keys_footer import KeysFooter
from tests.service.conftest import fight
from tests.ui.conftest import SIZE


async def test_a_dialog_covers_the_main_screen_with_a_still_picture(
        seed: CampaignService, open_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rebuilt: list[KeysFooter] = []
        original = KeysFooter.show

        def show(footer: KeysFooter, *args: object) -> None:
            rebuilt.append(footer)
            original(footer, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(KeysFooter, "show", show)
        await pilot.press("c")  # add a condition: a form
        assert isinstance(app.screen, FormDialog) and isinstance(app.screen, Dialog)
        assert not app.screen_stack[-2].is_current  # the main screen is not drawn through it
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert rebuilt == []  # the same keys before and after: the footer stayed as it was
        await pilot.press("2")  # the roster's keys: now the footer changes
        await pilot.pause()
        assert rebuilt


async def test_a_flows_next_dialog_shows_the_same_still_unless_the_screen_changed(
        seed: CampaignService, open_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The attack's setup, then its result form: the main screen under them is drawn once;
    a change under them between two dialogs (what a flow saves) draws it again."""
    from console.ui.dialogs import dialog as dialog_module
    from tests.service.test_forecast_commands import armed
    from tests.ui.conftest import select

    armed(seed)
    app = open_app()
    drawn: list[object] = []
    original = dialog_module.tinted_still

    def counted(screen, tint):  # type: ignore[no-untyped-def]
        drawn.append(screen)
        return original(screen, tint)

    monkeypatch.setattr(dialog_module, "tinted_still", counted)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        await pilot.press("A")
        await pilot.pause()
        await pilot.press("ctrl+s")  # the setup as it stands: the result form next
        await pilot.pause()
        assert isinstance(app.screen, FormDialog) and "attacks Skrak 1" in app.screen.title_text
        assert len(drawn) == 1
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("A")  # another flow: its still drawn anew
        await pilot.pause()
        assert len(drawn) == 2
        assert app.main is not None
        app.main.campaign_changed(None)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(drawn) == 3


async def test_a_toast_shows_once_over_a_dialog_and_goes_when_it_expires(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """Textual shows toasts on the screen on top only: the picture under a dialog is taken
    with the main screen's toasts put away, so a toast is not shown twice, and not kept in
    the picture once it has gone (cleared here, as an expiry clears it)."""

    def painted() -> str:  # what the terminal shows now, as Textual paints the top screen
        return html.unescape(re.sub(r"<[^>]*>", "", app.export_screenshot()))

    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.notify("Thug held (undo: ctrl+z)", timeout=30)
        await pilot.pause()
        await pilot.press("c")
        assert isinstance(app.screen, FormDialog)
        await pilot.pause()
        assert painted().count("Thug\xa0held") == 1  # live on the dialog, not in its picture
        app.clear_notifications()
        await pilot.pause()
        assert "Thug\xa0held" not in painted()
        await pilot.press("escape")
        await pilot.pause()
        main = app.screen
        assert isinstance(main, MainScreen) and not main.query("Toast")
