"""The initiative tracker's commands: encounters, turns, Nish, states and conditions."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from console.model import Encounter, ModelError, PlayerCharacter, Side, Status
from console.model.checks_owed import checks_passed_by
from console.model.encounters import Condition, InitiativeMode
from console.model.facade_turns import land_pending
from console.model.fight_end import EndHow, Ending
from console.model.fight_facts import ending_of
from console.model.hazards import hazard_checks_passed_by, passing_out
from console.model.lifecycle import begin_encounter, check_fight_open, end_encounter, join_pc
from console.model.outcome import Outcome
from console.model.tracker import (
    able_to_lead,
    act_now,
    add_combatant,
    add_condition,
    call_for_nish,
    choose_leader,
    cycle_shock,
    hold,
    jump_to,
    move_in_tie,
    next_turn,
    previous_turn,
    remove_condition,
    repeats_turn,
    set_mode,
    set_nish,
    toggle_hidden,
    toggle_named,
    toggle_status,
)
from console.model.turns import pending
from console.model.vessels import is_vessel
from console.records import record
from console.rules.initiative import RoundOrder
from console.rules.ratings import Rating
from console.rules.systems import system
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["NishCall", "NishRoll", "TrackerCommands"]

_MODES = list(InitiativeMode)


@record
class NishRoll:
    """One line of a call for Nish: who rolls, and his rating when his sheet has one."""

    combatant_id: int
    label: str
    rating: Rating | None


@record
class NishCall:
    """What the call for Nish asks: one roll per PC, or the group leader's for the party."""

    title: str
    rolls: tuple[NishRoll, ...]
    leader: int | None = None  # group Initiative: the PC whose roll the party acts on


_VESSEL_STATUS = {Status.UNCONSCIOUS: Status.CRIPPLED, Status.DEAD: Status.DESTROYED}


class TrackerCommands:
    def __init__(self, service: CampaignCore) -> None:
        self._service = service

    def _on(self, name: str, change: Callable[[Encounter], Outcome]) -> Outcome:
        service = self._service
        return service.run(name, lambda: change(service.running()))

    # ----- encounters ---------------------------------------------------------------------

    def new_encounter(self, name: str, how: EndHow | None = None) -> Outcome:
        """A new encounter; the one running ends first, ``how`` the GM says it ended (see
        :meth:`asks_how_it_ended`)."""
        service = self._service
        lowest_first = system(service.campaign().system).lowest_first  # Façade's fights

        def begin() -> Outcome:
            encounters = service.session_record(service.session().number)[1]
            landed = self._landed(service.encounter())
            if landed.changes:  # the running fight, as its hits left it
                encounters = [landed.encounter if e.id == landed.encounter.id else e
                              for e in encounters]
            return landed.then(begin_encounter(encounters, service.new_id(Encounter.TABLE),
                                               name, lowest_first=lowest_first,
                                               ending=self.ending(how)))

        return service.run("encounter.new", begin)

    def asks_how_it_ended(self) -> bool:
        """Whether ending the running fight asks how it ended: it has begun (Nish was
        called). One never begun ends as it is: it reaches no row of Table 18."""
        encounter = self._service.encounter()
        return encounter is not None and encounter.round > 0

    def end_encounter(self, how: EndHow | None = None) -> Outcome:
        """End the running fight; ``how`` (won, fled, other) is kept with the Table 18 row
        it reached (None: not said, nothing counted)."""
        service = self._service
        encounter = service.encounter()
        if encounter is None:
            raise ActionRefused("no encounter is running")

        def end() -> Outcome:
            landed = self._landed(encounter)
            ended = landed.encounter if landed.changes else encounter
            return landed.then(end_encounter(ended, self.ending(how)))

        return service.run("encounter.end", end)

    def _landed(self, encounter: Encounter | None) -> Outcome:
        """A Façade fight ending in Simple Combat: the hits waiting for the end of the turn
        land as it ends (they landed in the PC's next fight)."""
        service = self._service
        if encounter is None or encounter.round == 0 or service.campaign().system != "facade":
            return Outcome()
        return land_pending(encounter, service.pcs(), service.npcs())

    def ending(self, how: EndHow | None) -> Ending | None:
        return ending_now(self._service, how)

    def add_npc(self, name: str, nish: int | None, vit_max: int | None) -> Outcome:
        return self._on("tracker.add", lambda e: add_combatant(
            e, name, Side.NPC, recorded_nish=nish, vit_max=vit_max))

    def join_pc(self, name: str, nish: int | None = None,
                vit_max: int | None = None) -> Outcome:
        """A PC into the fight, with a new sheet if the roster has none of that name."""
        service = self._service
        return self._on("tracker.add", lambda e: join_pc(
            e, service.pcs(), name, nish, vit_max, service.new_id(PlayerCharacter.TABLE)))

    def join_party(self) -> Outcome:
        """Every PC of the roster not yet in the fight, as one action (one undo)."""
        service = self._service

        def change(encounter: Encounter) -> Outcome:
            present = {c.ref for c in encounter.combatants if c.is_pc}
            pcs = service.pcs()
            outcome = Outcome()
            facade = service.campaign().system == "facade" and encounter.round > 0
            for pc in sorted(pcs.values(), key=lambda sheet: sheet.name.lower()):
                if pc.id not in present:
                    # Mid-fight in a Façade campaign, his Initiative is his Action.
                    action = pc.facade.action if facade and pc.facade is not None else None
                    step = join_pc(encounter, pcs, pc.name, action, None, pc.id)
                    encounter = step.encounter
                    outcome = outcome.then(step)
            if not outcome.changes:
                raise ModelError("every PC of the roster is in the fight already"
                                 if pcs else "no PCs in the roster yet: 2, p adds one")
            return outcome

        return self._on("tracker.party", change)

    # ----- the round ----------------------------------------------------------------------

    def check_fight_open(self) -> None:
        """Refused (a closed session's fights change no more) before a flow's first dialog:
        the GM answered two dialogs of E only to have the fight refused at the end."""
        service = self._service
        service.guard(lambda: check_fight_open(service.session()))

    def nish_call(self) -> NishCall:
        """Who rolls at this call for Nish (in group Initiative, the leader, chosen now)."""
        service = self._service
        encounter = service.running()
        # Refused before the dialog: a closed session's fight takes no Nish (the GM typed
        # every result only to have them refused as the form closed).
        service.guard(lambda: check_fight_open(service.session()))
        pcs = service.pcs()
        rolling = [c for c in encounter.combatants  # the party's vessel rolls no Nish
                   if c.side is Side.PC and c.status not in (Status.DEAD, Status.REMOVED)
                   and c.template is None]
        # In the roster's order, as the AP pane lists them: the order they joined in moved
        # from fight to fight, and a GM typing down the table's rolls typed into the wrong
        # PC's field.
        rolling.sort(key=lambda c: c.name.casefold())

        def rating_of(ref: int | None) -> Rating | None:
            sheet = pcs.get(ref) if ref is not None else None
            return sheet.nish.rating if sheet is not None and sheet.nish else None

        title = f"Round {encounter.round + 1}"
        waiting = _still_to_act(encounter, service.round_order())
        if waiting:  # a key pressed mid-round: what saving it ends, said before any typing
            title += f" (ends round {encounter.round}: {waiting} still to act)"
        if encounter.mode is InitiativeMode.GROUP and rolling:
            current = encounter.combatant(encounter.leader) if encounter.leader else None
            if current is not None and able_to_lead(current):
                leader_id, reason = current.id, "group leader"
            else:
                leader_id, reason = service.guard(
                    lambda: choose_leader(encounter, pcs, service.rng))
            leader = encounter.combatant(leader_id)
            assert leader is not None
            return NishCall(f"{title}: the party's Nish", (NishRoll(
                leader.id, f"Party: {leader.name} ({reason})", rating_of(leader.ref)),),
                leader=leader.id)
        return NishCall(f"{title}: call for Nish",
                        tuple(NishRoll(c.id, c.name, rating_of(c.ref)) for c in rolling))

    def call_for_nish(self, rolls: Mapping[int, int | None],
                      leader: int | None = None) -> Outcome:
        """The next round, on the PCs' rolled Nish (see :meth:`nish_call`)."""
        def change(encounter: Encounter) -> Outcome:
            if leader is not None:
                encounter = encounter.with_changes(leader=leader)
            return call_for_nish(encounter, rolls)

        return self._on("tracker.call_nish", change)

    def next_turn(self) -> Outcome:
        pcs = self._service.pcs()

        def change(encounter: Encounter) -> Outcome:
            hazards = hazard_checks_passed_by(encounter)  # the hazard stalls: a warning too
            return next_turn(encounter).saying(
                notices=[*checks_passed_by(encounter, pcs), *hazards], alerts=hazards)

        return self._on("tracker.next_turn", change)

    def previous_turn(self) -> Outcome:
        return self._on("tracker.previous_turn", previous_turn)

    def repeats_turn(self, combatant_id: int) -> bool:
        """Would making his turn current give him a second turn this round."""
        encounter = self._service.encounter()
        return encounter is not None and repeats_turn(encounter, combatant_id)

    def jump_to(self, combatant_id: int) -> Outcome:
        return self._on("tracker.jump", lambda e: jump_to(e, combatant_id))

    def hold(self, combatant_id: int, *, part: bool = False) -> Outcome:
        return self._on("tracker.hold", lambda e: hold(e, combatant_id, part=part))

    def act_now(self, combatant_id: int) -> Outcome:
        outcome = self._on("tracker.act_now", lambda e: act_now(e, combatant_id))
        encounter = self._service.encounter()
        if encounter is not None:
            self._service.acting_now = (combatant_id, encounter.round, encounter.current)
        return outcome

    def move_in_tie(self, combatant_id: int, offset: int) -> Outcome:
        return self._on("tracker.tie", lambda e: move_in_tie(e, combatant_id, offset))

    def cycle_mode(self) -> Outcome:
        """Individual, wave, group and round again; a group gets its leader at once."""
        service = self._service
        encounter = service.running()
        mode = _MODES[(_MODES.index(encounter.mode) + 1) % len(_MODES)]
        if mode is not InitiativeMode.GROUP or not any(c.is_pc for c in encounter.combatants):
            return self._on("tracker.mode", lambda e: set_mode(e, mode))
        leader, reason = service.guard(lambda: choose_leader(encounter, service.pcs(),
                                                             service.rng))
        name = encounter.combatant(leader).name  # type: ignore[union-attr]
        return self._on("tracker.mode", lambda e: set_mode(e, mode, leader).saying(
            notices=(f"Group leader: {name} ({reason})",),
            alerts=(f"Group leader: {name} ({reason})",)))

    # ----- one combatant ------------------------------------------------------------------

    def set_nish(self, combatant_id: int, nish: int | None) -> Outcome:
        return self._on("tracker.edit_nish", lambda e: set_nish(e, combatant_id, nish))

    def toggle_status(self, combatant_id: int, status: Status) -> Outcome:
        """Unconscious, dead or removed, or back in the fight; a vehicle or ship never dies
        nor sleeps: on one, unconscious is crippled and dead destroyed."""
        service = self._service
        combatant = service.running().combatant(combatant_id)
        if combatant is not None and is_vessel(combatant, service.npcs()):
            status = _VESSEL_STATUS.get(status, status)
        def change(encounter: Encounter) -> Outcome:
            # Marked unconscious under water (u): he drowns, as the hazard says.
            return passing_out(encounter, toggle_status(encounter, combatant_id, status),
                               service.pcs(), service.npcs(), by_hand=True)

        return self._on(f"tracker.{status.value}", change)

    def toggle_hidden(self, combatant_id: int) -> Outcome:
        """Hide him from the players' view, or reveal him (stored: both views agree)."""
        return self._on("tracker.hidden", lambda e: toggle_hidden(e, combatant_id))

    def toggle_named(self, combatant_id: int) -> Outcome:
        """Tell the players an NPC's name, or take it back (stored, like hiding)."""
        return self._on("tracker.named", lambda e: toggle_named(e, combatant_id))

    def cycle_shock(self, combatant_id: int) -> Outcome:
        return self._on("tracker.shock", lambda e: cycle_shock(e, combatant_id))

    def add_condition(self, combatant_id: int | None, name: str, rounds: int | None) -> Outcome:
        """On one combatant, or (None) on the whole fight."""
        return self._on("tracker.condition",
                        lambda e: add_condition(e, name, combatant_id, rounds))

    def conditions_on(self, combatant_id: int) -> list[tuple[int, Condition]]:
        """(index in the encounter, condition) of each condition on him."""
        encounter = self._service.encounter()
        return [] if encounter is None else [
            (i, c) for i, c in enumerate(encounter.conditions) if c.target == combatant_id]

    def remove_condition(self, index: int) -> Outcome:
        return self._on("tracker.uncondition", lambda e: remove_condition(e, index))


def ending_now(core: CampaignCore, how: EndHow | None) -> Ending | None:
    """How the running fight ended as the GM says (``how``), read into Table 18 (no row in
    a campaign playing another system: the table reads MetaScape's wounds against
    Vitality); None when nothing runs or nothing was said. Every way a fight ends (its end,
    ``E`` into the next, a prepared encounter launched) reads it here."""
    running = core.encounter()
    if running is None or how is None:
        return None
    return ending_of(running, how, core.pcs(), table18=core.campaign().system == "metascape")


def _still_to_act(encounter: Encounter, order: RoundOrder) -> int:
    """How many combatants, in the round's turns after the one in progress, are still to
    act (none before the first call for Nish, and none once the round is at its last
    turn)."""
    if encounter.round == 0:
        return 0
    return sum(len(pending(turn, encounter.acted)) for turn in order.turns
               if turn.key != encounter.current)
