"""Call for Nish: the GM types each PC's result as the players call them out.

Enter moves to the next PC (an empty entry is left for later); ctrl+r rolls the PC's Nish
rating for him with the dice engine and stays on his line, so the habitual enter that follows
moves on to the next PC instead of skipping him. A result his rating makes very unlikely is
questioned once. NPCs need nothing here: they act on recorded values.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input

from console.rules.limits import RESULT
from console.rules.rolling import roll
from console.service.tracker import NishRoll
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.form_dialog import optional_int, roll_doubt
from console.ui.widgets.field_input import FieldInput
from console.ui.widgets.plain import Label, Static

__all__ = ["NishEntryScreen"]


class NishEntryScreen(Dialog[dict[int, int | None] | None]):
    CSS_PATH = Path(__file__).with_name("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "roll", "Roll for him", id="nish.roll"),
        Binding("escape", "cancel", "Cancel", id="nish.cancel"),
    ]

    def __init__(self, title: str, rows: list[NishRoll], rng: random.Random) -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.rng = rng
        self._kept: dict[int, str] = {}  # row key -> a doubted result entered again, or rolled

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            for row in self.rows:
                rating = f" [{row.rating}]" if row.rating is not None else ""
                with Horizontal():
                    yield Label(f"{row.label}{rating}")
                    yield FieldInput(id=f"nish-{row.combatant_id}", placeholder="result")
                    yield Static("", classes="rolled", id=f"rolled-{row.combatant_id}")
            yield Static("", id="error")
            yield Static("enter: next · ctrl+r: roll his Nish rating (enter then moves on) · "
                         "escape: cancel",
                         classes="rolled")

    def on_mount(self) -> None:
        first = self.query(Input).first()
        first.focus()

    def _focused_row(self) -> tuple[int, Input] | None:
        focused = self.focused
        if isinstance(focused, Input) and focused.id and focused.id.startswith("nish-"):
            return int(focused.id.removeprefix("nish-")), focused
        return None

    def action_roll(self) -> None:
        found = self._focused_row()
        if found is None:
            return
        key, widget = found
        row = next(r for r in self.rows if r.combatant_id == key)
        if row.rating is None:
            self.query_one("#error", Static).update(
                f"{row.label} has no Nish rating on his sheet: type the result")
            return
        made = roll(row.rating, self.rng)
        widget.value = str(made.result)
        self._kept[key] = widget.value  # the engine rolled it: no typo to question
        faces = ",".join(made.doubling_faces)
        self.query_one(f"#rolled-{key}", Static).update(f"rolled {made.die_face}:{faces}")
        self.query_one("#error", Static).update("")

    def _read(self, row: NishRoll, text: str) -> int | None:
        """The row's result; a ValueError says what is wrong or asks about a likely typo."""
        value = optional_int(f"{row.label}'s Nish", RESULT)(text)
        doubt = roll_doubt(row.rating, row.label)
        question = doubt(value) if doubt is not None and value is not None else None
        if question is not None and self._kept.get(row.combatant_id) != text:
            self._kept[row.combatant_id] = text
            raise ValueError(question)
        return value

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.field_entered(event.input)

    def field_entered(self, field: Input) -> None:
        key = int((field.id or "").removeprefix("nish-"))
        row = next(r for r in self.rows if r.combatant_id == key)
        try:
            self._read(row, field.value)
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self._advance(field)

    def _advance(self, widget: Input) -> None:
        self.query_one("#error", Static).update("")
        inputs = list(self.query(Input))
        index = inputs.index(widget)
        if index + 1 < len(inputs):
            self.set_focus(inputs[index + 1])  # at once: keys typed ahead follow it
        else:
            self._submit()

    def _submit(self) -> None:
        results: dict[int, int | None] = {}
        for row in self.rows:
            widget = self.query_one(f"#nish-{row.combatant_id}", Input)
            try:
                results[row.combatant_id] = self._read(row, widget.value)
            except ValueError as error:
                self.query_one("#error", Static).update(str(error))
                widget.focus()
                return
        self.dismiss(results)

    def action_cancel(self) -> None:
        self.dismiss(None)
