"""A list of rows in fixed columns with a row cursor, repainting only the rows that changed.

Textual's DataTable redraws every visible cell whenever one cell changes (``update_cell``
invalidates its whole render cache): with a hundred combatants that is most of the time a
key takes. Here each row is drawn once into a cached line; :meth:`RowList.set_rows`
compares the new rows with the shown ones and repaints only those that differ, and a
cursor step repaints two lines. The header line stays at the top while the rows scroll.
The rows may be a sequence that makes each row when it is first asked for (the roster's
3,000 templates): a list of a new length reads none of them, drawing reads those shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from console.ui.safety import Guarded

__all__ = ["Cell", "Column", "RowList"]

Cell = Text | str
Column = tuple[str, int]  # label, width in cells (padding not included)

_PADDING = 1  # blank cells each side of a column, as DataTable draws them


def _cell_key(cell: Cell) -> object:
    """What a cell looks like: rich's Text equality ignores its base style (a name dimmed
    once he has acted would compare equal to the plain one)."""
    if isinstance(cell, Text):
        return (cell.plain, str(cell.style), tuple(cell.spans))
    return cell


def _row_key(row: tuple[Cell, ...]) -> tuple[object, ...]:
    return tuple(_cell_key(cell) for cell in row)


class RowList(Guarded, ScrollView, can_focus=True):
    """Rows of cells under a header; ``cursor_row`` is the selection."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"row-list--header", "row-list--cursor"}
    # Never a horizontal scrollbar: the list fits its columns to its width (_fit), and what
    # still does not fit is cut at the right. Textual looks at a scroll view's scrollbars
    # again only when its size changes, so a list whose narrowed columns came to fit kept
    # the scrollbar of its first layout, a blank row, or not, as the event loop's timing
    # went (the 120x40 snapshot differed between Python 3.11 and 3.12).
    DEFAULT_CSS = """
    RowList {
        overflow-x: hidden;
        background: $surface;
        color: $foreground;
        & > .row-list--header { text-style: bold; background: $panel; color: $foreground; }
        & > .row-list--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .row-list--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    class Highlighted(Message):
        """The cursor moved to ``row`` (-1: no rows)."""

        def __init__(self, row_list: RowList, row: int) -> None:
            self.row_list = row_list
            self.row = row
            super().__init__()

    class Chosen(Message):
        """``enter`` or a click on the cursor's row."""

        def __init__(self, row_list: RowList, row: int) -> None:
            self.row_list = row_list
            self.row = row
            super().__init__()

    def __init__(self, columns: Sequence[Column], *, drop_first: Sequence[int] = (),
                 narrow: dict[int, int] | None = None, stretch: int | None = None,
                 cut_at_space: Sequence[int] = (),
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._all_columns = list(columns)
        self._wants: dict[int, int] = {}  # column -> the width it would take (widen)
        # While the list is narrower than its columns, columns take their ``narrow``
        # widths (by index), then are left out in ``drop_first`` order: at 80 columns the
        # tracker keeps what a GM reads, not what scrolls.
        self._drop_first = list(drop_first)
        self._narrow = dict(narrow or {})
        self._stretch = stretch  # the column that takes the room left over, if any
        # Columns whose cells end in what may go (the tracker's health bar after the
        # numbers): too long, they lose their last words whole, not their numbers.
        self._cut_at_space = set(cut_at_space)
        self._visible = list(range(len(columns)))
        self._columns = list(columns)
        self._rows: Sequence[tuple[Cell, ...]] = ()
        # What each row shown looks like (_row_key), worked out when first compared.
        self._keys: list[tuple[object, ...] | None] = []
        self._lines: dict[int, Strip] = {}  # row -> its drawn line (without cursor)
        self._header: Strip | None = None
        self._cursor = 0
        self.virtual_size = Size(self._line_width, 1)

    # ----- rows ---------------------------------------------------------------------------

    @property
    def _line_width(self) -> int:
        return sum(width + 2 * _PADDING for _, width in self._columns)

    @property
    def row_count(self) -> int:
        return len(self._rows)

    def get_row_at(self, row: int) -> tuple[Cell, ...]:
        return self._rows[row]

    def set_rows(self, rows: Sequence[tuple[Cell, ...]]) -> None:
        """Show ``rows`` (kept as given: not changed afterwards); only rows that differ from
        those shown are drawn again (a row handed back as the same object is known unchanged
        without looking at its cells)."""
        if len(rows) != len(self._rows):
            self._rows = rows
            self._keys = [None] * len(rows)
            self._lines.clear()
            self.virtual_size = Size(self._line_width, len(rows) + 1)
            self.refresh()
            self.move_cursor(row=min(self._cursor, len(rows) - 1) if rows else 0,
                             announce=True)
            return
        for index, (old, new) in enumerate(zip(self._rows, rows, strict=True)):
            if new is old:
                continue
            key = _row_key(new)
            shown = self._keys[index]
            if shown is None:
                shown = _row_key(old)
            self._keys[index] = key
            if key != shown:
                self._lines.pop(index, None)
                self._refresh_row(index)
        self._rows = rows

    def _refresh_row(self, row: int) -> None:
        self.refresh_line(row + 1)  # line 0 is the header

    # ----- the cursor ---------------------------------------------------------------------

    @property
    def cursor_row(self) -> int:
        return self._cursor if self._rows else -1

    def move_cursor(self, *, row: int, announce: bool = False) -> None:
        """Put the cursor on ``row`` (clamped), scroll it into view, say it moved."""
        target = max(0, min(row, len(self._rows) - 1))
        if target == self._cursor and not announce:
            return
        if target != self._cursor:
            self._refresh_row(self._cursor)
            self._refresh_row(target)
        self._cursor = target
        self._scroll_to_cursor()
        self.post_message(self.Highlighted(self, self.cursor_row))

    def _scroll_to_cursor(self) -> None:
        shown = max(1, self.scrollable_content_region.height - 1)  # under the header
        top = int(self.scroll_y)
        if self._cursor < top:
            self.scroll_to(y=self._cursor, animate=False, immediate=True)
        elif self._cursor >= top + shown:
            self.scroll_to(y=self._cursor - shown + 1, animate=False, immediate=True)

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self._cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self._cursor + 1)

    def action_page_up(self) -> None:
        self.move_cursor(row=self._cursor - max(1, self.scrollable_content_region.height - 2))

    def action_page_down(self) -> None:
        self.move_cursor(row=self._cursor + max(1, self.scrollable_content_region.height - 2))

    # home/end (console.ui.bindings.cursor_ends): in a list the cursor is the selection.
    def action_scroll_top(self) -> None:
        self.move_cursor(row=0)

    def action_scroll_bottom(self) -> None:
        self.move_cursor(row=len(self._rows) - 1)

    def choose(self) -> None:
        if self._rows:
            self.post_message(self.Chosen(self, self._cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y == 0:
            return
        row = int(self.scroll_y) + offset.y - 1
        if 0 <= row < len(self._rows):
            if row == self._cursor:
                self.choose()
            else:
                self.move_cursor(row=row)

    # ----- drawing ------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()  # a theme or focus change restyles every line
        self._header = None

    def on_resize(self) -> None:
        self._lines.clear()
        self._header = None
        self._fit(self.scrollable_content_region.width)
        # And again once laid out: a maximised list is resized before its region is.
        self.call_after_refresh(lambda: self._fit(self.scrollable_content_region.width))

    def _fit(self, width: int) -> None:
        """Narrow widths, then columns left out in ``drop_first`` order, until they fit."""
        def total(columns: list[Column]) -> int:
            return sum(size + 2 * _PADDING for _, size in columns)

        columns = list(self._all_columns)
        if total(columns) > width:
            columns = [(label, self._narrow.get(index, size))
                       for index, (label, size) in enumerate(columns)]
        shown = list(range(len(columns)))
        for index in self._drop_first:
            if total([columns[i] for i in shown]) <= width:
                break
            shown.remove(index)
        fitted = [columns[i] for i in shown]
        for index, wanted in self._wants.items():
            if index in shown and index != self._stretch:
                at = shown.index(index)
                label, size = fitted[at]
                fitted[at] = (label, max(size, min(wanted, size + width - total(fitted))))
        if self._stretch in shown and total(fitted) < width:
            at = shown.index(self._stretch)
            label, size = fitted[at]
            fitted[at] = (label, size + width - total(fitted))
        if shown != self._visible or fitted != self._columns:
            self._visible = shown
            self._columns = fitted
            self._lines.clear()
            self._header = None
            self.virtual_size = Size(self._line_width, len(self._rows) + 1)
            self.refresh()

    def widen(self, column: int, width: int) -> None:
        """Give ``column`` up to ``width`` cells, out of the room the stretching column has
        over its own width (a wave's "10.8 (16)" in the tracker's Nish); it keeps its own
        width when there is none, and a narrow terminal its narrow one."""
        if self._wants.get(column) == width:
            return
        self._wants[column] = width
        self._fit(self.scrollable_content_region.width)

    def set_labels(self, labels: Sequence[str]) -> None:
        """New header labels, widths kept (a campaign's unit: AP, SP, EP)."""
        if [label for label, _ in self._all_columns] == list(labels):
            return
        self._all_columns = [(label, size) for label, (_, size)
                             in zip(labels, self._all_columns, strict=True)]
        self._columns = [(self._all_columns[i][0], size)
                         for i, (_, size) in zip(self._visible, self._columns, strict=True)]
        self._header = None
        self.refresh_line(0)

    @property
    def shown_columns(self) -> list[str]:
        """The labels of the columns shown at the list's width."""
        return [label for label, _ in self._columns]

    def on_focus(self) -> None:
        self._refresh_row(self._cursor)

    def on_blur(self) -> None:
        self._refresh_row(self._cursor)

    def _draw(self, cells: Sequence[Cell], style: Style) -> Strip:
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        shown = self._visible[:len(cells)]
        if len(self._visible) < len(cells):
            cells = [cells[i] for i in self._visible]
        for index, cell, (_, width) in zip(shown, cells, self._columns, strict=False):
            text = cell.copy() if isinstance(cell, Text) else Text(cell)
            if index in self._cut_at_space and text.cell_len > width:
                cut = text.plain.rstrip().rfind(" ", 0, width + 1)
                if cut > 0:
                    # Words left out say so ("…"); a bar left out whole does not (a bar
                    # cut to "…" read as a number): "26/12 CD 14" lost its 14 unseen.
                    dropped = any(char.isalnum() for char in text.plain[cut:])
                    text = text[:cut]
                    text.rstrip()
                    if dropped:
                        text.truncate(width - 1)
                        text.append("…")
            text.truncate(width, overflow="ellipsis", pad=True)
            line.append(" " * _PADDING)
            line.append_text(text)
            line.append(" " * _PADDING)
        segments = Segment.apply_style(line.render(self.app.console), style)
        return Strip(segments, line.cell_len)

    def _row_line(self, row: int) -> Strip:
        line = self._lines.get(row)
        if line is None:
            line = self._lines[row] = self._draw(self._rows[row], self.rich_style)
        return line

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        scroll_x = int(self.scroll_x)
        base = self.rich_style
        if y == 0:
            if self._header is None:
                header_style = base + self.get_component_rich_style("row-list--header")
                self._header = self._draw([label for label, _ in self._columns], header_style)
                self._header = self._header.extend_cell_length(
                    max(width, self._line_width), header_style)
            return self._header.crop(scroll_x, scroll_x + width)
        row = int(self.scroll_y) + y - 1
        if row >= len(self._rows):
            return Strip.blank(width, base)
        if row == self._cursor:
            # The cursor's colours under the cells' own (a red CD stays red), to the edge.
            cursor = base + self.get_component_rich_style("row-list--cursor")
            line = self._draw(self._rows[row], cursor)
            return line.crop_extend(scroll_x, scroll_x + width, cursor)
        return self._row_line(row).crop_extend(scroll_x, scroll_x + width, base)
