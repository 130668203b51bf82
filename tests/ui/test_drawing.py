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


async def test_a_dialog_opens_with_its_toast_rack_hidden_and_a_toast_still_shows(
        seed: CampaignService, open_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Textual hides a new screen's toast rack once the screen is up when no toast is live,
    which lays the dialog out and paints it whole again. A dialog starts with it hidden, so
    that hiding asks for nothing; a toast coming still shows."""
    from textual.widgets._toast import ToastRack

    layouts_asked: list[str] = []
    showing: list[bool] = []
    show, refresh = ToastRack.show, ToastRack.refresh

    def shown(rack: ToastRack, notifications: object) -> None:
        showing.append(True)
        try:
            show(rack, notifications)  # type: ignore[arg-type]
        finally:
            showing.pop()

    def refreshed(rack: ToastRack, *regions: object, **kwargs: object) -> ToastRack:
        if showing and kwargs.get("layout") and isinstance(rack.screen, Dialog):
            layouts_asked.append(type(rack.screen).__name__)
        return refresh(rack, *regions, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ToastRack, "show", shown)
    monkeypatch.setattr(ToastRack, "refresh", refreshed)
    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert layouts_asked == []
        app.notify("Thug held (undo: ctrl+z)", timeout=30)
        await pilot.pause()
        assert layouts_asked == ["FormDialog"]  # shown for the toast
        painted = html.unescape(re.sub(r"<[^>]*>", "", app.export_screenshot()))
        assert "Thug\xa0held" in painted


async def test_a_label_given_its_own_text_again_asks_for_no_layout() -> None:
    """Textual lays the screen out anew at every update of a label: a form's labels are
    written again as each field is filled, at every dialog's opening. The same text again
    asks for nothing; a new text, or a renderable, is drawn."""
    from rich.text import Text
    from textual.app import App, ComposeResult

    from console.ui.widgets.plain import Label, Static

    class Labels(App[None]):
        def compose(self) -> ComposeResult:
            yield Label("Thug's Def", id="label")
            yield Static("Kara", id="static")

    app = Labels()
    async with app.run_test() as pilot:
        for widget in (app.query_one("#label", Label), app.query_one("#static", Static)):
            asked: list[object] = []
            original = widget.refresh
            widget.refresh = (  # type: ignore[method-assign]
                lambda *a, _o=original, _a=asked, **k: _a.append(k) or _o(*a, **k))
            text = str(widget.content)
            widget.update(text)
            assert asked == []
            widget.update(text + " (8M)")
            widget.update(Text(text + " (8M)"))
            assert len(asked) == 2
            await pilot.pause()
            assert str(widget.render()) == text + " (8M)"


async def test_the_first_frame_parses_the_stylesheets_once(
        seed: CampaignService, open_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The main screen's stylesheet is read with the app's: pushed with its own, Textual
    parsed every stylesheet a second time before the first frame. The other screens' are
    read after it, in one more parse (GMConsoleApp._started)."""
    from textual.css.stylesheet import Stylesheet

    from console.ui.app import GMConsoleApp

    parsed: list[bool] = []  # one per parse of every stylesheet: was the app started?
    original = Stylesheet.reparse
    app = open_app()

    def reparse(sheet: Stylesheet) -> None:
        parsed.append(app.started)
        original(sheet)

    monkeypatch.setattr(Stylesheet, "reparse", reparse)
    started = GMConsoleApp._started

    def mark(self: GMConsoleApp) -> None:
        self.started = True
        started(self)

    monkeypatch.setattr(GMConsoleApp, "_started", mark)
    app.started = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert parsed == [True]


async def test_a_dialog_is_restyled_whole_when_it_comes_back_not_when_it_opens(
        seed: CampaignService, open_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Textual restyles a screen whole as it comes on top: just pushed, a dialog was styled
    as it was mounted, and is not again; coming back (a screen that showed it through
    popped from over it), it is, as Textual asks."""
    from textual import events
    from textual.screen import Screen

    fight(seed)
    app = open_app()
    restyled: list[object] = []
    original = Screen.update_node_styles

    def counted(screen: Screen[object], animate: bool = True) -> None:
        restyled.append(screen)
        original(screen, animate)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "update_node_styles", counted)
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog) and form not in restyled
        form.post_message(events.ScreenResume(refresh_styles=True))
        await pilot.pause()
        assert form in restyled


@pytest.mark.parametrize("read_first", [False, True], ids=["first push", "sheets read"])
async def test_a_dialog_pushed_is_styled_by_its_own_stylesheet(read_first: bool) -> None:
    """Its own stylesheet read as it is pushed (the first dialog of its kind before the
    console read them all, or in another app), a dialog is still centred by its rules:
    only the restyle as it comes on top gives them to the dialog screen itself."""
    from textual.app import App

    from console.ui.dialogs.confirm import ConfirmDialog

    app = App[None]()
    async with app.run_test(size=(100, 30)) as pilot:
        if read_first:
            for path in ConfirmDialog.CSS_PATH if isinstance(
                    ConfirmDialog.CSS_PATH, list) else [ConfirmDialog.CSS_PATH]:
                app.stylesheet.read(path)
            app.stylesheet.reparse()
        dialog = ConfirmDialog("Delete?", ["a line"])
        app.push_screen(dialog)
        await pilot.pause()
        assert app.screen is dialog
        assert (dialog.styles.align_horizontal, dialog.styles.align_vertical) == (
            "center", "middle")
