"""Text widgets that show text as it is: no markup, nothing that steers the terminal.

Textual reads the strings given to ``Static``, ``Label``, a ``DataTable`` cell or a toast as
markup: a PC named ``Kess [/b]`` ended the console the first time a dialog title named him
(a markup error), and a name like ``[@click=app.quit]Kess`` would have become a link that
runs an action. The console never writes markup itself, so these widgets turn it off, and
show any character that steers a terminal as an escape (``console.model.text.shown``): the
second wall behind the model's refusal of such characters in every name and note.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.text import Text
from textual import widgets
from textual.visual import VisualType

from console.model.text import shown
from console.ui.safety import Guarded

__all__ = ["DataTable", "Label", "PlainNotices", "Static", "cell"]


CellType = TypeVar("CellType")


def _safe(content: VisualType) -> VisualType:
    return shown(content, notes=True) if isinstance(content, str) else content


class Static(Guarded, widgets.Static):
    """Textual's Static, markup off."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(_safe(content), **kwargs)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(_safe(content), layout=layout)


class Label(Guarded, widgets.Label):
    """Textual's Label, markup off."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(_safe(content), **kwargs)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(_safe(content), layout=layout)


def cell(value: Any) -> Any:
    """A table cell: text as it is (DataTable reads a plain string as markup)."""
    return Text(shown(value)) if isinstance(value, str) else value


class DataTable(Guarded, widgets.DataTable[CellType]):
    """Textual's DataTable whose string cells are text, never markup."""

    def add_row(self, *cells: Any, **kwargs: Any) -> Any:
        return super().add_row(*(cell(value) for value in cells), **kwargs)

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell(row_key, column_key, cell(value), **kwargs)

    def update_cell_at(self, coordinate: Any, value: Any, **kwargs: Any) -> None:
        super().update_cell_at(coordinate, cell(value), **kwargs)


class PlainNotices:
    """For an App: toasts show their text as it is (``App.notify`` reads markup)."""

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(  # type: ignore[misc]
            shown(message, notes=True), title=shown(title), severity=severity,
            timeout=timeout, markup=False)
