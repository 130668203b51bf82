"""Where shards come from: files in a campaign folder, or memory.

The store talks to one of these, so everything above the file level (actions, undo,
sessions) runs and is tested the same way on real files and on TinyDB's MemoryStorage.
Paths are campaign-relative POSIX strings such as ``sessions/0003/session.json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from console.store.atomic_storage import fsync_directory
from console.store.backups import Backups
from console.store.errors import BadSaveFile, MissingSaveFile
from console.store.layout import SESSION_FILE, SESSIONS_DIR, session_numbers
from console.store.recovery import find_good_backup
from console.store.shards import Shard, Tables

__all__ = ["FileBackend", "MemoryBackend", "ShardBackend"]


class ShardBackend(Protocol):
    """What the store needs from a place that holds shards."""

    def load(self, rel: str, kind: str) -> Shard:
        """The shard at ``rel``, checked; raises a BadSaveFile subclass if it is bad."""
        ...

    def create(self, rel: str, kind: str, tables: Tables) -> Shard:
        """A shard with ``tables`` as unsaved contents (replacing any file at ``rel`` on
        flush)."""
        ...

    def session_numbers(self) -> list[int]: ...

    def prepare_session(self, number: int) -> None:
        """Make room for a new session's files."""
        ...


class FileBackend:
    """Shards as files under ``root``; every replaced version is handed to ``backups``."""

    def __init__(self, root: Path, backups: Backups | None) -> None:
        self.root = Path(root)
        self.backups = backups

    def _hook(self, path: Path) -> None:
        if self.backups is not None:
            self.backups.rotate(path)

    def load(self, rel: str, kind: str) -> Shard:
        path = self.root / rel
        try:
            return Shard.open_file(path, kind, before_replace=self._hook)
        except BadSaveFile as error:
            raise error.with_backup(find_good_backup(self.root, path, kind)) from None

    def create(self, rel: str, kind: str, tables: Tables) -> Shard:
        return Shard.open_file(self.root / rel, kind, tables=tables, before_replace=self._hook)

    def session_numbers(self) -> list[int]:
        return session_numbers(self.root)

    def remove_temp_files(self) -> None:
        """Delete temporary files a crash left behind (``.<name>.<pid>.tmp``); only the
        writer calls this, so no live write of this campaign can own one."""
        for folder in [self.root, *sorted((self.root / SESSIONS_DIR).glob("*"))]:
            for temp in folder.glob(".*.tmp"):
                temp.unlink(missing_ok=True)

    def prepare_session(self, number: int) -> None:
        folder = self.root / SESSIONS_DIR / f"{number:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        fsync_directory(folder.parent)


class MemoryBackend:
    """Shards in a dict (TinyDB MemoryStorage): for tests and throw-away campaigns."""

    def __init__(self) -> None:
        self.shards: dict[str, Shard] = {}

    def load(self, rel: str, kind: str) -> Shard:
        shard = self.shards.get(rel)
        if shard is None:
            raise MissingSaveFile(Path(rel), "the file is missing")
        return shard

    def create(self, rel: str, kind: str, tables: Tables) -> Shard:
        shard = Shard.in_memory(kind, tables)
        self.shards[rel] = shard
        return shard

    def session_numbers(self) -> list[int]:
        suffix = "/" + SESSION_FILE
        return sorted(
            int(rel.split("/")[1]) for rel in self.shards
            if rel.startswith(SESSIONS_DIR + "/") and rel.endswith(suffix)
        )

    def prepare_session(self, number: int) -> None:
        pass
