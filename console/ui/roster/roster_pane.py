"""The campaign's player characters and NPC templates: kept, searched, sent into the fight."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable

from console.model import NpcTemplate, PlayerCharacter
from console.model.roster import matches
from console.ui.controller import View
from console.ui.formatting import stat_text
from console.ui.pane import cursor_ends

__all__ = ["RosterPane"]

Entry = tuple[str, int]  # ("pc" | "npc", id)


class RosterPane(DataTable[str]):
    PANE_TITLE: ClassVar[str] = "Roster"
    HELP: ClassVar[str] = """\
## Roster

The campaign's player characters and NPC templates. Stats are typed as values (`15`) or
ratings (`8M`), and ratings are shown with their value (`8M=16`).

`enter` puts the selected one into the running encounter; `s` spawns several numbered
copies of an NPC template ("Skrak 1" .. "Skrak 4"), each with his own wounds, sharing one
Nish so they act together. `n` makes a new NPC template, `p` a new player character,
`e` edits the selected one, `y` duplicates a template, `delete` removes one (not while it
is in the fight). `/` searches by name or tag; `/` and an empty search shows all again.
"""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "send('join')", "Join encounter", id="roster.join"),
        Binding("s", "send('spawn')", "Spawn copies", id="roster.spawn"),
        Binding("n", "send('new_npc')", "New NPC", id="roster.new_npc"),
        Binding("p", "send('new_pc')", "New PC", id="roster.new_pc"),
        Binding("e", "send('edit')", "Edit", id="roster.edit"),
        Binding("y", "send('duplicate')", "Duplicate", id="roster.duplicate", show=False),
        Binding("delete", "send('delete')", "Delete", id="roster.delete", show=False),
        Binding("slash", "send('search')", "Search", id="roster.search"),
        *cursor_ends("roster"),
    ]

    class Action(Message):
        def __init__(self, action: str, entry: Entry | None) -> None:
            self.action = action
            self.entry = entry
            super().__init__()

    class Selected(Message):
        def __init__(self, entry: Entry | None) -> None:
            self.entry = entry
            super().__init__()

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", **kwargs)  # type: ignore[arg-type]
        self._entries: list[Entry] = []
        self._signature: tuple[object, ...] | None = None
        self.query_text = ""

    def on_mount(self) -> None:
        for label, width in (("Name", 18), ("Kind", 5), ("Nish", 7), ("Vit", 7)):
            self.add_column(label, width=width)

    def show(self, view: View, npcs: list[NpcTemplate]) -> None:
        pcs: list[PlayerCharacter] = sorted(view.pcs.values(), key=lambda pc: pc.name.lower())
        rows = [(("pc", pc.id), (pc.name, "PC", stat_text(pc.nish), stat_text(pc.vit_max)))
                for pc in pcs if matches(self.query_text, pc.name)]
        rows += [(("npc", npc.id), (npc.name, "NPC" if npc.body_type.value == "P"
                                    else f"NPC {npc.body_type.value}",
                                    stat_text(npc.nish), stat_text(npc.vit)))
                 for npc in sorted(npcs, key=lambda n: n.name.lower())
                 if matches(self.query_text, npc.name, npc.tags)]
        signature = tuple(rows)
        if signature == self._signature:
            return
        self._signature = signature
        selected = self.selected
        self.clear()
        self._entries = [entry for entry, _ in rows]
        for entry, cells in rows:
            self.add_row(*cells, key=f"{entry[0]}{entry[1]}")
        if selected in self._entries:
            self.move_cursor(row=self._entries.index(selected))
        self.border_subtitle = f"search: {self.query_text}" if self.query_text else ""

    @property
    def selected(self) -> Entry | None:
        if self._entries and 0 <= self.cursor_row < len(self._entries):
            return self._entries[self.cursor_row]
        return None

    def action_send(self, action: str) -> None:
        self.post_message(self.Action(action, self.selected))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_send("join")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.post_message(self.Selected(self.selected))
