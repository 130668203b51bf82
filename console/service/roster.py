"""Roster commands: player characters and NPC templates kept, and sent into the fight."""

from __future__ import annotations

from collections.abc import Callable

from console.model import NpcTemplate, PlayerCharacter
from console.model.combat import sheet_edited
from console.model.lifecycle import (
    carry_pronoun,
    check_deletable,
    check_unique_name,
    check_unique_template_name,
    delete_sheet,
)
from console.model.outcome import Outcome
from console.model.prep import check_template_free
from console.model.roster import duplicate_template, spawn_copies
from console.model.vessels import join_party_vessel
from console.service.core import CampaignCore
from console.service.tracker import TrackerCommands

__all__ = ["RosterCommands", "Sheet"]

Sheet = PlayerCharacter | NpcTemplate


class RosterCommands:
    def __init__(self, service: CampaignCore, tracker: TrackerCommands) -> None:
        self._service = service
        self._tracker = tracker  # a PC joins the fight as the tracker adds him

    def find(self, kind: str, sheet_id: int) -> Sheet | None:
        """A PC (``kind`` "pc") or an NPC template by id."""
        found: Sheet | None = (self._service.pcs().get(sheet_id) if kind == "pc"
                               else self._service.npcs().get(sheet_id))
        return found

    def add_pc(self, make: Callable[[int], PlayerCharacter]) -> Outcome:
        """A new PC, made by ``make`` from the id the campaign gives him."""
        service = self._service
        return self.save_pc(service.guard(lambda: make(service.new_id(PlayerCharacter.TABLE))),
                            verb="made")

    def save_pc(self, sheet: PlayerCharacter, *, verb: str = "changed") -> Outcome:
        service = self._service

        def change() -> Outcome:
            check_unique_name(sheet, service.pcs().values())
            saved = sheet_edited(service.pcs().get(sheet.id), sheet)
            return Outcome.told(saved, notices=(f"{saved.name} {verb}",)).then(
                carry_pronoun(service.encounter(), saved))

        return service.run("pcs.save", change)

    def add_npc(self, make: Callable[[int], NpcTemplate]) -> Outcome:
        service = self._service
        return self.save_npc(service.guard(lambda: make(service.new_id(NpcTemplate.TABLE))),
                             verb="made")

    def save_npc(self, template: NpcTemplate, *, verb: str = "changed") -> Outcome:
        service = self._service

        def change() -> Outcome:
            check_unique_template_name(template, service.npcs())
            return Outcome.told(template, notices=(f"{template.name} {verb}",))

        return service.run("npcs.save", change)

    def duplicate(self, template: NpcTemplate) -> Outcome:
        service = self._service
        copy = duplicate_template(template, service.new_id(NpcTemplate.TABLE),
                                  (n.name for n in service.npcs().values()))
        return self.save_npc(copy, verb="made")

    def check_deletable(self, sheet: Sheet) -> None:
        """Refused now, before the GM is asked anything, when the fight or a waiting award
        still uses ``sheet``."""
        service = self._service
        service.guard(lambda: check_deletable(sheet, service.encounter(), service.session()))

    def delete(self, sheet: Sheet) -> Outcome:
        """Delete a PC or a template, unless the fight, a waiting award or (a template) a
        prepared adventure's encounter still uses it."""
        service = self._service

        def change() -> Outcome:
            if isinstance(sheet, NpcTemplate):
                check_template_free(sheet, service.adventures().values())
            return delete_sheet(sheet, service.encounter(), service.session())

        return service.run(f"{sheet.TABLE}.delete", change)

    def spawn(self, template: NpcTemplate, count: int, *, shared_nish: bool = True,
              hidden: bool = False) -> Outcome:
        service = self._service
        return service.run("roster.spawn", lambda: spawn_copies(
            service.running(), template, count, shared_nish=shared_nish, hidden=hidden))

    def join_party_vessel(self, template: NpcTemplate) -> Outcome:
        """A vehicle or ship template joins the fight as the party's own vessel."""
        service = self._service
        return service.run("roster.party_vessel", lambda: join_party_vessel(
            service.running(), template))

    def join(self, sheet: Sheet) -> Outcome:
        """Into the running fight: a PC himself, a template as one copy."""
        if isinstance(sheet, PlayerCharacter):
            # In a Façade fight his Initiative is his Action, known from his sheet.
            facade = self._service.campaign().system == "facade" and sheet.facade is not None
            running = self._service.encounter()
            on_action = facade and running is not None and running.round > 0
            return self._tracker.join_pc(
                sheet.name, nish=sheet.facade.action if on_action and sheet.facade else None)
        return self.spawn(sheet, 1)
