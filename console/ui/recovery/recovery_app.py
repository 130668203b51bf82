"""A damaged campaign opens here instead of in the console (issue 12).

What is wrong, file by file, with the newest backup of each that loads; `r` puts that
backup back (the damaged file is kept in ``backups/damaged/``, never deleted), or removes a
link or special file the console refuses to follow; the whole campaign is checked again
after every repair, and `o` opens the console once it is whole. Nothing is changed without
the GM's key.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from console.service import ActionRefused
from console.service.repair import CampaignRepair, Damage
from console.ui.safety import GuardedApp, on
from console.ui.widgets.keys_footer import KeysFooter
from console.ui.widgets.plain import DataTable, PlainNotices, Static

__all__ = ["OPEN", "RecoveryApp"]

OPEN = "open"


class RecoveryApp(PlainNotices, GuardedApp, App[str]):
    """Exits with :data:`OPEN` when the GM opens the mended campaign, else None."""

    TITLE = "MetaScape GM console: recovery"
    CSS = """
    #summary { padding: 1 2; height: auto; }
    #problems { height: auto; max-height: 1fr; }
    #detail { padding: 1 2; height: auto; border-top: solid $accent; }
    #status { padding: 0 2; height: auto; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "repair", "Restore backup", tooltip="Put back the newest good backup "
                "(or remove a link)", id="recovery.repair"),
        Binding("o", "open", "Open campaign", id="recovery.open"),
        Binding("q,ctrl+q", "quit", "Quit", id="recovery.quit"),
    ]

    def __init__(self, saves: Path, name: str) -> None:
        super().__init__()
        self.campaign = name
        self.repair = CampaignRepair(Path(saves), name)

    def compose(self) -> ComposeResult:
        yield Static(id="summary")
        yield DataTable(id="problems", cursor_type="row", zebra_stripes=True)
        yield Static(id="detail")
        yield Static(id="status")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#problems", DataTable)
        table.add_columns("File", "Problem", "Backup")
        self.recheck()
        table.focus()

    # ----- showing ------------------------------------------------------------------------

    def recheck(self) -> None:
        """Check the whole campaign again and show what is still wrong."""
        damage = self.repair.check()
        table = self.query_one("#problems", DataTable)
        table.clear()
        for index, found in enumerate(damage):
            table.add_row(
                Text(found.rel, style="bold"),
                Text(found.problem.split(":")[0], overflow="ellipsis", no_wrap=True),
                Text("yes", style="green") if found.backup else Text("none", "red"),
                key=str(index))
        self._show_selected()
        summary = self.query_one("#summary", Static)
        if self.repair.healthy:
            summary.update(Text(f"Campaign {self.campaign!r} is whole again: every file loads "
                                "and they hang together. Press o to open it.",
                                style="bold green"))
        else:
            count = len(damage)
            done = ("Nothing has been changed." if not self.repair.repaired else
                    f"{self.repair.repaired} repaired so far.")
            summary.update(Text(
                f"Campaign {self.campaign!r} cannot be opened: {count} problem"
                f"{'s' if count > 1 else ''}. {done} Select a file and press r to put back "
                "its newest good backup (the damaged file is kept in backups/damaged/), or "
                "q to leave it as it is.", style="bold"))

    def _selected(self) -> Damage | None:
        damage = self.repair.damage
        table = self.query_one("#problems", DataTable)
        if not damage or table.cursor_row < 0:
            return None
        return damage[min(table.cursor_row, len(damage) - 1)]

    @on(DataTable.RowHighlighted)
    def _show_selected(self) -> None:
        """The selected problem in full, its backup, and what r will do."""
        found = self._selected()
        if found is None:
            self.query_one("#detail", Static).update("")
            return
        text = Text()
        text.append(found.rel, style="bold")
        text.append(f": {found.problem}\n")
        if found.backup is not None:
            text.append(f"newest good backup: {found.backup}\n", style="green")
        text.append(found.describe_remedy(), style="" if found.remedy != "none" else "red")
        self.query_one("#detail", Static).update(text)

    def _say(self, message: str, style: str = "") -> None:
        self.query_one("#status", Static).update(Text(message, style=style))

    # ----- keys ---------------------------------------------------------------------------

    def action_repair(self) -> None:
        found = self._selected()
        if found is None:
            self._say("nothing to repair")
            return
        try:
            self._say(self.repair.repair(found), "green")
        except ActionRefused as refusal:
            self._say(str(refusal), "red")
            return
        self.recheck()

    def action_open(self) -> None:
        if not self.repair.healthy:
            self._say("the campaign is still damaged: r repairs the selected file", "red")
            return
        self.exit(OPEN)

    @on(DataTable.RowSelected)
    def _enter(self) -> None:
        self.action_repair()
