"""The AP awards screen (``w``): the party's AP and ranks, this session's awards, the
grab bag's fairness, and every awarder action, down to the close of the session."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from console.model import AwardKind, PlayerCharacter, Session
from console.model.awards import (
    ap_history,
    campaign_grab_bag,
    fairness,
    kind_name,
    pending_awards,
    played_time,
    player_of,
)
from console.model.outcome import Outcome
from console.model.session_summary import format_duration
from console.rules.advancement import rank_title
from console.rules.ap_awards import GrabBagFairness
from console.service import CampaignService
from console.ui.awards.flows import AwardFlows
from console.ui.bindings import cursor_ends
from console.ui.formatting import sparkline
from console.ui.safety import Guarded, on
from console.ui.screens.breakpoints import SizedAtOnce
from console.ui.screens.screen_head import ScreenHead
from console.ui.widgets.keys_footer import KeysFooter
from console.ui.widgets.plain import DataTable, Static

__all__ = ["AwardsScreen"]


class _Table(DataTable[str]):
    BINDINGS: ClassVar[list[BindingType]] = cursor_ends("awards")  # the cursor picks the PC


class AwardsScreen(Guarded, SizedAtOnce, Screen[None]):
    NAME: ClassVar[str] = "awards"  # installed under this name: built once, kept
    CSS_PATH = Path(__file__).with_name("awards.tcss")
    HELP: ClassVar[str] = """\
## AP awards

The party's adventure points and ranks, this session's awards so far, and how the grab
bag is spread. The party's columns: Total and Unused AP; rank improvement rolls owed;
awards waiting for the close; the player's grab bag AP this session / in the campaign; his
AP Total over the newest sessions, as many as the width has room for, and where it stands.
Awards made during play wait here until the close of the session (`c`) applies them all at
once, after a preview table.

- `g` grab bag (1, 2 or 3 AP, about one an hour, spread across the players); `a` an
  adventure bonus; `v` the veteran's pocket (when the campaign uses it: `P`).
- `c` closes the session: time AP, group bonus, journal, grab bag and pocket for every PC
  at the table, missions completed with their allowances, and the rank-ups.
- `i` spends Unused AP to improve an ability (value + IC, once per ability per mission);
  `h` adds handicap AP (Unused only); `r` resolves a rank improvement roll from the
  player's 10L; `l` lets the rest of his rolls go.
- `m` shows the session summary (`x` there writes it beside the saves).
- On the awards list: `e` gives an award its reason, `delete` takes it back.
"""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "grab_bag", "Grab bag", id="awards.grab_bag"),
        Binding("a", "adventure", "Adventure bonus", id="awards.adventure"),
        Binding("v", "pocket", "Veteran's pocket", id="awards.pocket"),
        Binding("c", "close_session", "Close session", id="awards.close"),
        Binding("i", "improve", "Improve ability", id="awards.improve"),
        Binding("h", "handicap", "Handicap AP", id="awards.handicap", show=False),
        Binding("r", "rank_roll", "Rank roll", id="awards.rank_roll"),
        Binding("l", "lose_rolls", "Lose rolls", id="awards.lose_rolls", show=False),
        Binding("e", "reason", "Reason", id="awards.reason", show=False),
        Binding("delete", "take_back", "Take back award", id="awards.take_back", show=False),
        Binding("m", "summary", "Summary", id="awards.summary"),
        Binding("P", "toggle_pocket", "Pocket rule on/off", id="awards.pocket_rule",
                show=False),
        Binding("escape", "back", "Back", id="awards.back"),
    ]

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service
        self.flows = AwardFlows(self, service)
        self._pcs: list[PlayerCharacter] = []
        self._awards: list[int] = []  # index in the session's award list, per row
        self._shown_once = False
        self._trend_for = 0  # the width the chart was last drawn for

    def compose(self) -> ComposeResult:
        yield ScreenHead(self.service, self._head_words, id="awards-head")
        party = _Table(id="party", cursor_type="row")
        party.add_columns(*PARTY_COLUMNS)
        yield party
        yield Static("", id="fairness")
        given = _Table(id="session-awards", cursor_type="row")
        given.add_columns("Award", "PC", "AP", "Reason")
        yield given
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#party").border_title = "Party"
        self.query_one("#session-awards").border_title = "This session's awards"
        self.refresh_view()
        self.query_one("#party").focus()
        self._trend_for = self.size.width

    def on_resize(self) -> None:
        # The AP Total chart takes the sessions the width has room for.
        if self.is_mounted and self.size.width != self._trend_for:
            self._trend_for = self.size.width
            self.refresh_view()

    def on_screen_resume(self) -> None:
        # Opened again (the screen is kept, see MainScreen.action_awards): the campaign
        # may have moved on since.
        if self.is_mounted and self._shown_once:
            self.refresh_view()
        self._shown_once = True

    # ----- showing ------------------------------------------------------------------------

    def campaign_changed(self, outcome: Outcome | None) -> None:
        """Anything its flows (or undo, redo) changed: the screen drawn again, whole."""
        if self.is_mounted:
            self.refresh_view()

    def refresh_view(self) -> None:
        service = self.service
        session = service.session()
        pcs = service.pcs()
        sessions = service.played_sessions()
        self._pcs = sorted(pcs.values(), key=lambda pc: pc.id)
        now = service.clock()
        self.query_one(ScreenHead).redraw()
        report = fairness(session, sessions, pcs, now) if session.number else None
        waiting: dict[int, dict[AwardKind, int]] = {}
        for _, award in [] if session.closed else pending_awards(session):
            kinds = waiting.setdefault(award.pc_id, {})
            kinds[award.kind] = kinds.get(award.kind, 0) + award.amount
        bag = {r.player: r for r in report.players} if report else {}
        party = self.query_one("#party", DataTable)
        row = party.cursor_row
        rows: list[list[str]] = []
        histories: list[list[int]] = []
        for pc in self._pcs:
            histories.append([total for _, total in ap_history(sessions, pc.id)])
            tally = bag.get(player_of(pc))
            rows.append([
                pc.name, f"{player_of(pc)} ({pc.player_rank})" if pc.player_rank
                else player_of(pc), rank_title(pc.rank), str(pc.ap_total), str(pc.unused_ap),
                str(pc.rank_rolls or ""),
                ", ".join(f"{amount} {_SHORT[kind]}"
                          for kind, amount in waiting.get(pc.id, {}).items()),
                f"{tally.session_points} / {tally.campaign_points}" if tally else ""])
        length = _trend_length(self.size.width, rows)
        # The columns made again each time: a DataTable keeps a column's widest cell across
        # clear(), so a column never narrowed when its cells did (an award taken back, a
        # narrower terminal). No room for one bar: no chart column (Total says where each
        # one stands).
        party.clear(columns=True)
        party.add_columns(*PARTY_COLUMNS[:-1] if length == 0 else PARTY_COLUMNS)
        for cells, history in zip(rows, histories, strict=True):
            party.add_row(*cells, *[_trend(history, length)] if length else [])
        if self._pcs:
            party.move_cursor(row=min(row, len(self._pcs) - 1))
        self._show_fairness(report, campaign_grab_bag(sessions, now))
        self._show_awards(session, pcs)

    def _head_words(self, now: datetime) -> str:
        campaign = self.service.campaign()
        session = self.service.session()
        if session.number == 0:
            state = "no session yet: S on the main screen starts one"
        else:
            clock = format_duration(played_time(session, now))
            state = ("closed" if session.closed else
                     "running" if session.running else "stopped") + f" · {clock}"
            state = f"Session {session.number} {state}"
        pocket = "on" if campaign.veterans_pocket else "off"
        return f" AP awards · {campaign.name} · {state} · veteran's pocket {pocket}"

    def _show_fairness(self, report: GrabBagFairness | None,
                       campaign: tuple[int, timedelta]) -> None:
        if report is None:
            self.query_one("#fairness", Static).update("")
            return
        # The book's pace is about one an hour: compare with the hours played so far.
        due = round(report.hours)
        spread = ", ".join(f"{r.player} {r.session_points}" for r in report.players)
        line = (f" Grab bag this session: {report.session_points} AP in "
                f"{format_duration(timedelta(seconds=float(report.hours) * 3600))}, "
                f"about {due} at one an hour")
        if report.left_out:  # before the spread: a narrow line cut short keeps who
            line += f" · nothing yet for {', '.join(report.left_out)}"
        line += f" · {spread}"
        points, played = campaign
        line += f" · campaign: {points} AP in {format_duration(played)}"
        self.query_one("#fairness", Static).update(line)

    def _show_awards(self, session: Session, pcs: dict[int, PlayerCharacter]) -> None:
        table = self.query_one("#session-awards", DataTable)
        row = table.cursor_row
        table.clear()
        self._awards = []
        for index, award in enumerate(session.ap_awards):
            pc = pcs.get(award.pc_id)
            reason = award.reason
            if award.giver:
                reason = f"from {award.giver}" + (f": {reason}" if reason else "")
            table.add_row(kind_name(award.kind), pc.name if pc else f"#{award.pc_id}",
                          str(award.amount), reason)
            self._awards.append(index)
        if self._awards:
            table.move_cursor(row=min(row, len(self._awards) - 1))

    # ----- what the keys point at ---------------------------------------------------------

    def _selected_pc(self) -> PlayerCharacter | None:
        table = self.query_one("#party", DataTable)
        if self._pcs and 0 <= table.cursor_row < len(self._pcs):
            return self._pcs[table.cursor_row]
        return None

    def _need_pc(self) -> PlayerCharacter | None:
        pc = self._selected_pc()
        if pc is None:
            self.notify("no PCs yet: p on the roster adds one", severity="warning")
        return pc

    def _selected_award(self) -> int | None:
        """The award under the list's cursor, only while the list has the focus: on the
        party, delete must not take back an award the GM is not looking at."""
        table = self.query_one("#session-awards", DataTable)
        if not table.has_focus or not self._awards \
                or not 0 <= table.cursor_row < len(self._awards):
            self.notify("tab to this session's awards and choose one first",
                        severity="warning")
            return None
        return self._awards[table.cursor_row]

    # ----- keys ---------------------------------------------------------------------------

    def action_grab_bag(self) -> None:
        pc = self._selected_pc()
        self.flows.grab_bag(pc.id if pc else None)

    def action_adventure(self) -> None:
        self.flows.adventure_bonus(self._selected_pc())

    def action_pocket(self) -> None:
        self.flows.pocket(self._selected_pc())

    def action_reason(self) -> None:
        index = self._selected_award()
        if index is not None:
            self.flows.reason(index)

    def action_take_back(self) -> None:
        index = self._selected_award()
        if index is not None:
            self.flows.take_back(index)

    def action_toggle_pocket(self) -> None:
        self.flows.toggle_pocket()

    def action_close_session(self) -> None:
        self.flows.close_session()

    def action_improve(self) -> None:
        pc = self._need_pc()
        if pc is not None:
            self.flows.improve(pc)

    def action_handicap(self) -> None:
        pc = self._need_pc()
        if pc is not None:
            self.flows.handicap(pc)

    def action_rank_roll(self) -> None:
        pc = self._need_pc()
        if pc is not None:
            self.flows.rank_roll(pc)

    def action_lose_rolls(self) -> None:
        pc = self._need_pc()
        if pc is not None:
            self.flows.lose_rolls(pc)

    def action_summary(self) -> None:
        self.flows.summary()

    def action_back(self) -> None:
        self.dismiss(None)

    @on(DataTable.RowSelected, "#party")
    def _party_enter(self) -> None:
        self.action_grab_bag()


# Sessions the AP Total chart shows, the newest: a column a screen wide, where a long
# campaign's 500 sessions made a cell 500 wide that the table measured and drew each time.
# Narrower screens show fewer, so the party's table fits without scrolling sideways.
TREND = 24
# Short headings (the help says what each holds), so the table fits 80 columns.
PARTY_COLUMNS = ("PC", "Player", "Rank", "Total", "Unused", "Rolls", "Waiting", "Grab bag",
                 "By session")


def _trend_length(width: int, rows: list[list[str]]) -> int:
    """How many sessions the chart has room for on a screen ``width`` wide, beside the
    party's other cells (``rows``), so the chart never makes the table scroll sideways (a
    name or a player too long for the screen still does)."""
    used = 2 + 2  # the table's border, and a scrollbar when the party is long
    for column, heading in enumerate(PARTY_COLUMNS[:-1]):
        widest = max([cell_len(heading), *(cell_len(cells[column]) for cells in rows)])
        used += widest + 2  # each cell's padding
    # The chart's cell: padding, "…", the bars, a space and the newest total (up to 7 digits).
    return max(0, min(TREND, width - used - 2 - 1 - 1 - 7))  # 0: no room for a bar


def _trend(history: list[int], length: int) -> str:
    """The PC's AP Total over his newest ``length`` sessions as a bar chart, and where it
    stands."""
    if not history:
        return ""
    shown = sparkline(history[-length:])
    return f"{'…' if len(history) > length else ''}{shown} {history[-1]}"


_SHORT = {AwardKind.GRAB_BAG: "grab", AwardKind.ADVENTURE: "adv", AwardKind.VETERAN: "pocket"}
