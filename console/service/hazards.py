"""Hazard commands: a hazard put on a combatant, the player's result on each check as it
falls due, the hazard ended, and game time passing outside the rounds."""

from __future__ import annotations

from console.model import Combatant
from console.model.hazards import (
    apply_hazard_result,
    apply_step,
    attach_hazard,
    due_now,
    end_hazard,
    hazards_of,
    pass_time,
    passing_out,
)
from console.model.outcome import Outcome
from console.rules.hazards.common import DueCheck, HazardState, HazardStep
from console.rules.ratings import Rating, parse_adjustment
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["HazardCommands"]

# The sheet stat each hazard check rolls, for the exact chance shown beside it.
_SHEET_STATS = {"WP": "wp", "Vit": "vit_max", "FR": "fr", "NAR": "nar", "Str": "str_",
                "Dex": "dex", "AR": "ar", "Healing": "healing"}


class HazardCommands:
    def __init__(self, service: CampaignCore) -> None:
        self._service = service

    def start(self, victim: Combatant, label: str, state: HazardState,
              first: HazardStep | None = None) -> Outcome:
        """A lasting hazard on ``victim``, at its first moment; ``first`` is what its start
        did at once (a panic's effect, a gasp in vacuum), written to him."""
        service = self._service
        # A start that puts him out (a panic's faint) is passing out: under water, it
        # brings the drowning's checks (model.hazards.passing_out).
        return service.run("hazard.start", lambda: passing_out(
            service.running(), attach_hazard(service.running(), victim.id, state, label,
                                             first, service.pcs(), service.npcs()),
            service.pcs(), service.npcs()))

    def resolve_step(self, victim: Combatant, step: HazardStep,
                     hazard: str | None = None) -> Outcome:
        """A one-off hazard's check, resolved: its effects written to the victim;
        ``hazard`` names it (poison, radiation ...) for the recap's account of the check."""
        service = self._service
        return service.run("hazard.check", lambda: apply_step(
            service.running(), victim.id, step, service.pcs(), service.npcs(),
            hazard=hazard))

    def state(self, victim: Combatant) -> tuple[int, HazardState]:
        """His oldest hazard (index in the encounter, state); refused when he has none."""
        found = self._service.guard(lambda: hazards_of(self._service.running(), victim.id))
        if not found:
            raise ActionRefused(f"{victim.name} faces no hazard (z starts one)")
        return found[0]

    def owed(self, victim: Combatant) -> list[tuple[int, DueCheck]]:
        """The checks his hazards ask for now (index of the hazard, check)."""
        self.state(victim)
        return self._service.guard(lambda: due_now(self._service.running(), victim.id))

    def apply_result(self, index: int, result: int) -> Outcome:
        service = self._service
        return service.run("hazard.check", lambda: apply_hazard_result(
            service.running(), index, result, service.pcs(), service.npcs()))

    def end(self, index: int) -> Outcome:
        service = self._service
        return service.run("hazard.end", lambda: end_hazard(
            service.running(), index, service.pcs(), service.npcs()))

    def pass_time(self, victim: Combatant, *, days: int = 0, hours: int = 0,
                  minutes: int = 0) -> Outcome:
        service = self._service
        return service.run("hazard.time", lambda: pass_time(
            service.running(), victim.id, days=days, hours=hours, minutes=minutes))

    def rating_for(self, victim: Combatant, check: DueCheck) -> Rating | None:
        """The rating the victim rolls for a hazard check (his sheet's, adjusted)."""
        sheet = self._service.sheet_of(victim)
        stat = getattr(sheet, _SHEET_STATS.get(check.ability, ""), None) if sheet else None
        if stat is None:
            return None
        rating: Rating = stat.as_rating()
        if check.adjustment:
            rating = rating.adjusted(parse_adjustment(check.adjustment))
        return rating
