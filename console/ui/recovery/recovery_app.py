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
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Footer, Static

from console.store import (
    BadSaveFile,
    CheckReport,
    StoreError,
    check_campaign,
    restore_backup,
)
from console.store.errors import UnsafePath
from console.store.layout import campaign_dir, kind_of
from console.store.tree import CampaignTree

__all__ = ["OPEN", "RecoveryApp"]

OPEN = "open"


class RecoveryApp(App[str]):
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
        self.saves = Path(saves)
        self.campaign = name
        self.root = campaign_dir(self.saves, name)
        self.report = CheckReport()
        self.repaired = 0  # repairs made in this view

    def compose(self) -> ComposeResult:
        yield Static(id="summary")
        yield DataTable(id="problems", cursor_type="row", zebra_stripes=True)
        yield Static(id="detail")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#problems", DataTable)
        table.add_columns("File", "Problem", "Backup")
        self.recheck()
        table.focus()

    # ----- showing ------------------------------------------------------------------------

    def _rel(self, problem: BadSaveFile) -> str:
        path = problem.path
        return path.relative_to(self.root).as_posix() if path.is_relative_to(self.root) \
            else str(path)

    def recheck(self) -> None:
        """Check the whole campaign again and show what is still wrong."""
        try:
            self.report = check_campaign(self.saves, self.campaign)
        except StoreError as error:
            self.report = CheckReport(problems=[BadSaveFile(self.root, str(error))])
        table = self.query_one("#problems", DataTable)
        table.clear()
        for index, problem in enumerate(self.report.problems):
            table.add_row(
                Text(self._rel(problem), style="bold"),
                Text(problem.problem.split(":")[0], overflow="ellipsis", no_wrap=True),
                Text("yes", style="green") if problem.good_backup else Text("none", "red"),
                key=str(index))
        self._show_selected()
        summary = self.query_one("#summary", Static)
        if self.report.healthy:
            summary.update(Text(f"Campaign {self.campaign!r} is whole again: every file loads "
                                "and they hang together. Press o to open it.",
                                style="bold green"))
        else:
            count = len(self.report.problems)
            done = ("Nothing has been changed." if not self.repaired else
                    f"{self.repaired} repaired so far.")
            summary.update(Text(
                f"Campaign {self.campaign!r} cannot be opened: {count} problem"
                f"{'s' if count > 1 else ''}. {done} Select a file and press r to put back "
                "its newest good backup (the damaged file is kept in backups/damaged/), or "
                "q to leave it as it is.", style="bold"))

    @on(DataTable.RowHighlighted)
    def _show_selected(self) -> None:
        """The selected problem in full, its backup, and what r will do."""
        detail = self.query_one("#detail", Static)
        table = self.query_one("#problems", DataTable)
        if not self.report.problems:
            detail.update("")
            return
        problem = self.report.problems[min(max(table.cursor_row, 0),
                                           len(self.report.problems) - 1)]
        text = Text()
        text.append(self._rel(problem), style="bold")
        text.append(f": {problem.problem}\n")
        backup = problem.good_backup
        if backup is not None:
            shown = (backup.relative_to(self.root).as_posix()
                     if backup.is_relative_to(self.root) else str(backup))
            text.append(f"newest good backup: {shown}\n", style="green")
            text.append("r puts it back (the damaged file is kept)")
        elif isinstance(problem, UnsafePath) and kind_of(self._rel(problem)) is None:
            text.append("r removes it (a link is removed itself, its target untouched)")
        else:
            text.append("no good backup: mend it by hand, or import an export", style="red")
        detail.update(text)

    def _say(self, message: str, style: str = "") -> None:
        self.query_one("#status", Static).update(Text(message, style=style))

    # ----- keys ---------------------------------------------------------------------------

    def action_repair(self) -> None:
        table = self.query_one("#problems", DataTable)
        if not self.report.problems or table.cursor_row < 0:
            self._say("nothing to repair")
            return
        problem = self.report.problems[min(table.cursor_row, len(self.report.problems) - 1)]
        rel = self._rel(problem)
        try:
            if problem.good_backup is not None and kind_of(rel) is not None:
                kept = restore_backup(self.saves, self.campaign, rel, problem.good_backup)
                where = ("" if kept is None else "; the damaged copy is kept as "
                         f"{kept.relative_to(self.root).as_posix()}")
                self._say(f"{rel} restored from its backup{where}", "green")
            elif isinstance(problem, UnsafePath) and kind_of(rel) is None:
                tree = CampaignTree(self.root)
                found = tree.entry(rel)
                if found is None or found.kind in ("file", "dir"):
                    self._say(f"{rel} is not a link or a special file now", "yellow")
                else:
                    tree.unlink(rel)  # the link itself: its target is never touched
                    self._say(f"{rel} removed (its target, if a link, is untouched)", "green")
            else:
                self._say(f"no good backup of {rel}: mend it by hand, or restore a whole "
                          "campaign from an export (gm-console import)", "red")
                return
        except (StoreError, OSError) as error:
            self._say(f"could not repair {rel}: {error}", "red")
            return
        self.repaired += 1
        self.recheck()

    def action_open(self) -> None:
        if not self.report.healthy:
            self._say("the campaign is still damaged: r repairs the selected file", "red")
            return
        self.exit(OPEN)

    @on(DataTable.RowSelected)
    def _enter(self) -> None:
        self.action_repair()
