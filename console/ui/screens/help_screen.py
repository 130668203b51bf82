"""F1: help for the focused pane, its keys, and the keys that work everywhere."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.keys import format_key
from textual.widget import Widget
from textual.widgets import Markdown

from console.ui.bindings import long_name
from console.ui.dialogs.dialog import Dialog
from console.ui.safety import Guarded

__all__ = ["HelpScreen", "KeysTable", "keys_rows"]

KeyRow = tuple[str, str]  # the key as shown, what it does


def keys_rows(bindings: list[Binding]) -> list[KeyRow]:
    return [(_key_text(b), long_name(b)) for b in bindings]


def _key_text(binding: Binding) -> str:
    """The key as the help's text names keys: "+", "/", "pgup" (Textual's names for them
    are "plus", "slash", "pageup"), "ctrl+z", and "enter" as the text says it."""
    if binding.key_display:
        return binding.key_display
    return binding.key if binding.key == "enter" else format_key(binding.key)


class KeysTable(Guarded, Widget):
    """A help's keys, a line each: the key, in the help's colours for a key, and what it
    does. (A Markdown table made a widget of every cell, 118 for the tracker's help, and drew
    a rule between rows, two lines a key: F1 took 310 ms of CPU to open, now 120-145.)"""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys-table--key", "keys-table--header"}
    # The key as the Markdown above it shows one (Textual's inline code), the header as its
    # table header was.
    DEFAULT_CSS = """
    KeysTable {
        height: auto;
        margin: 0 2 1 2;  /* under the Markdown's text, as its blocks stand */
        & > .keys-table--key { color: $text-warning 95%; background: $warning 10%; }
        & > .keys-table--header { color: $text-primary; text-style: bold; }
        &:light > .keys-table--key { color: $text-error 95%; background: $error 5%; }
    }
    """

    def __init__(self, rows: Sequence[KeyRow]) -> None:
        super().__init__()
        self.rows = list(rows)

    def render(self) -> Table:
        key_style = self.get_component_rich_style("keys-table--key")
        header = self.get_component_rich_style("keys-table--header")
        table = Table(box=None, show_edge=False, pad_edge=False, expand=True,
                      header_style=header, padding=(0, 2, 0, 0))
        table.add_column("key", no_wrap=True)
        table.add_column("does", ratio=1)
        for key, does in self.rows:
            # The key's colours on its text only, not on the rest of its column.
            table.add_row(Text.assemble((key, key_style)), Text(does))
        return table


class HelpScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("help_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "dismiss(None)", "Close", id="help.close"),
    ]

    def __init__(self, markdown: str, tables: Sequence[tuple[str, Sequence[KeyRow]]] = ()
                 ) -> None:
        """``markdown`` (the pane's own help), then each of ``tables``: a heading and its
        keys."""
        super().__init__()
        self.markdown = markdown
        self.tables = list(tables)

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll()
        scroll.border_subtitle = "up/down, pgup/pgdn: scroll · escape: close"
        with scroll:
            yield Markdown(self.markdown)
            for heading, rows in self.tables:
                yield Markdown(f"### {heading}")
                if rows:
                    yield KeysTable(rows)
