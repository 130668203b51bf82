"""Key to last frame: what the GM waits for, measured the same way for the console and a
bare Textual app, in one process.

The app runs under :class:`MeterDriver`: Textual's headless driver made to render for real
(``is_headless`` False, so every frame is turned into terminal output as in a terminal) and
to record each write with its time and size. A key is sent as a terminal would send it; the
measurement ends when the app has been quiet for :data:`QUIET` seconds; the figure is the
time of the last write the key caused, with how many writes (frames) and bytes.

The bare app is the floor: a Header, a 100-row DataTable and a Footer. Its ``space`` does
on screen what "next turn" does, the plain way: the turn marker moves to the next row
(``update_cell`` twice) and the cursor follows. Its ``down`` is Textual's fastest path, a
cursor step (two lines repainted), printed for reference. Its ``A`` opens the floor of a
dialog: Textual's own ModalScreen, translucent over the table, holding a form of six
labelled inputs (the attack's setup), its first input focused; ``escape`` closes it.
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.drivers.headless_driver import HeadlessDriver
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Header, Input, Label

__all__ = ["QUIET", "BareApp", "BareForm", "KeyFigures", "MeterDriver", "measure_keys",
           "percentile", "ratio_line"]

QUIET = 0.12  # seconds without a write: the key's last frame is out


class MeterDriver(HeadlessDriver):
    """Renders like a terminal driver, writing nowhere, recording every write."""

    writes: list[tuple[float, int]]

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        if not hasattr(self, "writes"):
            self.writes = []
        self.writes.append((time.perf_counter(), len(data.encode("utf-8"))))

    def flush(self) -> None:
        pass


def _key_event(key: str) -> events.Key:
    try:
        char: str | None = unicodedata.lookup(key.upper().replace("_", " "))
    except KeyError:
        char = key if len(key) == 1 else None
    if key == "space":
        char = " "
    return events.Key(key, char)


@dataclass
class KeyFigures:
    """Per press: ms from the key to its last frame, frames, bytes written."""

    latency: list[float] = field(default_factory=list)
    frames: list[int] = field(default_factory=list)
    written: list[int] = field(default_factory=list)

    def add(self, latency: float, frames: int, written: int) -> None:
        self.latency.append(latency * 1000)
        self.frames.append(frames)
        self.written.append(written)

    @property
    def median(self) -> float:
        return statistics.median(self.latency)

    def describe(self) -> str:
        return (f"median {self.median:.1f} ms, p90 {percentile(self.latency, 0.9):.1f} ms, "
                f"{statistics.median(self.frames):.0f} frame(s), "
                f"{statistics.median(self.written) / 1024:.1f} KB")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def _quiet(driver: MeterDriver, started: float) -> None:
    """Wait until nothing has been written for QUIET seconds (and a frame or more came)."""
    deadline = started + 5
    while time.perf_counter() < deadline:
        await asyncio.sleep(0.01)
        last = driver.writes[-1][0] if driver.writes else started
        if time.perf_counter() - max(last, started) >= QUIET:
            return


async def press(app: App[Any], key: str, figures: KeyFigures) -> None:
    """Send ``key`` and record the time to the last frame it caused."""
    driver = app._driver
    assert isinstance(driver, MeterDriver)
    await _quiet(driver, time.perf_counter())
    driver.writes = []
    started = time.perf_counter()
    driver.send_message(_key_event(key))
    await _quiet(driver, started)
    caused = [(when, size) for when, size in driver.writes if when >= started]
    if caused:
        figures.add(caused[-1][0] - started, len(caused), sum(size for _, size in caused))
    else:
        figures.add(0.0, 0, 0)


async def measure_keys(make: Callable[[], App[Any]], size: tuple[int, int],
                       script: Callable[[App[Any]], Awaitable[None]]) -> None:
    """Run the app under the meter driver and play ``script`` on it."""
    app = make()
    app.driver_class = MeterDriver
    async with app.run_test(headless=False, size=size, notifications=True) as pilot:
        await pilot.pause()
        await script(app)


class BareForm(ModalScreen[None]):
    """The floor of a dialog: Textual's modal screen with a form of six fields."""

    DEFAULT_CSS = """
    BareForm { align: center middle; background: $background 60%; }
    BareForm > Vertical { width: 84; height: auto; border: thick $accent;
                          background: $surface; padding: 1 2; }
    BareForm Horizontal { height: auto; margin-bottom: 1; }
    BareForm Label { width: 36; }
    BareForm Input { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]
    AUTO_FOCUS = "Input"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Attack on Fighter 1")
            for label in ("Attacker (PC)", "Weapon", "Modifiers", "Number of attacks",
                          "Fighter 1's Def", "Fighter 1's AR"):
                with Horizontal():
                    yield Label(label)
                    yield Input(compact=True)


class BareApp(App[None]):
    """The floor: what Textual itself costs for a screen of the same size and kind."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "step", "Step"),
        Binding("A", "form", "Form"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        table: DataTable[str] = DataTable(cursor_type="row")
        table.add_columns("", "Nish", "Name", "Side", "State", "Vit", "Conditions")
        for number in range(100):
            table.add_row(" ", str(100 - number), f"Fighter {number + 1}", "NPC", "",
                          "░" * 10 + " 0/20", "")
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def action_form(self) -> None:
        self.push_screen(BareForm())

    def action_step(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        after = (row + 1) % table.row_count
        table.update_cell_at((row, 0), " ")
        table.update_cell_at((after, 0), "▶")
        table.move_cursor(row=after)


def ratio_line(label: str, app: KeyFigures, bare: KeyFigures, target: float) -> str:
    ratio = app.median / bare.median if bare.median else float("inf")
    verdict = "ok" if ratio <= target else "OVER"
    return (f"{label}: {app.describe()} | bare: {bare.describe()} | "
            f"{ratio:.2f}x bare (target <= {target}x: {verdict})")


def gc_summary() -> str:
    counts = gc.get_count()
    return f"gc counts {counts}, frozen {gc.get_freeze_count()}"
