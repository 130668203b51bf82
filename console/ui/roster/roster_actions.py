"""The roster's keys carried out: sheets and templates edited, copies sent into the fight.

A mixin of the main screen (it uses the screen's ``controller``, ``perform`` and
``guarded``); the pane itself only posts which key was pressed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.model import NpcTemplate, PlayerCharacter
from console.model.roster import duplicate_template, spawn_copies
from console.rules.limits import COUNT
from console.ui.dialogs.form_dialog import Field, FormDialog, whole_number, yes_no
from console.ui.dialogs.sheet_forms import npc_form, npc_from_form, pc_form, pc_from_form
from console.ui.roster.roster_pane import RosterPane

if TYPE_CHECKING:
    from console.ui.screens.main_screen import MainScreen

__all__ = ["RosterActions"]


class RosterActions:
    """What the roster's keys do (the main screen's; one instance each)."""

    def __init__(self, screen: MainScreen) -> None:
        self.screen = screen

    def _sheet(
        self, entry: tuple[str, int] | None
    ) -> PlayerCharacter | NpcTemplate | None:
        if entry is None:
            return None
        kind, ref = entry
        store = self.screen.controller.store
        return store.pc(ref) if kind == "pc" else store.npc(ref)

    def _pc_action(self, action: str, pc: PlayerCharacter) -> None:
        if action == "join":
            self.screen.guarded(lambda: self.screen.controller.join_pc(pc.name, None, None))
        elif action == "edit":
            self.edit_pc(pc)
        elif action == "delete":
            self.screen.guarded(lambda: self.screen.controller.delete_sheet("pc", pc.id))
        else:
            self.screen.notify(f"{pc.name} is a player character: that is for NPC templates",
                        severity="warning")

    def _npc_action(self, action: str, npc: NpcTemplate) -> None:
        if action == "join":
            self.screen.perform("roster.spawn", lambda e: spawn_copies(e, npc, 1))
        elif action == "spawn":
            self.spawn(npc)
        elif action == "edit":
            self.edit_npc(npc)
        elif action == "duplicate":
            store = self.screen.controller.store
            copy = duplicate_template(npc, store.new_id(NpcTemplate.TABLE),
                                      (n.name for n in self.screen.controller.npcs()))
            self.screen.guarded(
                lambda: self.screen.controller.save_sheet(copy, f"{copy.name} made"))
        elif action == "delete":
            self.screen.guarded(lambda: self.screen.controller.delete_sheet("npc", npc.id))

    def spawn(self, npc: NpcTemplate) -> None:
        fields = [
            Field("count", f"How many {npc.name}s", whole_number("how many", COUNT),
                  value="2"),
            Field("shared", "One Nish for the group (y/n)", yes_no("one Nish"), value="y"),
        ]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.screen.perform("roster.spawn", lambda e: spawn_copies(
                    e, npc, values["count"], shared_nish=values["shared"]))

        self.screen.app.push_screen(FormDialog(f"Spawn {npc.name}", fields), done)

    def edit_npc(self, npc: NpcTemplate | None) -> None:
        store = self.screen.controller.store
        new_id = npc.id if npc else store.new_id(NpcTemplate.TABLE)

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            try:
                template = npc_from_form(values, new_id)
            except ValueError as error:
                self.screen.notify(str(error), severity="error")
                return
            verb = "changed" if npc else "made"
            self.screen.guarded(lambda: self.screen.controller.save_sheet(
                template, f"{template.name} {verb}"))

        title = f"Edit {npc.name}" if npc else "New NPC template"
        self.screen.app.push_screen(npc_form(title, npc), done)

    def edit_pc(self, pc: PlayerCharacter | None) -> None:
        new_id = pc.id if pc else self.screen.controller.store.new_id(PlayerCharacter.TABLE)

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            try:
                sheet = pc_from_form(values, pc, new_id)
            except ValueError as error:
                self.screen.notify(str(error), severity="error")
                return
            verb = "changed" if pc else "made"
            self.screen.guarded(lambda: self.screen.controller.save_sheet(
                sheet, f"{sheet.name} {verb}"))

        taken = {other.name for other in self.screen.controller.pcs().values()
                 if pc is None or other.id != pc.id}
        self.screen.app.push_screen(pc_form(f"Edit {pc.name}" if pc else "New player character", pc,
                                     taken), done)

    def search_roster(self) -> None:
        roster = self.screen.query_one("#roster", RosterPane)
        fields = [Field("query", "Name or tag (empty: show all)", str, value=roster.query_text)]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                roster.query_text = values["query"].strip()
                self.screen.refresh_view()

        self.screen.app.push_screen(FormDialog("Search the roster", fields), done)

