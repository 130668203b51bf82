"""The table's settings and the turn timer through the service (issue 28): the GM's privacy
choices saved with the campaign and undone like any action, NPCs named to the table, each
turn's start kept whatever moved it and its length in the log; and, as a state machine
over every operation that moves a fight, foe numbers that never change and turn starts
that move exactly when the turn does."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from console.model import Side, Status
from console.model.player_view import player_picture
from console.model.table_settings import NpcNames, PcHealth, PlayersSettings, TurnTimer
from console.model.turn_timer import turn_lengths
from console.model.turns import current_turn
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.clock import FakeClock
from tests.service.conftest import fight, seeded

FOES = PlayersSettings(PcHealth.WORDS, NpcNames.FOES, npcs_waiting=False, npc_conditions=True)


def test_the_gms_choices_are_saved_said_and_undone(tmp_path: Path) -> None:
    service = seeded(CampaignStore.create(tmp_path, "Dock"))
    said = service.settings.set_table(FOES, TurnTimer(limit=90))
    assert said.notices == (
        "Players' view: PCs' health as words; NPCs as Foe 1, Foe 2 until named; NPCs placed "
        "once they act; NPCs' conditions shown", "Turn timer on, 1:30 a turn")
    assert service.settings.set_table(FOES, TurnTimer(limit=90)) .changes == ()  # as it was
    service._store.close()
    with CampaignStore.open(tmp_path, "Dock") as store:  # kept with the campaign
        again = CampaignService(store)
        assert again.settings.table() == (FOES, TurnTimer(limit=90))
        again.undo()
        assert again.settings.table() == (PlayersSettings(), TurnTimer())


def test_an_npc_is_named_to_the_table_and_the_players_see_it(memory: CampaignService) -> None:
    service = fight(memory)
    service.settings.set_table(PlayersSettings(npc_names=NpcNames.FOES), TurnTimer())
    assert [c.foe for c in service.running().combatants] == [None, None, 1, 2, 3]
    assert [r.name for r in service.players.picture().rows] == [
        "Brice", "Kara", "Foe 1", "Foe 2", "Foe 3"]
    said = service.tracker.toggle_named(5)
    assert said.notices == ("Skrak leader: named to the players",)
    assert "Skrak leader" in [r.name for r in service.players.picture().rows]
    with pytest.raises(ActionRefused, match="no NPC"):
        service.tracker.toggle_named(1)


def test_each_turn_starts_its_timer_and_the_log_keeps_its_length(
        memory: CampaignService) -> None:
    clock = FakeClock()
    service = fight(seeded(memory._store, clock=clock))
    service.tracker.call_for_nish({1: 20, 2: 5})  # Brice, the Skraks, Kara
    started = service.running().turn_since
    assert started == clock.now
    clock.now += timedelta(seconds=83)
    moved = service.tracker.next_turn()
    assert moved.notices[0] == "Brice's turn: 1:23"
    assert service.running().turn_since == clock.now
    assert service.view().history[-1].description.startswith("Brice's turn: 1:23; Turn: ")
    clock.now += timedelta(seconds=20)
    service.tracker.toggle_status(5, Status.DEAD)  # the leader, killed on his turn: passed on
    lengths = turn_lengths(service.view().history)
    assert [t.seconds for t in lengths][:2] == [83.0, 20.0]
    # The timer off: starts still kept (turned on again mid-turn it counts true), no line.
    service.settings.set_table(PlayersSettings(), TurnTimer(on=False))
    clock.now += timedelta(seconds=5)
    assert not any("turn:" in n for n in service.tracker.next_turn().notices)
    assert service.running().turn_since == clock.now


class TableMachine(RuleBasedStateMachine):
    """Any operation that moves a fight, in any order, through the service with a clock
    that moves between them: a foe number, once given, is never changed or reused, and
    every NPC the players can see has one; a turn's start moves exactly when the turn does
    (to the time of that action); the players never see a hidden combatant, nor an NPC's
    name the GM has not told them, nor an NPC placed before his turn when the GM keeps
    their places."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = FakeClock()
        self.service = seeded(CampaignStore.in_memory("Machine"), clock=self.clock)
        self.numbers: dict[int, int] = {}
        self.taken = 0  # actions of the machine's, which undo may take back

    @initialize(npcs=st.integers(1, 4), hidden=st.sets(st.integers(3, 6)))
    def set_up(self, npcs: int, hidden: set[int]) -> None:
        service = self.service
        service.sessions.toggle()
        service.tracker.new_encounter("Fight")
        service.tracker.join_pc("Vera", vit_max=20)
        service.tracker.join_pc("Kess", vit_max=16)
        for index in range(npcs):
            service.tracker.add_npc(f"Thug {index + 1}", 8 + 3 * index, 12)
        for key in hidden & {c.id for c in service.running().combatants}:
            service.tracker.toggle_hidden(key)
        service.settings.set_table(FOES, TurnTimer())

    def _do(self, work: Any) -> None:
        before = self.service.running()
        self.clock.now += timedelta(seconds=7)
        opno = self.service.opno
        try:
            work()
        except ActionRefused:
            return
        self.taken += self.service.opno != opno
        after = self.service.running()
        if (before.round, before.current) != (after.round, after.current) and after.round:
            assert after.turn_since == self.clock.now, "the turn moved, its start did not"
        elif after.turn_since != before.turn_since:
            assert False, "the start moved with the turn where it was"  # noqa: B011

    def _someone(self, data: st.DataObject) -> int:
        return data.draw(st.sampled_from([c.id for c in self.service.running().combatants]))

    @rule(vera=st.integers(0, 30), kess=st.integers(0, 30))
    def call(self, vera: int, kess: int) -> None:
        self._do(lambda: self.service.tracker.call_for_nish({1: vera, 2: kess}))

    @rule()
    def next(self) -> None:
        self._do(self.service.tracker.next_turn)

    @rule()
    def back(self) -> None:
        self._do(self.service.tracker.previous_turn)

    @rule(data=st.data())
    def jump(self, data: st.DataObject) -> None:
        key = self._someone(data)
        self._do(lambda: self.service.tracker.jump_to(key))

    @rule(data=st.data())
    def hide_or_reveal(self, data: st.DataObject) -> None:
        key = self._someone(data)
        self._do(lambda: self.service.tracker.toggle_hidden(key))

    @rule(data=st.data())
    def name(self, data: st.DataObject) -> None:
        key = self._someone(data)
        self._do(lambda: self.service.tracker.toggle_named(key))

    @rule(data=st.data(), status=st.sampled_from([Status.DEAD, Status.REMOVED,
                                                  Status.UNCONSCIOUS]))
    def status(self, data: st.DataObject, status: Status) -> None:
        key = self._someone(data)
        self._do(lambda: self.service.tracker.toggle_status(key, status))

    @rule(nish=st.integers(0, 30), hidden=st.booleans())
    def arrival(self, nish: int, hidden: bool) -> None:
        late = f"Late {len(self.service.running().combatants)}"  # names the test can tell apart
        self._do(lambda: self.service.tracker.add_npc(late, nish, 10))
        if hidden:
            newest = max(c.id for c in self.service.running().combatants)
            self._do(lambda: self.service.tracker.toggle_hidden(newest))

    @precondition(lambda self: self.taken > 0)
    @rule()
    def undo(self) -> None:
        self.service.undo()
        self.taken -= 1
        # Undo gives back what was: numbers given since are taken back with their action.
        self.numbers = {c.id: c.foe for c in self.service.running().combatants
                        if c.foe is not None}

    @invariant()
    def foes_keep_their_numbers(self) -> None:
        combatants = self.service.running().combatants
        given = {c.id: c.foe for c in combatants if c.foe is not None}
        for key, number in self.numbers.items():
            assert given.get(key) == number, "a foe's number changed"
        assert len(set(given.values())) == len(given), "two foes share a number"
        assert all(c.foe is not None for c in combatants if c.side is Side.NPC
                   and not c.hidden and c.status is not Status.REMOVED)
        self.numbers = given

    @invariant()
    def the_players_see_only_what_they_may(self) -> None:
        service = self.service
        encounter = service.running()
        picture = player_picture("Machine", 1, encounter, service.pcs(), FOES)
        seen = [row.name for row in (*picture.rows, *picture.unplaced)]
        for combatant in encounter.combatants:
            if combatant.side is Side.NPC and (combatant.hidden or not combatant.named):
                assert combatant.name not in seen
        # An NPC placed in the order has had his turn, is having it, or will not act.
        turn = current_turn(encounter)
        acting = set(turn.members) if turn is not None else set()
        for combatant in encounter.combatants:
            label = combatant.name if combatant.named else f"Foe {combatant.foe}"
            if combatant.side is Side.NPC and label in [r.name for r in picture.rows]:
                assert (combatant.id in encounter.acted or combatant.id in acting
                        or combatant.status is not Status.ACTIVE), (
                    f"{combatant.name} placed before his turn")


# More fights in CI (.ci/run sets CI) than in a developer's quick run.
TableMachine.TestCase.settings = settings(
    max_examples=150 if os.environ.get("CI") else 30, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
test_table_machine = TableMachine.TestCase
