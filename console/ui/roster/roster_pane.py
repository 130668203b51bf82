"""The campaign's player characters and NPC templates: kept, searched, sent into the fight."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message

from console.model import PlayerCharacter
from console.model.roster import matches
from console.service import View
from console.ui.bindings import cursor_ends
from console.ui.dialogs.form_dialog import Field, FormDialog
from console.ui.facade.cells import facade_numbers
from console.ui.formatting import stat_text
from console.ui.roster.flows import Entry, RosterFlows
from console.ui.widgets.drawn_from import DrawnFrom
from console.ui.widgets.row_list import RowList
from console.ui.wizard import dialog, run_wizard

__all__ = ["RosterPane"]



class RosterPane(RowList):
    PANE_TITLE: ClassVar[str] = "Roster"
    HELP: ClassVar[str] = """\
## Roster

The campaign's player characters and NPC templates. Stats are typed as values (`15`) or
ratings (`8M`), and ratings are shown with their value (`8M=16`).

`enter` puts the selected one into the running encounter; `s` spawns several numbered
copies of an NPC template ("Skrak 1" .. "Skrak 4"), each with his own wounds, sharing one
Nish so they act together. `o` puts a vehicle or ship template into the fight as the
party's own vessel (no Nish of its own; its critical damage brings the crew's checks, `k`
on the tracker). `n` makes a new NPC template, `p` a new player character,
`e` edits the selected one, `y` duplicates a template, `delete` removes one (not while it
is in the fight). `/` searches by name or tag; `/` and an empty search shows all again.
"""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join encounter", id="roster.join"),
        Binding("s", "spawn", "Spawn copies", id="roster.spawn"),
        Binding("o", "party_vessel", "Party's vessel",
                tooltip="A vehicle or ship joins the fight as the party's own",
                id="roster.party_vessel", show=False),
        Binding("n", "new_npc", "New NPC", id="roster.new_npc"),
        Binding("p", "new_pc", "New PC", id="roster.new_pc"),
        Binding("e", "edit", "Edit", id="roster.edit"),
        Binding("y", "duplicate", "Duplicate", id="roster.duplicate", show=False),
        Binding("delete", "delete", "Delete", id="roster.delete", show=False),
        Binding("slash", "search", "Search", id="roster.search"),
        *cursor_ends("roster"),
    ]

    class Selected(Message):
        def __init__(self, entry: Entry | None) -> None:
            self.entry = entry
            super().__init__()

    def __init__(self, flows: RosterFlows, *, id: str | None = None) -> None:
        super().__init__([("Name", 18), ("Kind", 5), ("Nish", 7), ("Vit", 7)],
                         narrow={0: 14}, drop_first=[3, 1], id=id)
        self.flows = flows
        self._entries: list[Entry] = []
        self._drawn = DrawnFrom()
        self.query_text = ""

    def show(self, view: View) -> None:
        if not self._drawn.changed(view.pcs, view.npcs, self.query_text, view.system):
            return  # a fight's keys leave a 300-template roster alone
        facade = view.system == "facade"  # Action and health levels (issue 31)
        self.set_labels(["Name", "Kind", "Action", "Health"] if facade
                        else ["Name", "Kind", "Nish", "Vit"])
        pcs: list[PlayerCharacter] = sorted(view.pcs.values(), key=lambda pc: pc.name.lower())
        rows = [(("pc", pc.id), (pc.name, "PC", *(facade_numbers(pc.facade) if facade else (
            stat_text(pc.nish), stat_text(pc.vit_max)))))
                for pc in pcs if matches(self.query_text, pc.name)]
        rows += [(("npc", npc.id), (npc.name, "NPC" if npc.body_type.value == "P"
                                    else f"NPC {npc.body_type.value}",
                                    *(facade_numbers(npc.facade) if facade else (
                                        stat_text(npc.nish), stat_text(npc.vit)))))
                 for npc in sorted(view.npcs.values(), key=lambda n: n.name.lower())
                 if matches(self.query_text, npc.name, npc.tags)]
        selected = self.selected
        self._entries = [entry for entry, _ in rows]
        self.set_rows([cells for _, cells in rows])
        if selected in self._entries:
            self.move_cursor(row=self._entries.index(selected))
        if not self.query_text:
            self.border_subtitle = ""
        elif rows:
            self.border_subtitle = (f"search: {self.query_text} ({len(rows)} of "
                                    f"{len(view.pcs) + len(view.npcs)}) · / to change")
        else:  # a filter with no match must not look like an empty roster
            self.border_subtitle = f"no match for {self.query_text!r} · / to change"

    @property
    def selected(self) -> Entry | None:
        if self._entries and 0 <= self.cursor_row < len(self._entries):
            return self._entries[self.cursor_row]
        return None

    def on_row_list_chosen(self, event: RowList.Chosen) -> None:
        event.stop()
        self.flows.join(self.selected)

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        event.stop()
        self.post_message(self.Selected(self.selected))

    # ----- keys ---------------------------------------------------------------------------

    def action_join(self) -> None:
        self.flows.join(self.selected)

    def action_spawn(self) -> None:
        self.flows.spawn(self.selected)

    def action_party_vessel(self) -> None:
        self.flows.party_vessel(self.selected)

    def action_new_npc(self) -> None:
        self.flows.new_npc()

    def action_new_pc(self) -> None:
        self.flows.new_pc()

    def action_edit(self) -> None:
        self.flows.edit(self.selected)

    def action_duplicate(self) -> None:
        self.flows.duplicate(self.selected)

    def action_delete(self) -> None:
        self.flows.delete(self.selected)

    def action_search(self) -> None:
        """Filter the list by name or tag (a view of the roster: nothing is saved)."""
        async def ask() -> None:
            values = await dialog(self.app, FormDialog("Search the roster", [Field(
                "query", "Name or tag (empty: show all)", str, value=self.query_text)]))
            if values is not None:
                self.query_text = values["query"].strip()
                self.flows.host.refresh_view()

        run_wizard(self.app, ask())
