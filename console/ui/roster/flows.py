"""The roster's keys carried out: sheets and templates edited, copies sent into the fight."""

from __future__ import annotations

from typing import Protocol

from console.model import NpcTemplate, PlayerCharacter
from console.model.fight_words import fight_words
from console.model.lifecycle import sheet_history, taken_template_names
from console.rules.limits import COUNT
from console.rules.systems import system
from console.service import ActionRefused
from console.service.roster import Sheet
from console.ui.dialogs.confirm import CarefulConfirm
from console.ui.dialogs.form_dialog import Field, whole_number, yes_no
from console.ui.dialogs.sheet_forms import npc_form, npc_from_form, pc_form, pc_from_form
from console.ui.facade.sheet_forms import (
    facade_npc_form,
    facade_npc_from_form,
    facade_pc_form,
    facade_pc_from_form,
    metalface_skills_field,
)
from console.ui.flow import Flows

__all__ = ["Entry", "RosterFlows", "Searchable"]

Entry = tuple[str, int]  # ("pc" | "npc", id): a roster row (as the roster pane's)


class Searchable(Protocol):
    """A list the GM filters by a text (the roster pane)."""

    query_text: str

    def search_for(self, text: str) -> None: ...


class RosterFlows(Flows):
    def sheet(self, entry: Entry | None) -> Sheet:
        found = None if entry is None else self.service.roster.find(*entry)
        if found is None:
            raise ActionRefused("the roster is empty: p adds a PC, n an NPC template")
        return found

    def _template(self, entry: Entry | None) -> NpcTemplate:
        sheet = self.sheet(entry)
        if isinstance(sheet, PlayerCharacter):
            raise ActionRefused(f"{sheet.name} is a player character: that is for NPC "
                                "templates")
        return sheet

    # ----- one key ------------------------------------------------------------------------

    def join(self, entry: Entry | None) -> None:
        self.command(lambda: self.service.roster.join(self.sheet(entry)))

    def party_vessel(self, entry: Entry | None) -> None:
        self.command(lambda: self.service.roster.join_party_vessel(self._template(entry)))

    def duplicate(self, entry: Entry | None) -> None:
        self.command(lambda: self.service.roster.duplicate(self._template(entry)))

    def delete(self, entry: Entry | None) -> None:
        """Undoable, and said with the way back; a PC whose sheet holds AP or history
        beyond a new one's is asked about first, naming what it holds."""
        sheet = self.sheet(entry)
        self.service.roster.check_deletable(sheet)  # refused before anything is asked
        held = sheet_history(sheet) if isinstance(sheet, PlayerCharacter) else []
        if not isinstance(sheet, PlayerCharacter) or not held:
            self.command(lambda: self.service.roster.delete(sheet), undoable=True)
            return
        self.run(self._delete_pc(sheet, held))

    async def _delete_pc(self, pc: PlayerCharacter, held: list[str]) -> None:
        if await self.ask(CarefulConfirm(f"Delete {pc.name}?", [
                f"{pc.name}'s sheet holds: {'; '.join(held)}",
                "ctrl+z brings the sheet back, as long as this session runs"],
                go=f"delete {pc.name}")):
            self.command(lambda: self.service.roster.delete(pc), undoable=True)

    # ----- flows of dialogs ---------------------------------------------------------------

    def search(self, pane: Searchable) -> None:
        """Filter the roster by name or tag (a view of it: nothing is saved)."""
        self.run(self._search(pane), writes=False)

    async def _search(self, pane: Searchable) -> None:
        values = await self.form("Search the roster", [Field(
            "query", "Name or tag (empty: show all)", str, value=pane.query_text)])
        if values is not None:
            pane.search_for(values["query"])

    def spawn(self, entry: Entry | None) -> None:
        self.run(self._spawn(self._template(entry)))

    async def _spawn(self, template: NpcTemplate) -> None:
        # The word of the fights this campaign begins (Façade: Initiative).
        word = fight_words(system(self.service.campaign().system).lowest_first).initiative
        values = await self.form(f"Spawn {template.name}", [
            Field("count", f"How many {template.name}s", whole_number("how many", COUNT),
                  value="2"),
            Field("shared", f"One {word} for the group (y/n)", yes_no(f"one {word}"),
                  value="y"),
            Field("hidden", "Hidden from the players (y/n)",
                  yes_no("hidden"), value="n"),
        ])
        if values is not None:
            self.show(self.service.roster.spawn(template, values["count"],
                                                shared_nish=values["shared"],
                                                hidden=values["hidden"]))

    def edit(self, entry: Entry | None) -> None:
        sheet = self.sheet(entry)
        self.run(self._edit_pc(sheet) if isinstance(sheet, PlayerCharacter)
                   else self._edit_npc(sheet))

    def new_pc(self) -> None:
        self.run(self._edit_pc(None))

    def new_npc(self) -> None:
        self.run(self._edit_npc(None))

    async def _edit_npc(self, template: NpcTemplate | None) -> None:
        title = f"Edit {template.name}" if template else "New NPC template"
        facade = self.service.campaign().system == "facade"  # its own numbers (issue 31)
        taken = taken_template_names(self.service.npcs(), template)  # refused at the field
        filled = await self.ask(facade_npc_form(title, template, taken) if facade
                                else npc_form(title, template, taken))
        if filled is None:
            return
        values = filled.values

        def made(new_id: int) -> NpcTemplate:
            if facade:
                return facade_npc_from_form(values, template, new_id)
            return npc_from_form(values, new_id)

        roster = self.service.roster
        if template is None:
            self.show(roster.add_npc(made))
        else:
            self.show(roster.save_npc(self.service.guard(lambda: made(template.id))))

    async def _edit_pc(self, pc: PlayerCharacter | None) -> None:
        taken = {other.name for other in self.service.pcs().values()
                 if pc is None or other.id != pc.id}
        title = f"Edit {pc.name}" if pc else "New player character"
        system = self.service.campaign().system  # a Façade or Metalface sheet (issue 31)
        form = (facade_pc_form(title, pc, taken) if system == "facade" else pc_form(
            title, pc, taken, [metalface_skills_field(pc)] if system == "metalface" else []))
        filled = await self.ask(form)
        if filled is None:
            return
        values = filled.values

        def made(new_id: int) -> PlayerCharacter:
            if system == "facade":
                return facade_pc_from_form(values, pc, new_id)
            return pc_from_form(values, pc, new_id)

        roster = self.service.roster
        if pc is None:
            self.show(roster.add_pc(made))
        else:
            self.show(roster.save_pc(self.service.guard(lambda: made(pc.id))))
