"""Crash-safe JSON files, and a TinyDB storage built on them.

TinyDB's own ``JSONStorage`` rewrites the file in place (seek, write, truncate): a crash in
between leaves a file that no longer loads. Here every write goes to a temporary file in the
same folder, which is flushed and fsynced, then ``os.replace``d over the old one (atomic on
POSIX), and the folder is fsynced so the rename itself survives a power cut. At any instant
the path names either the complete old file or the complete new one. The files are reached
through :class:`console.store.tree.CampaignTree`, so no link is ever followed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb.storages import MemoryStorage, Storage

from console.store.tree import CampaignTree

__all__ = [
    "AtomicJSONStorage",
    "FlushableMemoryStorage",
    "dump_json",
    "fsync_directory",
    "write_atomic",
]

Tables = dict[str, dict[str, Any]]


def dump_json(data: object) -> bytes:
    """The bytes a save file holds: compact UTF-8 JSON (whitespace is pure cost here)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def fsync_directory(path: Path) -> None:
    """Make a rename or a new file in ``path`` durable (the folder entry is data too)."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(
    path: Path,
    payload: bytes,
    *,
    before_replace: Callable[[Path], None] | None = None,
) -> None:
    """Replace ``path`` with ``payload`` so that a crash leaves the old or the new file.

    ``before_replace(path)`` runs after the new bytes are safely on disk and before the
    switch (the backup rotation hooks in here, while the old file still exists). On any
    error (a full disk, say) the temporary file is removed and the old file is untouched.
    """
    path = Path(path)
    hook = None if before_replace is None else (lambda _rel: before_replace(path))
    CampaignTree(path.parent).write(path.name, payload, before_replace=hook)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes atomically and keeps the data in memory.

    Reads never touch the disk after the first load (this process is the only writer, the
    campaign lock sees to that). With ``deferred=False`` every TinyDB write is persisted at
    once, like ``JSONStorage`` but crash-safe. With ``deferred=True`` writes only update the
    memory copy until :meth:`flush`: the store uses this so one GM action that touches
    several documents is one atomic file write, not one per document.

    The file is ``path``, or ``rel`` in ``tree`` (the store's way: no link is followed from
    the campaign folder down). ``data`` preloads already-validated contents (skipping a
    second parse of the file); ``before_replace(rel)`` runs before each switch.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        tree: CampaignTree | None = None,
        rel: str | None = None,
        data: Tables | None = None,
        deferred: bool = False,
        before_replace: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        if tree is None or rel is None:
            if path is None:
                raise TypeError("AtomicJSONStorage needs a path, or a tree and a rel")
            tree, rel = CampaignTree(Path(path).parent), Path(path).name
        self.tree = tree
        self.rel = rel
        self.path = tree.path(rel)
        self.deferred = deferred
        self.before_replace = before_replace
        self.dirty = False
        self._data: Tables | None = data
        self._loaded = data is not None

    def read(self) -> Tables | None:
        if not self._loaded:
            # A missing file is an empty database, as with JSONStorage; a damaged one raises
            # (json.JSONDecodeError / UnicodeDecodeError) rather than being overwritten.
            if self.tree.entry(self.rel) is not None:
                self._data = json.loads(self.tree.read(self.rel).decode("utf-8"))
            self._loaded = True
        return self._data

    def write(self, data: Tables) -> None:
        self._data = data
        self._loaded = True
        self.dirty = True
        if not self.deferred:
            self.flush()

    def flush(self) -> None:
        """Persist the memory copy if it changed since the last flush."""
        if self.dirty and self._data is not None:
            self.tree.write(self.rel, dump_json(self._data), before_replace=self.before_replace)
            self.dirty = False

    def close(self) -> None:
        # Deliberately no flush: the store decides what is committed; data not flushed
        # was never acknowledged to the GM.
        pass


class FlushableMemoryStorage(MemoryStorage):
    """TinyDB's MemoryStorage with the same ``flush``/``dirty`` surface as the file storage,
    so the store (and its tests) run unchanged on both."""

    def __init__(self, *, data: Tables | None = None) -> None:
        super().__init__()
        self.memory = data
        self.dirty = False

    def write(self, data: Tables) -> None:
        super().write(data)
        self.dirty = True

    def flush(self) -> None:
        self.dirty = False
