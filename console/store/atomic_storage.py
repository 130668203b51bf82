"""Crash-safe JSON files, and a TinyDB storage built on them.

TinyDB's own ``JSONStorage`` rewrites the file in place (seek, write, truncate): a crash in
between leaves a file that no longer loads. Here every write goes to a temporary file in the
same folder, which is flushed and fsynced, then ``os.replace``d over the old one (atomic on
POSIX), and the folder is fsynced so the rename itself survives a power cut. At any instant
the path names either the complete old file or the complete new one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb.storages import MemoryStorage, Storage

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
    # The pid keeps two processes (e.g. a writer and an importer) off each other's temp file.
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(payload)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if before_replace is not None:
            before_replace(path)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_directory(path.parent)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes atomically and keeps the data in memory.

    Reads never touch the disk after the first load (this process is the only writer, the
    campaign lock sees to that). With ``deferred=False`` every TinyDB write is persisted at
    once, like ``JSONStorage`` but crash-safe. With ``deferred=True`` writes only update the
    memory copy until :meth:`flush`: the store uses this so one GM action that touches
    several documents is one atomic file write, not one per document.

    ``data`` preloads already-validated contents (skipping a second parse of the file);
    ``before_replace`` is passed on to :func:`write_atomic`.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        data: Tables | None = None,
        deferred: bool = False,
        before_replace: Callable[[Path], None] | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.deferred = deferred
        self.before_replace = before_replace
        self.dirty = False
        self._data: Tables | None = data
        self._loaded = data is not None

    def read(self) -> Tables | None:
        if not self._loaded:
            # A missing file is an empty database, as with JSONStorage; a damaged one raises
            # (json.JSONDecodeError / UnicodeDecodeError) rather than being overwritten.
            if self.path.exists():
                self._data = json.loads(self.path.read_bytes().decode("utf-8"))
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
            write_atomic(self.path, dump_json(self._data), before_replace=self.before_replace)
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
