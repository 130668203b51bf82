"""The points screen (``w`` in a campaign playing Metalface, Façade or the d10 pool): the
party's points, what they have brought, their pools this mission, this session's record,
and every awarder action of the system."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from console.model import PlayerCharacter, Session
from console.model.awards import played_time, player_of
from console.model.outcome import Outcome
from console.model.points_awards import (
    describe_bought,
    describe_entry,
    session_points,
    spendable,
)
from console.model.session_summary import format_duration
from console.rules.systems.points import POINTS_RULES, PointsRules
from console.service import ActionRefused, CampaignService
from console.ui.awards.flows import AwardFlows
from console.ui.bindings import cursor_ends
from console.ui.points.flows import PointsFlows
from console.ui.safety import Guarded, on
from console.ui.screens.breakpoints import SizedAtOnce
from console.ui.screens.screen_head import ScreenHead
from console.ui.widgets.keys_footer import KeysFooter
from console.ui.widgets.plain import DataTable, Static

__all__ = ["PointsScreen", "rules_line"]


class _Table(DataTable[str]):
    BINDINGS: ClassVar[list[BindingType]] = cursor_ends("points")  # the cursor picks the PC


def rules_line(rules: PointsRules) -> str:
    """The system's awards in one line, from its rules (never typed twice)."""
    parts = [f"{a.advice}" for a in rules.awards if a.advice]
    if rules.trades:
        rates = ", ".join(t.rate(rules.unit) for t in rules.trades)
        when = ", spent once a mission is completed" if rules.spend_after_mission else ""
        parts.append(f"{rates}{when}")
    if rules.pools:
        parts.append(" and ".join(p.label for p in rules.pools) + " refilled each mission")
    return " · ".join(parts)


class PointsScreen(Guarded, SizedAtOnce, Screen[None]):
    NAME: ClassVar[str] = "points"  # installed under this name: built once, kept
    CSS_PATH = Path(__file__).with_name("points.tcss")
    HELP: ClassVar[str] = """\
## Points

The awarder of a campaign playing another system than MetaScape (its system is set in the
dice calculator, `D`, with `ctrl+t`). An award counts at once; the session keeps the
record, where `e` gives an award its reason and `delete` takes it back (while no trade or
mission's end has used it; otherwise undo, `ctrl+z`).

- **Metalface**: `s` successful actions (2 SP each), `p` a performance (5-10 SP);
  `m` a mission's end: the SP its completers have earned may be spent ("Waiting" until
  then), and every PC's Faith and Blessing come back; `t` spends them: a skill point for
  10 SP, a value point for 30; `f` a faith roll (the player's d6: +0, +1 or +2 to the
  skill), `b` a blessing (a reroll), `o` sets a PC's Faith and Blessing values.
- **Façade**: `a` EP (3-10 a game is the book's advice); `t` trades EP for AP (1 each),
  SP (2 each) or BP (1 each), whole EP only.
- **The d10 pool**: its rules give no advancement; `a` records the GM's own points.
- `r` shows the session summary.
"""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "award", "Award", id="points.award"),
        Binding("s", "successful_action", "Action", tooltip="Successful actions (2 SP each)",
                id="points.action"),
        Binding("p", "performance", "Perform", tooltip="A performance (5-10 SP)",
                id="points.performance"),
        Binding("t", "trade", "Spend", tooltip="Spend points (trade them)", id="points.trade"),
        Binding("m", "mission", "Mission", tooltip="A mission's end", id="points.mission"),
        Binding("f", "faith", "Faith", tooltip="A faith roll", id="points.faith"),
        Binding("b", "blessing", "Bless", tooltip="A blessing: a reroll",
                id="points.blessing"),
        Binding("o", "pools", "Pool sizes", id="points.pools", show=False),
        Binding("e", "reason", "Reason", id="points.reason", show=False),
        Binding("delete", "take_back", "Take back award", id="points.take_back", show=False),
        Binding("r", "summary", "Summary", id="points.summary"),
        Binding("escape", "back", "Back", id="points.back"),
    ]
    # Each action and what the campaign's system must have for it ("award": a system
    # whose awards have no key of their own, s and p being Metalface's).
    _NEEDS: ClassVar[dict[str, str]] = {
        "award": "award", "successful_action": "action", "performance": "performance",
        "trade": "trades", "mission": "missions", "faith": "faith", "blessing": "blessing",
        "pools": "pools",
    }

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service
        self.flows = PointsFlows(self, service)
        self.summaries = AwardFlows(self, service)  # the session's summary is the awarder's
        self._pcs: list[PlayerCharacter] = []
        self._entries: list[int] = []  # index in the session's record, per row
        self._columns: tuple[str, ...] = ()
        self._drawn_at = -1  # the campaign's operation number when last drawn
        self._shown_rules: PointsRules | None = None  # the system its head names

    def compose(self) -> ComposeResult:
        yield ScreenHead(self.service, self._head_words, id="points-head")
        yield Static("", id="points-rules")
        yield _Table(id="points-party", cursor_type="row")
        yield _Table(id="points-record", cursor_type="row")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#points-party").border_title = "Party"
        self.query_one("#points-record").border_title = "This session"
        self.refresh_view()
        self.query_one("#points-party").focus()

    def on_screen_resume(self) -> None:
        # Opened again (kept installed), or back from a form: the campaign, even its system,
        # may have changed since it was drawn (a form's action has drawn it already).
        if self.is_mounted and self._drawn_at != self.service.opno:
            self.refresh_view()

    def _rules(self) -> PointsRules | None:
        try:
            return self.service.points.rules()
        except ActionRefused:
            return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        need = self._NEEDS.get(action)
        if need is None:
            return True
        rules = self._rules()
        if rules is None:
            return False
        if need == "award":
            return not any(a.key in ("action", "performance") for a in rules.awards)
        if need in ("action", "performance"):
            return any(a.key == need for a in rules.awards)
        if need in ("faith", "blessing"):
            return any(p.key == need for p in rules.pools)
        return bool(getattr(rules, need))

    # ----- showing ------------------------------------------------------------------------

    def campaign_changed(self, outcome: Outcome | None) -> None:
        """Anything its flows (or undo, redo) changed: the screen drawn again, whole."""
        if self.is_mounted:
            self.refresh_view()

    def _head_words(self, now: datetime) -> str:
        rules = self._shown_rules
        if rules is None:
            return ""
        session = self.service.session()
        if session.number == 0:
            state = "no session yet: S on the main screen starts one"
        else:
            clock = format_duration(played_time(session, now))
            state = f"Session {session.number} {'running' if session.running else 'stopped'}" \
                    f" · {clock}"
        return (f" {rules.unit_name.capitalize()} ({rules.unit}) · {rules.system} · "
                f"{self.service.campaign().name} · {state}")

    def refresh_view(self) -> None:
        rules = self._rules()
        if rules is None:  # the campaign went back to MetaScape: its AP are the AP screen's
            if self.is_current:
                self.notify("This campaign plays MetaScape now: w opens its AP awards",
                            severity="warning")
                self.dismiss(None)
            return
        service = self.service
        self._drawn_at = service.opno
        session = service.session()
        self._pcs = sorted(service.pcs().values(), key=lambda pc: pc.id)
        self._shown_rules = rules
        self.query_one(ScreenHead).redraw()
        self.query_one("#points-rules", Static).update(f" {rules_line(rules)}")
        self._show_party(rules, session)
        self._show_record()
        self.refresh_bindings()

    def _party_columns(self, rules: PointsRules) -> tuple[str, ...]:
        columns = ["PC", rules.unit, "Tonight"]
        if rules.trades:
            columns.append("To spend")
            if rules.spend_after_mission:
                columns.append("Waiting")  # earned since his last mission's end
            columns.append("Bought")
        columns += [p.label for p in rules.pools]
        return (*columns, "Player")

    def _show_party(self, rules: PointsRules, session: Session) -> None:
        table = self.query_one("#points-party", DataTable)
        columns = self._party_columns(rules)
        row = table.cursor_row
        if columns != self._columns:
            table.clear(columns=True)
            table.add_columns(*columns)
            self._columns = columns
        else:
            table.clear()
        for pc in self._pcs:
            points = pc.points
            if points.system not in ("", rules.name):  # another system's: left as they are
                theirs = POINTS_RULES[points.system]
                table.add_row(pc.name, f"({points.earned} {theirs.unit})",
                              *[""] * (len(columns) - 3), player_of(pc))
                continue
            cells = [pc.name, str(points.earned), str(session_points(session, pc.id, rules) or "")]
            if rules.trades:
                cells.append(str(spendable(rules, points)))
                if rules.spend_after_mission:
                    cells.append(str(points.earned - points.counted or ""))
                cells.append(", ".join(describe_bought(rules, points)))
            cells += [f"{points.left(p.key)}/{points.pools[p.key]}" if points.pools.get(p.key)
                      else "-" for p in rules.pools]
            table.add_row(*cells, player_of(pc))
        if self._pcs:
            table.move_cursor(row=min(max(row, 0), len(self._pcs) - 1))

    def _show_record(self) -> None:
        table = self.query_one("#points-record", DataTable)
        row = table.cursor_row
        grew = len(self.service.session().points) > len(self._entries)
        table.clear(columns=not table.columns)
        if not table.columns:
            table.add_columns("PC", "Entry")
        pcs = self.service.pcs()
        self._entries = []
        for index, entry in enumerate(self.service.session().points):
            pc = pcs.get(entry.pc_id)
            table.add_row(pc.name if pc else f"#{entry.pc_id}", describe_entry(entry))
            self._entries.append(index)
        if self._entries:
            # A new line is the one a correction (e, delete) is most likely meant for.
            at = len(self._entries) - 1 if grew else min(max(row, 0), len(self._entries) - 1)
            table.move_cursor(row=at)

    # ----- what the keys point at ---------------------------------------------------------

    def _selected_pc(self) -> PlayerCharacter | None:
        table = self.query_one("#points-party", DataTable)
        if self._pcs and 0 <= table.cursor_row < len(self._pcs):
            return self._pcs[table.cursor_row]
        return None

    def _selected_id(self) -> int | None:
        pc = self._selected_pc()
        return pc.id if pc is not None else None

    def _selected_entry(self) -> int | None:
        """The record's line under its cursor, only while the record has the focus: on the
        party, delete must not take back a line the GM is not looking at."""
        table = self.query_one("#points-record", DataTable)
        if not table.has_focus or not self._entries \
                or not 0 <= table.cursor_row < len(self._entries):
            self.notify("tab to this session's record and choose the award first",
                        severity="warning")
            return None
        return self._entries[table.cursor_row]

    # ----- keys ---------------------------------------------------------------------------

    def action_award(self) -> None:
        self.flows.award(self._selected_id())

    def action_successful_action(self) -> None:
        self.flows.award(self._selected_id(), "action")

    def action_performance(self) -> None:
        self.flows.award(self._selected_id(), "performance")

    def action_trade(self) -> None:
        self.flows.trade(self._selected_pc())

    def action_mission(self) -> None:
        self.flows.end_mission()

    def action_faith(self) -> None:
        self.flows.use_pool("faith", self._selected_id())

    def action_blessing(self) -> None:
        self.flows.use_pool("blessing", self._selected_id())

    def action_pools(self) -> None:
        self.flows.pool_sizes(self._selected_pc())

    def action_reason(self) -> None:
        index = self._selected_entry()
        if index is not None:
            self.flows.reason(index)

    def action_take_back(self) -> None:
        index = self._selected_entry()
        if index is not None:
            self.flows.take_back(index)

    def action_summary(self) -> None:
        self.summaries.summary()

    def action_back(self) -> None:
        self.dismiss(None)

    @on(DataTable.RowSelected, "#points-party")
    def _party_enter(self) -> None:
        self.action_award()
