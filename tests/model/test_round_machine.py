"""The tracker as a verified state machine (issue 11).

Hypothesis drives every GM operation on a fight, in any order, through the store as the
console does (one undoable action each), and after every step checks what a GM relies on
without looking: nobody is skipped, nobody acts twice, the turn always names someone still
to act (or the round's end), hazards move once a round on their victim's Nish, conditions
last exactly their rounds, undo gives back exactly the state before, and a save reads back
equal. The bookkeeping of who has had his turn is the test's own (``self.done``), kept from
the GM's operations alone, not read from the model.

Hazards start at any moment of a round (issue 25): before the victim's turn, during it,
after it, at the round's end, before the first Nish. Each first moves on at the victim's
first Nish after it starts: this round's if his turn was still to come, by the test's own
account, else a later round's; and that first Nish brings the hazard's first check.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from console.model import Encounter, PlayerCharacter, Side, Status
from console.model.adventures import Adventure, PreparedEncounter, Scene
from console.model.combat import wound_npc_in_fight, wound_pc
from console.model.encounters import Hold, InitiativeMode, Shock
from console.model.errors import ModelError
from console.model.hazards import apply_hazard_result, attach_hazard, due_now
from console.model.outcome import Outcome
from console.model.player_view import HEALTH_WORDS, player_picture
from console.model.prep import reveal
from console.model.tracker import (
    END,
    act_now,
    add_combatant,
    add_condition,
    call_for_nish,
    choose_leader,
    current_turn,
    hold,
    jump_to,
    move_in_tie,
    next_turn,
    previous_turn,
    remove_condition,
    repeats_turn,
    round_order,
    set_mode,
    set_nish,
    set_shock,
    set_status,
    toggle_hidden,
)
from console.model.turns import on_deck
from console.rules.hazards import load_state, panic, suffocation, vacuum
from console.rules.hazards.common import HazardState
from console.rules.initiative import Turn
from console.store import CampaignStore

NISH = st.integers(min_value=0, max_value=40)
# The hazards the machine starts, each with what its first Nish must bring.
HAZARDS: dict[str, Any] = {
    "suffocation": lambda: suffocation.start("no air", prepared=False),
    "held breath": lambda: suffocation.start("water", prepared=True, wp="10L"),
    "vacuum": vacuum.start,
    "panic": lambda: panic.start(5)[0],
}


def _first_nish_brought(kind: str, state: HazardState) -> bool:
    """What the hazard's first counted round must have done to it."""
    if kind == "suffocation":
        return state.pending  # type: ignore[attr-defined,no-any-return]
    if kind == "held breath":
        return state.rounds == 1 and state.breath_left == 2  # type: ignore[attr-defined]
    if kind == "vacuum":
        return "breath" in state.queue  # type: ignore[attr-defined]
    return state.pending and state.rounds == 1  # type: ignore[attr-defined,no-any-return]
PC_SHEETS = {1: PlayerCharacter.new(1, "Vera", vit_max="20"),
             2: PlayerCharacter.new(2, "Kess", vit_max="16")}


# The prepared encounter the machine's fight was launched from (issue 29).
PREPARED = {1: Adventure(1, "Relay", scenes=(Scene(1, "Docks", "", (
    PreparedEncounter(1, "Machine fight", boxed="The doors stand open."),)),))}


def _members(encounter: Encounter) -> list[int]:
    return [m for turn in round_order(encounter).turns for m in turn.members]


class RoundMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.store = CampaignStore.in_memory("Machine", chunk_size=7)
        self.history: list[tuple[dict[str, Any], dict[str, Any]]] = []  # (before, after)
        self.undone: list[tuple[dict[str, Any], dict[str, Any]]] = []
        self.done: list[int] = []  # who has had his turn this round, by the test's account
        self.last_round = 0
        self.ticks: dict[tuple[int, int], int] = {}  # (hazard index, round) -> moves seen
        # hazard index -> (kind, victim, round started, his Nish still to come then), by
        # the test's own account; and the round each first moved on.
        self.starts: dict[int, tuple[str, int, int, bool]] = {}
        self.first_moves: dict[int, int] = {}
        self._gone: int | None = None  # a hazard that just came off by itself (_observe)
        # Parsed once per saved operation: the invariants read them after every step.
        self._read: dict[str, tuple[int, Any]] = {}

    # ----- plumbing ---------------------------------------------------------------------

    def _fresh(self, what: str, read: Any) -> Any:
        found = self._read.get(what)
        if found is None or found[0] != self.store.opno:
            found = self._read[what] = (self.store.opno, read())
        return found[1]

    @property
    def encounter(self) -> Encounter:
        return self._fresh("encounter", lambda: self.store.encounter(1))  # type: ignore[no-any-return]

    @property
    def has_fight(self) -> bool:
        return self._fresh("has_fight", lambda: bool(self.store.encounters()))  # type: ignore[no-any-return]

    def pcs(self) -> dict[int, PlayerCharacter]:
        return self._fresh("pcs", lambda: {pc.id: pc for pc in self.store.pcs()})  # type: ignore[no-any-return]

    def _write(self, name: str, after: Encounter, sheets: tuple[PlayerCharacter, ...] = ()
               ) -> None:
        before = self.encounter
        writes: list[tuple[str, int, dict[str, Any] | None]] = [
            ("encounters", 1, after.to_dict())]
        writes += [("pcs", s.id, s.to_dict()) for s in sheets]
        snapshot = self._snapshot()
        if self.store.apply(name, name, writes) is not None:
            self.history.append((snapshot, self._snapshot()))
            self.undone.clear()
        self._observe(before, after)

    def _snapshot(self) -> dict[str, Any]:
        return {"encounter": self.encounter.to_dict(),
                "pcs": {pc.id: pc.to_dict() for pc in self.store.pcs()}}

    def _act(self, name: str, change: Any) -> Outcome | None:
        try:
            step = change(self.encounter)
        except ModelError:
            return None  # refused: nothing changes
        self._write(name, step.encounter)
        return step

    def _forget_hazard(self, index: int) -> None:
        """Hazard ``index`` came off: the account of it goes, and each after it takes the
        place before (as the encounter's list does)."""
        def moved(at: int) -> int:
            return at - 1 if at > index else at

        self.starts = {moved(i): v for i, v in self.starts.items() if i != index}
        self.first_moves = {moved(i): v for i, v in self.first_moves.items() if i != index}
        self.ticks = {(moved(i), r): v for (i, r), v in self.ticks.items() if i != index}
        self._gone = index

    def _observe(self, before: Encounter, after: Encounter) -> None:
        """The test's own account of the round, from what the GM did."""
        if after.round != before.round:
            self.done = []
        gone, self._gone = self._gone, None
        hazards = list(before.hazards)
        if gone is not None:
            del hazards[gone]
        for index, hazard in enumerate(after.hazards):
            old = hazards[index] if index < len(hazards) else None
            if old is not None and old.ticked_round != hazard.ticked_round:
                key = (index, hazard.ticked_round)
                self.ticks[key] = self.ticks.get(key, 0) + 1
                if index in self.starts and index not in self.first_moves:
                    self._first_move(index, hazard.ticked_round, hazard.state)

    def _first_move(self, index: int, round_: int, saved: dict[str, Any]) -> None:
        """A hazard's first counted round: on his Nish this round if it was still to come
        when it started, never in the round it started otherwise; and it brings the
        hazard's first check (or its first round of held breath)."""
        kind, _victim, started, to_come = self.starts[index]
        self.first_moves[index] = round_
        assert round_ >= started + (0 if to_come else 1), (
            f"{kind} started in round {started} after his Nish moved in round {round_}")
        assert _first_nish_brought(kind, load_state(saved)), f"{kind}: first Nish, no check"

    def _pending(self, turn: Turn) -> list[int]:
        return [m for m in turn.members if m not in self.done]

    def _first_open(self, encounter: Encounter) -> Turn | None:
        return next((t for t in round_order(encounter).turns if self._pending(t)), None)

    def _check_pointer(self, before: Encounter, after: Encounter) -> None:
        """Where the turn may go after any operation: it stays with the turn in progress,
        or follows its actor into a re-shaped round, or goes to the highest turn with
        someone still to act; with nobody left, to the round's end."""
        if after.round == 0 or after.current == END:
            if after.current == END and before.current != END and before.round == after.round:
                still = [m for m in _members(after) if m not in self.done]
                assert not still, f"the round ended with {still} still to act"
            return
        turn = current_turn(after)
        assert turn is not None, "the turn names no turn of the round"
        assert self._pending(turn), f"{turn.label} has acted already: a repeated turn"
        first = self._first_open(after)
        was = current_turn(before) if before.round == after.round else None
        allowed = {first.key if first is not None else None}
        if was is not None:
            allowed.add(was.key)
            allowed |= {t.key for t in round_order(after).turns
                        if set(self._pending(t)) & set(was.members)}
        assert turn.key in allowed, f"{turn.label} is not the next to act"

    # ----- set-up -----------------------------------------------------------------------

    @initialize(npcs=st.lists(NISH, min_size=1, max_size=4), lowest_first=st.booleans())
    def set_up(self, npcs: list[int], lowest_first: bool) -> None:
        # Lowest first: a Façade campaign's fights; every rule below holds the same.
        # Launched from a prepared encounter (issue 29): its boxed text may be shown.
        encounter = Encounter(1, "Machine fight", lowest_first=lowest_first, source=(1, 1))
        for pc_id, sheet in PC_SHEETS.items():
            encounter = add_combatant(encounter, sheet.name, Side.PC, ref=pc_id).encounter
        for number, nish in enumerate(npcs, start=1):
            encounter = add_combatant(encounter, f"Skrak {number}", Side.NPC,
                                      recorded_nish=nish, vit_max=10).encounter
        self.store.apply("setup", "setup", [
            ("encounters", 1, encounter.to_dict()),
            *(("pcs", pc.id, pc.to_dict()) for pc in PC_SHEETS.values())])

    # ----- the round --------------------------------------------------------------------

    @rule(vera=st.one_of(st.none(), NISH), kess=st.one_of(st.none(), NISH))
    def call(self, vera: int | None, kess: int | None) -> None:
        before = self.encounter
        step = self._act("call", lambda e: call_for_nish(e, {1: vera, 2: kess}))
        if step is not None:
            after = self.encounter
            assert (after.round == before.round + 1 and after.acted == ()) or (
                after.current == END)
            for condition in after.conditions:  # exactly their rounds: none outlives them
                assert condition.until_round is None or condition.until_round >= after.round
            for old in before.conditions:
                if old.until_round is None or old.until_round >= after.round:
                    assert old in after.conditions, f"{old.name} ended early"
            self._check_pointer(before, after)

    @precondition(lambda self: self.encounter.round > 0)
    @rule()
    def next(self) -> None:
        before = self.encounter
        turn = current_turn(before)
        step = self._act("next", next_turn)
        if step is not None and turn is not None and before.current != END:
            self.done += [m for m in turn.members if m not in self.done]
        self._check_pointer(before, self.encounter)

    @precondition(lambda self: self.encounter.round > 0)
    @rule()
    def back(self) -> None:
        before = self.encounter
        step = self._act("back", previous_turn)
        after = self.encounter
        if step is not None and after.current not in (None, END, before.current):
            retaken = current_turn(after)
            assert retaken is not None
            self.done = [m for m in self.done if m not in self._reopened(after, retaken)]
        self._check_back(before, after)

    @staticmethod
    def _reopened(encounter: Encounter, turn: Turn) -> list[int]:
        """Stepping back or jumping reopens a turn, but not a saved Initiative."""
        return [m for m in turn.members
                if encounter.combatant(m).hold is not Hold.ALL]  # type: ignore[union-attr]

    def _check_back(self, before: Encounter, after: Encounter) -> None:
        if after.current == END:
            return
        turn = current_turn(after)
        assert turn is not None and self._pending(turn)

    @precondition(lambda self: self.encounter.round > 0 and bool(_members(self.encounter)))
    @rule(data=st.data())
    def jump(self, data: st.DataObject) -> None:
        before = self.encounter
        members = _members(before)
        target = data.draw(st.sampled_from(members))
        # enter asks first exactly when, by the test's own account, he has had his turn
        # this round (not saved it) and it is not the one in progress: a second turn.
        now = current_turn(before)
        second = (target in self.done
                  and before.combatant(target).hold is not Hold.ALL  # type: ignore[union-attr]
                  and (now is None or target not in now.members))
        assert repeats_turn(before, target) == second
        step = self._act("jump", lambda e: jump_to(e, target))
        if step is not None:
            turn = current_turn(self.encounter)
            assert turn is not None and target in turn.members
            reopened = {target, *self._reopened(self.encounter, turn)}
            self.done = [m for m in self.done if m not in reopened]

    @rule(data=st.data(), part=st.booleans())
    def save_initiative(self, data: st.DataObject, part: bool) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        step = self._act("hold", lambda e: hold(e, who, part=part))
        if step is not None and not part and who not in self.done:
            self.done.append(who)
        self._check_pointer(before, self.encounter)

    @precondition(lambda self: any(c.hold is not Hold.NONE for c in self.encounter.combatants))
    @rule(data=st.data())
    def act_on_saved(self, data: st.DataObject) -> None:
        held = [c.id for c in self.encounter.combatants if c.hold is not Hold.NONE]
        before = self.encounter
        self._act("act now", lambda e: act_now(e, data.draw(st.sampled_from(held))))
        assert self.encounter.current == before.current  # the round goes on where it was

    # ----- numbers and states mid-round -----------------------------------------------------

    @rule(data=st.data(), value=st.one_of(st.none(), NISH))
    def edit_nish(self, data: st.DataObject, value: int | None) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        self._act("edit nish", lambda e: set_nish(e, who, value))
        self._check_pointer(before, self.encounter)

    @rule(data=st.data(), status=st.sampled_from(list(Status)))
    def change_status(self, data: st.DataObject, status: Status) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        self._act("status", lambda e: set_status(e, who, status))
        self._check_pointer(before, self.encounter)

    @rule(data=st.data(), shock=st.sampled_from(list(Shock)))
    def shock(self, data: st.DataObject, shock: Shock) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        self._act("shock", lambda e: set_shock(e, who, shock))
        self._check_pointer(before, self.encounter)

    @rule(data=st.data())
    def hide_or_reveal(self, data: st.DataObject) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        self._act("hidden", lambda e: toggle_hidden(e, who))
        after = self.encounter
        # Hiding is for the players' screen only: the round is exactly as it was.
        assert (after.current, after.acted, round_order(after)) == (
            before.current, before.acted, round_order(before))
        assert after.combatant(who).hidden is not before.combatant(who).hidden

    @rule()
    def read_aloud(self) -> None:
        """Issue 29: the boxed text onto the players' view and off it: the round is
        exactly as it was."""
        before = self.encounter
        self._act("read aloud", lambda e: reveal(e, PREPARED))
        after = self.encounter
        assert (after.current, after.acted, round_order(after)) == (
            before.current, before.acted, round_order(before))
        assert bool(after.read_aloud) is not bool(before.read_aloud)

    @rule(mode=st.sampled_from(list(InitiativeMode)), seed=st.integers(0, 9))
    def mode(self, mode: InitiativeMode, seed: int) -> None:
        before = self.encounter
        leader = None
        if mode is InitiativeMode.GROUP:
            try:
                leader, _ = choose_leader(before, self.pcs(), random.Random(seed))
            except ModelError:
                return
        self._act("mode", lambda e: set_mode(e, mode, leader))
        self._check_pointer(before, self.encounter)

    @rule(data=st.data(), up=st.booleans())
    def tie(self, data: st.DataObject, up: bool) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        self._act("tie", lambda e: move_in_tie(e, who, -1 if up else 1))
        assert self.encounter.current == before.current

    @rule(nish=NISH)
    def arrival(self, nish: int) -> None:
        before = self.encounter
        number = len(before.combatants) + 1
        self._act("join", lambda e: add_combatant(e, f"Thug {number}", Side.NPC,
                                                  recorded_nish=nish, vit_max=8))
        self._check_pointer(before, self.encounter)

    # ----- combat, hazards, conditions ------------------------------------------------------

    @rule(data=st.data(), damage=st.integers(0, 30), keep_up=st.booleans())
    def attack_npc(self, data: st.DataObject, damage: int, keep_up: bool) -> None:
        before = self.encounter
        npcs = [c.id for c in before.combatants if c.side is Side.NPC]
        target = data.draw(st.sampled_from(npcs))
        self._act("attack", lambda e: wound_npc_in_fight(e, target, damage, keep_up=keep_up))
        self._check_pointer(before, self.encounter)

    @precondition(lambda self: current_turn(self.encounter) is not None)
    @rule(damage=st.integers(0, 30))
    def attack_the_actor(self, damage: int) -> None:
        """The commonest mid-round event: whoever is acting is hit, often killed."""
        before = self.encounter
        turn = current_turn(before)
        assert turn is not None
        actor = before.combatant(turn.members[0])
        assert actor is not None
        if actor.side is Side.NPC:
            self._act("attack", lambda e: wound_npc_in_fight(e, actor.id, damage))
        else:
            hurt = wound_pc(self.pcs()[actor.ref or 0], before, damage)
            self._write("hurt", hurt.latest(Encounter) or before, hurt.pcs)
        self._check_pointer(before, self.encounter)

    @rule(pc=st.sampled_from([1, 2]), damage=st.integers(0, 40))
    def attack_pc(self, pc: int, damage: int) -> None:
        before = self.encounter
        hurt = wound_pc(self.pcs()[pc], before, damage)
        self._write("hurt", hurt.latest(Encounter) or before, hurt.pcs)
        self._check_pointer(before, self.encounter)

    @rule(data=st.data(), kind=st.sampled_from(sorted(HAZARDS)))
    def start_hazard(self, data: st.DataObject, kind: str) -> None:
        before = self.encounter
        who = data.draw(st.sampled_from([c.id for c in before.combatants]))
        state = HAZARDS[kind]()
        # His Nish is still to come this round, by the test's account: the round is under
        # way, he has not had his turn, and the turn in progress (begun) is not his.
        turn = current_turn(before)
        to_come = (before.round > 0 and before.current != END and who not in self.done
                   and (turn is None or who not in turn.members))
        step = self._act("hazard", lambda e: attach_hazard(e, who, state, kind))
        if step is None:
            return
        index = len(self.encounter.hazards) - 1
        self.starts[index] = (kind, who, before.round, to_come)
        owed = [check.key for i, check in due_now(self.encounter, who) if i == index]
        assert owed == (["eardrum"] if kind == "vacuum" else []), f"{kind} at once: {owed}"

    def _owed(self) -> list[tuple[int, int]]:
        return sorted((target, index) for target in {h.target for h in self.encounter.hazards}
                      for index, _ in due_now(self.encounter, target))

    @precondition(lambda self: bool(self._owed()))
    @rule(data=st.data(), result=st.integers(0, 60))
    def hazard_check(self, data: st.DataObject, result: int) -> None:
        owed = self._owed()
        _target, index = data.draw(st.sampled_from(owed))
        before = self.encounter
        try:
            outcome = apply_hazard_result(before, index, result, self.pcs())
        except ModelError:
            return
        if len(outcome.encounter.hazards) < len(before.hazards):
            # Over by itself (a panic snapped out of): it came off, the ones after it
            # moved up a place; the test's account follows them.
            self._forget_hazard(index)
        self._write("hazard check", outcome.encounter, outcome.pcs)
        self._check_pointer(before, self.encounter)

    @rule(data=st.data(), rounds=st.one_of(st.none(), st.integers(1, 3)))
    def condition(self, data: st.DataObject, rounds: int | None) -> None:
        who = data.draw(st.sampled_from([c.id for c in self.encounter.combatants]))
        self._act("condition", lambda e: add_condition(e, "Stunned", who, rounds))

    @precondition(lambda self: bool(self.encounter.conditions))
    @rule(data=st.data())
    def uncondition(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.encounter.conditions) - 1))
        self._act("uncondition", lambda e: remove_condition(e, index))

    # ----- undo, redo, save ---------------------------------------------------------------

    @precondition(lambda self: bool(self.history))
    @rule()
    def undo(self) -> None:
        before, after = self.history.pop()
        assert self._snapshot() == after
        self.store.undo()
        assert self._snapshot() == before, "undo did not give back the state before"
        self.undone.append((before, after))
        self._resync()

    @precondition(lambda self: bool(self.undone))
    @rule()
    def redo(self) -> None:
        before, after = self.undone.pop()
        self.store.redo()
        assert self._snapshot() == after, "redo did not give back the state after"
        self.history.append((before, after))
        self._resync()

    def _resync(self) -> None:
        # Undo steps the campaign back: the test's account of the round restarts from the
        # model's (what undo restores is checked exactly above), and a hazard may move again.
        self.done = list(self.encounter.acted)
        self.ticks.clear()
        self.starts.clear()  # the hazards started before are no longer followed
        self.first_moves.clear()

    @rule()
    def save_and_reload(self) -> None:
        saved = json.loads(json.dumps(self.encounter.to_dict()))
        assert Encounter.from_dict(saved) == self.encounter

    # ----- always ---------------------------------------------------------------------------

    @invariant()
    def the_pointer_is_sound(self) -> None:
        if not self.has_fight:
            return
        encounter = self.encounter
        if encounter.round == 0:
            assert encounter.current is None and encounter.acted == ()
            return
        assert encounter.current is not None
        if encounter.current != END:
            turn = current_turn(encounter)
            assert turn is not None, f"current {encounter.current!r} is no turn of the round"
            assert set(turn.members) - set(encounter.acted), "the turn names no one to act"

    @invariant()
    def hazards_move_once_a_round_on_their_victims_nish(self) -> None:
        if not self.has_fight:
            return
        encounter = self.encounter
        assert all(count == 1 for count in self.ticks.values()), "a hazard moved twice"
        turn = current_turn(encounter)
        for hazard in encounter.hazards:
            assert hazard.ticked_round <= encounter.round
            if (turn is not None and hazard.target in turn.members
                    and hazard.target not in encounter.acted):
                assert hazard.ticked_round == encounter.round, "his Nish came, no tick"

    @invariant()
    def a_hazard_first_moves_on_his_first_nish_after_it_starts(self) -> None:
        """Started before his turn: his Nish that round moves it. Started once his turn had
        begun (or between rounds): nothing moves it that round."""
        if not self.starts:
            return
        encounter = self.encounter
        turn = current_turn(encounter)
        for index, (kind, victim, started, to_come) in self.starts.items():
            hazard = encounter.hazards[index]
            if encounter.round != started:
                continue
            if to_come:
                acting = (turn is not None and victim in turn.members
                          and victim not in encounter.acted)
                if acting:
                    assert self.first_moves.get(index) == started, (
                        f"{kind}: started before his turn in round {started}, his Nish "
                        "came and it did not move")
            else:
                assert index not in self.first_moves and hazard.ticked_round == started, (
                    f"{kind}: started after his Nish in round {started}, moved that round")

    @invariant()
    def the_turn_on_deck_is_the_one_next_turn_makes_current(self) -> None:
        if not self.has_fight:
            return
        encounter = self.encounter
        if encounter.round == 0 or encounter.current == END:
            assert on_deck(encounter) is None
            return
        after = next_turn(encounter).encounter.current
        assert on_deck(encounter) == (None if after == END else after)

    @invariant()
    def the_order_runs_the_way_the_campaign_plays(self) -> None:
        if not self.has_fight:
            return
        encounter = self.encounter
        numbers = [turn.nish for turn in round_order(encounter).turns]
        assert numbers == sorted(numbers, reverse=not encounter.lowest_first)

    @invariant()
    def the_players_see_no_one_hidden_and_no_npc_numbers(self) -> None:
        if not self.has_fight:
            return
        encounter = self.encounter
        picture = player_picture("c", 1, encounter, self.pcs())
        shown = sorted(c.name for c in encounter.combatants
                       if not c.hidden and c.status is not Status.REMOVED)
        assert sorted(row.name for row in picture.rows) == shown
        turn = current_turn(encounter)
        members = [encounter.combatant(m) for m in (turn.members if turn else ())]
        now = {c.name for c in members if c is not None}
        seen_now = any(c is not None and not c.hidden and c.status is not Status.REMOVED
                       for c in members)
        placed = {m for t in round_order(encounter).turns for m in t.members
                  if not encounter.combatant(m).hidden}  # type: ignore[union-attr]
        marked = [row.name for row in picture.rows if row.mark == "now"]
        if seen_now:
            assert set(marked) <= now
        elif turn is not None and placed:
            # Only hidden combatants act: a shown turn stands in, so nothing tells.
            assert marked, "a hidden turn left the players' view with no turn marked"
        for row in picture.rows:
            if not row.is_pc:
                assert row.nish is None and row.health in HEALTH_WORDS
                assert row.states == () and row.conditions == ()
        hidden = {c.name for c in encounter.combatants if c.hidden}
        assert not hidden & {h.victim for h in picture.hazards}

    @invariant()
    def the_owed_checks_are_only_ever_those_of_this_round(self) -> None:
        if not self.has_fight:
            return
        for combatant in self.encounter.combatants:
            assert combatant.checks_round <= self.encounter.round


# More fights in CI (.ci/run sets CI) than in a developer's quick run.
RoundMachine.TestCase.settings = settings(
    max_examples=250 if os.environ.get("CI") else 50, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
test_the_tracker_keeps_every_round_honest = RoundMachine.TestCase
