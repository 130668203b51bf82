"""Typed reads of a campaign: model objects instead of raw documents."""

from __future__ import annotations

from typing import Any

from console.model import Adventure, Campaign, Encounter, NpcTemplate, PlayerCharacter, Session

__all__ = ["TypedReads"]


class TypedReads:
    """Mixed into CampaignStore: each method turns documents from ``get``/``all`` into
    model objects (so callers never depend on the file format)."""

    def get(self, table: str, doc_id: int) -> dict[str, Any] | None:
        raise NotImplementedError

    def all(self, table: str) -> dict[int, dict[str, Any]]:
        raise NotImplementedError

    def campaign(self) -> Campaign:
        return Campaign.from_dict(self.get("campaign", Campaign.DOC_ID))

    def parsed(self, table: str) -> dict[int, object] | None:
        """The table as parsed when its file was read, if it has not changed since."""
        return None

    def pcs(self) -> list[PlayerCharacter]:
        kept = self.parsed("pcs")
        if kept is not None:
            return [pc for _, pc in sorted(kept.items()) if isinstance(pc, PlayerCharacter)]
        return [PlayerCharacter.from_dict(d) for d in self.all("pcs").values()]

    def pc(self, pc_id: int) -> PlayerCharacter | None:
        doc = self.get("pcs", pc_id)
        return None if doc is None else PlayerCharacter.from_dict(doc)

    def npcs(self) -> list[NpcTemplate]:
        kept = self.parsed("npcs")
        if kept is not None:
            return [npc for _, npc in sorted(kept.items()) if isinstance(npc, NpcTemplate)]
        return [NpcTemplate.from_dict(d) for d in self.all("npcs").values()]

    def npc(self, npc_id: int) -> NpcTemplate | None:
        doc = self.get("npcs", npc_id)
        return None if doc is None else NpcTemplate.from_dict(doc)

    def adventures(self) -> list[Adventure]:
        """The prepared adventures, by id."""
        kept = self.parsed("adventures")
        if kept is not None:
            return [a for _, a in sorted(kept.items()) if isinstance(a, Adventure)]
        return [Adventure.from_dict(d) for d in self.all("adventures").values()]

    def session(self) -> Session:
        """The current session (number 0 until the first session is started)."""
        return Session.from_dict(self.get("session", Session.DOC_ID))

    def encounters(self) -> list[Encounter]:
        """Encounters of the current session."""
        return [Encounter.from_dict(d) for d in self.all("encounters").values()]

    def encounter(self, encounter_id: int) -> Encounter | None:
        doc = self.get("encounters", encounter_id)
        return None if doc is None else Encounter.from_dict(doc)
