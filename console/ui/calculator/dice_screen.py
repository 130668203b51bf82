"""The dice calculator: pick a system, type a roll, see its exact chart and its chance
against a difficulty; type the faces a player rolled and see them read by the rules (Table
5's sequences for MetaScape). Everything updates as the GM types; nothing is saved but the
campaign's system, on its own key (ctrl+t): ctrl+s, which saves in every form, closes it.
Below a tall terminal the chart stands in two columns, so the whole reading fits at 80x24."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.widgets import Input

from console.rules.systems import SYSTEMS, System, system
from console.rules.systems.facade import LEVEL_NAMES
from console.ui.calculator.chart_rows import chart_rows
from console.ui.dialogs.dialog import Dialog
from console.ui.safety import on
from console.ui.widgets.field_input import FieldInput
from console.ui.widgets.plain import Label, Static

__all__ = ["DiceScreen"]

_BAR = 36  # the longest bar of the chart in one column; in two, _BAR_SHORT
_BAR_SHORT = 10
_EXAMPLES = {"metascape": ("8M", "15"), "metalface": ("3d6+2", "hard"),
             "facade": ("12", "14"), "d10pool": ("5@3", "2")}


def _percent(share: float) -> str:
    value = share * 100
    return "<0.01%" if 0 < value < 0.01 else f"{value:.2f}%"


class DiceScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("dice.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "next_system", "Next system", id="dice.next_system"),
        Binding("ctrl+r", "roll", "Roll it", id="dice.roll"),
        Binding("ctrl+t", "choose", "Make it the campaign's system", id="dice.choose"),
        Binding("escape,ctrl+s", "close", "Close", id="dice.close"),
    ]

    def __init__(self, system_name: str = "metascape", seed: int | None = None,
                 choose: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.chosen: System = system(system_name)
        self.campaign_system = system_name
        self.rng = random.Random(seed)
        self.choose = choose
        self._columns = 0  # the chart's, as last drawn
        self._rolled: Any = None  # the last roll of ctrl+r, shown until a field changes
        self._typed: dict[str, tuple[str, str, str]] = {}  # each system's fields, as left

    def compose(self) -> ComposeResult:
        roll, against = _EXAMPLES[self.chosen.name]
        with Vertical():
            yield Label("Dice calculator", classes="title")
            yield Static("", id="systems")
            for name, label, value in (("roll", "Roll", roll), ("against", "Against", against),
                                       ("faces", "Faces rolled", "")):
                # Made with the class its focus gives it (AUTO_FOCUS): not restyled as it opens.
                with Horizontal(classes="row -typing" if name == "roll" else "row"):
                    yield Label(label, classes="label")
                    yield FieldInput(value=value, id=f"dice-{name}", compact=True)
                    yield Static("", id=f"help-{name}", classes="help")
            yield Static("", id="error")
            with VerticalScroll(id="results"):
                yield Static("", id="odds")
                yield Static("", id="reading")
                yield Static("", id="chart")
            yield Static("enter: next field · ctrl+n: next system · ctrl+r: roll it · "
                         "ctrl+t: make it the campaign's system · escape: close",
                         classes="hint")

    AUTO_FOCUS = "#dice-roll"

    def on_mount(self) -> None:
        self._columns = self._chart_columns()
        self._show_system()
        self._update()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Short of height, only the row being typed in shows its help (dice.tcss).
        for row in self.query(".row"):
            row.set_class(event.widget in row.children, "-typing")

    def on_resize(self, event: events.Resize) -> None:
        # The terminal grew tall or short under the calculator: its chart in as many
        # columns as the new height wants (read from the size: this runs before Textual
        # gives the screen its new size classes), the roll shown still shown.
        columns = self._chart_columns(event.size)
        if columns != self._columns:
            self._columns = columns
            self._update()

    def _chart_columns(self, size: Size | None = None) -> int:
        """One column in a tall terminal (the "-tall" breakpoint), two below it."""
        return 1 if "-tall" in self.size_classes_at(size or self.app.size) else 2

    def field_entered(self, field: Input) -> None:
        fields = list(self.query(Input))
        index = fields.index(field)
        if index == len(fields) - 1:
            # The last field (the faces rolled) keeps the focus, its text selected: the next
            # faces typed replace it. Going round to the roll, they replaced the rating.
            field.select_all()
            return
        self.set_focus(fields[index + 1])

    def _put(self, part: str, content: RenderableType) -> None:
        """A part of the results, shown only when it has something to say."""
        shown = self.query_one(f"#{part}", Static)
        shown.update(content)
        shown.display = not (isinstance(content, Text) and not content.plain)

    def _value(self, name: str) -> str:
        return self.query_one(f"#dice-{name}", Input).value

    def _show_system(self) -> None:
        tabs = Text()
        for name, each in SYSTEMS.items():
            mark = "*" if name == self.campaign_system else ""
            tabs.append(f" {each.title}{mark} ", style="reverse bold"
                        if name == self.chosen.name else "dim")
            tabs.append(" ")
        tabs.append("(* this campaign's)", style="dim")
        self.query_one("#systems", Static).update(tabs)
        for name, text in (("roll", self.chosen.roll_help),
                           ("against", self.chosen.difficulty_help),
                           ("faces", self.chosen.faces_help)):
            self.query_one(f"#help-{name}", Static).update(text)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        self._rolled = None
        self._update()

    def _update(self) -> None:
        """Everything the fields say, read again; the first problem shown, the rest kept."""
        chosen = self.chosen
        try:
            spec = chosen.parse(self._value("roll"))
        except ValueError as problem:
            self._put("error", Text(f"Roll: {problem}", style="bold red"))
            for part in ("odds", "reading", "chart"):  # not the last roll's, under its error
                self._put(part, Text(""))
            return
        problems: list[str] = []
        try:
            difficulty: int | None = chosen.parse_difficulty(self._value("against"))
        except ValueError as problem:
            difficulty = None
            problems.append(f"Against: {problem}")
        faces = self._value("faces").strip()
        reading = self._rolled
        if reading is None and faces:
            try:
                reading = chosen.read_faces(spec, faces)
            except ValueError as problem:
                problems.append(f"Faces: {problem}")
        self._put("error", Text("\n".join(problems), style="bold red"))
        self._put("odds", self._odds(spec, difficulty))
        self._put("reading", self._reading(spec, reading, difficulty))
        self._put("chart", self._chart(spec, difficulty))

    def _odds(self, spec: Any, difficulty: int | None) -> RenderableType:
        if difficulty is None:
            return Text("")
        chance = self.chosen.chance(spec, difficulty)
        line = Text(f"{spec} vs {difficulty}: ", style="bold")
        line.append(_percent(float(chance)), style="bold green")
        line.append(f"  (exactly {chance})", style="dim")
        extra = self.chosen.odds(spec, difficulty)
        lines: list[RenderableType] = [line]
        if "levels" in extra:
            shown = [f"{LEVEL_NAMES[int(k)] if k.isdigit() else k.replace('_', ' ')} "
                     f"{_percent(v)}" for k, v in extra["levels"].items() if v]
            lines.append(Text("levels: " + " · ".join(shown), style="cyan"))
        if extra.get("automatic"):
            lines.append(Text(f"out of contest: an automatic {extra['automatic']} success",
                              style="cyan"))
        if "critical_failure" in extra and self.chosen.name == "d10pool":
            lines.append(Text(f"critical failure: {_percent(extra['critical_failure'])}",
                              style="red"))
        if "median" in extra:
            lines.append(Text(f"median {extra['median']} · critical success "
                              f"{_percent(extra['critical_success'])} · critical failure "
                              f"{_percent(extra['critical_failure'])}", style="dim"))
        return Group(*lines)

    def _reading(self, spec: Any, reading: Any, difficulty: int | None) -> RenderableType:
        if reading is None:
            return Text("")
        text = Text(style="bold")
        if reading is self._rolled:  # typed faces are in their field; rolled ones only here
            text.append(f"Rolled: {', '.join(map(str, reading.dice))}\n", style="not bold")
        text.append(f"Read: {reading.text}")
        if difficulty is not None:
            verdict = self.chosen.verdict(spec, reading, difficulty)
            text.append(f"\n{verdict.text}", style="green" if verdict.success else "red")
        return text

    def _chart(self, spec: Any, difficulty: int | None) -> RenderableType:
        """The chart, a row a span of results; in two columns (down, then down the second)
        below a tall terminal."""
        rows = chart_rows(self.chosen.chart(spec))
        largest = max((row.share for row in rows), default=1) or 1
        columns = self._columns
        bar_room = _BAR if columns == 1 else _BAR_SHORT
        lines = []
        for row in rows:
            bar = "█" * max(0, round(float(row.share / largest) * bar_room))
            mark = difficulty is not None and row.holds(difficulty)
            text = Text()
            text.append(f"{row.label():>12} ", style="bold" if mark else "")
            text.append(f"{_percent(float(row.share)):>7} ")
            text.append(bar, style="yellow" if mark else "green")
            if mark:
                text.append(f"  <- {difficulty}", style="bold yellow")
            lines.append(text)
        if columns == 1:
            return Text("\n").join(lines)
        grid = Table.grid(padding=(0, 3))
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True)
        down = -(-len(lines) // 2)
        for left, right in zip(lines[:down], [*lines[down:], Text()], strict=False):
            grid.add_row(left, right)
        return grid

    def action_next_system(self) -> None:
        names = list(SYSTEMS)
        # Each system's fields are kept as the GM left them: once round the systems, his
        # 10L vs 12 came back as the example 8M vs 15.
        self._typed[self.chosen.name] = (self._value("roll"), self._value("against"),
                                         self._value("faces"))
        self.chosen = SYSTEMS[names[(names.index(self.chosen.name) + 1) % len(names)]]
        roll, against, faces = self._typed.get(self.chosen.name,
                                               (*_EXAMPLES[self.chosen.name], ""))
        with self.prevent(Input.Changed):
            self.query_one("#dice-roll", Input).value = roll
            self.query_one("#dice-against", Input).value = against
            self.query_one("#dice-faces", Input).value = faces
        self._rolled = None
        self._show_system()
        self._update()

    def action_roll(self) -> None:
        try:
            spec = self.chosen.parse(self._value("roll"))
        except ValueError:
            return
        made = self.chosen.roll(spec, self.rng)
        with self.prevent(Input.Changed):
            self.query_one("#dice-faces", Input).value = ""
        self._rolled = made
        self._update()

    def action_choose(self) -> None:
        if self.choose is not None:
            self.choose(self.chosen.name)
            self.campaign_system = self.chosen.name
            self._show_system()

    def action_close(self) -> None:
        self.dismiss(None)
