"""The tracker's keys carried out: the dialogs they open and the steps they record.

A mixin of the main screen (it uses the screen's ``controller``, ``view_state``,
``perform`` and ``guarded``); the pane itself only posts which key was pressed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.model import Combatant, Side, Status
from console.model.encounters import InitiativeMode, Shock
from console.model.errors import ModelError
from console.model.tracker import (
    able_to_lead,
    act_now,
    add_combatant,
    add_condition,
    call_for_nish,
    choose_leader,
    hold,
    jump_to,
    move_in_tie,
    remove_condition,
    set_mode,
    set_nish,
    set_shock,
    set_status,
)
from console.rules.limits import RESULT, ROUNDS, Range
from console.rules.ratings import Rating
from console.ui.controller import ActionRefused
from console.ui.dialogs.form_dialog import (
    Field,
    FormDialog,
    optional_int,
    required_text,
    roll_doubt,
    stat_number,
    whole_number,
)
from console.ui.dialogs.nish_entry import NishEntryScreen, NishRow
from console.ui.tracker.tracker_pane import TrackerPane

if TYPE_CHECKING:
    from console.ui.screens.main_screen import MainScreen

__all__ = ["TrackerActions"]

_MODES = list(InitiativeMode)
_SHOCKS = [Shock.NONE, Shock.FAILED, Shock.CRITICAL]


class TrackerActions:
    """What the tracker's keys do (the main screen's; one instance each)."""

    def __init__(self, screen: MainScreen) -> None:
        self.screen = screen

    def _on_combatant(self, action: str, key: int) -> None:
        encounter = self.screen.view_state.encounter if self.screen.view_state else None
        combatant = encounter.combatant(key) if encounter else None
        if combatant is None:
            return
        toggles = {"unconscious": Status.UNCONSCIOUS, "dead": Status.DEAD,
                   "remove": Status.REMOVED}
        if action in toggles:
            status = Status.ACTIVE if combatant.status is toggles[action] else toggles[action]
            self.screen.perform(f"tracker.{action}", lambda e: set_status(e, key, status))
        elif action == "jump":
            self.screen.perform("tracker.jump", lambda e: jump_to(e, key))
        elif action in ("hold", "hold_part"):
            self.screen.perform("tracker.hold", lambda e: hold(e, key, part=action == "hold_part"))
        elif action == "act_now":
            self.screen.perform("tracker.act_now", lambda e: act_now(e, key))
        elif action == "shock":
            shock = _SHOCKS[(_SHOCKS.index(combatant.shock) + 1) % len(_SHOCKS)]
            self.screen.perform("tracker.shock", lambda e: set_shock(e, key, shock))
        elif action in ("tie_up", "tie_down"):
            offset = -1 if action == "tie_up" else 1
            self.screen.perform("tracker.tie", lambda e: move_in_tie(e, key, offset))
        elif action == "edit_nish":
            sheet = self.screen.sheet_of(combatant)
            rating = sheet.nish.as_rating() if sheet is not None and sheet.nish else None
            self.edit_nish(key, combatant.name, combatant.nish, rating)
        elif action == "condition":
            self.add_condition(key, combatant.name)
        elif action in ("attack", "checks", "heal", "vessel", "hazard", "hazard_check",
                        "hazard_time"):
            self._combat(action, combatant)

    def _combat(self, action: str, combatant: Combatant) -> None:
        combat = self.screen.combat_actions
        flows = {
            "attack": combat.pc_attacks if combatant.side is Side.NPC else combat.npc_attacks,
            "checks": combat.pc_checks,
            "heal": combat.pc_heal,
            "vessel": combat.vessel_failure,
            "hazard": self.screen.hazard_actions.start_hazard,
            "hazard_check": self.screen.hazard_actions.resolve_hazard,
            "hazard_time": self.screen.hazard_actions.pass_hazard_time,
        }
        if action in ("checks", "heal") and combatant.side is not Side.PC:
            self.screen.notify(f"{combatant.name} is an NPC: with critical damage he simply dies",
                        severity="warning")
            return
        try:
            flows[action](combatant)
        except (ActionRefused, ValueError) as refusal:
            self.screen.notify(str(refusal), severity="error")

    def call_for_nish(self) -> None:
        view = self.screen.view_state
        if view is None or view.encounter is None:
            self.screen.notify("no encounter running: start one with E", severity="error")
            return
        encounter = view.encounter
        pcs = [c for c in encounter.combatants
               if c.side is Side.PC and c.status not in (Status.DEAD, Status.REMOVED)]

        def rating_of(ref: int | None) -> Any:
            sheet = view.pcs.get(ref) if ref is not None else None
            return sheet.nish.rating if sheet is not None and sheet.nish is not None else None

        if encounter.mode is InitiativeMode.GROUP and pcs:
            current_leader = encounter.combatant(encounter.leader) if encounter.leader else None
            try:
                leader_id, reason = (
                    (current_leader.id, "group leader")
                    if current_leader is not None and able_to_lead(current_leader)
                    else choose_leader(encounter, view.pcs, self.screen.controller.rng))
            except ModelError as error:
                self.screen.notify(str(error), severity="error")
                return
            leader = encounter.combatant(leader_id)
            assert leader is not None
            rows = [NishRow(leader.id, f"Party: {leader.name} ({reason})",
                            rating_of(leader.ref))]

            def group_done(result: dict[int, int | None] | None) -> None:
                if result is not None:
                    self.screen.perform("tracker.call_nish", lambda e: call_for_nish(
                        e.with_changes(leader=leader.id), result))

            self.screen.app.push_screen(NishEntryScreen(
                f"Round {encounter.round + 1}: the party's Nish", rows,
                self.screen.controller.rng), group_done)
            return
        if not pcs:
            self.screen.perform("tracker.call_nish", lambda e: call_for_nish(e, {}))
            return
        rows = [NishRow(c.id, c.name, rating_of(c.ref)) for c in pcs]

        def done(result: dict[int, int | None] | None) -> None:
            if result is not None:
                self.screen.perform("tracker.call_nish", lambda e: call_for_nish(e, result))

        self.screen.app.push_screen(
            NishEntryScreen(f"Round {encounter.round + 1}: call for Nish", rows,
                            self.screen.controller.rng), done)

    def cycle_mode(self) -> None:
        view = self.screen.view_state
        if view is None or view.encounter is None:
            self.screen.notify("no encounter running: start one with E", severity="error")
            return
        encounter = view.encounter
        mode = _MODES[(_MODES.index(encounter.mode) + 1) % len(_MODES)]
        leader = None
        if mode is InitiativeMode.GROUP and any(c.is_pc for c in encounter.combatants):
            try:
                leader, reason = choose_leader(encounter, view.pcs, self.screen.controller.rng)
            except ValueError as error:
                self.screen.notify(str(error), severity="error")
                return
            name = encounter.combatant(leader).name  # type: ignore[union-attr]
            self.screen.notify(f"Group leader: {name} ({reason})")
        self.screen.perform("tracker.mode", lambda e: set_mode(e, mode, leader))

    def add_combatant(self) -> None:
        fields = [
            Field("name", "Name", required_text("name")),
            Field("side", "Side: pc or npc", self._side, value="npc"),
            Field("nish", "Nish (NPC: recorded value, e.g. 12 or 8M; PC: this round's roll)",
                  stat_number("Nish")),
            Field("vit", "Vit (optional, value or rating)", stat_number("Vit")),
        ]

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            if values["side"] is Side.PC:
                self.screen.guarded(lambda: self.screen.controller.join_pc(
                    values["name"], values["nish"], values["vit"]))
                return
            self.screen.perform("tracker.add", lambda e: add_combatant(
                e, values["name"], Side.NPC, recorded_nish=values["nish"],
                vit_max=values["vit"]))

        self.screen.app.push_screen(FormDialog("Add to the encounter", fields), done)

    @staticmethod
    def _side(text: str) -> Side:
        cleaned = text.strip().lower()
        if cleaned in ("pc", "p"):
            return Side.PC
        if cleaned in ("npc", "n"):
            return Side.NPC
        raise ValueError(f"side: type pc or npc, not {text.strip() or 'nothing'}")

    def edit_nish(self, key: int, name: str, current: int | None,
                  rating: Rating | None = None) -> None:
        fields = [Field("nish", f"{name}'s Nish this round (blank: none yet)",
                        optional_int("Nish", RESULT),
                        value="" if current is None else str(current),
                        doubt=roll_doubt(rating, name))]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.screen.perform("tracker.edit_nish", lambda e: set_nish(e, key, values["nish"]))

        self.screen.app.push_screen(FormDialog(f"Edit {name}'s Nish", fields), done)

    def add_condition(self, key: int, name: str) -> None:
        fields = [
            Field("name", "Condition", required_text("condition")),
            Field("rounds", "Rounds (blank: until removed; 1 = to the end of next round)",
                  optional_int("rounds", ROUNDS)),
        ]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.screen.perform("tracker.condition", lambda e: add_condition(
                    e, values["name"], key, values["rounds"]))

        self.screen.app.push_screen(FormDialog(f"Condition on {name}", fields), done)

    def action_remove_condition(self) -> None:
        view = self.screen.view_state
        tracker = self.screen.query_one("#tracker", TrackerPane)
        if view is None or view.encounter is None or tracker.selected_id is None:
            return
        mine = [(i, c) for i, c in enumerate(view.encounter.conditions)
                if c.target == tracker.selected_id]
        if not mine:
            self.screen.notify("no condition on the selected combatant", severity="warning")
            return
        if len(mine) == 1:
            self.screen.perform("tracker.uncondition", lambda e: remove_condition(e, mine[0][0]))
            return
        listing = ", ".join(f"{n + 1} {c.name}" for n, (_, c) in enumerate(mine))
        fields = [Field("which", f"Which? {listing}",
                        whole_number("number", Range(1, len(mine), "listed")))]

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            if values["which"] > len(mine):
                self.screen.notify(f"there are only {len(mine)} conditions", severity="error")
                return
            index = mine[values["which"] - 1][0]
            self.screen.perform("tracker.uncondition", lambda e: remove_condition(e, index))

        self.screen.app.push_screen(FormDialog("Remove a condition", fields), done)

