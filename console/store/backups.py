"""Old versions of save files: the last N of each file, and a snapshot at session start.

A backup is a *copy*, not a hard link: a link would be free (this console never writes a
file in place) but would share its bytes with the live file, and an editor that saves in
place (vim does, for linked files) would change the backup too. The copy is not fsynced: a
backup lost to a power cut is tolerable, a slower GM action is not. Hot files are small
(see layout), so a copy costs tens of microseconds. Pruning removes at most one old version
per write, from a per-file list kept in memory, so its cost is bounded.
"""

from __future__ import annotations

import shutil
import time
from collections import deque
from pathlib import Path

from console.store.layout import BACKUPS_DIR

__all__ = ["SESSION_STARTS", "Backups", "backup_candidates", "file_key"]

SESSION_STARTS = "session-starts"


def file_key(root: Path, path: Path) -> str:
    """The folder name under ``backups/`` for a file: its path in the campaign, '/' -> '__'."""
    return Path(path).relative_to(root).as_posix().replace("/", "__")


def _stamp() -> str:
    # Nanosecond time sorts correctly as text and never repeats within one writer.
    return f"{time.time_ns():020d}"


def _copy(source: Path, target: Path) -> None:
    shutil.copy2(source, target)  # keeps the modification time: when that version was saved


class Backups:
    """Backup rotation for one campaign folder."""

    def __init__(self, root: Path, keep: int) -> None:
        self.root = Path(root)
        self.keep = max(1, keep)
        self._versions: dict[str, deque[Path]] = {}

    def _folder(self, key: str) -> Path:
        return self.root / BACKUPS_DIR / key

    def _known(self, key: str) -> deque[Path]:
        versions = self._versions.get(key)
        if versions is None:
            folder = self._folder(key)
            folder.mkdir(parents=True, exist_ok=True)
            # Listed once per file per process; afterwards kept up to date in memory.
            versions = deque(sorted(p for p in folder.iterdir() if p.suffix == ".json"))
            self._versions[key] = versions
        return versions

    def rotate(self, path: Path) -> None:
        """Keep the current contents of ``path`` (about to be replaced) as a backup."""
        if not path.exists():
            return
        key = file_key(self.root, path)
        versions = self._known(key)
        target = self._folder(key) / f"{_stamp()}.json"
        _copy(path, target)
        versions.append(target)
        while len(versions) > self.keep:
            oldest = versions.popleft()
            oldest.unlink(missing_ok=True)

    def snapshot(self, label: str, paths: list[Path]) -> Path:
        """Copy every file in ``paths`` into ``backups/session-starts/<stamp>-<label>/``."""
        starts = self.root / BACKUPS_DIR / SESSION_STARTS
        folder = starts / f"{_stamp()}-{label}"
        folder.mkdir(parents=True)
        for path in paths:
            if path.exists():
                _copy(path, folder / file_key(self.root, path))
        snapshots = sorted(p for p in starts.iterdir() if p.is_dir())
        for old in snapshots[: max(0, len(snapshots) - self.keep)]:
            shutil.rmtree(old, ignore_errors=True)
        return folder


def backup_candidates(root: Path, path: Path) -> list[Path]:
    """Every backup of ``path`` (rotation and session-start snapshots), newest first."""
    key = file_key(root, path)
    found: list[Path] = []
    folder = root / BACKUPS_DIR / key
    if folder.is_dir():
        found.extend(p for p in folder.iterdir() if p.suffix == ".json")
    starts = root / BACKUPS_DIR / SESSION_STARTS
    if starts.is_dir():
        found.extend(p / key for p in starts.iterdir() if (p / key).is_file())

    def modified(p: Path) -> int:
        # copy2 keeps the old file's own time: when that version was written.
        try:
            return p.stat().st_mtime_ns
        except OSError:
            return 0

    return sorted(found, key=modified, reverse=True)
