"""The session's action log, newest last; undone actions are struck through and marked
"(undone)"."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, ClassVar, Protocol

from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from console.service import CampaignService, View
from console.ui.changes import LOG, Redraws
from console.ui.safety import Guarded

if TYPE_CHECKING:
    from console.ui.log.flows import LogFlows

__all__ = ["LogFlowsHost", "LogPane"]


class LogFlowsHost(Protocol):
    """Where the log's filter key finds its flow (made when first asked for)."""

    @property
    def log_flows(self) -> LogFlows: ...

MAX_ENTRIES = 400  # an evening's actions on screen; all of them are in the save files


class LogPane(Redraws, Guarded, ScrollView, can_focus=True):
    PANE_TITLE: ClassVar[str] = "Log"
    HELP: ClassVar[str] = """\
## Session log

Every change you make is logged here and saved as it happens. **ctrl+z** undoes the newest
action, **ctrl+y** redoes it; undone actions are shown "(undone)" and struck through until
a new action replaces them. Undo reaches back to the start of the current session. `/`
shows only the lines naming a combatant (or any word); `/` and an empty filter shows all
again.
"""
    # The scrollbar is always there, so a new line never changes the pane's layout.
    DEFAULT_CSS = """
    LogPane { overflow-y: scroll; overflow-x: hidden; background: $surface; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "filter", "Filter", tooltip="Filter the log by a name or word",
                id="log.filter"),
    ]

    SHOWS: ClassVar[frozenset[str]] = frozenset({LOG})

    def __init__(self, service: CampaignService | None = None,
                 host: LogFlowsHost | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.service = service
        self.host = host
        self._undone: dict[int, bool] = {}  # seq -> shown struck through, for lines written
        self._entries: list[Text] = []
        # Lines that are no action (an explosion's damage): (session, the action they follow
        # as (seq, time), line); kept while the console runs, shown again in place when the
        # window is written again, until the session ends.
        self._notes: list[tuple[int, tuple[int, datetime | None], Text]] = []
        self._session = 0
        self._head: tuple[int, datetime | None] = (0, None)  # the newest action in force
        self._lines: list[Strip] = []  # the entries shown, wrapped to the pane's width
        # Each entry's wrapped lines, by what it says and how, at ``_wrapped_at`` columns: an
        # undo writes the window again, and only the lines it changed are laid out anew
        # (400 entries wrapped again at every undo, redo and first action after an undo).
        self._wrapped: dict[tuple[object, ...], list[Strip]] = {}
        self._wrapped_at = 0
        self.filter_text = ""  # only entries naming this (a combatant, say); "" for all

    def redraw(self) -> None:
        if self.service is not None:
            self.show(self.service.view())

    def show(self, view: View) -> None:
        """Append new actions; write the window again only when an earlier line changed
        (undo, redo, a new branch after undo, a new session)."""
        last = max(self._undone, default=0)
        window = {entry.seq: entry.seq > view.head for entry in view.history}
        changed = any(seq in self._undone and self._undone[seq] != undone
                      for seq, undone in window.items())
        shrunk = last > max(window, default=0)  # a redo branch dropped, or a new session
        if view.session.number != self._session:
            self._session = view.session.number
            self._notes = [n for n in self._notes if n[0] == self._session]
        self._head = next(((e.seq, e.at) for e in view.history if e.seq == view.head), (0, None))
        if changed or shrunk:
            self._entries, self._lines, self._undone = [], [], {}
            last = 0
        waiting = [(anchor, text) for _, anchor, text in self._notes] if changed or shrunk else []
        added: list[Text] = []
        for entry in view.history:
            if entry.seq <= last:
                continue
            # A note goes after the action it followed; one whose action was undone and
            # replaced (same number, another time) goes before the replacement.
            due = [seq < entry.seq if seq != entry.seq else at != entry.at
                   for (seq, at), _ in waiting]
            added += [text for (_, text), now in zip(waiting, due, strict=True) if now]
            waiting = [note for note, now in zip(waiting, due, strict=True) if not now]
            undone = window[entry.seq]
            when = entry.at.astimezone().strftime("%H:%M")
            if undone:  # said in words too: not every terminal draws a line through
                added.append(Text.assemble(f"{when} ", ("(undone) ", "dim"),
                                           (entry.description, "dim strike")))
            else:
                added.append(Text(f"{when} {entry.description}"))
            self._undone[entry.seq] = undone
        added += [text for _, text in waiting]
        if changed or shrunk or added:
            trimmed = len(self._entries) + len(added) > MAX_ENTRIES
            self._entries = (self._entries + added)[-MAX_ENTRIES:]
            if changed or shrunk or trimmed:
                self._lines = self._wrap(self._shown(self._entries))
            else:
                self._lines += self._wrap(self._shown(added))
            self._resize_content()

    def note(self, text: str, when: str) -> None:
        """A line that is no saved action (an explosion's damage, worked out and said): shown
        after the newest action, in italics, for as long as the console runs."""
        line = Text(f"{when} {text}", style="italic")
        self._notes = [*self._notes, (self._session, self._head, line)][-MAX_ENTRIES:]
        self._entries = [*self._entries, line][-MAX_ENTRIES:]
        self._lines += self._wrap(self._shown([line]))
        self._resize_content()

    def _shown(self, entries: list[Text]) -> list[Text]:
        wanted = self.filter_text.casefold()
        return [text for text in entries if wanted in text.plain.casefold()]

    def set_filter(self, text: str) -> None:
        """Show only the entries naming ``text`` ("" for all); the title says so."""
        self.filter_text = text.strip()
        self._lines = self._wrap(self._shown(self._entries))
        self.border_subtitle = (f"only {self.filter_text!r} ({len(self._shown(self._entries))}"
                                " lines) · / to change" if self.filter_text else "")
        self._resize_content()

    def action_filter(self) -> None:
        if self.host is not None:
            self.host.log_flows.filter(self)

    @property
    def lines(self) -> list[Strip]:
        return self._lines

    @property
    def entries(self) -> list[tuple[str, bool]]:
        """Each action shown: its line and whether it is undone."""
        return [(text.plain, any("strike" in str(span.style) for span in text.spans))
                for text in self._entries]

    def _wrap(self, entries: list[Text]) -> list[Strip]:
        width = max(1, self.scrollable_content_region.width)
        if width != self._wrapped_at:
            self._wrapped, self._wrapped_at = {}, width
        if len(self._wrapped) > 2 * MAX_ENTRIES:  # entries long gone from the window
            self._wrapped = {}
        console = self.app.console
        options = console.options.update_width(width)
        strips: list[Strip] = []
        for text in entries:
            key = (text.plain, str(text.style),
                   *((span.start, span.end, str(span.style)) for span in text.spans))
            lines = self._wrapped.get(key)
            if lines is None:
                lines = [Strip(line).adjust_cell_length(width)
                         for line in Segment.split_lines(console.render(text, options))]
                self._wrapped[key] = lines
            strips += lines
        return strips

    def _resize_content(self) -> None:
        size = Size(self.scrollable_content_region.width, len(self._lines))
        if size != self.virtual_size:
            # Not the reactive's own setter: that lays out the whole screen again, and a
            # log line changes nothing outside this pane (its scrollbar is always shown).
            self.set_reactive(Widget.virtual_size, size)
            # ... so the scrollbar (always shown) is told the new length here.
            bar = self.vertical_scrollbar
            bar.window_virtual_size = size.height
            bar.window_size = self.scrollable_content_region.height
        self.scroll_to(y=max(0, len(self._lines) - self.scrollable_content_region.height),
                       animate=False, immediate=True)
        self.refresh()

    def on_resize(self) -> None:
        self._lines = self._wrap(self._shown(self._entries))
        self._resize_content()

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_y) + y
        width = self.scrollable_content_region.width
        if 0 <= index < len(self._lines):
            return self._lines[index].crop_extend(0, width, self.rich_style).apply_style(
                self.rich_style)
        return Strip.blank(width, self.rich_style)
