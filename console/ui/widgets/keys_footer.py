"""The keys of the screen on top, drawn by one widget, on as many lines as they need.

Textual's Footer is a container of one widget per key, rebuilt (mounted, styled twice,
laid out) whenever its screen's bindings may have changed: on every focus move and every
dialog pushed or dismissed. With the main screen's 20 keys those widgets were two thirds
of its widgets and nearly half the cost of opening it (a Pilot app: 130 ms of CPU with
them, 72 ms without); every dialog's footer rebuilt a dozen more. This one draws the keys
itself, as text: the keys shown changing is a repaint, not a rebuild.

It reads what Textual's Footer reads, by the same public means: the screen's
``active_bindings`` when the screen publishes ``bindings_updated_signal``. It draws them as
Footer does, in Footer's colours (its theme variables): the key bold, then its description;
a disabled key dim; the key under the mouse highlighted, its tooltip shown; a click on a key
presses it. The command palette's key sits at the first line's right end.

Footer is one line: at 80 columns the main screen's keys after the tracker's (E, S, g, w,
undo, help) were cut off the right edge, unseen. This one lays its keys out in a grid of as
many lines as they need at its width, so every key shown is on screen.
"""

from __future__ import annotations

from math import ceil

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from console.records import record
from console.ui.safety import Guarded

__all__ = ["FooterEntry", "KeysFooter", "lines_for"]

# The roster's 16 keys at 80 columns need four (with three, "/ Search" ran under the
# palette's key); five would take too much of a 24-line terminal.
MAX_LINES = 4


GAP = 2  # cells after each key in its column, before the next column's key
BORDER = "\u258f"  # the palette key's left edge, as Footer draws it (a "vkey" border)


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


@record
class FooterEntry:
    """One key as the footer shows it."""

    key: str  # as Textual names it ("space", "ctrl+z"): what a click presses
    display: str  # as the footer shows it ("space", "^z")
    description: str
    enabled: bool
    tooltip: str


@record
class _Placed:
    entry: FooterEntry
    line: int
    x: int
    width: int  # the cells its text takes (the key's and the description's)
    palette: bool = False


class KeysFooter(Guarded, Widget, can_focus=False):
    COMPONENT_CLASSES = {  # noqa: RUF012 (typed as Textual declares it)
        "keys-footer--key", "keys-footer--description", "keys-footer--hover",
        "keys-footer--border",
    }
    # Footer's look, from the same theme variables as Footer and its keys.
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keys-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .keys-footer--border {
            color: $foreground 20%;
        }
    }
    """
    ALLOW_SELECT = False

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__()
        # Compact (the main screen's): "k Desc" and a cell after it; otherwise a cell of
        # padding each side of the key, as Footer's are.
        self.compact = compact
        self.show_command_palette = show_command_palette
        self._entries: tuple[FooterEntry, ...] | None = None
        self._palette: FooterEntry | None = None
        self._lines = 1
        # The keys' lines and places for one width, worked out once when first asked for at
        # it: the drawing, the mouse and the footer's height read them at the width it has
        # then (a resize repaints before it reports the resize).
        self._laid_out: tuple[object, tuple[int, list[_Placed]]] = ((), (1, []))
        self._hovered: FooterEntry | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._guarded(self.bindings_changed))

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    # What it shows

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's keys may have changed: shown again if they did."""
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not screen.is_active:
            return  # covered by a dialog: looked at again when it is on top
        entries: list[FooterEntry] = []
        palette: FooterEntry | None = None
        seen: set[str] = set()
        app = self.app
        for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items():
            if key == app.COMMAND_PALETTE_BINDING:  # shown at the end, though not "show"
                palette = FooterEntry(binding.key, app.get_key_display(binding),
                                      binding.description, enabled,
                                      binding.tooltip or binding.description)
                continue
            if not binding.show:
                continue
            if binding.action in seen:  # one key per action, the first (as Footer does)
                continue
            seen.add(binding.action)
            entries.append(FooterEntry(binding.key, app.get_key_display(binding),
                                       binding.description, enabled, tooltip))
        if not (self.show_command_palette and app.ENABLE_COMMAND_PALETTE):
            palette = None
        if tuple(entries) != self._entries or palette != self._palette:
            self.show(tuple(entries), palette)

    def show(self, entries: tuple[FooterEntry, ...], palette: FooterEntry | None) -> None:
        """Show ``entries`` (and the palette's key): drawn again, on the lines they need."""
        self._entries = entries
        self._palette = palette
        self._hover(None)  # what was under the mouse may be another key now, or none
        self._fit()
        self.refresh()

    def entries(self) -> tuple[FooterEntry, ...]:
        """The keys shown, the palette's last."""
        shown = self._entries or ()
        return shown if self._palette is None else (*shown, self._palette)

    def key_regions(self) -> dict[str, Region]:
        """Where each key shown is on screen (its text), by the key's name."""
        origin = self.content_region.offset
        return {placed.entry.key: Region(origin.x + placed.x, origin.y + placed.line,
                                         placed.width, 1)
                for placed in self._layout()[1]}

    def lines_needed(self) -> int:
        """The lines its keys need at its width now."""
        return self._layout()[0]

    # Laying out

    def _width(self) -> int:
        return max(1, self.size.width or self.app.size.width)

    def _text_width(self, entry: FooterEntry) -> int:
        """The cells a key's text takes: the key, a space, its description (and, not
        compact, a cell of padding each side)."""
        return (cell_len(entry.display) + (1 + cell_len(entry.description)
                                           if entry.description else 0)
                + (0 if self.compact else 2))

    def _palette_width(self) -> int:
        if self._palette is None:
            return 0
        # Its left edge, the key, a space, its description and a cell after it (compact
        # or not: Footer draws it so).
        return (1 + cell_len(self._palette.display) + 1 + cell_len(self._palette.description)
                + 1)

    def _layout(self) -> tuple[int, list[_Placed]]:
        """The lines the keys need at the footer's width and each key's place."""
        key = (self._width(), self._entries, self._palette)
        if self._laid_out[0] != key:
            self._laid_out = (key, self._lay_out(self._width()))
        return self._laid_out[1]

    def _lay_out(self, width: int) -> tuple[int, list[_Placed]]:
        entries = list(self._entries or ())
        placed: list[_Placed] = []
        lines = 1
        if entries:
            # The grid's columns, as wide as their widest key and a gap (compact widths: a
            # key not compact takes its gap as its padding).
            columns = lines_for(
                [cell_len(entry.display) + 1 + cell_len(entry.description) + GAP
                 for entry in entries],
                # The first line's keys clear of the palette's key, even drawn wider than
                # their compact width (not compact, each has a cell of padding each side).
                width, first_room=max(1, width - self._palette_width()
                                      - (0 if self.compact or not self._palette else 2)))
            lines = ceil(len(entries) / len(columns))
            if lines == 1:  # one after another, a compact key with a cell after it
                x = 0
                for entry in entries:
                    text = self._text_width(entry)
                    placed.append(_Placed(entry, 0, x, text))
                    x += text + (1 if self.compact else 0)
            else:
                starts = [sum(columns[:index]) for index in range(len(columns))]
                for index, entry in enumerate(entries):
                    line, column = divmod(index, len(columns))
                    placed.append(_Placed(entry, line, starts[column],
                                          self._text_width(entry)))
        if self._palette is not None:
            cells = self._palette_width()
            placed.append(_Placed(self._palette, 0, max(0, width - cells), cells,
                                  palette=True))
        return lines, placed

    def _fit(self) -> None:
        # A dialog's footer covers the whole of the footer under it: the summary's one line
        # left the AP screen's first line of keys showing above it, keys that do nothing
        # while the dialog is up ("esc Back" beside the dialog's "esc Close").
        lines = max(self._layout()[0], self._lines_under())
        if lines != self._lines or self.styles.height is None:
            self._lines = lines
            self.styles.height = lines
        # Its screen's toasts keep above it (the app's CSS): over the footer they hid keys.
        # The toasts' rack is marked, not the screen: a class on the screen restyled all of
        # it (25 ms more on the first `w`).
        for rack in self.screen.query("#textual-toastrack"):
            for count in range(1, MAX_LINES + 1):
                rack.set_class(lines == count, f"-above-{count}")

    def _lines_under(self) -> int:
        stack = self.app.screen_stack
        screen = self.screen
        # Only a footer at the dialog's foot covers another (the recap's is in its frame).
        if (self.parent is not screen or not screen.is_modal or screen not in stack
                or stack.index(screen) == 0):
            return 0
        under = stack[stack.index(screen) - 1]
        return max((footer._lines for footer in under.query(KeysFooter)), default=0)

    def on_resize(self) -> None:
        if self._entries is not None:
            self._fit()
            self.refresh()

    # Drawing

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-footer--key")
        description_style = self.get_component_rich_style("keys-footer--description")
        hover_style = self.get_component_rich_style("keys-footer--hover")
        border_style = self.get_component_rich_style("keys-footer--border")
        pad = "" if self.compact else " "
        width = self._width()
        rows: list[list[tuple[bool, int, Text]]] = [[] for _ in range(self._lines)]
        for placed in self._layout()[1]:
            entry = placed.entry
            text = Text()
            if placed.palette:
                text.append(BORDER, border_style)
                text.append(entry.display, key_style)
                text.append(f" {entry.description}", description_style)
                text.append(" ")
            else:
                text.append(f"{pad}{entry.display}{pad}", key_style)
                if entry.description:
                    text.append(f"{'' if pad else ' '}{entry.description}{pad}",
                                description_style)
            if entry == self._hovered:
                text.stylize(hover_style, 1 if placed.palette else 0)
            if not entry.enabled:
                text.stylize(Style(dim=True))
            if placed.line < len(rows):
                rows[placed.line].append((placed.palette, placed.x, text))
        lines: list[Text] = []
        for row in rows:
            line = Text(no_wrap=True, end="")
            # The palette's key last, over any key it meets (the mouse finds it there too):
            # in a terminal too narrow for the keys, one can start under it.
            for _palette, x, text in sorted(row, key=lambda item: (item[0], item[1])):
                if x > line.cell_len:
                    line.append(" " * (x - line.cell_len))
                elif x < line.cell_len:
                    line.truncate(x)
                line.append_text(text)
            line.truncate(width, pad=True)
            lines.append(line)
        return Text("\n", no_wrap=True, end="").join(lines)

    # The mouse

    def _entry_at(self, x: int, y: int) -> FooterEntry | None:
        found = None
        for placed in self._layout()[1]:  # the palette's, placed last, over any it meets
            if placed.line == y and placed.x <= x < placed.x + placed.width:
                found = placed.entry
        return found

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self._entry_at(event.x, event.y))

    def on_leave(self) -> None:
        self._hover(None)

    def _hover(self, entry: FooterEntry | None) -> None:
        if entry != self._hovered:
            self._hovered = entry
            self.tooltip = entry.tooltip if entry is not None and entry.tooltip else None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        entry = self._entry_at(event.x, event.y)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()
