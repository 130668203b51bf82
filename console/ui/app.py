"""The Textual application: thin on purpose. It opens the main screen on a campaign, owns
the keys that work everywhere (undo, redo, help, the command palette), guards the doors
through which a key reaches the campaign (``console.ui.safety``: no action ends the app),
and holds the keys typed ahead of a dialog until it can take them (``console.ui.key_gate``).
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar

from textual.app import CSSPathType, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget

from console.model.outcome import Outcome
from console.service import ActionRefused, CampaignService
from console.ui.alerts import UNDO_OFFER, show_outcome
from console.ui.bindings import described_bindings, long_name
from console.ui.changes import spread
from console.ui.key_gate import GatedApp
from console.ui.safety import GuardedApp
from console.ui.screens.main_screen import FLOWS_MODULES, MainScreen
from console.ui.settings import load_settings, save_setting
from console.ui.textual_private import StillBackgroundApp, keep_pastes_whole
from console.ui.widgets.plain import PlainNotices

__all__ = ["GMConsoleApp"]


# Screens and flows loaded after the first frame, not before it (GMConsoleApp._started).
_WARM = (*FLOWS_MODULES, "console.ui.screens.help_screen", "console.ui.tracker.details_screen",
         "console.ui.awards.awards_screen",
         "console.ui.awards.close_session_screen", "console.ui.awards.summary_screen",
         *(f"console.service.{group}" for group in (
             "tracker", "combat", "hazards", "roster", "awards", "sessions", "points",
             "campaign_settings", "forecast")))


_TEXTUAL_OWN_KEPT_OUT = frozenset({"Keys", "Maximize", "Minimize"})


class GMConsoleApp(PlainNotices, GuardedApp, GatedApp, StillBackgroundApp[None]):
    TITLE = "MetaScape GM console"
    # Toasts say what needs eyes now, in a corner: one line's padding, not three, and no
    # wider than they need (they covered the detail pane and the log).
    # Above the footer, however many lines its keys take (Textual's keep above one).
    CSS = """
    Toast { width: auto; max-width: 56; padding: 0 1; margin-top: 0; }
    #textual-toastrack.-above-2 { margin: 0 0 2 0; }
    #textual-toastrack.-above-3 { margin: 0 0 3 0; }
    #textual-toastrack.-above-4 { margin: 0 0 4 0; }
    """
    # The main screen's stylesheet, read with the app's own as it starts: read as the screen
    # is pushed, Textual would parse every stylesheet again and restyle the app, before
    # the first frame (6 to 10 ms of the start).
    CSS_PATH: ClassVar[CSSPathType | None] = [MainScreen.CSS_PATH]
    # Every screen of a terminal under 30 lines is "-short", under 48 "-medium": a form
    # there keeps its fields' list shorter, so its last lines (its hint, a mistake said)
    # stay on screen under a long list of fields.
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012 (typed as Textual declares it, for mypy)
        (0, "-short"), (30, "-medium"), (48, "-tall")]
    # A maximised pane keeps the keys under it (Textual keeps its own Footer so).
    ALLOW_IN_MAXIMIZED_VIEW = "KeysFooter"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+y", "redo", "Redo", id="app.redo"),
        Binding("f1", "help", "Help", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit"),
    ]

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service
        keep_pastes_whole()  # a paste's escapes are not key presses (textual_private)
        # The theme chosen on this machine (the palette's "Theme"), remembered for the next
        # start, whatever campaign it opens.
        theme = load_settings().get("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        self._theme_kept = True

    def watch_theme(self, theme: str) -> None:
        if getattr(self, "_theme_kept", False):
            save_setting("theme", theme)

    def on_mount(self) -> None:
        self.push_screen(MainScreen(self.service))
        if self.service.read_only:
            # Read-only: another console writes; show what it saves as it saves it.
            self.set_interval(self.service.FOLLOW_EVERY, self._follow)
        self.call_after_refresh(self._started)
        stale = self.service.stale_lock
        if stale is not None:
            # Said once: the console before this one stopped without closing (a crash, a
            # power cut); every action it acknowledged is on disk.
            self.notify(f"Opened after a console that stopped without closing "
                        f"({stale.describe()}); every action it saved is here.",
                        severity="warning", timeout=10)
        for warning in self.service.take_warnings():  # said at opening, not at a later key
            self.notify(warning, severity="warning", timeout=15)
        left = None if self.service.read_only else self.service.left_running()
        if left is not None:
            self.notify(left, severity="warning", timeout=30)

    def pop_screen(self) -> AwaitComplete:
        """Textual's, but never the main screen: a screen that closes twice pops what is
        under it (the command palette, its second enter in a burst typed as a form
        opened), and the console was left without its screen and every key held."""
        if isinstance(self.screen, MainScreen):
            self.log.warning("a screen closed twice: the main screen stays")
            return AwaitComplete.nothing()
        return super().pop_screen()

    def _started(self) -> None:
        """After the first frame: what the first screen does not need is loaded now, while
        the GM looks at it (start-up is shorter, and the first help or awards key is as
        quick as the next). Then what start-up built (the campaign, the roster, the
        widgets), which lives as long as the app, is frozen out of the garbage collector:
        its full passes stopped everything for 150-190 ms every few keys; and the collector,
        off while the console started, is turned back on."""
        for module in _WARM:
            importlib.import_module(module)
        self._read_stylesheets()
        gc.freeze()
        gc.enable()  # off while the console started (console.cli.main)
        # The campaign's history (every earlier session, for the awards), in a thread.
        self.run_worker(self.service.history_reader(), thread=True, exit_on_error=False,
                        group="history")

    def _read_stylesheets(self) -> None:
        """The stylesheets of the console's screens and dialogs, read now, after the first
        frame: Textual reads a screen's the first time it is pushed, then parses every
        stylesheet again and restyles the whole app, 40-60 ms under the first ``w``."""
        sheet = self.stylesheet
        found: list[str] = []
        classes: list[type[Screen[Any]]] = list(Screen.__subclasses__())
        while classes:
            screen = classes.pop()
            classes += screen.__subclasses__()
            css = screen.__dict__.get("CSS_PATH")
            if screen.__module__.startswith("console.") and css is not None:
                paths = css if isinstance(css, list | tuple) else [css]
                found += [str(path) for path in paths if not sheet.has_source(str(path))]
        if found:
            for path in dict.fromkeys(found):
                sheet.read(path)
            sheet.reparse()
            sheet.update(self)

    def _follow(self) -> None:
        try:
            followed = self.service.follow()
        except ActionRefused as refusal:
            if not self._follow_failed:  # said once, not four times a second
                self._follow_failed = True
                self.notify(f"the campaign could not be read again: {refusal}",
                            severity="warning")
            return
        self._follow_failed = False
        if followed is not None:
            spread(self, followed)

    _follow_failed = False

    @property
    def main(self) -> MainScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                return screen
        return None

    # ----- keys that work everywhere --------------------------------------------------------

    def _history(self, step: Callable[[], Outcome]) -> None:
        try:
            outcome = step()
        except ActionRefused as refusal:
            self.notify(str(refusal), severity="warning")
            return
        # "... (undo: ctrl+z)" is done or no longer next, and what the action undone said
        self.withdraw_notices(UNDO_OFFER)
        spread(self, outcome)  # the main screen, and the awards screen if open
        # On the main screen the log shows it (struck through, or plain again): a toast
        # would only cover the panes. Elsewhere (the awards) it is said.
        show_outcome(self, outcome, confirm=self.screen is not self.main)

    def action_undo(self) -> None:
        self._history(self.service.undo)

    def action_redo(self) -> None:
        self._history(self.service.redo)

    def action_help_quit(self) -> None:
        # Textual's says "Press [b]ctrl+q[/b]" as markup, and the console's toasts show
        # text as it is: the tags were shown.
        self.notify("Press ctrl+q to quit the console", title="Do you want to quit?")

    def action_help(self) -> None:
        from console.ui.screens.help_screen import HelpScreen, keys_rows  # see _WARM

        focused = self.focused
        pane_help = getattr(focused, "HELP", "") if focused is not None else ""
        text = pane_help or "## MetaScape GM console"
        tables = []
        if focused is not None:
            tables.append(("Keys here", keys_rows(described_bindings(focused))))
        screen = self.screen
        everywhere = described_bindings(self)
        if screen is self.main:  # the main screen's keys work in every pane
            everywhere += described_bindings(screen)
        else:
            if not pane_help:
                text = getattr(screen, "HELP", "") or text
            if described_bindings(screen):  # the prep's, the AP screen's own keys
                tables.append(("Keys on this screen", keys_rows(described_bindings(screen))))
        tables.append(("Keys everywhere", [*keys_rows(everywhere),
                                           ("ctrl+p", "Command palette: every action by name"),
                                           ("tab", "Next pane")]))
        self.push_screen(HelpScreen(text, tables))

    # ----- the command palette lists every action --------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # Textual's own, less the ones the console has its own of: "Keys" (F1's help;
        # Textual's panel does not close on escape) and "Maximize"/"Minimize" (the panes'
        # F, "Maximise the pane", listed twice in two spellings).
        yield from (command for command in super().get_system_commands(screen)
                    if command.title not in _TEXTUAL_OWN_KEPT_OUT)
        main = self.main
        if main is None:
            return
        for binding in described_bindings(self):
            yield SystemCommand(long_name(binding), f"key {binding.key}",
                                lambda a=binding.action: self.run_action(a))
        if screen is not main:
            # Another screen (the awards, say) is on top: its actions are what the GM wants.
            for binding in described_bindings(screen):
                yield SystemCommand(long_name(binding), f"key {binding.key}",
                                    lambda a=binding.action: screen.run_action(a))
            return
        for binding in described_bindings(main):
            yield SystemCommand(long_name(binding), f"key {binding.key}",
                                lambda a=binding.action: main.run_action(a))
        for pane_id in ("tracker", "roster", "log"):
            pane = main.query_one(f"#{pane_id}")
            title = getattr(pane, "PANE_TITLE", pane_id)
            for binding in described_bindings(pane):
                yield SystemCommand(f"{title}: {long_name(binding)}", f"key {binding.key}",
                                    _in_pane(pane, binding.action))


def _in_pane(pane: Widget, action: str) -> Callable[[], Awaitable[None]]:
    """A pane's action from the palette: the pane focused, as its key would find it, then
    the action run (and awaited: a coroutine left in a tuple never ran)."""
    async def run() -> None:
        pane.focus()
        await pane.run_action(action)

    return run
