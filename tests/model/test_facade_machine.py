"""A Façade fight as a verified state machine (issue 31).

Hypothesis drives a Dramatic Combat of two PCs and three thugs through the store, one
undoable action per GM operation (a turn called, the next click, a step back, the contest
of Action between ties, an action taken at one's click or as an interrupt, an attack with
or without a defense and any blow the chart allows, Simple Combat exchanges, pools raised,
a thug downed or brought back), and after every step checks what the seed promises:

- Initiative is Action, lowest first, ties striated by the contest (the test's own key:
  Action, then the contest's roll, from the sheets and the rolls it gave);
- "anyone with a better Initiative may interrupt the action of someone with a lower
  Initiative if they still have an action": every interrupt the model took came from a
  combatant later in the test's order than the click in progress, who had not had his own
  click and had the action left; every interrupt it refused was not one;
- one Active and one Passive action a turn (fully Active: Active only; fully Passive:
  Passive only), counted by the test from the operations the model accepted;
- the levels of each track are the hits' sum, the penalties the hits', and a thug out of
  Deadly levels is down unless the GM brought him back;
- undo gives back exactly the state before, redo the state after, and a save reads back
  equal.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.errors import ModelError
from console.model.facade_attacks import attack_trait, land_attack, simple_exchange
from console.model.facade_fight import fighter, out_of_deadly
from console.model.facade_sheet import FacadeSheet, parse_armor, parse_weapons
from console.model.facade_turns import (
    initiative_state,
    land_pending,
    new_turn,
    set_tie_rolls,
    take_action,
)
from console.model.fight_events import Attacked, Struck
from console.model.fight_facts import facts
from console.model.lifecycle import end_encounter
from console.model.outcome import Outcome
from console.model.roster import spawn_copies
from console.model.skills import parse_skills
from console.model.tracker import (
    END,
    add_combatant,
    current_turn,
    next_turn,
    previous_turn,
    round_order,
    set_status,
)
from console.rules.facade_combat.actions import Kind, Stance
from console.rules.facade_combat.blows import choices
from console.rules.facade_combat.damage import DamageType
from console.rules.facade_combat.health import Location, penalties, taken
from console.store import CampaignStore


def _sheet(finesse: int, grace: int, agility: int, weapons: str, armor: str = "") -> FacadeSheet:
    return FacadeSheet({"Finesse": finesse, "Grace": grace, "Agility": agility,
                        "Strength": 3}, parse_weapons(weapons), parse_armor(armor))


PCS = {
    1: PlayerCharacter.new(1, "Richard", skills=parse_skills("Swords 4, Dodge 2"),
                           facade=_sheet(4, 4, 3, "Broadsword 3D Swords str 4",
                                         "Leather Armor 2B/1C/2D red 3 T,A")),
    2: PlayerCharacter.new(2, "Conner", skills=parse_skills("Swords 3"),
                           facade=_sheet(3, 3, 3, "Rapier 2D Swords; Kick Strength B legs")),
}
THUG = NpcTemplate(1, "Thug", skills=parse_skills("Knives 2"),
                   facade=_sheet(3, 3, 3, "Knife 1D Knives; Club 3C Clubs str 5"))
ROLL = st.integers(0, 40)
STEPS = st.sampled_from([Kind.ACTIVE, Kind.PASSIVE, Stance.FULLY_ACTIVE, Stance.FULLY_PASSIVE])


class FacadeFight(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.store = CampaignStore.in_memory("Façade machine", chunk_size=7)
        self.history: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []
        self.undone: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []
        # The test's own accounts, kept from the operations the model accepted:
        self.rolls: dict[int, int] = {}  # the contest of Action's rolls
        self.spent: dict[int, list[Any]] = {}  # id -> [active, passive, stance]
        self.revived: set[int] = set()  # thugs the GM brought back after their Deadly levels
        self._read: tuple[int, Encounter | None] | None = None  # the encounter as of an opno

    # ----- plumbing ---------------------------------------------------------------------

    @property
    def encounter(self) -> Encounter:
        # Read from the store once per operation committed (the invariants ask for it
        # often; an Encounter is immutable): parsing it at every ask was most of this test.
        found = self._fight()
        assert found is not None
        return found

    @property
    def has_fight(self) -> bool:
        return self._fight() is not None

    def _fight(self) -> Encounter | None:
        opno = self.store.opno
        if self._read is None or self._read[0] != opno:
            self._read = (opno, self.store.encounter(1))
        return self._read[1]

    def pcs(self) -> dict[int, PlayerCharacter]:
        return {pc.id: pc for pc in self.store.pcs()}

    def npcs(self) -> dict[int, NpcTemplate]:
        return {THUG.id: THUG}

    def _account(self) -> dict[str, Any]:
        return {"rolls": dict(self.rolls), "spent": {k: list(v) for k, v in self.spent.items()},
                "revived": set(self.revived)}

    def _snapshot(self) -> dict[str, Any]:
        return {"encounter": self.encounter.to_dict(),
                "pcs": {pc.id: pc.to_dict() for pc in self.store.pcs()}}

    def _act(self, name: str, change: Any) -> Outcome | None:
        try:
            step: Outcome = change(self.encounter)
        except ModelError:
            return None  # refused: nothing changes
        self._hits_told(step)
        writes: list[tuple[str, int, dict[str, Any] | None]] = [
            ("encounters", 1, step.encounter.to_dict())]
        writes += [("pcs", sheet.id, sheet.to_dict()) for sheet in step.pcs]
        before, account = self._snapshot(), self._account()
        if self.store.apply(name, name, writes) is not None:
            self.history.append((before, self._snapshot(), account))
            self.undone.clear()
        return step

    def _hits_told(self, step: Outcome) -> None:
        """The recap's facts of an accepted action tell each one's hits whole: the levels
        its Struck events give him are the levels his sheet gained (none heals here)."""
        before, after = self.encounter, step.encounter
        pcs_before = self.pcs()
        pcs_after = {**pcs_before, **{pc.id: pc for pc in step.pcs}}
        struck: dict[int, int] = {}
        for fact in facts(before, after, pcs_before, pcs_after):
            if isinstance(fact, Struck):
                struck[fact.who] = struck.get(fact.who, 0) + fact.levels
        for combatant in after.combatants:
            gained = (fighter(after, combatant.id, pcs_after, self.npcs()).health.total
                      - fighter(before, combatant.id, pcs_before, self.npcs()).health.total)
            assert struck.get(combatant.id, 0) == gained, f"{combatant.name}: {gained} levels"

    def _key(self, combatant_id: int) -> tuple[int, int, int, int]:
        """The test's own Initiative: Action, then the contest's roll (the rolled first,
        lowest roll first), then the order they joined."""
        combatant = self.encounter.combatant(combatant_id)
        assert combatant is not None
        who = fighter(self.encounter, combatant_id, self.pcs(), self.npcs())
        assert who.action is not None
        rolled = combatant_id in self.rolls
        return (who.action, 0 if rolled else 1, self.rolls.get(combatant_id, 0), combatant_id)

    def _has_click(self, combatant_id: int) -> bool:
        return round_order(self.encounter).turn_of(combatant_id) is not None

    def _ids(self) -> list[int]:
        return [c.id for c in self.encounter.combatants]

    def _spend(self, who: int, step: Kind | Stance) -> None:
        active, passive, stance = self.spent.setdefault(who, [0, 0, "normal"])
        if isinstance(step, Stance):
            self.spent[who][2] = step.value
        elif step is Kind.ACTIVE:
            self.spent[who][0] = active + 1
        else:
            self.spent[who][1] = passive + 1
        assert stance in ("normal", "fully active", "fully passive")

    # ----- set-up -----------------------------------------------------------------------

    @initialize()
    def set_up(self) -> None:
        encounter = Encounter(1, "Alley", lowest_first=True)
        for pc in PCS.values():
            encounter = add_combatant(encounter, pc.name, Side.PC, ref=pc.id).encounter
        encounter = spawn_copies(encounter, THUG, 3, shared_nish=False).encounter
        self.store.apply("setup", "setup", [
            ("encounters", 1, encounter.to_dict()), ("npcs", THUG.id, THUG.to_dict()),
            *(("pcs", pc.id, pc.to_dict()) for pc in PCS.values())])

    # ----- the turn -----------------------------------------------------------------------

    @rule()
    def call_the_turn(self) -> None:
        if self._act("turn", lambda e: new_turn(e, self.pcs(), self.npcs())) is not None:
            self.spent = {}
            assert all(c.actions.fresh for c in self.encounter.combatants)

    @precondition(lambda self: self.encounter.round > 0)
    @rule()
    def next_click(self) -> None:
        self._act("next", next_turn)

    @precondition(lambda self: self.encounter.round > 0)
    @rule()
    def back(self) -> None:
        self._act("back", previous_turn)

    @precondition(lambda self: self.encounter.round > 0)
    @rule(rolls=st.lists(ROLL, min_size=5, max_size=5))
    def contest_of_action(self, rolls: list[int]) -> None:
        """Everyone sharing the first tied Action rolls."""
        encounter = self.encounter
        actions: dict[int, list[int]] = {}
        for c in encounter.combatants:
            if c.nish is not None:
                actions.setdefault(c.nish, []).append(c.id)
        tied = next((ids for ids in actions.values() if len(ids) > 1), None)
        if tied is None:
            return
        given = dict(zip(tied, rolls, strict=False))
        if self._act("contest", lambda e: set_tie_rolls(e, given)) is not None:
            self.rolls.update(given)

    # ----- actions and interrupts -------------------------------------------------------------

    @rule(data=st.data(), step=STEPS, interrupting=st.booleans())
    def an_action(self, data: st.DataObject, step: Kind | Stance, interrupting: bool) -> None:
        encounter = self.encounter
        who = data.draw(st.sampled_from(self._ids()))
        turn = current_turn(encounter)
        state = initiative_state(encounter, who)
        was = encounter.combatant(who)
        assert was is not None
        done = self._act("action", lambda e: take_action(
            e, self.pcs(), self.npcs(), who, step, interrupting=interrupting))
        if done is None:
            self._refused_rightly(who, step, interrupting, state)
            event(f"action refused ({state})")
            return
        event("an interrupt" if interrupting else "an action")
        self._spend(who, step)
        if interrupting:
            self._interrupt_was_legal(encounter, who, turn)

    def _allowed(self, who: int, step: Kind | Stance) -> bool:
        """What his actions this turn allow, by the seed's three choices."""
        combatant = self.encounter.combatant(who)
        assert combatant is not None
        actions = combatant.actions
        if isinstance(step, Kind):
            return actions.can(step)
        return actions.stance is Stance.NORMAL and (
            actions.fresh or (step is Stance.FULLY_PASSIVE and not actions.active))

    @precondition(lambda self: self.encounter.round > 0
                  and self.encounter.current not in (None, END))
    @rule(data=st.data(), step=STEPS)
    def an_interrupt(self, data: st.DataObject, step: Kind | Stance) -> None:
        """Someone with a better Initiative, still to have his click, interrupts: the model
        takes it exactly when he is up and has the action left."""
        encounter = self.encounter
        turn = current_turn(encounter)
        assert turn is not None
        better = [c.id for c in encounter.combatants
                  if self._has_click(c.id) and c.id not in encounter.acted
                  and c.id not in turn.members
                  and all(self._key(c.id) > self._key(m) for m in turn.members)]
        if not better:
            return
        who = data.draw(st.sampled_from(better))
        combatant = encounter.combatant(who)
        assert combatant is not None
        expected = combatant.status is Status.ACTIVE and self._allowed(who, step)
        done = self._act("interrupt", lambda e: take_action(
            e, self.pcs(), self.npcs(), who, step, interrupting=True))
        assert (done is not None) == expected, f"{combatant.name} interrupting with {step}"
        event(f"interrupt {'taken' if done else 'refused'}")
        if done is not None:
            self._spend(who, step)
            after = self.encounter
            assert after.current == encounter.current, "an interrupt moved the turn"
            left = after.combatant(who).actions.any_left  # type: ignore[union-attr]
            assert (who in after.acted) is (not left), "an interrupter's click kept wrongly"

    def _interrupt_was_legal(self, encounter: Encounter, who: int, turn: Any) -> None:
        assert turn is not None and encounter.current not in (None, END)
        assert who not in encounter.acted, "an interrupt after his own click"
        mine = self._key(who)
        assert all(mine > self._key(member) for member in turn.members), (
            "an interrupt by a worse Initiative")
        assert who not in turn.members

    def _refused_rightly(self, who: int, step: Kind | Stance, interrupting: bool,
                         state: str) -> None:
        """The model refused: it was not allowed (by his status, his actions or his
        Initiative)."""
        combatant = self.encounter.combatant(who)
        assert combatant is not None
        if combatant.status is not Status.ACTIVE:
            return
        if interrupting and state != "later":
            return
        if not interrupting and state in ("later", "passed", "none"):
            return
        assert not self._allowed(who, step), (
            f"{combatant.name}: {step} refused though allowed ({state})")

    @rule(data=st.data(), roll=ROLL, defense=st.one_of(st.none(), ROLL),
          pick=st.integers(0, 20), interrupting=st.booleans(), fully=st.booleans())
    def an_attack(self, data: st.DataObject, roll: int, defense: int | None, pick: int,
                  interrupting: bool, fully: bool) -> None:
        encounter = self.encounter
        ids = self._ids()
        attacker = data.draw(st.sampled_from(ids))
        target = data.draw(st.sampled_from([i for i in ids if i != attacker]))
        turn = current_turn(encounter)
        pcs, npcs = self.pcs(), self.npcs()
        a, t = fighter(encounter, attacker, pcs, npcs), fighter(encounter, target, pcs, npcs)
        weapon = data.draw(st.integers(0, len(a.numbers().weapons) - 1))
        difficulty = attack_trait(a, t, a.weapon(weapon)).difficulty
        offered = choices(roll - max(difficulty, defense or 0))
        choice = offered[pick % len(offered)] if offered else None
        target_before = encounter.combatant(target)
        assert target_before is not None
        done = self._act("attack", lambda e: land_attack(
            e, self.pcs(), self.npcs(), attacker, target, weapon, roll, defense=defense,
            choice=choice, interrupting=interrupting, fully_active=fully))
        event(f"attack {'refused' if done is None else 'landed'}"
              f"{' as an interrupt' if interrupting else ''}"
              f"{' with a hit' if done is not None and choice is not None else ''}")
        if done is None:
            return
        attacks = [e for e in done.events if isinstance(e, Attacked)]
        assert [(e.attacker, e.target, e.hit) for e in attacks] == [
            (attacker, target, choice is not None)], "the attack is told once, as it went"
        assert not any(e.stopped and not e.hit for e in attacks)
        if fully and a.combatant.actions.stance is not Stance.FULLY_ACTIVE:
            self._spend(attacker, Stance.FULLY_ACTIVE)
        self._spend(attacker, Kind.ACTIVE)
        if defense is not None:
            actions = target_before.actions
            if not actions.can(Kind.PASSIVE):
                self._spend(target, Stance.FULLY_PASSIVE)
            self._spend(target, Kind.PASSIVE)
        if interrupting:
            self._interrupt_was_legal(encounter, attacker, turn)

    @rule(data=st.data(), roll=ROLL, against=ROLL, back=st.booleans())
    def a_simple_exchange(self, data: st.DataObject, roll: int, against: int,
                          back: bool) -> None:
        ids = self._ids()
        a = data.draw(st.sampled_from(ids))
        b = data.draw(st.sampled_from([i for i in ids if i != a]))
        done = self._act("simple", lambda e: simple_exchange(
            e, self.pcs(), self.npcs(), a, b, 0, roll, against,
            target_weapon=0 if back else None))
        if done is not None:  # each armed side's attack told; one hits at least, or both
            attacks = [(e.attacker, e.target, e.hit) for e in done.events
                       if isinstance(e, Attacked)]
            assert [pair[:2] for pair in attacks] == [(a, b), *([(b, a)] if back else [])]
            assert any(hit for *_, hit in attacks) or not back

    @rule(data=st.data(), down=st.booleans())
    def a_thug_down_or_back(self, data: st.DataObject, down: bool) -> None:
        thugs = [c.id for c in self.encounter.combatants if c.side is Side.NPC]
        who = data.draw(st.sampled_from(thugs))
        status = Status.UNCONSCIOUS if down else Status.ACTIVE
        if self._act("status", lambda e: set_status(e, who, status)) is not None:
            (self.revived.add if not down else self.revived.discard)(who)

    @precondition(lambda self: self.encounter.round > 0)
    @rule()
    def end_the_fight_then_take_it_back(self) -> None:
        """The fight ended mid-turn ends its turn: Simple Combat's waiting hits land, none
        is left waiting on a PC's sheet for his next fight; one undo gives it all back."""
        before = self._snapshot()
        landed = land_pending(self.encounter, self.pcs(), self.npcs())
        step = landed.then(end_encounter(landed.encounter if landed.changes
                                         else self.encounter))
        self._hits_told(step)
        writes: list[tuple[str, int, dict[str, Any] | None]] = [
            ("encounters", 1, step.encounter.to_dict())]
        writes += [("pcs", sheet.id, sheet.to_dict()) for sheet in step.pcs]
        self.store.apply("encounter.end", "end", writes)
        self.undone.clear()  # the store's redo branch is gone, as after any action
        event(f"fight ended with hits waiting: {bool(landed.changes)}")
        assert not self.encounter.active
        assert all(not pc.facade_health.pending for pc in self.store.pcs()), \
            "a hit left waiting for the PC's next fight"
        assert all(not c.facade_health.pending for c in self.encounter.combatants)
        self.store.undo()
        assert self._snapshot() == before, "undo did not give back the fight"

    # ----- undo, redo, save ---------------------------------------------------------------

    @precondition(lambda self: bool(self.history))
    @rule()
    def undo(self) -> None:
        before, after, account = self.history.pop()
        assert self._snapshot() == after
        self.store.undo()
        assert self._snapshot() == before, "undo did not give back the state before"
        self.undone.append((before, after, self._account()))
        self.rolls, self.revived = account["rolls"], account["revived"]
        self.spent = account["spent"]

    @precondition(lambda self: bool(self.undone))
    @rule()
    def redo(self) -> None:
        before, after, account = self.undone.pop()
        mine = self._account()
        self.store.redo()
        assert self._snapshot() == after, "redo did not give back the state after"
        self.history.append((before, after, mine))
        self.rolls, self.revived = account["rolls"], account["revived"]
        self.spent = account["spent"]

    @rule()
    def save_and_reload(self) -> None:
        saved = json.loads(json.dumps(self.encounter.to_dict()))
        assert Encounter.from_dict(saved) == self.encounter
        for pc in self.store.pcs():
            assert PlayerCharacter.from_dict(json.loads(json.dumps(pc.to_dict()))) == pc

    # ----- always ---------------------------------------------------------------------------

    @invariant()
    def initiative_is_action_lowest_first_ties_striated(self) -> None:
        if not self.has_fight or self.encounter.round == 0:
            return
        order = [m for turn in round_order(self.encounter).turns for m in turn.members]
        assert order == sorted(order, key=self._key), "not lowest Initiative first"

    @invariant()
    def one_action_of_each_kind_a_turn(self) -> None:
        if not self.has_fight:
            return
        for combatant in self.encounter.combatants:
            actions = combatant.actions
            assert [actions.active, actions.passive, actions.stance.value] == self.spent.get(
                combatant.id, [0, 0, "normal"]), f"{combatant.name}: {actions}"
            if actions.stance is Stance.NORMAL:
                assert actions.active <= 1 and actions.passive <= 1
            elif actions.stance is Stance.FULLY_ACTIVE:
                assert actions.passive == 0
            else:
                assert actions.active == 0

    @invariant()
    def the_turn_names_someone_still_to_click(self) -> None:
        if not self.has_fight:
            return
        encounter = self.encounter
        if encounter.round == 0 or encounter.current == END:
            return
        turn = current_turn(encounter)
        assert turn is not None and set(turn.members) - set(encounter.acted)

    @invariant()
    def health_is_the_hits(self) -> None:
        if not self.has_fight:
            return
        encounter, pcs = self.encounter, self.pcs()
        for combatant in encounter.combatants:
            who = fighter(encounter, combatant.id, pcs, self.npcs())
            hits = who.health.hits
            assert who.health.taken() == taken(hits)
            assert who.health.penalties == penalties(hits)
            assert sum(taken(hits).values()) == who.health.total
            assert all(hit.location in Location and hit.type in DamageType for hit in hits)
            if (combatant.side is Side.NPC and out_of_deadly(who)
                    and combatant.id not in self.revived):
                assert combatant.status is not Status.ACTIVE, f"{who.name} out of Deadly levels"


TestFacadeFight = FacadeFight.TestCase
TestFacadeFight.settings = settings(
    max_examples=int(__import__("os").environ.get("FACADE_MACHINE_EXAMPLES", "60")),
    stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
