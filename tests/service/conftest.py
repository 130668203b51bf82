"""The service on a real store: in memory for speed, on disk where a restart matters.

``fight()`` is the standard scene the tests share: session 1, an ambush, Brice and Kara
(PCs with sheets) against two Skraks and their leader, all made by service commands as a
GM would make them.
"""

from __future__ import annotations

import random

import pytest

from console.model import Encounter, NpcTemplate, PlayerCharacter
from console.service import CampaignService
from console.store import CampaignStore
from tests.clock import START, FakeClock

__all__ = ["SKRAK", "fight", "names", "seeded", "turn"]

SKRAK = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="20", ar="4", vit="12", nish="10")


def seeded(store: CampaignStore, *docs: PlayerCharacter | NpcTemplate | Encounter,
           clock: FakeClock | None = None, seed: int = 5) -> CampaignService:
    """A service on ``store`` with ``docs`` saved first (one setup action)."""
    if docs:
        store.apply("setup", "setup", [(d.TABLE, d.id, d.to_dict()) for d in docs], now=START)
    return CampaignService(store, random.Random(seed), clock or FakeClock())


@pytest.fixture
def memory() -> CampaignService:
    return seeded(CampaignStore.in_memory("Dock"))


def fight(service: CampaignService) -> CampaignService:
    """Session 1, "Ambush": Brice and Kara, Skrak 1, Skrak 2 (Nish 10) and the Skrak leader
    (8M: 16), added as the GM adds them."""
    service.sessions.toggle()
    service.tracker.new_encounter("Ambush")
    service.tracker.join_pc("Brice", vit_max=20)
    service.tracker.join_pc("Kara", vit_max=16)
    service.tracker.add_npc("Skrak 1", 10, 12)
    service.tracker.add_npc("Skrak 2", 10, 12)
    service.tracker.add_npc("Skrak leader", 16, 24)
    return service


def names(service: CampaignService) -> list[str]:
    """The round's order as the tracker lists it: turns, then waiting, then out."""
    view = service.view()
    assert view.encounter is not None
    ids = [m for t in view.order.turns for m in t.members] + list(view.order.waiting) + list(
        view.order.out)
    return [view.encounter.combatant(i).name for i in ids]  # type: ignore[union-attr]


def turn(service: CampaignService) -> list[str]:
    """Who acts in the turn in progress ([] when the round is over)."""
    view = service.view()
    assert view.encounter is not None
    position = view.order.position(view.encounter.current)
    if position is None:
        return []
    return [view.encounter.combatant(m).name  # type: ignore[union-attr]
            for m in view.order.turns[position].members]
