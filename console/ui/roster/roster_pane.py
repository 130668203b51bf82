"""The campaign's player characters and NPC templates, ready to join the encounter."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable

from console.model import NpcTemplate, PlayerCharacter
from console.ui.controller import View

__all__ = ["RosterPane"]


class RosterPane(DataTable[str]):
    PANE_TITLE: ClassVar[str] = "Roster"
    HELP: ClassVar[str] = """\
## Roster

The campaign's player characters and NPC templates. **enter** puts the selected one into the
running encounter (an NPC on its recorded Nish); **p** creates a new player character with
the Nish rating and Vitality the tracker uses.
"""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "send('join')", "Join encounter", id="roster.join"),
        Binding("p", "send('new_pc')", "New PC", id="roster.new_pc"),
    ]

    class Action(Message):
        def __init__(self, action: str, entry: tuple[str, int] | None) -> None:
            self.action = action
            self.entry = entry  # ("pc" | "npc", id)
            super().__init__()

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", **kwargs)  # type: ignore[arg-type]
        self._entries: list[tuple[str, int]] = []
        self._signature: tuple[object, ...] | None = None

    def on_mount(self) -> None:
        for label, width in (("Name", 20), ("Kind", 6), ("Nish", 6), ("Vit", 6)):
            self.add_column(label, width=width)

    def show(self, view: View, npcs: list[NpcTemplate]) -> None:
        pcs: list[PlayerCharacter] = sorted(view.pcs.values(), key=lambda pc: pc.name.lower())
        rows = [(("pc", pc.id), (pc.name, "PC", pc.nish.canonical if pc.nish else "",
                                 pc.vit_max.canonical if pc.vit_max else "")) for pc in pcs]
        rows += [(("npc", npc.id), (npc.name, f"NPC {npc.body_type.value}",
                                    npc.nish.canonical if npc.nish else "",
                                    npc.vit.canonical if npc.vit else "")) for npc in npcs]
        signature = tuple(rows)
        if signature == self._signature:
            return
        self._signature = signature
        self.clear()
        self._entries = [entry for entry, _ in rows]
        for entry, cells in rows:
            self.add_row(*cells, key=f"{entry[0]}{entry[1]}")

    def action_send(self, action: str) -> None:
        entry = (self._entries[self.cursor_row]
                 if self._entries and 0 <= self.cursor_row < len(self._entries) else None)
        self.post_message(self.Action(action, entry))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_send("join")
