"""The prep screen's outline: adventures, their scenes, each scene's encounters, one row
each, with what the cursor is on as a selection the flows understand."""

from __future__ import annotations

from rich.text import Text

from console.model.adventures import Adventure
from console.model.text import shown
from console.ui.prep.flows import Selection
from console.ui.widgets.row_list import RowList

__all__ = ["Outline"]


class Outline(RowList):
    """Adventures, their scenes, each scene's encounters: one row each."""

    def __init__(self, *, id: str | None = None) -> None:
        # Narrowed, then stretched to the pane: at 80 columns a title longer than the pane
        # was cut at its border with no "…" ("Arrival at the dockin").
        super().__init__([("Adventure · scene · encounter", 30), ("", 12)], stretch=0,
                         narrow={0: 16}, drop_first=[1], id=id)
        self.entries: list[Selection] = []

    def show(self, adventures: list[Adventure]) -> None:
        rows: list[tuple[Text | str, ...]] = []
        entries: list[Selection] = []
        for adventure in adventures:
            count = sum(1 for _ in adventure.encounters())
            rows.append((Text(shown(adventure.title), style="bold"),
                         Text(f"{len(adventure.scenes)} sc · {count} enc", style="dim")))
            entries.append(("adventure", adventure.id, 0))
            for number, scene in enumerate(adventure.scenes, start=1):
                here = "◆ table" if adventure.at_scene == scene.id else ""
                rows.append((Text(f" {number}. " + shown(scene.name)),
                             Text(here, style="bold green")))
                entries.append(("scene", adventure.id, scene.id))
                for encounter in scene.encounters:
                    foes = sum(foe.count for foe in encounter.foes)
                    mark = (("✓ " if encounter.played is not None else "")
                            + (f"{foes} foes" if foes else ""))
                    rows.append((Text("     " + shown(encounter.heading)),
                                 Text(mark, style="dim")))
                    entries.append(("encounter", adventure.id, encounter.id))
        selected = self.selected
        self.entries = entries
        self.set_rows(rows)
        if selected in entries:
            self.move_cursor(row=entries.index(selected), announce=True)

    @property
    def selected(self) -> Selection | None:
        row = self.cursor_row
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def select(self, selection: Selection) -> None:
        if selection in self.entries:
            self.move_cursor(row=self.entries.index(selection), announce=True)
