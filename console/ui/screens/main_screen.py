"""The GM's main screen: tracker, roster, hazards, AP tonight, details and log, under a
status header.

It composes the panes and gives each its feature's flows; a pane's key calls its flow
directly, and what another pane must hear (a selection) comes here as a typed message.
What the campaign changed comes here too (``campaign_changed``), and becomes one value,
``changed``, that every pane is bound to: each redraws when a topic it shows is in it. The
details follow ``subject``, what the GM has selected in the pane he is in.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget

from console.model import Campaign
from console.model.outcome import Outcome
from console.service import CampaignService
from console.ui.awards.session_ap_pane import SessionApPane
from console.ui.changes import Changed, ChangeTally
from console.ui.hazards.hazards_pane import HazardsPane
from console.ui.log.log_pane import LogPane
from console.ui.roster.roster_pane import RosterPane
from console.ui.safety import Guarded, on
from console.ui.screens.breakpoints import SizedAtOnce
from console.ui.screens.status_header import StatusHeader
from console.ui.tracker.detail_pane import FIGHT, DetailPane, Subject
from console.ui.tracker.tracker_pane import TrackerPane
from console.ui.widgets.keys_footer import KeysFooter
from console.ui.widgets.row_list import RowList

if TYPE_CHECKING:
    from console.ui.awards.flows import AwardFlows
    from console.ui.calculator.flows import DiceFlows
    from console.ui.combat.flows import CombatFlows
    from console.ui.facade.flows import FacadeFlows
    from console.ui.forecast.flows import ForecastFlows
    from console.ui.hazards.flows import HazardFlows
    from console.ui.log.flows import LogFlows
    from console.ui.points.flows import PointsFlows
    from console.ui.prep.flows import PrepFlows
    from console.ui.recap.flows import RecapFlows
    from console.ui.roster.flows import RosterFlows
    from console.ui.table.flows import TableFlows
    from console.ui.tracker.flows import TrackerFlows

__all__ = ["FLOWS_MODULES", "MainScreen"]

# The flows the keys call, each made the first time a key needs it: the first frame loads
# none of them nor their dialogs (the app loads them just after it, GMConsoleApp._started).
FLOWS_MODULES = ("console.ui.tracker.flows", "console.ui.combat.flows",
                 "console.ui.hazards.flows", "console.ui.roster.flows",
                 "console.ui.awards.flows", "console.ui.points.flows",
                 "console.ui.forecast.flows", "console.ui.calculator.flows",
                 "console.ui.log.flows", "console.ui.recap.flows",
                 "console.ui.facade.flows")


class MainScreen(Guarded, SizedAtOnce, Screen[None]):
    CSS_PATH = Path(__file__).with_name("main_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("E", "new_encounter", "Fight", tooltip="New encounter",
                id="main.new_encounter"),
        Binding("ctrl+e", "end_encounter", "End encounter", id="main.end_encounter",
                show=False),
        Binding("S", "toggle_session", "Session", tooltip="Session start/stop",
                id="main.session"),
        Binding("1", "focus_pane('tracker')", "Tracker", id="main.focus_tracker", show=False),
        Binding("2", "focus_pane('roster')", "Roster", id="main.focus_roster", show=False),
        Binding("3", "focus_pane('log')", "Log", id="main.focus_log", show=False),
        Binding("4", "focus_pane('hazards')", "Hazards", id="main.focus_hazards", show=False),
        Binding("5", "focus_pane('ap')", "AP tonight", id="main.focus_ap", show=False),
        Binding("i", "details", "Details", tooltip="Details of the selected one, whole",
                id="main.details"),
        Binding("F", "maximize_pane", "Full", tooltip="Maximise the pane (again: back)",
                id="main.maximize", show=False),
        Binding("C", "remove_condition", "Remove condition", id="main.remove_condition",
                show=False),
        # g and w are the AP awarder's in a MetaScape campaign, the system's points' in
        # another (check_action lets one of each pair through, and the footer shows it).
        Binding("g", "grab_bag", "Grab", tooltip="Grab bag", id="main.grab_bag"),
        Binding("g", "quick_points", "Award",
                tooltip="Award points (Metalface: successful actions)", id="main.quick_points"),
        Binding("f", "forecast", "Forecast", tooltip="Forecast the fight by Table 18",
                id="main.forecast", show=False),
        Binding("D", "dice", "Dice", tooltip="Dice calculator: every system's odds",
                id="main.dice", show=False),
        Binding("w", "awards", "AP", tooltip="AP awards", id="main.awards"),
        Binding("w", "points", "Points", tooltip="Points: the system's awards",
                id="main.points"),
        Binding("O", "table_settings", "Players' view",
                tooltip="What the players' view shows, and the turn timer",
                id="main.table_settings", show=False),
        Binding("R", "recap", "Recap", tooltip="The session's recap, and the forecasts "
                "against what happened", id="main.recap"),
        Binding("P", "prep", "Prep", tooltip="Prepare adventures: scenes, encounters, "
                                             "balance by Table 18", id="main.prep",
                show=False),
        Binding("G", "briefing", "Briefing",
                tooltip="The running encounter's boxed text and GM notes",
                id="main.briefing", show=False),
        Binding("U", "reveal", "Read aloud",
                tooltip="The running encounter's boxed text on the players' view (on/off)",
                id="main.reveal", show=False),
    ]
    _METASCAPE_ONLY: ClassVar[frozenset[str]] = frozenset({"grab_bag", "awards"})
    _OTHER_SYSTEMS: ClassVar[frozenset[str]] = frozenset({"quick_points", "points"})

    changed = var(Changed(frozenset()), init=False)  # the last change: the panes redraw
    subject = var[Subject]((FIGHT, None), init=False)  # what the details are about

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service
        self._tally = ChangeTally(service)
        self._system = service.campaign().system

    # ----- the flows the keys call, each made when first needed ----------------------------

    @cached_property
    def tracker_flows(self) -> TrackerFlows:
        from console.ui.tracker.flows import TrackerFlows

        return TrackerFlows(self, self.service)

    @cached_property
    def combat_flows(self) -> CombatFlows:
        from console.ui.combat.flows import CombatFlows

        return CombatFlows(self, self.service)

    @cached_property
    def hazard_flows(self) -> HazardFlows:
        from console.ui.hazards.flows import HazardFlows

        return HazardFlows(self, self.service)

    @cached_property
    def roster_flows(self) -> RosterFlows:
        from console.ui.roster.flows import RosterFlows

        return RosterFlows(self, self.service)

    @cached_property
    def award_flows(self) -> AwardFlows:
        from console.ui.awards.flows import AwardFlows

        return AwardFlows(self, self.service)

    @cached_property
    def points_flows(self) -> PointsFlows:
        from console.ui.points.flows import PointsFlows

        return PointsFlows(self, self.service)

    @cached_property
    def forecast_flows(self) -> ForecastFlows:
        from console.ui.forecast.flows import ForecastFlows

        return ForecastFlows(self, self.service)

    @cached_property
    def dice_flows(self) -> DiceFlows:
        from console.ui.calculator.flows import DiceFlows

        return DiceFlows(self, self.service)

    @cached_property
    def log_flows(self) -> LogFlows:
        from console.ui.log.flows import LogFlows

        return LogFlows(self, self.service)

    @cached_property
    def table_flows(self) -> TableFlows:
        from console.ui.table.flows import TableFlows

        return TableFlows(self, self.service)

    @cached_property
    def recap_flows(self) -> RecapFlows:
        from console.ui.recap.flows import RecapFlows

        return RecapFlows(self, self.service)

    @cached_property
    def facade_flows(self) -> FacadeFlows:
        from console.ui.facade.flows import FacadeFlows

        return FacadeFlows(self, self.service)

    @cached_property
    def prep_flows(self) -> PrepFlows:
        from console.ui.prep.flows import PrepFlows

        return PrepFlows(self, self.service)

    def compose(self) -> ComposeResult:
        service, changed = self.service, MainScreen.changed
        yield StatusHeader(service, id="status").data_bind(changed)
        with Horizontal(id="body"):
            yield TrackerPane(service, self, id="tracker").data_bind(changed)
            with Vertical(id="side"):
                yield RosterPane(service, self, id="roster").data_bind(changed)
                yield HazardsPane(service, id="hazards").data_bind(changed)
                yield SessionApPane(service, key="5", id="ap").data_bind(changed)
                yield DetailPane(service, id="detail").data_bind(changed, MainScreen.subject)
        yield LogPane(service, self, id="log").data_bind(changed)
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#tracker", TrackerPane).border_title = "Tracker (1)"
        self.query_one("#roster", RosterPane).border_title = "Roster (2)"
        self.query_one("#detail", DetailPane).border_title = "Details (i)"
        self.query_one("#log", LogPane).border_title = "Log (3)"
        self.query_one("#hazards", HazardsPane).border_title = "Hazards (4)"
        self.campaign_changed(None)
        self.query_one("#tracker", TrackerPane).focus()

    # ----- showing ------------------------------------------------------------------------

    def campaign_changed(self, outcome: Outcome | None) -> None:
        """What ``outcome`` changed (None: anything may have), to the panes that show it."""
        changed = self._tally.changed(outcome)
        self.changed = changed
        if not self.query_one("#roster").has_focus:
            # The tracker's cursor follows the turn as it redraws: the details with it, in
            # this frame (its Selected message, later, finds them up to date).
            self.subject = (FIGHT, self.query_one("#tracker", TrackerPane).selected_id)
        if Campaign.TABLE in changed.topics:
            system = self.service.campaign().system
            if system != self._system:
                self._system = system
                self.refresh_bindings()  # g and w follow the campaign's system

    @property
    def drawn_version(self) -> object:
        """What the screen's picture is drawn from: a dialog over it may show the still it
        drew a moment ago under another dialog of its flow while this is the same."""
        return (self.changed.serial, self.subject, self.focused)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self._METASCAPE_ONLY:
            return self._system == "metascape"
        if action in self._OTHER_SYSTEMS:
            return self._system != "metascape"
        return True

    def note(self, lines: tuple[str, ...]) -> None:
        """Lines that are no saved action, in the log for as long as the console runs."""
        when = self.service.clock().astimezone().strftime("%H:%M")
        log = self.query_one("#log", LogPane)
        for line in lines:
            log.note(line, when)

    # The details follow the selection of the pane the GM is in: the roster's cursor
    # moving while he runs the tracker (or at start-up) must not take them over.

    @on(TrackerPane.Selected)
    def _selected(self, event: TrackerPane.Selected) -> None:
        if not self.query_one("#roster").has_focus:
            self.subject = (FIGHT, event.combatant_id)

    @on(RosterPane.Selected)
    def _roster_selected(self, event: RosterPane.Selected) -> None:
        if self.query_one("#roster").has_focus and event.entry is not None:
            self.subject = event.entry

    @on(DescendantFocus)
    def _pane_focused(self, event: DescendantFocus) -> None:
        if event.widget.id in ("tracker", "roster", "hazards", "ap"):
            self._show_group_of(event.widget)  # tab reaching a pane of the other page
        if isinstance(event.widget, RosterPane):
            if event.widget.selected is not None:
                self.subject = event.widget.selected
        elif isinstance(event.widget, TrackerPane):
            self.subject = (FIGHT, event.widget.selected_id)

    # ----- screen keys --------------------------------------------------------------------

    def action_new_encounter(self) -> None:
        self.prep_flows.begin_fight(self.tracker_flows)

    def action_end_encounter(self) -> None:
        self.tracker_flows.end_encounter()

    def action_toggle_session(self) -> None:
        self.tracker_flows.toggle_session()

    def action_remove_condition(self) -> None:
        self.tracker_flows.remove_condition(self.query_one("#tracker", TrackerPane).selected_id)

    def action_grab_bag(self) -> None:
        self.award_flows.grab_bag(self._selected_pc_id())

    def action_quick_points(self) -> None:
        # The system's first award: Metalface's successful actions (g, enter: 2 SP).
        self.points_flows.award(self._selected_pc_id())

    def action_points(self) -> None:
        from console.ui.points.points_screen import PointsScreen  # loaded after start-up

        if not self.app.is_screen_installed(PointsScreen.NAME):
            self.app.install_screen(PointsScreen(self.service), PointsScreen.NAME)
        self.app.push_screen(PointsScreen.NAME)

    def action_dice(self) -> None:
        self.dice_flows.open()

    def action_table_settings(self) -> None:
        self.table_flows.settings()

    def action_forecast(self) -> None:
        self.forecast_flows.open()

    def action_recap(self) -> None:
        self.recap_flows.open()

    def action_prep(self) -> None:
        from console.ui.prep.prep_screen import PrepScreen  # loaded when first used

        # Built once and kept (installed); what it changes reaches the panes here as it is
        # saved (Flows.show spreads it to every open screen, this one under it too).
        if not self.app.is_screen_installed(PrepScreen.NAME):
            self.app.install_screen(PrepScreen(self.service), PrepScreen.NAME)
        self.app.push_screen(PrepScreen.NAME)

    def action_briefing(self) -> None:
        self.prep_flows.open_briefing()

    def action_reveal(self) -> None:
        self.prep_flows.reveal()

    def action_awards(self) -> None:
        from console.ui.awards.awards_screen import AwardsScreen  # loaded after start-up

        # Built once and kept (installed): opening it again only brings it up to date.
        if not self.app.is_screen_installed(AwardsScreen.NAME):
            self.app.install_screen(AwardsScreen(self.service), AwardsScreen.NAME)
        self.app.push_screen(AwardsScreen.NAME)

    def action_details(self) -> None:
        """The details of what is selected over the whole screen: at 80x24 the details
        pane is on no page with the tracker, and its rows may not hold them all."""
        from console.ui.tracker.details_screen import DetailsScreen  # loaded after start-up

        # What is under the cursor now: the subject follows it a message later.
        roster = self.query_one("#roster", RosterPane)
        tracker = self.query_one("#tracker", TrackerPane)
        hazards = self.query_one("#hazards", HazardsPane)
        cursor: RowList | None
        if roster.has_focus and roster.selected is not None:
            subject: Subject = roster.selected
            cursor = roster
        elif hazards.has_focus and hazards.selected_victim is not None:
            subject, cursor = (FIGHT, hazards.selected_victim), None
        else:
            subject, cursor = (FIGHT, tracker.selected_id), tracker
        self.app.push_screen(DetailsScreen(self.service, subject, cursor))

    def action_focus_pane(self, pane: str) -> None:
        # At once, not on a later turn (Widget.focus): in "2p" typed fast, p is the
        # roster's key (a new PC), not the tracker's.
        widget = self.query_one(f"#{pane}")
        self._show_group_of(widget)
        self.set_focus(widget)

    def action_maximize_pane(self) -> None:
        """The focused pane over the whole screen, or back to all of them."""
        if self.maximized is not None:
            self.minimize()
        elif self.focused is not None:
            self.maximize(self.focused, container=False)

    # ----- a narrow terminal: the side panes as a second page ------------------------------

    NARROW = 120  # columns under which the tracker takes the width and the rest a page

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < self.NARROW, "-narrow")

    def _show_group_of(self, widget: Widget) -> None:
        # In a narrow terminal, the tracker (1) or the side panes (2, 4, 5) fill the body.
        self.set_class(widget.id in ("roster", "hazards", "ap", "detail"), "-side-page")
        # ... two panes at a time, as they fit 80x24: the roster with the details (2), or
        # the hazards with tonight's awards (4, 5).
        if widget.id in ("roster", "detail"):
            self.set_class(False, "-tally")
        elif widget.id in ("hazards", "ap"):
            self.set_class(True, "-tally")

    def _selected_pc_id(self) -> int | None:
        """The PC the GM is looking at: in the focused pane, else the tracker, else the roster."""
        tracker = self.query_one("#tracker", TrackerPane)
        roster = self.query_one("#roster", RosterPane)
        tonight = self.query_one("#ap", SessionApPane)
        if tonight.has_focus and tonight.selected_pc_id is not None:
            return tonight.selected_pc_id

        def from_tracker() -> int | None:
            encounter = self.service.encounter()
            combatant = (encounter.combatant(tracker.selected_id)
                         if encounter is not None and tracker.selected_id is not None else None)
            sheet = self.service.combat.sheet_of(combatant) if combatant is not None else None
            return sheet.id if sheet is not None else None

        def from_roster() -> int | None:
            entry = roster.selected
            return entry[1] if entry is not None and entry[0] == "pc" else None

        order = [from_roster, from_tracker] if roster.has_focus else [from_tracker, from_roster]
        return next((found for found in (pick() for pick in order) if found is not None), None)
