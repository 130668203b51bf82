"""Driving the console with Textual's Pilot: a campaign seeded through the service, a few
keys pressed, and what the GM would see checked.

Behaviour is tested at the service layer (``tests/service``); the tests here check that the
keys reach it and that the screens show what it said. Typing into a form is one step per
field (:func:`type_in`), and the toasts the GM saw are recorded as the app shows them
(:func:`toasts_of`), so no test waits for a toast or reads Textual's private state.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.tracker.tracker_pane import TrackerPane
from tests.clock import START, FakeClock

__all__ = ["SIZE", "START", "FakeClock", "Toast", "console_on", "fill", "plain", "select",
           "toasts_of", "type_in"]

SIZE = (160, 48)


@dataclass(frozen=True, slots=True)
class Toast:
    message: str
    severity: str


_TOASTS: dict[int, list[Toast]] = {}


def capture_toasts(app: App[Any]) -> list[Toast]:
    """Record every toast ``app`` shows, as it shows it."""
    shown: list[Toast] = []
    original = app.notify

    def notify(message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        shown.append(Toast(message, str(severity)))
        original(message, title=title, severity=severity, timeout=timeout, markup=markup)

    app.notify = notify  # type: ignore[method-assign]
    _TOASTS[id(app)] = shown
    return shown


def toasts_of(app: App[Any]) -> list[str]:
    """The messages of the toasts ``app`` has shown, oldest first."""
    return [toast.message for toast in _TOASTS[id(app)]]


def console_on(store: CampaignStore, clock: FakeClock | None = None,
               seed: int = 7) -> GMConsoleApp:
    """The console on ``store``, with fixed dice and time, its toasts recorded."""
    app = GMConsoleApp(CampaignService(store, random.Random(seed), clock or FakeClock()))
    capture_toasts(app)
    return app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    """A campaign on disk, as the console opens it; closed after the test."""
    opened = CampaignStore.create(tmp_path, "Iron Reach")
    yield opened
    opened.close()


@pytest.fixture
def seed(store: CampaignStore, clock: FakeClock) -> CampaignService:
    """The service on the test's store: what a test sets up before the console opens."""
    return CampaignService(store, random.Random(7), clock)


@pytest.fixture
def open_app(store: CampaignStore, clock: FakeClock) -> Callable[[], GMConsoleApp]:
    return lambda: console_on(store, clock)


def keys(text: str) -> list[str]:
    """The key presses that type ``text``."""
    names = {" ": "space", "'": "apostrophe", "-": "minus", ".": "full_stop", "/": "slash"}
    return [names.get(ch, ch) for ch in text]


def plain(renderable: object, width: int = 120) -> str:
    """What ``renderable`` (a pane's content) reads as, as plain text ``width`` wide."""
    printer = Console(width=width, file=io.StringIO())
    printer.print(renderable)
    return printer.file.getvalue()  # type: ignore[attr-defined, no-any-return]


async def type_in(pilot: Pilot[None], *entries: str) -> None:
    """Each entry typed into the focused input, then enter ("" just presses enter).

    The text goes in as one edit at the cursor, as a paste would: what is under test is the
    form's reading of it, not Textual's handling of each key.
    """
    for entry in entries:
        focused = pilot.app.focused
        if isinstance(focused, Input):
            if focused.selection.is_empty:  # what a key does: replace what is selected
                focused.insert_text_at_cursor(entry)
            elif entry:
                focused.replace(entry, *focused.selection)
        elif entry:
            await pilot.press(*keys(entry))
        await pilot.press("enter")
    await pilot.pause()


async def fill(pilot: Pilot[None], **values: str) -> None:
    """A long form filled by field name (``FormDialog`` ids), then saved with ctrl+s."""
    for name, text in values.items():
        pilot.app.screen.query_one(f"#field-{name}", Input).value = text
    await pilot.press("ctrl+s")
    await pilot.pause()


def table_names(app: GMConsoleApp) -> list[str]:
    table = app.screen.query_one("#tracker", TrackerPane)
    return [str(table.get_row_at(row)[2]) for row in range(table.row_count)]


def marked(app: GMConsoleApp) -> list[str]:
    """Names on the rows that carry the current-turn marker."""
    table = app.screen.query_one("#tracker", TrackerPane)
    return [str(table.get_row_at(row)[2]) for row in range(table.row_count)
            if str(table.get_row_at(row)[0]).startswith("▶")]


async def select(pilot: Pilot[None], app: GMConsoleApp, name: str) -> None:
    """The tracker focused (its key) and its cursor on ``name`` (moved as the arrows move it:
    the arrows themselves are tested in ``test_row_list.py``)."""
    await pilot.press("1")
    table = app.screen.query_one("#tracker", TrackerPane)
    table.move_cursor(row=table_names(app).index(name))
    await pilot.pause()
