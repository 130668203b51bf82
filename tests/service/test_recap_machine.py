"""The recap of a session played by a state machine (issue 30): whatever the GM does, in any
order, with undo and redo among it, the recap lists every turn that was taken, in the order
taken, every attack made, and nothing undone.

The test keeps its own account from the GM's operations alone: after each action that was
saved, which turn it began (the fight's round and turn in progress before and after it) and
which attack it made; an undo takes the newest action's account off, a redo puts it back,
a new action after an undo drops what could have been redone.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from console.model import Encounter, Side, Status
from console.model.fight_end import EndHow
from console.model.turns import END
from console.service import ActionRefused
from tests.service.evening import Evening

Account = dict[str, list[Any]]


class RecapMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.evening = Evening()
        self.evening.fight("Fight 1")
        self.fights = 1
        self.applied: list[Account] = []  # one per action in effect, oldest first
        self.redoable: list[Account] = []

    # ----- the account ----------------------------------------------------------------

    @property
    def service(self):  # type: ignore[no-untyped-def]
        return self.evening.service

    def _length(self) -> int:
        return len(self.service.session_log(1))

    def act(self, action: Any, attack: tuple[str, str, bool] | None = None) -> None:
        """Carry out ``action``; when it was saved, note the turn it began and its attack."""
        before: Encounter | None = self.service.encounter()
        length = self._length()
        try:
            action()
        except (ActionRefused, ValueError):
            return
        if self._length() == length:
            return  # nothing saved: nothing to tell
        after = self.service.encounters().get(before.id) if before is not None else None
        account: Account = {"turns": [], "attacks": []}
        if before is not None and after is not None and (
                (before.round, before.current) != (after.round, after.current)
                and after.round > 0 and after.current not in (None, END)):
            account["turns"].append((after.id, after.round, after.current))
        if attack is not None:
            account["attacks"].append((before.id if before else 0, *attack))
        self.applied.append(account)
        self.redoable.clear()

    def fighting(self, side: Side) -> list[str]:
        encounter = self.service.encounter()
        if encounter is None:
            return []
        return [c.name for c in encounter.combatants if c.side is side
                and c.status is Status.ACTIVE and c.template is None]

    # ----- the GM's operations --------------------------------------------------------

    @rule(rolls=st.lists(st.integers(0, 40), min_size=2, max_size=2))
    def call_for_nish(self, rolls: list[int]) -> None:
        self.act(lambda: self.evening.call(*rolls))

    @rule()
    def next_turn(self) -> None:
        self.act(self.service.tracker.next_turn)

    @rule()
    def previous_turn(self) -> None:
        self.act(self.service.tracker.previous_turn)

    @rule(data=st.data(), hit=st.booleans(), damage=st.integers(0, 30))
    def pc_attacks(self, data: st.DataObject, hit: bool, damage: int) -> None:
        pcs, npcs = self.fighting(Side.PC), self.fighting(Side.NPC)
        if not pcs or not npcs:
            return
        attacker, target = data.draw(st.sampled_from(pcs)), data.draw(st.sampled_from(npcs))
        if hit:
            self.act(lambda: self.evening.pc_hits(attacker, target, damage),
                     (attacker, target, True))
        else:
            self.act(lambda: self.evening.pc_misses(attacker, target), (attacker, target, False))

    @rule(data=st.data(), armor=st.integers(0, 25))
    def npc_attacks(self, data: st.DataObject, armor: int) -> None:
        pcs, npcs = self.fighting(Side.PC), self.fighting(Side.NPC)
        if not pcs or not npcs:
            return
        attacker, target = data.draw(st.sampled_from(npcs)), data.draw(st.sampled_from(pcs))
        self.act(lambda: self.evening.npc_hits(attacker, target, armor),
                 (attacker, target, True))

    @rule(data=st.data(), status=st.sampled_from([Status.DEAD, Status.UNCONSCIOUS]))
    def down(self, data: st.DataObject, status: Status) -> None:
        encounter = self.service.encounter()
        if encounter is None or not encounter.combatants:
            return
        who = data.draw(st.sampled_from(encounter.combatants))
        self.act(lambda: self.service.tracker.toggle_status(who.id, status))

    @rule(how=st.sampled_from(list(EndHow)))
    def next_fight(self, how: EndHow) -> None:
        self.fights += 1
        self.act(lambda: self.service.tracker.new_encounter(f"Fight {self.fights}", how))
        self.act(self.service.tracker.join_party)
        template = next(iter(self.service.npcs().values()))
        self.act(lambda: self.service.roster.spawn(template, 2))

    @precondition(lambda self: self.applied and self._length() > 0)
    @rule()
    def undo(self) -> None:
        try:
            self.service.undo()
        except ActionRefused:
            return
        self.redoable.append(self.applied.pop())

    @precondition(lambda self: self.redoable)
    @rule()
    def redo(self) -> None:
        self.service.redo()
        self.applied.append(self.redoable.pop())

    # ----- what the recap must say ----------------------------------------------------

    @invariant()
    def the_recap_tells_every_turn_and_attack_in_order_and_nothing_undone(self) -> None:
        recap = self.service.recap.session()
        encounters = sorted(self.service.encounters().values(), key=lambda e: e.id)
        told_turns = []
        told_attacks = []
        for fight, encounter in zip(recap.fights, encounters, strict=True):
            said = list(fight.before)  # before the first Nish (a surprise attack)
            for round_ in fight.rounds:
                said += round_.before
                for turn in round_.turns:
                    told_turns.append((encounter.id, round_.number, turn.key))
                    said += turn.said
            told_attacks += [(encounter.id, item.data["attacker"], item.data["target"],
                              item.data["hit"]) for item in said if item.kind == "attack"]
        turns = [t for account in self.applied for t in account["turns"]]
        attacks = [a for account in self.applied for a in account["attacks"]]
        assert told_turns == turns
        assert sorted(told_attacks) == sorted(attacks)


    @invariant()
    def the_calibrations_counts_add_up_to_the_fights_played(self) -> None:
        calibration = self.service.recap.calibration()
        ended = [e for e in self.service.encounters().values()
                 if not e.active and e.ending is not None and e.ending.row is not None]
        assert calibration.fights == len(ended)
        assert sum(row.count for row in calibration.rows) == calibration.fights
        for row in calibration.rows:
            assert row.count == sum(1 for e in ended if e.ending and e.ending.row == row.row)


TestRecapMachine = RecapMachine.TestCase
TestRecapMachine.settings = settings(
    max_examples=60, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
