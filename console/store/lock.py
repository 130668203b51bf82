"""One writer per campaign: a lock file holding who has it open.

Why ``fcntl.flock`` rather than ``O_CREAT | O_EXCL``: the kernel drops a flock when its
holder dies, even by SIGKILL or a power cut, so a crashed console can never leave the GM
locked out, and taking over a dead holder's lock has no race (with O_EXCL, two consoles that
both see a dead pid can both delete and recreate the file). The file's *contents* (pid, host,
start time) are only there to tell the GM who holds it. The file is never deleted: deleting
it would let a third process lock a fresh file while a second still waits on the old inode.
On release the contents are emptied; contents left behind by a process that no longer holds
the flock are a stale lock, reported when taken over.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from console.store.errors import CampaignLocked

__all__ = ["CampaignLock", "LockHolder", "read_holder"]


@dataclass(frozen=True, slots=True)
class LockHolder:
    """Who wrote the lock file."""

    pid: int
    host: str
    started_at: str

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started_at}"

    def is_alive(self) -> bool | None:
        """True/False if the holder is on this host; None if that cannot be known here."""
        if self.host != socket.gethostname():
            return None
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True


def read_holder(path: Path) -> LockHolder | None:
    """The holder recorded in a lock file, or None if it is empty, missing or unreadable."""
    try:
        raw = json.loads(Path(path).read_text("utf-8") or "null")
        return LockHolder(int(raw["pid"]), str(raw["host"]), str(raw["started_at"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None


class CampaignLock:
    """The write lock of one campaign. ``acquire`` raises :class:`CampaignLocked`."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self.stale: LockHolder | None = None  # a dead holder this lock was taken over from

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock or raise CampaignLocked naming the holder."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(fd)
            if error.errno not in (errno.EWOULDBLOCK, errno.EACCES):
                raise
            holder = read_holder(self.path)
            who = holder.describe() if holder else "another console"
            raise CampaignLocked(
                f"campaign {self.path.parent.name!r} is open in another console ({who}); "
                "open it read-only or close the other console",
                holder,
            ) from None
        # We hold the flock, so any holder still written in the file has died.
        self.stale = read_holder(self.path)
        me = LockHolder(os.getpid(), socket.gethostname(), datetime.now(UTC).isoformat())
        os.ftruncate(fd, 0)
        record = {"pid": me.pid, "host": me.host, "started_at": me.started_at}
        os.pwrite(fd, json.dumps(record).encode(), 0)
        os.fsync(fd)
        self._fd = fd

    def release(self) -> None:
        """Empty the file (a clean exit leaves no stale holder) and drop the flock."""
        if self._fd is None:
            return
        try:
            os.ftruncate(self._fd, 0)
        finally:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None

    @staticmethod
    def holder(path: Path) -> LockHolder | None:
        """Who the lock file names, for read-only viewers and ``list``."""
        return read_holder(path)
