"""The campaign's player characters and NPC templates: kept, searched, sent into the fight."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, overload

from textual.binding import Binding, BindingType
from textual.message import Message

from console.model import NpcTemplate, PlayerCharacter
from console.model.roster import matches
from console.service import CampaignService, View
from console.ui.bindings import cursor_ends
from console.ui.changes import Redraws
from console.ui.formatting import stat_text
from console.ui.widgets.row_list import Cell, RowList

if TYPE_CHECKING:
    from console.ui.roster.flows import RosterFlows

__all__ = ["Entry", "RosterFlowsHost", "RosterPane"]

Entry = tuple[str, int]  # ("pc" | "npc", id): a roster row
Sheet = PlayerCharacter | NpcTemplate
Cells = tuple[Cell, ...]


class _Rows(Sequence[Cells]):
    """The roster's rows, each made when the list first asks for it: a roster of 3,000
    templates draws the rows on screen, not the rest."""

    def __init__(self, sheets: list[Sheet], cells: Callable[[Sheet], Cells]) -> None:
        self._sheets = sheets
        self._cells = cells

    def __len__(self) -> int:
        return len(self._sheets)

    @overload
    def __getitem__(self, index: int) -> Cells: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Cells]: ...

    def __getitem__(self, index: int | slice) -> Cells | Sequence[Cells]:
        if isinstance(index, slice):
            return [self._cells(sheet) for sheet in self._sheets[index]]
        return self._cells(self._sheets[index])


class RosterFlowsHost(Protocol):
    """Where the roster's keys find their flows (made when first asked for)."""

    @property
    def roster_flows(self) -> RosterFlows: ...


class RosterPane(Redraws, RowList):
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

    SHOWS: ClassVar[frozenset[str]] = frozenset({PlayerCharacter.TABLE, NpcTemplate.TABLE})

    class Selected(Message):
        def __init__(self, entry: Entry | None) -> None:
            self.entry = entry
            super().__init__()

    def __init__(self, service: CampaignService, host: RosterFlowsHost, *,
                 id: str | None = None) -> None:
        super().__init__([("Name", 18), ("Kind", 5), ("Nish", 7), ("Vit", 7)],
                         narrow={0: 14}, drop_first=[3, 1], id=id)
        self.service = service
        self.host = host
        self._entries: list[Entry] = []
        # Each sheet's cells, as last drawn: an unchanged sheet (the same object) is handed
        # back the same cells, known unchanged without looking at them.
        self._drawn: dict[Entry, tuple[Sheet, Cells]] = {}
        self.query_text = ""

    def _cells(self, sheet: Sheet) -> Cells:
        entry = ("pc" if isinstance(sheet, PlayerCharacter) else "npc", sheet.id)
        found = self._drawn.get(entry)
        if found is not None and found[0] is sheet:
            return found[1]
        if isinstance(sheet, PlayerCharacter):
            cells: Cells = (sheet.name, "PC", stat_text(sheet.nish), stat_text(sheet.vit_max))
        else:
            kind = "NPC" if sheet.body_type.value == "P" else f"NPC {sheet.body_type.value}"
            cells = (sheet.name, kind, stat_text(sheet.nish), stat_text(sheet.vit))
        self._drawn[entry] = (sheet, cells)
        return cells

    @property
    def flows(self) -> RosterFlows:
        return self.host.roster_flows

    def redraw(self) -> None:
        self.show(self.service.view())

    def search_for(self, text: str) -> None:
        """Only the entries whose name or tag holds ``text`` ("" for all)."""
        self.query_text = text.strip()
        self.redraw()

    def show(self, view: View) -> None:
        query = self.query_text
        sheets: list[Sheet] = [pc for pc in sorted(view.pcs.values(),
                                                   key=lambda pc: pc.name.lower())
                               if matches(query, pc.name)]
        sheets += [npc for npc in sorted(view.npcs.values(), key=lambda n: n.name.lower())
                   if matches(query, npc.name, npc.tags)]
        selected = self.selected
        self._entries = [("pc" if isinstance(sheet, PlayerCharacter) else "npc", sheet.id)
                         for sheet in sheets]
        self.set_rows(_Rows(sheets, self._cells))
        if selected in self._entries:
            self.move_cursor(row=self._entries.index(selected))
        if not query:
            self.border_subtitle = ""
        elif sheets:
            self.border_subtitle = (f"search: {self.query_text} ({len(sheets)} of "
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
        self.flows.search(self)
