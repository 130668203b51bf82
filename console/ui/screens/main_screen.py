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

from console.model import Combatant, ModelError, PlayerCharacter, Side
from console.model.awards import check_open
from console.model.tracker import (
    Step,
    checks_due_for,
    current_turn,
    next_turn,
    previous_turn,
)
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.awards.grab_bag_dialog import GrabBagDialog
from console.ui.combat.combat_actions import CombatActions
from console.ui.controller import ActionRefused, Controller, View
from console.ui.dialogs.form_dialog import (
    Field,
    FormDialog,
    ask,
    required_text,
)
from console.ui.hazards.hazard_actions import HazardActions
from console.ui.log.log_pane import LogPane
from console.ui.roster.roster_actions import RosterActions
from console.ui.roster.roster_pane import RosterPane
from console.ui.safety import failsafe
from console.ui.screens.status_header import StatusHeader
from console.ui.tracker.detail_pane import DetailPane
from console.ui.tracker.tracker_actions import TrackerActions
from console.ui.tracker.tracker_pane import TrackerPane

__all__ = ["MainScreen"]

class MainScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_name("main_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("E", "new_encounter", "Encounter", tooltip="New encounter",
                id="main.new_encounter"),
        Binding("ctrl+e", "end_encounter", "End encounter", id="main.end_encounter",
                show=False),
        Binding("S", "toggle_session", "Session", tooltip="Session start/stop",
                id="main.session"),
        Binding("1", "focus_pane('tracker')", "Tracker", id="main.focus_tracker", show=False),
        Binding("2", "focus_pane('roster')", "Roster", id="main.focus_roster", show=False),
        Binding("3", "focus_pane('log')", "Log", id="main.focus_log", show=False),
        Binding("C", "remove_condition", "Remove condition", id="main.remove_condition",
                show=False),
        Binding("g", "grab_bag", "Grab bag", id="main.grab_bag"),
        Binding("w", "awards", "AP awards", id="main.awards"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.view_state: View | None = None
        # What each pane's keys set off, one object per feature.
        self.tracker_actions = TrackerActions(self)
        self.roster_actions = RosterActions(self)
        self.combat_actions = CombatActions(self)
        self.hazard_actions = HazardActions(self)

    def compose(self) -> ComposeResult:
        yield StatusHeader(self.controller.clock, id="status")
        with Horizontal(id="body"):
            yield TrackerPane(id="tracker")
            with Vertical(id="side"):
                yield RosterPane(id="roster")
                yield DetailPane(id="detail")
        yield LogPane(id="log")
        yield Footer(compact=True)

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
    @failsafe
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
        # Worth a toast, not only a log line: what expired, was lost, or is owed now.
        signals = ("ended with", "Ending with", "loses", "before acting", "stopped after",
                   ", now:")
        extra = [n for n in step.notices if any(signal in n for signal in signals)]
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

    def sheet_of(self, combatant: Combatant) -> PlayerCharacter | None:
        """A PC combatant's sheet from the roster (None for NPCs and sheetless PCs)."""
        if combatant.side is not Side.PC or combatant.ref is None:
            return None
        return self.controller.pcs().get(combatant.ref)

    def _ask(self, title: str, fields: list[Field], hint: str,
             then: Callable[[dict[str, Any]], object]) -> None:
        """A form whose answers go to ``then``; what ``then`` refuses becomes a message."""
        ask(self, title, fields, hint, then)

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
    @failsafe
    def _tracker_action(self, event: TrackerPane.Action) -> None:
        steps: dict[str, Callable[[Any], Step]] = {
            "next_turn": next_turn,
            "previous_turn": previous_turn,
        }
        untargeted: dict[str, Callable[[], None]] = {
            "call_nish": self.tracker_actions.call_for_nish,
            "add": self.tracker_actions.add_combatant,
            "mode": self.tracker_actions.cycle_mode,
            "blast": self.combat_actions.blast,
        }
        if event.action in steps:
            self.perform(f"tracker.{event.action}", steps[event.action])
        elif event.action in untargeted:
            untargeted[event.action]()
        elif event.combatant_id is None:
            self.notify("select a combatant first", severity="warning")
        else:
            self.tracker_actions._on_combatant(event.action, event.combatant_id)

    # ----- roster keys --------------------------------------------------------------------

    @on(RosterPane.Selected)
    @failsafe
    def _roster_selected(self, event: RosterPane.Selected) -> None:
        sheet = self.roster_actions._sheet(event.entry)
        if sheet is not None:
            self.query_one("#detail", DetailPane).show_sheet(sheet)

    @on(RosterPane.Action)
    @failsafe
    def _roster_action(self, event: RosterPane.Action) -> None:
        makers: dict[str, Callable[[], None]] = {
            "new_pc": lambda: self.roster_actions.edit_pc(None),
            "new_npc": lambda: self.roster_actions.edit_npc(None),
            "search": self.roster_actions.search_roster,
        }
        if event.action in makers:
            makers[event.action]()
            return
        sheet = self.roster_actions._sheet(event.entry)
        if sheet is None:
            self.notify("the roster is empty: p adds a PC, n an NPC template",
                        severity="warning")
            return
        if isinstance(sheet, PlayerCharacter):
            self.roster_actions._pc_action(event.action, sheet)
        else:
            self.roster_actions._npc_action(event.action, sheet)

    # ----- screen keys --------------------------------------------------------------------

    def action_new_encounter(self) -> None:
        fields = [Field("name", "Encounter name", required_text("name"))]

        def done(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.guarded(lambda: self.controller.new_encounter(values["name"]))

        self.app.push_screen(FormDialog("New encounter", fields), done)

    def action_end_encounter(self) -> None:
        self.guarded(self.controller.end_encounter)

    def action_remove_condition(self) -> None:
        self.tracker_actions.action_remove_condition()

    def action_toggle_session(self) -> None:
        if self.guarded(self.controller.toggle_session):
            session = self.controller.store.session()
            state = "started" if session.running else "stopped"
            self.notify(f"Session {session.number} {state}")

    # ----- adventure points -----------------------------------------------------------------

    def _selected_pc_id(self) -> int | None:
        """The PC the GM is looking at: in the focused pane, else the tracker, else the roster."""
        tracker = self.query_one("#tracker", TrackerPane)
        roster = self.query_one("#roster", RosterPane)

        def from_tracker() -> int | None:
            view = self.view_state
            if view is None or view.encounter is None or tracker.selected_id is None:
                return None
            combatant = view.encounter.combatant(tracker.selected_id)
            sheet = self.sheet_of(combatant) if combatant is not None else None
            return sheet.id if sheet is not None else None

        def from_roster() -> int | None:
            entry = roster.selected
            return entry[1] if entry is not None and entry[0] == "pc" else None

        order = [from_roster, from_tracker] if roster.has_focus else [from_tracker, from_roster]
        return next((found for found in (pick() for pick in order) if found is not None), None)

    def action_grab_bag(self) -> None:
        pcs = sorted(self.controller.pcs().values(), key=lambda pc: pc.id)
        if not pcs:
            self.notify("no PCs yet: p on the roster adds one", severity="warning")
            return
        try:
            check_open(self.controller.store.session())
        except ModelError as error:
            self.notify(str(error), severity="error")
            return

        def done(made: bool | None) -> None:
            if made:
                self.refresh_view()

        self.app.push_screen(GrabBagDialog(self.controller, pcs, self._selected_pc_id()), done)

    def action_awards(self) -> None:
        self.app.push_screen(AwardsScreen(self.controller), lambda _: self.refresh_view())

    def action_focus_pane(self, pane: str) -> None:
        self.query_one(f"#{pane}").focus()
