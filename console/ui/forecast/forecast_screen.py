"""The forecast of the running fight: Table 18's rows, the book's column beside this
fight's, and the same fight with one foe fewer and one more, so the GM can tune it toward
the book before the first Nish (or see where it is heading in round 3).

The matchup is read on the main thread as the screen opens; the fights run in a worker
thread (pure rules: nothing in it touches the campaign) with a progress bar.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import ProgressBar

from console.rules.forecast import (
    BOOK,
    LABELS,
    MAX_ROUNDS,
    OUTCOMES,
    PARTY_DOWN,
    TACTICS,
    UNPRINTED,
    Forecast,
    Matchup,
)
from console.service.errors import ActionRefused
from console.service.forecast import ForecastCommands, WhatIf
from console.ui.dialogs.dialog import Dialog
from console.ui.widgets.plain import Label, Static

__all__ = ["ForecastScreen", "forecast_table"]

_BAR = 20  # the widest bar; narrower where the screen is (80 columns: 8)
_TABLE_WITHOUT_BAR = 66  # the table's other columns and padding


def _share(value: float) -> str:
    return f"{value * 100:.1f}%"


def _cell(result: Forecast | None, row: str, *, bar: int = 0) -> Text:
    if result is None:
        return Text("-", style="dim")
    share = result.outcomes[row]
    text = Text()
    if bar:
        filled = round(share * bar)
        text.append("█" * filled, style="red" if row in ("rout", "death", PARTY_DOWN)
                    else "green")
        text.append(" " * (bar - filled + 1))
    text.append(f"{_share(share):>6}")
    return text


def forecast_table(what_if: WhatIf, width: int = 94) -> RenderableType:
    """Table 18's rows: the book, this fight (with a bar), one foe fewer, one more."""
    bar = max(0, min(_BAR, width - _TABLE_WITHOUT_BAR))
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", padding=(0, 1))
    table.add_column("Table 18", no_wrap=True)
    table.add_column("book", justify="right", no_wrap=True)
    table.add_column("this fight", no_wrap=True)
    table.add_column("-1 foe", justify="right", no_wrap=True)
    table.add_column("+1 foe", justify="right", no_wrap=True)
    for row in OUTCOMES:
        book = BOOK[row]
        table.add_row(LABELS[row], "-" if book is None else f"{float(book) * 100:.0f}%",
                      _cell(what_if.now, row, bar=bar), _cell(what_if.fewer, row),
                      _cell(what_if.more, row))
    now = what_if.now
    both = now.outcomes["untouched"] + now.outcomes["death"]
    lines: list[RenderableType] = [
        table,
        Text(f"Rows 1 and 7 print no figure: {float(UNPRINTED) * 100:.0f}% together in the "
             f"book; {_share(both)} here. Every PC down with none dead, foes standing, is no "
             "row of Table 18.", style="dim"),
        Text(f"Rounds: median {now.rounds_median:g}, 90% of fights within {now.rounds_p90}. "
             f"Foes left standing, on average: {now.foes_left:.2f}."),    ]
    if now.undecided:
        lines.insert(2, Text(f"Still undecided after {MAX_ROUNDS} rounds (no row of its own): "
                             f"{_share(now.undecided)}.", style="yellow"))
    for fate in now.pcs:
        line = Text(f"  {fate.name}: ")
        line.append(f"down {_share(fate.down)}", style="yellow" if fate.down > 0.25 else "")
        line.append(", ")
        line.append(f"dies {_share(fate.dead)}", style="bold red" if fate.dead > 0.05 else "")
        lines.append(line)
    lines.append(Text("This console's reading of Table 18 (a spec may set its own):",
                      style="bold"))
    lines.extend(Text(f"  {line}") for line in now.reading.lines())
    return Group(*lines)


class _Stopped(Exception):
    """The screen was closed while its fights ran."""


class ForecastScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("forecast.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f", "close", "Close", id="forecast.close"),
    ]

    def __init__(self, title: str, matchup: Matchup, *, runs: int = 10_000,
                 side_runs: int = 5_000, seed: int = 0) -> None:
        super().__init__()
        self.title_text = title
        self.matchup = matchup
        self.runs, self.side_runs, self.seed = runs, side_runs, seed
        self.result: WhatIf | None = None
        self._left = False  # the GM left: the fights still running stop at the next look

    def compose(self) -> ComposeResult:
        pcs, npcs = len(self.matchup.pcs), len(self.matchup.npcs)
        with Vertical():
            yield Label(f"{self.title_text}: {pcs} PC{'s' if pcs != 1 else ''} against "
                        f"{npcs} NPC{'s' if npcs != 1 else ''}, {self.runs:,} fights",
                        classes="title")
            yield ProgressBar(total=1.0, show_eta=False, id="progress")
            with VerticalScroll(id="body"):
                yield Static("", id="result")
                yield Static("How the fights are played:\n" + "\n".join(
                    f"• {line}" for line in TACTICS), id="tactics")
            yield Static("escape: close · -1 foe: the last one listed left out · +1: one "
                         "more of that one", classes="hint")

    def on_mount(self) -> None:
        self._run()

    @work(thread=True, exclusive=True)
    def _run(self) -> None:
        bar = self.query_one("#progress", ProgressBar)

        def progress(share: float) -> None:
            if self._left:
                raise _Stopped
            self.app.call_from_thread(bar.update, progress=share)

        try:
            result = ForecastCommands.what_if(self.matchup, self.runs, self.seed,
                                              self.side_runs, progress)
        except _Stopped:
            return
        except ActionRefused as refusal:
            self.app.call_from_thread(self._refused, str(refusal))
            return
        if not self._left:
            self.app.call_from_thread(self._show, result)

    def _show(self, result: WhatIf) -> None:
        self.result = result
        self.query_one("#progress", ProgressBar).display = False
        shown = self.query_one("#result", Static)
        shown.update(forecast_table(result, shown.size.width or 94))

    def _refused(self, message: str) -> None:
        self.query_one("#progress", ProgressBar).display = False
        self.query_one("#result", Static).update(Text(message, style="bold red"))

    def action_close(self) -> None:
        self._left = True
        self.dismiss(None)
