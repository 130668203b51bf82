"""Tonight's AP at a glance: each PC's awards this session by source, and who has had
nothing yet (the grab bag is meant to go round)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from rich.text import Text

from console.model import AwardKind
from console.model.awards import played_time
from console.service import View
from console.ui.screens.status_header import clock
from console.ui.widgets.drawn_from import DrawnFrom
from console.ui.widgets.row_list import Cell, RowList

__all__ = ["SessionApPane", "session_ap_rows"]

_SHORT = {AwardKind.GRAB_BAG: "grab", AwardKind.ADVENTURE: "adv", AwardKind.VETERAN: "pocket",
          AwardKind.TIME: "time", AwardKind.GROUP: "group", AwardKind.JOURNAL: "journal",
          AwardKind.OTHER: "other"}


def session_ap_rows(view: View) -> list[tuple[Cell, ...]]:
    """(PC, AP this session, by source) for every PC, those with nothing marked."""
    by_pc: dict[int, dict[AwardKind, int]] = {}
    for award in view.session.ap_awards:
        sources = by_pc.setdefault(award.pc_id, {})
        sources[award.kind] = sources.get(award.kind, 0) + award.amount
    rows: list[tuple[Cell, ...]] = []
    for pc in sorted(view.pcs.values(), key=lambda p: p.name.lower()):
        sources = by_pc.get(pc.id, {})
        total = sum(sources.values())
        if total:
            spread = ", ".join(f"{_SHORT[kind]} {points}" for kind, points in sources.items())
            rows.append((Text(pc.name, style="bold"), str(total), spread))
        else:
            rows.append((Text(pc.name, style="bold"), Text("0", style="yellow"),
                         Text("nothing yet tonight", style="yellow")))
    return rows


class SessionApPane(RowList):
    PANE_TITLE: ClassVar[str] = "AP tonight"
    HELP: ClassVar[str] = """\
## AP tonight

Each PC's AP this session, by source (grab bag, adventure bonus, the veteran's pocket),
and who has had nothing yet. `g` gives grab-bag points to the PC you are looking at, `w`
opens the awards.
"""

    def __init__(self, now: Callable[[], datetime], *, id: str | None = None) -> None:
        super().__init__([("PC", 12), ("AP", 4), ("By source", 30)], stretch=2,
                         narrow={0: 9, 1: 3, 2: 20}, id=id)
        self.now = now
        self._drawn = DrawnFrom()

    def show(self, view: View) -> None:
        if not self._drawn.changed(view.session, view.pcs):
            return
        self.set_rows(session_ap_rows(view))
        if view.session.number == 0:
            self.border_subtitle = "no session yet"
        else:
            played = played_time(view.session, self.now()).total_seconds()
            self.border_subtitle = f"session {view.session.number}, {clock(played)} played"
