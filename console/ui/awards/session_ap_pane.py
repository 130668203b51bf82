"""Tonight's awards at a glance: each PC's AP this session by source, and who has had
nothing yet (the grab bag is meant to go round); in a campaign playing another system, its
points (SP, EP) and pools the same way."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from rich.text import Text

from console.model import AwardKind, Campaign, PlayerCharacter, Session
from console.model.awards import played_time
from console.model.points_awards import spendable
from console.model.system_points import EntryKind
from console.rules.systems.points import POINTS_RULES, PointsRules
from console.service import CampaignService, View
from console.ui.changes import Redraws
from console.ui.screens.status_header import clock
from console.ui.widgets.row_list import Cell, RowList

__all__ = ["SessionApPane", "session_ap_rows", "session_points_rows"]

_SHORT = {AwardKind.GRAB_BAG: "grab", AwardKind.ADVENTURE: "adv", AwardKind.VETERAN: "pocket",
          AwardKind.TIME: "time", AwardKind.GROUP: "group", AwardKind.JOURNAL: "journal",
          AwardKind.OTHER: "other"}


def _nothing(pc: PlayerCharacter) -> tuple[Cell, ...]:
    return (Text(pc.name, style="bold"), Text("0", style="yellow"),
            Text("nothing yet tonight", style="yellow"))


def _party(view: View) -> list[PlayerCharacter]:
    return sorted(view.pcs.values(), key=lambda p: p.name.lower())


def session_ap_rows(view: View) -> list[tuple[Cell, ...]]:
    """(PC, AP this session, by source) for every PC, those with nothing marked."""
    by_pc: dict[int, dict[AwardKind, int]] = {}
    for award in view.session.ap_awards:
        sources = by_pc.setdefault(award.pc_id, {})
        sources[award.kind] = sources.get(award.kind, 0) + award.amount
    rows: list[tuple[Cell, ...]] = []
    for pc in _party(view):
        sources = by_pc.get(pc.id, {})
        total = sum(sources.values())
        if total:
            spread = ", ".join(f"{_SHORT[kind]} {points}" for kind, points in sources.items())
            rows.append((Text(pc.name, style="bold"), str(total), spread))
        else:
            rows.append(_nothing(pc))
    return rows


def session_points_rows(view: View, rules: PointsRules) -> list[tuple[Cell, ...]]:
    """(PC, points this session, by award, and his pools' uses left) for every PC."""
    awarded: dict[int, dict[str, int]] = {}  # PC -> award -> points, read once
    for entry in view.session.points:
        if entry.kind is EntryKind.AWARD and entry.system == rules.name:
            by_award = awarded.setdefault(entry.pc_id, {})
            by_award[entry.what] = by_award.get(entry.what, 0) + entry.points
    rows: list[tuple[Cell, ...]] = []
    for pc in _party(view):
        if pc.points.system not in ("", rules.name):  # another system's: not tonight's
            rows.append(_nothing(pc))
            continue
        by_award = awarded.get(pc.id, {})
        parts = [f"{_AWARD_SHORT.get(key, key)} {points}" for key, points in by_award.items()]
        free = spendable(rules, pc.points)
        if rules.trades and free:
            parts.append(f"{free} to spend")
        pools = [f"{p.label} {pc.points.left(p.key)}/{pc.points.pools.get(p.key, 0)}"
                 for p in rules.pools if pc.points.pools.get(p.key, 0)]
        tonight = sum(by_award.values())
        if not tonight and not pools:
            rows.append(_nothing(pc))
            continue
        spread = Text(", ".join(parts) or "nothing yet tonight",
                      style="" if parts else "yellow")
        if pools:
            spread.append(" · " + ", ".join(pools), "cyan")
        rows.append((Text(pc.name, style="bold"),
                     str(tonight) if tonight else Text("0", style="yellow"), spread))
    return rows


_AWARD_SHORT = {"action": "actions", "performance": "perf", "ep": "EP", "points": "pts"}


class SessionApPane(Redraws, RowList):
    PANE_TITLE: ClassVar[str] = "AP tonight"
    HELP: ClassVar[str] = """\
## AP tonight

Each PC's AP this session, by source (grab bag, adventure bonus, the veteran's pocket),
and who has had nothing yet. `g` gives grab-bag points to the PC you are looking at, `w`
opens the awards.

In a campaign playing Metalface, Façade or the d10 pool, the same for its points (SP, EP)
and what is left of each PC's Faith and Blessing this mission; `g` is that system's quick
award (Metalface: 2 SP for a successful action) and `w` opens its points.
"""

    # The campaign's document for its system: the units of its awards.
    SHOWS: ClassVar[frozenset[str]] = frozenset({Session.TABLE, PlayerCharacter.TABLE,
                                                 Campaign.TABLE})

    def __init__(self, service: CampaignService, *, key: str = "",
                 id: str | None = None) -> None:
        super().__init__([("PC", 12), ("AP", 4), ("By source", 30)], stretch=2,
                         narrow={0: 9, 1: 3, 2: 20}, id=id)
        self.service = service
        self.now: Callable[[], datetime] = service.clock
        self._key = f" ({key})" if key else ""
        self._ids: list[int] = []  # the PC of each row

    @property
    def selected_pc_id(self) -> int | None:
        """The PC under the cursor: g on this pane gives to him."""
        row = self.cursor_row
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def on_mount(self) -> None:
        self.border_title = f"AP tonight{self._key}"
        # The play time keeps up with the header's clock: it moved only with an award.
        self.set_interval(1, self._show_played)

    def redraw(self) -> None:
        self.show(self.service.view())

    def show(self, view: View) -> None:
        rules = POINTS_RULES.get(view.system)
        unit = "AP" if rules is None else rules.unit
        self.set_labels(["PC", unit if len(unit) <= 3 else "Pts", "By source"])
        self.border_title = f"{unit.capitalize() if len(unit) > 3 else unit} tonight{self._key}"
        self._ids = [pc.id for pc in _party(view)]  # the rows' order
        self.set_rows(session_ap_rows(view) if rules is None
                      else session_points_rows(view, rules))
        self._session = view.session
        self._show_played()

    _session: Session | None = None

    def _show_played(self) -> None:
        session = self._session
        if session is None:
            return
        if session.number == 0:
            said = "no session yet"
        else:
            played = played_time(session, self.now()).total_seconds()
            said = f"session {session.number}, {clock(played)} played"
        if said != self.border_subtitle:  # a border drawn again once a minute, not a second
            self.border_subtitle = said
