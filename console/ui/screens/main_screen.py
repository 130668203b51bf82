"""The GM's main screen: tracker, roster, details and log, under a status header."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from console.model import NpcTemplate, PlayerCharacter, Side, Status
from console.model.encounters import InitiativeMode, Shock
from console.model.roster import duplicate_template, spawn_copies
from console.model.stats import Stat
from console.model.tracker import (
    Step,
    act_now,
    add_combatant,
    add_condition,
    call_for_nish,
    checks_due_for,
    choose_leader,
    current_turn,
    hold,
    jump_to,
    move_in_tie,
    next_turn,
    previous_turn,
    remove_condition,
    set_mode,
    set_nish,
    set_party_nish,
    set_shock,
    set_status,
)
from console.ui.controller import ActionRefused, Controller, View
from console.ui.dialogs.form_dialog import (
    Field,
    FormDialog,
    optional_int,
    required_text,
    whole_number,
)
from console.ui.dialogs.nish_entry import NishEntryScreen, NishRow
from console.ui.dialogs.sheet_forms import npc_form, npc_from_form, pc_form, pc_from_form
from console.ui.log.log_pane import LogPane
from console.ui.roster.roster_pane import RosterPane
from console.ui.screens.status_header import StatusHeader
from console.ui.tracker.detail_pane import DetailPane
from console.ui.tracker.tracker_pane import TrackerPane

__all__ = ["MainScreen"]

_MODES = list(InitiativeMode)
_SHOCKS = [Shock.NONE, Shock.FAILED, Shock.CRITICAL]


def _stat_number(what: str) -> Callable[[str], int | None]:
    """A Nish or Vit typed as a value (12) or a rating (8M, read as its value)."""

    def parse(text: str) -> int | None:
        if not text.strip():
            return None
        value = Stat(text).value
        if value.denominator != 1:
            raise ValueError(f"{what}: {text.strip()} is {float(value)}, not a whole number")
        return int(value)

    return parse


def _yes_no(what: str) -> Callable[[str], bool]:
    def parse(text: str) -> bool:
        answer = text.strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        raise ValueError(f"{what}: y or n, not {text.strip() or 'nothing'}")

    return parse


class MainScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_name("main_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("E", "new_encounter", "New encounter", id="main.new_encounter"),
        Binding("ctrl+e", "end_encounter", "End encounter", id="main.end_encounter",
                show=False),
        Binding("S", "toggle_session", "Session start/stop", id="main.session"),
        Binding("1", "focus_pane('tracker')", "Tracker", id="main.focus_tracker", show=False),
        Binding("2", "focus_pane('roster')", "Roster", id="main.focus_roster", show=False),
        Binding("3", "focus_pane('log')", "Log", id="main.focus_log", show=False),
        Binding("C", "remove_condition", "Remove condition", id="main.remove_condition",
                show=False),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.view_state: View | None = None

    def compose(self) -> ComposeResult:
        yield StatusHeader(self.controller.clock, id="status")
        with Horizontal(id="body"):
            yield TrackerPane(id="tracker")
            with Vertical(id="side"):
                yield RosterPane(id="roster")
                yield DetailPane(id="detail")
        yield LogPane(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tracker", TrackerPane).border_title = "Tracker (1)"
        self.query_one("#roster", RosterPane).border_title = "Roster (2)"
        self.query_one("#detail", DetailPane).border_title = "Details"
        self.query_one("#log", LogPane).border_title = "Log (3)"
        self.refresh_view()
        self.query_one("#tracker", TrackerPane).focus()

    # ----- showing ------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Re-read the campaign and bring every pane up to date."""
        view = self.controller.view()
        self.view_state = view
        tracker = self.query_one("#tracker", TrackerPane)
        tracker.show(view)
        self.query_one("#status", StatusHeader).show(view)
        self.query_one("#roster", RosterPane).show(view, self.controller.npcs())
        self.query_one("#detail", DetailPane).show(view, tracker.selected_id)
        self.query_one("#log", LogPane).show(view)

    @on(TrackerPane.Selected)
    def _selected(self, event: TrackerPane.Selected) -> None:
        if self.view_state is not None:
            self.query_one("#detail", DetailPane).show(self.view_state, event.combatant_id)

    def perform(self, name: str, change: Callable[[Any], Step]) -> None:
        """Run one tracker action; tell the GM what happened or why it could not."""
        try:
            step = self.controller.run(name, change)
        except ActionRefused as refusal:
            self.notify(str(refusal), severity="error")
            return
        shown = self.view_state.encounter if self.view_state is not None else None
        before = shown.current if shown is not None else None
        self.refresh_view()
        extra = [n for n in step.notices[1:] if "ended with" in n or "loses" in n]
        for notice in extra:
            self.notify(notice, severity="warning")
        if step.encounter.current != before:
            self.remind_checks_due()

    def remind_checks_due(self) -> None:
        """A critically wounded PC rolls his checks on his Nish, before he acts."""
        view = self.view_state
        if view is None or view.encounter is None:
            return
        turn = current_turn(view.encounter, view.order)
        for member in turn.members if turn is not None else ():
            due = checks_due_for(view.encounter, member, view.pcs)
            if due:
                name = view.encounter.combatant(member).name  # type: ignore[union-attr]
                lines = "\n".join(check.describe() for check in due)
                self.notify(f"{name}, before acting:\n{lines}", severity="warning",
                            timeout=12)

    def guarded(self, work: Callable[[], object]) -> bool:
        try:
            work()
        except ActionRefused as refusal:
            self.notify(str(refusal), severity="error")
            return False
        self.refresh_view()
        return True

    # ----- tracker keys -------------------------------------------------------------------

    @on(TrackerPane.Action)
    def _tracker_action(self, event: TrackerPane.Action) -> None:
        key = event.combatant_id
        simple: dict[str, Callable[[Any], Step]] = {
            "next_turn": next_turn,
            "previous_turn": previous_turn,
        }
        if event.action in simple:
            self.perform(f"tracker.{event.action}", simple[event.action])
            return
        if event.action == "call_nish":
            self.call_for_nish()
            return
        if event.action == "add":
            self.add_combatant()
            return
        if event.action == "mode":
            self.cycle_mode()
            return
        if key is None:
            self.notify("select a combatant first", severity="warning")
            return
        self._on_combatant(event.action, key)

    def _on_combatant(self, action: str, key: int) -> None:
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
            self.perform("tracker.jump", lambda e: jump_to(e, key))
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

    def call_for_nish(self) -> None:
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
                    return Step(second.encounter, first.notices + second.notices)

                self.perform("tracker.call_nish", change)

            self.app.push_screen(NishEntryScreen(f"Round {encounter.round + 1}: the party's Nish",
                                                 rows, self.controller.rng), group_done)
            return
        if not pcs:
            self.perform("tracker.call_nish", lambda e: call_for_nish(e, {}))
            return
        rows = [NishRow(c.id, c.name, rating_of(c.ref)) for c in pcs]

        def done(result: dict[int, int | None] | None) -> None:
            if result is not None:
                self.perform("tracker.call_nish", lambda e: call_for_nish(e, result))

        self.app.push_screen(
            NishEntryScreen(f"Round {encounter.round + 1}: call for Nish", rows,
                            self.controller.rng), done)

    def cycle_mode(self) -> None:
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

    def add_combatant(self) -> None:
        fields = [
            Field("name", "Name", required_text("name")),
            Field("side", "Side: pc or npc", self._side, value="npc"),
            Field("nish", "Nish (NPC: recorded value, e.g. 12 or 8M; PC: this round's roll)",
                  _stat_number("Nish")),
            Field("vit", "Vit (optional, value or rating)", _stat_number("Vit")),
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

    def edit_nish(self, key: int, name: str, current: int | None) -> None:
        fields = [Field("nish", f"{name}'s Nish this round (blank: none yet)",
                        optional_int("Nish"), value="" if current is None else str(current))]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.perform("tracker.edit_nish", lambda e: set_nish(e, key, values["nish"]))

        self.app.push_screen(FormDialog(f"Edit {name}'s Nish", fields), done)

    def add_condition(self, key: int, name: str) -> None:
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

    def action_remove_condition(self) -> None:
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

    # ----- roster keys --------------------------------------------------------------------

    @on(RosterPane.Selected)
    def _roster_selected(self, event: RosterPane.Selected) -> None:
        sheet = self._sheet(event.entry)
        if sheet is not None:
            self.query_one("#detail", DetailPane).show_sheet(sheet)

    def _sheet(self, entry: tuple[str, int] | None) -> PlayerCharacter | NpcTemplate | None:
        if entry is None:
            return None
        kind, ref = entry
        return self.controller.store.pc(ref) if kind == "pc" else self.controller.store.npc(ref)

    @on(RosterPane.Action)
    def _roster_action(self, event: RosterPane.Action) -> None:
        makers: dict[str, Callable[[], None]] = {
            "new_pc": lambda: self.edit_pc(None),
            "new_npc": lambda: self.edit_npc(None),
            "search": self.search_roster,
        }
        if event.action in makers:
            makers[event.action]()
            return
        sheet = self._sheet(event.entry)
        if sheet is None:
            self.notify("the roster is empty: p adds a PC, n an NPC template",
                        severity="warning")
            return
        if isinstance(sheet, PlayerCharacter):
            self._pc_action(event.action, sheet)
        else:
            self._npc_action(event.action, sheet)

    def _pc_action(self, action: str, pc: PlayerCharacter) -> None:
        if action == "join":
            self.guarded(lambda: self.controller.join_pc(pc.name, None, None))
        elif action == "edit":
            self.edit_pc(pc)
        elif action == "delete":
            self.guarded(lambda: self.controller.delete_sheet("pc", pc.id))
        else:
            self.notify(f"{pc.name} is a player character: that is for NPC templates",
                        severity="warning")

    def _npc_action(self, action: str, npc: NpcTemplate) -> None:
        if action == "join":
            self.perform("roster.spawn", lambda e: spawn_copies(e, npc, 1))
        elif action == "spawn":
            self.spawn(npc)
        elif action == "edit":
            self.edit_npc(npc)
        elif action == "duplicate":
            store = self.controller.store
            copy = duplicate_template(npc, store.new_id(NpcTemplate.TABLE),
                                      (n.name for n in self.controller.npcs()))
            self.guarded(lambda: self.controller.save_sheet(copy, f"{copy.name} made"))
        elif action == "delete":
            self.guarded(lambda: self.controller.delete_sheet("npc", npc.id))

    def spawn(self, npc: NpcTemplate) -> None:
        fields = [
            Field("count", f"How many {npc.name}s", whole_number("how many", minimum=1),
                  value="2"),
            Field("shared", "One Nish for the group (y/n)", _yes_no("one Nish"), value="y"),
        ]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.perform("roster.spawn", lambda e: spawn_copies(
                    e, npc, values["count"], shared_nish=values["shared"]))

        self.app.push_screen(FormDialog(f"Spawn {npc.name}", fields), done)

    def edit_npc(self, npc: NpcTemplate | None) -> None:
        store = self.controller.store
        new_id = npc.id if npc else store.new_id(NpcTemplate.TABLE)

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            try:
                template = npc_from_form(values, new_id)
            except ValueError as error:
                self.notify(str(error), severity="error")
                return
            verb = "changed" if npc else "made"
            self.guarded(lambda: self.controller.save_sheet(template, f"{template.name} {verb}"))

        title = f"Edit {npc.name}" if npc else "New NPC template"
        self.app.push_screen(npc_form(title, npc), done)

    def edit_pc(self, pc: PlayerCharacter | None) -> None:
        new_id = pc.id if pc else self.controller.store.new_id(PlayerCharacter.TABLE)

        def done(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            try:
                sheet = pc_from_form(values, pc, new_id)
            except ValueError as error:
                self.notify(str(error), severity="error")
                return
            verb = "changed" if pc else "made"
            self.guarded(lambda: self.controller.save_sheet(sheet, f"{sheet.name} {verb}"))

        self.app.push_screen(pc_form(f"Edit {pc.name}" if pc else "New player character", pc),
                             done)

    def search_roster(self) -> None:
        roster = self.query_one("#roster", RosterPane)
        fields = [Field("query", "Name or tag (empty: show all)", str, value=roster.query_text)]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                roster.query_text = values["query"].strip()
                self.refresh_view()

        self.app.push_screen(FormDialog("Search the roster", fields), done)

    # ----- screen keys --------------------------------------------------------------------

    def action_new_encounter(self) -> None:
        fields = [Field("name", "Encounter name", required_text("name"))]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.guarded(lambda: self.controller.new_encounter(values["name"]))

        self.app.push_screen(FormDialog("New encounter", fields), done)

    def action_end_encounter(self) -> None:
        self.guarded(self.controller.end_encounter)

    def action_toggle_session(self) -> None:
        if self.guarded(self.controller.toggle_session):
            session = self.controller.store.session()
            state = "started" if session.running else "stopped"
            self.notify(f"Session {session.number} {state}")

    def action_focus_pane(self, pane: str) -> None:
        self.query_one(f"#{pane}").focus()
