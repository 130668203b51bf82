"""Text widgets that show text as it is: no markup, nothing that steers the terminal.

Textual reads the strings given to ``Static``, ``Label``, a ``DataTable`` cell or a toast as
markup: a PC named ``Kess [/b]`` ended the console the first time a dialog title named him
(a markup error), and a name like ``[@click=app.quit]Kess`` would have become a link that
runs an action. The console never writes markup itself, so these widgets turn it off, and
show any character that steers a terminal as an escape (``console.model.text.shown``): the
second wall behind the model's refusal of such characters in every name and note.
"""

from __future__ import annotations

from collections.abc import Iterable
from time import monotonic
from typing import Any, TypeVar

from rich.text import Text
from textual import widgets
from textual.visual import VisualType

from console.model.text import shown
from console.ui.notices import NoticeBoard
from console.ui.safety import Guarded

__all__ = ["DataTable", "Label", "PlainNotices", "Static", "cell"]


CellType = TypeVar("CellType")


def _safe(content: VisualType) -> VisualType:
    return shown(content, notes=True) if isinstance(content, str) else content


def _same(shown_now: VisualType, content: VisualType) -> bool:
    """The same text again: Textual would lay the whole screen out anew for it (a form's
    label written again as each field is filled, at every dialog's opening)."""
    return isinstance(content, str) and isinstance(shown_now, str) and content == shown_now


class Static(Guarded, widgets.Static):
    """Textual's Static, markup off."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(_safe(content), **kwargs)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        content = _safe(content)
        if not _same(self.content, content):
            super().update(content, layout=layout)


class Label(Guarded, widgets.Label):
    """Textual's Label, markup off."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(_safe(content), **kwargs)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        content = _safe(content)
        if not _same(self.content, content):
            super().update(content, layout=layout)


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
    """For an App: toasts show their text as it is (``App.notify`` reads markup), and a
    message already up is counted on its toast, not stacked again (``console.ui.notices``).
    A count going up is drawn at most every ``RECOUNT`` seconds: a held key raises a
    warning a few dozen times a second, and each drawing makes new toast widgets.
    """

    RECOUNT = 0.5
    _notice_board: NoticeBoard | None = None
    _drawn_at = 0.0
    _recount_due = False

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        board = self._notice_board
        if board is None:
            board = self._notice_board = NoticeBoard()
        seconds = timeout if timeout is not None else float(
            getattr(self, "NOTIFICATION_TIMEOUT", 5))
        now = monotonic()
        shown_now = board.add(shown(message, notes=True), shown(title), str(severity),
                              seconds, now)
        if shown_now.recount and now - self._drawn_at < self.RECOUNT:
            if not self._recount_due:
                self._recount_due = True
                self.set_timer(  # type: ignore[attr-defined]
                    self.RECOUNT - (now - self._drawn_at), self._draw_notices)
            return
        if shown_now.again:
            self._draw_notices()
            return
        self._drawn_at = now
        for notice, left in shown_now.show:
            super().notify(  # type: ignore[misc]
                notice.text, title=notice.title, severity=notice.severity, timeout=left,
                markup=False)

    def _draw_notices(self) -> None:
        """Every notice up drawn again, with its count."""
        self._recount_due = False
        self._drawn_at = monotonic()
        super().clear_notifications()  # type: ignore[misc]
        board = self._notice_board
        for notice, left in board.current(self._drawn_at) if board is not None else ():
            super().notify(  # type: ignore[misc]
                notice.text, title=notice.title, severity=notice.severity, timeout=left,
                markup=False)

    _said_last: frozenset[str] = frozenset()  # the toasts the last action raised

    def said_for_action(self, messages: Iterable[str]) -> None:
        """The toasts an action raised (``alerts.show_outcome``): an undo takes them down."""
        self._said_last = frozenset(shown(message, notes=True) for message in messages)

    def withdraw_notices(self, ending: str) -> None:
        """The toasts whose message ends with ``ending`` taken down, and those the last
        action raised, the others left up: after an undo or a redo "Skrak leader 1 dies"
        stayed up over a Skrak leader standing again."""
        said, self._said_last = self._said_last, frozenset()
        board = self._notice_board
        if board is not None and board.withdraw(
                lambda message: message.endswith(ending) or message in said):
            self._draw_notices()

    _said_for_turn: frozenset[str] = frozenset()  # what the start of this turn raised

    def turn_began(self) -> None:
        """The last action began a turn: the toasts the start of the turn before raised are
        taken down ("Vera, before acting: WP vs 5 ..." stayed up through Skrak's turn), and
        those the action raised are this turn's."""
        before, self._said_for_turn = self._said_for_turn, self._said_last
        board = self._notice_board
        if board is not None and before and board.withdraw(
                lambda message: message in before and message not in self._said_for_turn):
            self._draw_notices()

    def clear_notifications(self) -> None:
        if self._notice_board is not None:
            self._notice_board.clear()
        super().clear_notifications()  # type: ignore[misc]
