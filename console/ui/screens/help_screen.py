"""F1: help for the focused pane, its keys, and the keys that work everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from console.ui.bindings import long_name
from console.ui.dialogs.dialog import Dialog

__all__ = ["HelpScreen", "keys_table"]


def keys_table(bindings: list[Binding]) -> str:
    rows = [f"| `{b.key_display or b.key}` | {long_name(b)} |" for b in bindings]
    return "| key | does |\n|---|---|\n" + "\n".join(rows) if rows else ""


class HelpScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("help_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "dismiss(None)", "Close", id="help.close"),
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_subtitle = "up/down, pgup/pgdn: scroll · escape: close"
        with scroll:
            yield Markdown(self.markdown)
