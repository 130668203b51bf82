"""Textual's footer, rebuilt only when the keys it shows change, and on as many lines as
its keys need.

Textual's Footer rebuilds itself (a recompose and a layout of its screen) whenever its
screen's bindings may have changed: on every focus move and on every dialog pushed or
dismissed, even when the keys shown are the same, and even while a dialog covers it. Each
rebuild under an open dialog repainted the whole dialog. This one compares what it would
show with what it shows, and leaves a screen that is not on top alone.

Textual's Footer is one line: at 80 columns the main screen's keys after the tracker's
(E, S, g, w, undo, help) were cut off the right edge, unseen. This one lays its keys out
in a grid of as many lines as they need at its width (Footer sets the grid's columns as it
composes; the lines are ours), so every key shown is on screen.
"""

from __future__ import annotations

from math import ceil

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from console.ui.safety import Guarded

__all__ = ["KeysFooter", "lines_for"]

# The roster's 16 keys at 80 columns need four (with three, "/ Search" ran under the
# palette's key); five would take too much of a 24-line terminal.
MAX_LINES = 4


GAP = 2  # cells after each key in its column, before the next column's key


def lines_for(widths: list[int], room: int, most: int = MAX_LINES,
              first_room: int | None = None) -> list[int]:
    """The widths of the columns of the grid of fewest lines whose columns (each as wide
    as its widest key and its ``GAP``) fit ``room`` cells, and whose first line's keys fit
    ``first_room`` (the palette's key sits at the first line's right end); of ``most``
    lines if none does."""
    if not widths:
        return []
    first_room = room if first_room is None else first_room
    for lines in range(1, most + 1):
        count = max(1, ceil(len(widths) / lines))
        columns = [max(widths[column::count]) for column in range(count)
                   if widths[column::count]]
        # The first line's last key needs its own width only, not its column's or gap.
        first = sum(columns[:count - 1]) + widths[min(count, len(widths)) - 1] - GAP
        if (sum(columns) <= room and first <= first_room) or lines == most:
            return columns
    raise AssertionError("unreachable")


class KeysFooter(Guarded, Footer):
    DEFAULT_CSS = """
    KeysFooter.-lines {
        layout: grid;
        grid-rows: 1;
        grid-gutter: 0;
    }
    """
    _shown: tuple[object, ...] | None = None
    _lines: int = 1
    _regrid = False  # resized under a dialog: its lines are counted again once on top

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not screen.is_active:
            return  # covered by a dialog: looked at again when it is on top
        shown = tuple((binding.key, binding.description, enabled, tooltip)
                      for _, binding, enabled, tooltip in screen.active_bindings.values()
                      if binding.show)
        if shown != self._shown:
            self._shown = shown
            self._regrid = False
            super().bindings_changed(screen)  # Footer's own: the keys are ready, rebuild
        elif self._regrid:
            self._regrid = False
            self._fit_lines()

    def _grid(self) -> tuple[int, list[int]]:
        """The lines and the columns' widths the keys shown need at the footer's width."""
        app = self.app
        widths: list[int] = []
        seen: set[str] = set()
        for _, binding, _, _ in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            # As FooterKey draws it, compact: the key, a space, the description; then
            # the gap to the next column.
            widths.append(cell_len(app.get_key_display(binding)) + 1
                          + cell_len(binding.description) + GAP)
        # The palette's key, at the first line's right end: its left border, padding and
        # "^p palette", and a cell after it.
        palette = 12 if self.show_command_palette and app.ENABLE_COMMAND_PALETTE else 0
        width = self.size.width or app.size.width
        if not widths:
            return 1, [1]
        columns = lines_for(widths, max(1, width), first_room=max(1, width - palette))
        return ceil(len(widths) / len(columns)), columns

    def compose(self) -> ComposeResult:
        shown = False
        for child in super().compose():  # nothing until the screen's keys are ready
            shown = True
            yield child
        if not shown:
            return
        lines, columns = self._grid()
        self._lines = lines
        # Its screen's toasts keep above it (the app's CSS): over the footer they hid keys.
        # The toasts' rack is marked, not the screen: a class on the screen restyled all of
        # it (25 ms more on the first `w`).
        for rack in self.screen.query("#textual-toastrack"):
            for count in range(1, MAX_LINES + 1):
                rack.set_class(lines == count, f"-above-{count}")
        self.set_class(lines > 1, "-lines")
        self.styles.height = lines
        if lines > 1:
            self.styles.grid_size_columns = len(columns)
            self.styles.grid_columns = columns

    def on_resize(self) -> None:
        if not self.screen.is_active:
            # Under a dialog the terminal was resized (the dialog lays this screen out,
            # console.ui.dialogs.dialog): keys rebuilt now would be laid out only once
            # this screen is on top, and the dialog's picture of it would show no footer.
            # The keys stay as they are until then.
            self._regrid = True
            return
        self._fit_lines()

    def lines_needed(self) -> int:
        """The lines its keys need at its width now."""
        return self._grid()[0]

    def _fit_lines(self) -> None:
        if self.children and self.lines_needed() != self._lines:
            self.refresh(recompose=True)
