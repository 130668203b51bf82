"""Where shards come from: files in a campaign folder, or memory.

The store talks to one of these, so everything above the file level (actions, undo,
sessions) runs and is tested the same way on real files and on TinyDB's MemoryStorage.
Paths are campaign-relative POSIX strings such as ``sessions/0003/session.json``.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Protocol

from console.store.backups import Backups, find_good_backup
from console.store.errors import BadSaveFile, MissingSaveFile, StoreError
from console.store.layout import SESSION_FILE, SESSIONS_DIR, session_numbers
from console.store.shards import Shard, Tables
from console.store.tree import CampaignTree

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

    def keep_copy(self, shard: Shard) -> None:
        """Back up a file just written for the first time (a sealed log chunk)."""
        ...

    def take_troubles(self) -> list[str]:
        """Backups that could not be made since the last call, in the GM's words."""
        ...

    def tidy(self) -> None:
        """Remove the old backups past the number kept (after an action, not in it)."""
        ...

    def pinned(self) -> contextlib.AbstractContextManager[None]:
        """The folders reached during one operation kept open (CampaignTree.pinned)."""
        ...


class FileBackend:
    """Shards as files under the campaign's tree; every replaced version is handed to
    ``backups``. No link under the tree is ever followed."""

    def __init__(self, tree: CampaignTree, backups: Backups | None) -> None:
        self.tree = tree
        self.root = tree.root
        self.backups = backups
        self._troubles: list[str] = []
        self._failing: set[str] = set()  # kinds of file whose last backup failed: said once

    def _hook(self, rel: str) -> None:
        # A backup that cannot be made must not stop the GM's action (a lost backup is
        # tolerable, a lost action is not): say it once, and go on saving.
        if self.backups is None:
            return
        kind = re.sub(r"[0-9]+", "#", rel)  # every session's, every chunk's: one kind
        try:
            kept = self.backups.rotate(rel)
        except (OSError, StoreError) as error:
            if kind not in self._failing:
                self._failing.add(kind)
                why = error.strerror if isinstance(error, OSError) and error.strerror else error
                self._troubles.append(f"no backup of {rel} could be kept ({why}); the "
                                      "campaign is saved, without that old version")
        else:
            if kept:  # backups of this kind work again: a new failure is said again
                self._failing.discard(kind)

    def take_troubles(self) -> list[str]:
        found, self._troubles = self._troubles, []
        return found

    def pinned(self) -> contextlib.AbstractContextManager[None]:
        return self.tree.pinned()

    def tidy(self) -> None:
        # Old versions that stay are only more backups than asked for: said once, tried
        # again at the next tidy.
        if self.backups is None:
            return
        try:
            with self.tree.pinned():
                self.backups.prune()
        except (OSError, StoreError) as error:
            if "prune" not in self._failing:
                self._failing.add("prune")
                why = error.strerror if isinstance(error, OSError) and error.strerror else error
                self._troubles.append(f"old backups could not be removed ({why}); the "
                                      "campaign is saved, with more old versions than kept")
        else:
            self._failing.discard("prune")

    def load(self, rel: str, kind: str) -> Shard:
        try:
            return Shard.open_file(self.tree, rel, kind, before_replace=self._hook)
        except BadSaveFile as error:
            raise error.with_backup(find_good_backup(self.root, self.tree.path(rel),
                                                     kind)) from None

    def create(self, rel: str, kind: str, tables: Tables) -> Shard:
        return Shard.open_file(self.tree, rel, kind, tables=tables, before_replace=self._hook)

    def session_numbers(self) -> list[int]:
        return session_numbers(self.tree)

    def remove_temp_files(self) -> None:
        """Delete temporary files a crash left behind (``.<name>.<pid>-<random>.tmp``); only
        the writer calls this, so no live write of this campaign can own one."""
        listed = {"": self.tree.listdir("")}
        listed.update({f"{SESSIONS_DIR}/{name}": items
                       for name, items in self.tree.subfolders(SESSIONS_DIR).items()})
        for folder, items in listed.items():
            for entry in items:
                if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                    self.tree.unlink(f"{folder}/{entry.name}" if folder else entry.name)

    def prepare_session(self, number: int) -> None:
        self.tree.mkdirs(f"{SESSIONS_DIR}/{number:04d}")

    def keep_copy(self, shard: Shard) -> None:
        if shard.path is not None:
            self._hook(shard.path.relative_to(self.root).as_posix())


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

    def keep_copy(self, shard: Shard) -> None:
        pass

    def take_troubles(self) -> list[str]:
        return []

    def tidy(self) -> None:
        pass

    def pinned(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()
