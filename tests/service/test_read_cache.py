"""The service's reads after each command: kept up to date from the command's own outcome
(not read back from the store), they must be exactly what a fresh read finds.

A state machine runs fight, roster and history commands in any order; after each, a new
service on the same store (no cache) must see the same encounter, sheets, templates,
session and campaign as the one that ran them.
"""

from __future__ import annotations

import contextlib
import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from console.model import NpcTemplate, PlayerCharacter, Status
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.clock import FakeClock
from tests.service.conftest import SKRAK, fight, seeded

STATUSES = st.sampled_from([Status.UNCONSCIOUS, Status.DEAD, Status.REMOVED])


class ReadCache(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.store = CampaignStore.in_memory("Dock")
        self.service = fight(seeded(self.store, SKRAK,
                                    PlayerCharacter.new(1, "Brice", vit_max="20"),
                                    PlayerCharacter.new(2, "Kara", vit_max="16")))
        self.service.tracker.call_for_nish({1: 12, 2: 7})

    def attempt(self, command) -> None:  # type: ignore[no-untyped-def]
        with contextlib.suppress(ActionRefused):
            command()

    def combatant(self, pick: int) -> int:
        encounter = self.service.encounter()
        if encounter is None or not encounter.combatants:
            raise ActionRefused("no one to act on")
        return encounter.combatants[pick % len(encounter.combatants)].id

    @rule()
    def next_turn(self) -> None:
        self.attempt(self.service.tracker.next_turn)

    @rule()
    def back(self) -> None:
        self.attempt(self.service.tracker.previous_turn)

    @rule(pick=st.integers(0, 9))
    def hold(self, pick: int) -> None:
        self.attempt(lambda: self.service.tracker.hold(self.combatant(pick)))

    @rule(pick=st.integers(0, 9), status=STATUSES)
    def status(self, pick: int, status: Status) -> None:
        self.attempt(lambda: self.service.tracker.toggle_status(self.combatant(pick), status))

    @rule(pick=st.integers(0, 9), rounds=st.none() | st.integers(1, 3))
    def condition(self, pick: int, rounds: int | None) -> None:
        self.attempt(lambda: self.service.tracker.add_condition(
            self.combatant(pick), "Stunned", rounds))

    @rule(nish=st.none() | st.integers(0, 30))
    def newcomer(self, nish: int | None) -> None:
        self.attempt(lambda: self.service.tracker.add_npc("Thug", nish, 10))

    @rule()
    def call_for_nish(self) -> None:
        self.attempt(lambda: self.service.tracker.call_for_nish({1: 9, 2: 15}))

    @rule(wounds=st.integers(0, 30))
    def wound_brice(self, wounds: int) -> None:
        brice = self.service.pcs()[1]
        self.attempt(lambda: self.service.roster.save_pc(brice.with_changes(wounds=wounds)))

    @rule()
    def new_template(self) -> None:
        self.attempt(lambda: self.service.roster.add_npc(
            lambda new_id: NpcTemplate(new_id, f"Guard {new_id}", vit="10", nish="8")))

    @rule(pick=st.integers(0, 9))
    def delete_template(self, pick: int) -> None:
        templates = list(self.service.npcs().values())
        if templates:
            self.attempt(lambda: self.service.roster.delete(templates[pick % len(templates)]))

    @rule()
    def undo(self) -> None:
        self.attempt(self.service.undo)

    @rule()
    def redo(self) -> None:
        self.attempt(self.service.redo)

    @rule()
    def new_encounter(self) -> None:
        self.attempt(lambda: self.service.tracker.new_encounter("Second wave"))

    @invariant()
    def reads_match_a_fresh_read(self) -> None:
        fresh = CampaignService(self.store, random.Random(1), FakeClock())
        assert self.service.encounters() == fresh.encounters()
        assert self.service.encounter() == fresh.encounter()
        assert self.service.pcs() == fresh.pcs()
        assert self.service.npcs() == fresh.npcs()
        assert self.service.session() == fresh.session()
        assert self.service.campaign() == fresh.campaign()


ReadCache.TestCase.settings = settings(max_examples=40, stateful_step_count=30,
                                       deadline=None)
TestReadCache = ReadCache.TestCase
