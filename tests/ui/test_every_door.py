"""Issue 25: every door into a campaign action passes the one guard (``console.ui.safety``).

With every command of the service raising (a bug in each), each way in is driven: every key
of every pane and screen, clicks on the selected rows and on the footer's keys, the messages
of fields and tables, a timer, workers, dialogs' answers, the command palette, the recovery
view. The app keeps running, the GM reads "that action failed and was not applied", and the
campaign is as it was."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.widgets import DataTable

import console.ui
from console.service import CampaignService
from console.service.forecast import ForecastCommands
from console.service.repair import CampaignRepair
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.awards.grab_bag_dialog import GrabBagDialog
from console.ui.bindings import described_bindings
from console.ui.dialogs.confirm import ConfirmDialog
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.flow import FLOW_GROUP
from console.ui.forecast.forecast_screen import ForecastScreen
from console.ui.recovery.recovery_app import RecoveryApp
from console.ui.roster.roster_pane import RosterPane
from console.ui.safety import Guarded, GuardedApp, is_guarded
from console.ui.screens.main_screen import MainScreen
from console.ui.tracker.tracker_pane import TrackerPane
from console.ui.widgets.keys_footer import KeysFooter
from tests.service.conftest import turn
from tests.service.test_forecast_commands import armed
from tests.ui.conftest import SIZE, console_on, fill, select, toasts_of, type_in
from tests.ui.test_recovery_app import damaged  # noqa: F401  (a fixture)

BUG = "a bug in every command"
FAILED = "that action failed and was not applied"

# What the panes read while they draw (the roster's entry in the details, the PC under the
# cursor, the campaign's system): kept, so that each door can be reached.
READS = {"find", "sheet_of", "system", "asks_how_it_ended",
         "check_fight_open",  # a check before a fight's dialogs (reads the session)
         # the prep screen's and the briefing's (issue 29)
         "all", "get", "titled", "at_table", "source", "prepared", "adventure_matchups"}
GROUPS = ("tracker", "combat", "hazards", "roster", "awards", "sessions", "points",
          "settings", "forecast", "facade", "prep")
CORE_WRITES = ("run", "prepare", "commit", "undo", "redo", "start_session", "stop_session",
               "write_summary", "follow")


def broken(*_args: object, **_kwargs: object) -> Any:
    raise RuntimeError(BUG)


def break_every_command(service: CampaignService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of every feature group raises, and so does every write of the core."""
    for group_name in GROUPS:
        group = getattr(service, group_name)
        for name, _ in inspect.getmembers(group, callable):
            if not name.startswith("_") and name not in READS:
                monkeypatch.setattr(group, name, broken)
    for name in CORE_WRITES:
        monkeypatch.setattr(service, name, broken)
    monkeypatch.setattr(ForecastCommands, "what_if", broken)  # the forecast's worker calls it
    monkeypatch.setattr(ForecastCommands, "adventure", broken)  # the prep screen's worker


@pytest.fixture
def app(seed: CampaignService, open_app: Callable[[], GMConsoleApp]) -> GMConsoleApp:
    """Session 1: Brice and Kara, with sheets and weapons, against two Skraks."""
    armed(seed)
    return open_app()


def failures(app: GMConsoleApp, since: int = 0) -> list[str]:
    return [m for m in toasts_of(app)[since:] if m.startswith(f"{FAILED} (RuntimeError: {BUG})")]


async def close_what_opened(pilot: Pilot[None], app: GMConsoleApp, depth: int) -> None:
    for _ in range(4):
        if len(app.screen_stack) <= depth:
            return
        await pilot.press("escape")
        await pilot.pause()
    while len(app.screen_stack) > depth:
        app.pop_screen()
        await pilot.pause()


# ----- every class is guarded ---------------------------------------------------------------


def _console_classes() -> list[type[MessagePump]]:
    found = []
    for info in pkgutil.walk_packages(console.ui.__path__, "console.ui."):
        module = importlib.import_module(info.name)
        found += [value for value in vars(module).values()
                  if inspect.isclass(value) and value.__module__ == module.__name__
                  and issubclass(value, MessagePump)]
    return found


def test_every_widget_screen_and_app_of_the_console_is_guarded() -> None:
    from textual.app import App

    # (textual_private's app base only overrides Textual's private property: no handler)
    classes = [c for c in _console_classes() if c.__module__ != "console.ui.textual_private"]
    assert len(classes) > 25
    unguarded = [c.__qualname__ for c in classes if not issubclass(c, Guarded)]
    apps = [c.__qualname__ for c in classes if issubclass(c, App) and not issubclass(c, GuardedApp)]
    handlers = [f"{c.__qualname__}.{name}" for c in classes for name, value in vars(c).items()
                if name.startswith("on_") and inspect.isfunction(value)
                and not is_guarded(value)]
    assert (unguarded, apps, handlers) == ([], [], [])


def test_handlers_declared_with_on_use_the_guarded_on() -> None:
    """Textual's own ``@on`` registers the handler as written, past the class's guard."""
    plain = []
    for info in pkgutil.walk_packages(console.ui.__path__, "console.ui."):
        if info.name == "console.ui.safety":
            continue
        path = Path(inspect.getfile(importlib.import_module(info.name)))
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.ImportFrom) and node.module == "textual"
                    and any(alias.name == "on" for alias in node.names)):
                plain.append(info.name)
    assert plain == []


# ----- keys ---------------------------------------------------------------------------------

QUIET = ("scroll_top", "scroll_bottom", "focus_pane", "maximize_pane")  # nothing to say


@pytest.mark.parametrize("owner", ["tracker", "roster", "log", "main", "app"])
async def test_every_key_with_every_command_broken(app: GMConsoleApp, owner: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Each key says the action failed, or opens its form (whose answer is a door of its
    own, below), or says why there is nothing to do; none ends the app or changes the
    campaign."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = app.screen
        focus = {"tracker": "1", "roster": "2", "log": "3"}.get(owner, "1")
        node = {"main": main, "app": app}.get(owner) or main.query_one(f"#{owner}")
        before = app.service.opno
        break_every_command(app.service, monkeypatch)
        said_failed = []
        for binding in described_bindings(node):
            for key in binding.key.split(","):
                if key == "ctrl+q":
                    continue
                await pilot.press(focus)
                shown, depth = len(toasts_of(app)), len(app.screen_stack)
                await pilot.press(key)
                await pilot.pause()
                assert app.is_running, key
                opened = len(app.screen_stack) > depth
                said = toasts_of(app)[shown:]
                if failures(app, shown):
                    said_failed.append(key)
                elif not binding.action.startswith(QUIET):
                    assert opened or said, f"{key}: nothing happened"
                await close_what_opened(pilot, app, depth)
        assert app.service.opno == before
    assert said_failed or owner == "log"  # (the log's one key opens its filter)


async def test_keys_on_the_awards_screen(app: GMConsoleApp,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AwardsScreen)
        break_every_command(app.service, monkeypatch)
        for binding in described_bindings(screen):
            if binding.action == "back":
                continue
            shown, depth = len(toasts_of(app)), len(app.screen_stack)
            await pilot.press(binding.key)
            await pilot.pause()
            assert app.is_running and (toasts_of(app)[shown:]
                                       or len(app.screen_stack) > depth), binding.key
            await close_what_opened(pilot, app, depth)
        assert failures(app)


async def test_keys_on_the_prep_screen(app: GMConsoleApp,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: every key of the prep screen, on an encounter with foes, with every command
    broken (its worker's forecasts too): said, or a form opened; nothing saved."""
    from console.cli.demo import sample_adventure
    from console.ui.prep.prep_screen import PrepScreen

    app.service.prep.import_markdown(sample_adventure())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PrepScreen)
        await pilot.press("down", "down", "down")  # an encounter with foes
        before = app.service.opno
        break_every_command(app.service, monkeypatch)
        for binding in described_bindings(screen):
            if binding.action == "back":
                continue
            shown, depth = len(toasts_of(app)), len(app.screen_stack)
            await pilot.press(binding.key)
            await pilot.pause()
            # its forecast's worker done (a flow is a worker too, waiting on its form)
            forecasts = [w for w in app.workers if w.group != FLOW_GROUP]
            if forecasts:
                await app.workers.wait_for_complete(forecasts)
            await pilot.pause()
            assert app.is_running and (toasts_of(app)[shown:]
                                       or len(app.screen_stack) > depth), binding.key
            await close_what_opened(pilot, app, depth)
        assert failures(app) and app.service.opno == before


async def test_the_command_palette(app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pane's command from the palette runs (it never did: the pane's action was left
    un-awaited) and is guarded as its key is."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.service.tracker.call_for_nish({})
        before = turn(app.service)
        await pilot.press("ctrl+p")
        await type_in(pilot, "Tracker: Next turn")
        await pilot.pause()
        assert turn(app.service) != before
        break_every_command(app.service, monkeypatch)
        await pilot.press("ctrl+p")
        await type_in(pilot, "Tracker: Next turn")
        await pilot.pause()
        assert app.is_running and failures(app)


# ----- clicks -------------------------------------------------------------------------------


async def test_a_click_on_the_selected_tracker_row(app: GMConsoleApp,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The click that ended the app: the row lists' Chosen message."""
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Kara")
        tracker = app.screen.query_one(TrackerPane)
        before = app.service.opno
        break_every_command(app.service, monkeypatch)
        await pilot.click(TrackerPane, offset=(6, 2 + tracker.cursor_row))  # border, header
        await pilot.pause()
        assert app.is_running and failures(app) and app.service.opno == before
        await pilot.click(TrackerPane, offset=(6, 2 + tracker.cursor_row))
        assert app.is_running and len(failures(app)) == 2  # and it answers again


async def test_a_click_on_the_selected_roster_row(app: GMConsoleApp,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        roster = app.screen.query_one(RosterPane)
        break_every_command(app.service, monkeypatch)
        await pilot.click(RosterPane, offset=(4, 2 + roster.cursor_row))
        await pilot.pause()
        assert app.is_running and failures(app)


async def test_a_click_on_a_key_in_the_footer(app: GMConsoleApp,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        break_every_command(app.service, monkeypatch)
        space = app.screen.query_one(KeysFooter).key_regions()["space"]
        await pilot.click(offset=space.offset)
        await pilot.pause()
        assert app.is_running and failures(app)


async def test_a_click_on_the_awards_party_table(app: GMConsoleApp,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await pilot.pause()
        table = app.screen.query_one("#party", DataTable)
        break_every_command(app.service, monkeypatch)
        await pilot.click(table, offset=(3, 2 + table.cursor_row))  # border, header
        await pilot.pause()
        assert app.is_running and failures(app)


# ----- messages -----------------------------------------------------------------------------


async def test_the_grab_bags_reason(app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The grab bag checks the award with its reason from its field's message, and its flow
    saves what the dialog checked: a bug behind either is reported, nothing is saved."""
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Kara")
        before = app.service.opno
        given = app.service.awards.grab_bag

        def reason_broken(pc: Any, points: int, reason: str = "") -> Any:
            if reason:
                raise RuntimeError(BUG)
            return given(pc, points, reason)

        monkeypatch.setattr(app.service.awards, "grab_bag", reason_broken)
        await pilot.press("g", "2")  # checked without a reason: asked for one
        assert isinstance(app.screen, GrabBagDialog)
        await type_in(pilot, "held the door")
        assert app.is_running and failures(app) and app.service.opno == before
        assert isinstance(app.screen, GrabBagDialog)  # the dialog stays, as typed
        monkeypatch.setattr(app.service, "commit", broken)  # the flow's save of the answer
        await pilot.press("escape", "escape")  # no reason after all (asked): the award alone
        await pilot.pause()
        assert app.is_running and len(failures(app)) == 2 and app.service.opno == before
        assert app.service.session().ap_awards == ()


async def test_a_forms_own_check(app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A form asks the campaign before it closes (its check): that call is guarded too."""
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        await pilot.press("A")  # Kara attacks Skrak 1: the form checks the plan
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        monkeypatch.setattr(app.service.combat, "plan_pc_attack", broken)
        await fill(pilot, **{"def": "16", "ar": "4"})
        assert app.is_running and failures(app)
        assert isinstance(app.screen, FormDialog)  # the form stays, as typed


# ----- dialogs' answers and wizards ---------------------------------------------------------


async def test_a_forms_answer(app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.service.opno
        break_every_command(app.service, monkeypatch)
        await pilot.press("E", "y")  # a new encounter (the fight running ends: asked)
        await pilot.pause()
        await type_in(pilot, "Second wave")  # a wizard whose step saves it
        assert app.is_running and failures(app) and app.service.opno == before
        assert isinstance(app.screen, MainScreen)


async def test_the_prepared_encounters_chooser_and_a_writing_forms_answer(
        app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: E's chooser launches through the guard; so does a writing form's answer."""
    from textual.widgets import Input

    from console.ui.prep.choose_dialog import ChooseDialog
    from console.ui.prep.writing_dialog import WritingDialog

    service = app.service
    service.prep.new("Relay")
    service.prep.add_scene(1, "Docks")
    service.prep.add_encounter(1, 1, "Ambush")
    service.prep.set_table_scene(1, 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before, depth = service.opno, len(app.screen_stack)
        break_every_command(service, monkeypatch)
        await pilot.press("E")
        await pilot.pause()
        if service.encounter() is not None:  # the fight running is named first (issue 27)
            await pilot.press("y")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, ChooseDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and failures(app) and service.opno == before
        await close_what_opened(pilot, app, depth)
        await pilot.press("P")
        await pilot.pause()
        await pilot.press("a")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, WritingDialog)
        app.screen.query_one("#field-title", Input).value = "Another"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.is_running and len(failures(app)) == 2 and service.opno == before


async def test_a_confirmations_answer(app: GMConsoleApp,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("S")  # session 1 stopped; S again asks to start the next
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        before = app.service.opno
        monkeypatch.setattr(app.service.sessions, "start_next", broken)
        await pilot.press("y")
        await pilot.pause()
        assert app.is_running and failures(app) and app.service.opno == before


# ----- timers and workers -------------------------------------------------------------------


async def test_a_timer_that_keeps_failing_is_said_once(tmp_path: Path) -> None:
    """The read-only console follows the writer four times a second."""
    CampaignStore.create(tmp_path, "Dock").close()
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as store:
        app = console_on(store)
        async with app.run_test(size=SIZE) as pilot:
            app.service.follow = broken  # type: ignore[method-assign]
            await pilot.pause(0.8)
            assert app.is_running and len(failures(app)) == 1


async def test_the_forecasts_worker(app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(ForecastCommands, "what_if", broken)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ForecastScreen)
        for _ in range(100):  # its fights' worker, in a thread (the flow waits on the screen)
            if failures(app):
                break
            await pilot.pause(0.02)
        assert app.is_running and failures(app)


async def test_the_history_worker_at_start(app: GMConsoleApp,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def reader() -> Callable[[], None]:
        return broken

    monkeypatch.setattr(app.service, "history_reader", reader)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and failures(app)


# ----- the recovery view --------------------------------------------------------------------


async def test_the_recovery_views_repair(damaged: Path,  # noqa: F811
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CampaignRepair, "repair", broken)
    recovery = RecoveryApp(damaged, "Tide")
    shown: list[str] = []
    recovery.notify = lambda message, **_: shown.append(message)  # type: ignore[assignment,method-assign]
    async with recovery.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert recovery.is_running and any(m.startswith(FAILED) for m in shown)
        await pilot.press("enter")  # the table's row chosen: the same repair
        await pilot.pause()
        assert recovery.is_running and len([m for m in shown if m.startswith(FAILED)]) == 2
