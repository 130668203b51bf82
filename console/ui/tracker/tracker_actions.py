"""The tracker's keys carried out: the dialogs they open and the steps they record.

A mixin of the main screen (it uses the screen's ``controller``, ``view_state``,
``perform`` and ``guarded``); the pane itself only posts which key was pressed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.model import Combatant, Side, Status
from console.model.encounters import InitiativeMode, Shock
from console.model.hazards import tick_hazards
from console.model.tracker import (
    Step,
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
    set_party_nish,
    set_shock,
    set_status,
)
from console.ui.controller import ActionRefused
from console.ui.dialogs.form_dialog import (
    Field,
    FormDialog,
    optional_int,
    required_text,
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
    """What the tracker's keys do (mixed into MainScreen)."""

    def _on_combatant(self: MainScreen, action: str, key: int) -> None:
        encounter = self.view_state.encounter if self.view_state else None
        combatant = encounter.combatant(key) if encounter else None
        if combatant is None:
            return
        toggles = {"unconscious": Status.UNCONSCIOUS, "dead": Status.DEAD,
                   "remove": Status.REMOVED}
        if action in toggles:
            status = Status.ACTIVE if combatant.status is toggles[action] else toggles[action]
            self.perform(f"tracker.{action}", lambda e: set_status(e, key, status))
        elif action == "jump":
            self.perform("tracker.jump", lambda e: tick_hazards(jump_to(e, key)))
        elif action in ("hold", "hold_part"):
            self.perform("tracker.hold", lambda e: hold(e, key, part=action == "hold_part"))
        elif action == "act_now":
            self.perform("tracker.act_now", lambda e: act_now(e, key))
        elif action == "shock":
            shock = _SHOCKS[(_SHOCKS.index(combatant.shock) + 1) % len(_SHOCKS)]
            self.perform("tracker.shock", lambda e: set_shock(e, key, shock))
        elif action in ("tie_up", "tie_down"):
            offset = -1 if action == "tie_up" else 1
            self.perform("tracker.tie", lambda e: move_in_tie(e, key, offset))
        elif action == "edit_nish":
            self.edit_nish(key, combatant.name, combatant.nish)
        elif action == "condition":
            self.add_condition(key, combatant.name)
        elif action in ("attack", "checks", "heal", "vessel", "hazard", "hazard_check",
                        "hazard_time"):
            self._combat(action, combatant)

    def _combat(self: MainScreen, action: str, combatant: Combatant) -> None:
        flows = {
            "attack": self.pc_attacks if combatant.side is Side.NPC else self.npc_attacks,
            "checks": self.pc_checks,
            "heal": self.pc_heal,
            "vessel": self.vessel_failure,
            "hazard": self.start_hazard,
            "hazard_check": self.resolve_hazard,
            "hazard_time": self.pass_hazard_time,
        }
        if action in ("checks", "heal") and combatant.side is not Side.PC:
            self.notify(f"{combatant.name} is an NPC: with critical damage he simply dies",
                        severity="warning")
            return
        try:
            flows[action](combatant)
        except (ActionRefused, ValueError) as refusal:
            self.notify(str(refusal), severity="error")

    def call_for_nish(self: MainScreen) -> None:
        view = self.view_state
        if view is None or view.encounter is None:
            self.notify("no encounter running: start one with E", severity="error")
            return
        encounter = view.encounter
        pcs = [c for c in encounter.combatants
               if c.side is Side.PC and c.status not in (Status.DEAD, Status.REMOVED)]

        def rating_of(ref: int | None) -> Any:
            sheet = view.pcs.get(ref) if ref is not None else None
            return sheet.nish.rating if sheet is not None and sheet.nish is not None else None

        if encounter.mode is InitiativeMode.GROUP and pcs:
            leader_id, reason = (
                (encounter.leader, "group leader") if encounter.leader
                else choose_leader(encounter, view.pcs, self.controller.rng))
            leader = encounter.combatant(leader_id)
            assert leader is not None
            rows = [NishRow(leader.id, f"Party: {leader.name} ({reason})",
                            rating_of(leader.ref))]

            def group_done(result: dict[int, int | None] | None) -> None:
                if result is None:
                    return
                party = result.get(leader.id)

                def change(e: Any) -> Step:
                    first = call_for_nish(e.with_changes(leader=leader.id), {})
                    second = set_party_nish(first.encounter, party)
                    return tick_hazards(Step(second.encounter, first.notices + second.notices))

                self.perform("tracker.call_nish", change)

            self.app.push_screen(NishEntryScreen(f"Round {encounter.round + 1}: the party's Nish",
                                                 rows, self.controller.rng), group_done)
            return
        if not pcs:
            self.perform("tracker.call_nish", lambda e: tick_hazards(call_for_nish(e, {})))
            return
        rows = [NishRow(c.id, c.name, rating_of(c.ref)) for c in pcs]

        def done(result: dict[int, int | None] | None) -> None:
            if result is not None:
                self.perform("tracker.call_nish",
                             lambda e: tick_hazards(call_for_nish(e, result)))

        self.app.push_screen(
            NishEntryScreen(f"Round {encounter.round + 1}: call for Nish", rows,
                            self.controller.rng), done)

    def cycle_mode(self: MainScreen) -> None:
        view = self.view_state
        if view is None or view.encounter is None:
            self.notify("no encounter running: start one with E", severity="error")
            return
        encounter = view.encounter
        mode = _MODES[(_MODES.index(encounter.mode) + 1) % len(_MODES)]
        leader = None
        if mode is InitiativeMode.GROUP and any(c.is_pc for c in encounter.combatants):
            try:
                leader, reason = choose_leader(encounter, view.pcs, self.controller.rng)
            except ValueError as error:
                self.notify(str(error), severity="error")
                return
            name = encounter.combatant(leader).name  # type: ignore[union-attr]
            self.notify(f"Group leader: {name} ({reason})")
        self.perform("tracker.mode", lambda e: set_mode(e, mode, leader))

    def add_combatant(self: MainScreen) -> None:
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
                self.guarded(lambda: self.controller.join_pc(values["name"], values["nish"],
                                                             values["vit"]))
                return
            self.perform("tracker.add", lambda e: add_combatant(
                e, values["name"], Side.NPC, recorded_nish=values["nish"],
                vit_max=values["vit"]))

        self.app.push_screen(FormDialog("Add to the encounter", fields), done)

    @staticmethod
    def _side(text: str) -> Side:
        cleaned = text.strip().lower()
        if cleaned in ("pc", "p"):
            return Side.PC
        if cleaned in ("npc", "n"):
            return Side.NPC
        raise ValueError(f"side: type pc or npc, not {text.strip() or 'nothing'}")

    def edit_nish(self: MainScreen, key: int, name: str, current: int | None) -> None:
        fields = [Field("nish", f"{name}'s Nish this round (blank: none yet)",
                        optional_int("Nish"), value="" if current is None else str(current))]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.perform("tracker.edit_nish", lambda e: set_nish(e, key, values["nish"]))

        self.app.push_screen(FormDialog(f"Edit {name}'s Nish", fields), done)

    def add_condition(self: MainScreen, key: int, name: str) -> None:
        fields = [
            Field("name", "Condition", required_text("condition")),
            Field("rounds", "Rounds (blank: until removed; 1 = to the end of next round)",
                  optional_int("rounds", minimum=1)),
        ]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.perform("tracker.condition", lambda e: add_condition(
                    e, values["name"], key, values["rounds"]))

        self.app.push_screen(FormDialog(f"Condition on {name}", fields), done)

    def action_remove_condition(self: MainScreen) -> None:
        view = self.view_state
        tracker = self.query_one("#tracker", TrackerPane)
        if view is None or view.encounter is None or tracker.selected_id is None:
            return
        mine = [(i, c) for i, c in enumerate(view.encounter.conditions)
                if c.target == tracker.selected_id]
        if not mine:
            self.notify("no condition on the selected combatant", severity="warning")
            return
        if len(mine) == 1:
            self.perform("tracker.uncondition", lambda e: remove_condition(e, mine[0][0]))
            return
        listing = ", ".join(f"{n + 1} {c.name}" for n, (_, c) in enumerate(mine))
        fields = [Field("which", f"Which? {listing}", whole_number("number", minimum=1))]

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            if values["which"] > len(mine):
                self.notify(f"there are only {len(mine)} conditions", severity="error")
                return
            index = mine[values["which"] - 1][0]
            self.perform("tracker.uncondition", lambda e: remove_condition(e, index))

        self.app.push_screen(FormDialog("Remove a condition", fields), done)

