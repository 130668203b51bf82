"""A yes/no question before a key that cannot be taken back: what it will do, line by line.

``y`` or ``enter`` goes ahead; ``n`` or ``escape`` leaves everything as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from console.ui.dialogs.dialog import Dialog
from console.ui.widgets.plain import Label, Static

__all__ = ["CarefulConfirm", "ConfirmDialog"]


class ConfirmDialog(Dialog[bool]):
    CSS_PATH = Path(__file__).with_name("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Go ahead", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "Leave it", id="confirm.no"),
    ]

    def __init__(self, title: str, lines: list[str], go: str = "go ahead") -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.go = go

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            for line in self.lines:
                yield Static(f"• {line}", classes="line")
            yield Static(f"y or enter: {self.go} · n or escape: leave it as it is",
                         classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class CarefulConfirm(ConfirmDialog):
    """A question a stray key must not answer: asked because an enter may have been one
    (a second turn), or before a fight ends or a sheet with history goes. Only ``y`` goes
    ahead; ``enter`` says so and leaves the question open."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "stray", "Not enter: y goes ahead", id="confirm.stray", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            for line in self.lines:
                yield Static(f"• {line}", classes="line")
            yield Static(f"y: {self.go} · n or escape: leave it as it is", classes="hint",
                         id="careful-hint")

    def action_stray(self) -> None:
        self.query_one("#careful-hint", Static).update(
            f"enter does not answer this: y to {self.go}, n or escape to leave it as it is")
