"""One writer per campaign: a lock file holding who has it open.

Why ``fcntl.flock`` rather than ``O_CREAT | O_EXCL``: the kernel drops a flock when its
holder dies, even by SIGKILL or a power cut, so a crashed console can never leave the GM
locked out, and taking over a dead holder's lock has no race (with O_EXCL, two consoles that
both see a dead pid can both delete and recreate the file). The file's *contents* (pid, host,
start time) are only there to tell the GM who holds it; whether someone holds it is asked of
the kernel (:func:`holder_now`), never guessed from the pid, which another program may have
been given since. The file is never deleted: deleting it would let a third process lock a
fresh file while a second still waits on the old inode. On release the contents are emptied;
contents left behind by a process that no longer holds the flock are a stale lock, reported
when taken over. The file is opened through the campaign's tree: a link planted as ``lock``
is refused, never followed (it would have been truncated).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import socket
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from console.store.errors import BadSaveFile, CampaignLocked
from console.store.tree import CampaignTree

__all__ = ["CampaignLock", "LockHolder", "holder_now", "read_holder"]

LOCK = "lock"
# A viewer checking the lock holds it shared for an instant: the writer tries for a moment
# before calling the campaign taken.
_ATTEMPTS, _PAUSE = 10, 0.02


@dataclass(frozen=True, slots=True)
class LockHolder:
    """Who wrote the lock file."""

    pid: int
    host: str
    started_at: str

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started_at}"


def read_holder(tree: CampaignTree) -> LockHolder | None:
    """The holder recorded in the lock file, or None if it is empty, missing or unreadable."""
    try:
        raw = json.loads(tree.read(LOCK).decode("utf-8") or "null")
        return LockHolder(int(raw["pid"]), str(raw["host"]), str(raw["started_at"]))
    except (OSError, ValueError, TypeError, KeyError, BadSaveFile, RecursionError):
        return None


def holder_now(tree: CampaignTree) -> LockHolder | None:
    """Who holds the campaign for writing right now (asked of the kernel), or None. A
    holder the file names but who no longer holds the lock (a crashed console) is None."""
    try:
        fd = tree.open_read(LOCK)
    except (OSError, BadSaveFile):
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EACCES):
                return read_holder(tree) or LockHolder(0, "unknown", "unknown")
            return None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


class CampaignLock:
    """The write lock of one campaign. ``acquire`` raises :class:`CampaignLocked`."""

    def __init__(self, tree: CampaignTree) -> None:
        self.tree = tree
        self._fd: int | None = None
        self.stale: LockHolder | None = None  # a dead holder this lock was taken over from

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock or raise CampaignLocked naming the holder."""
        fd = self.tree.open_lock(LOCK)
        for attempt in range(_ATTEMPTS):
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as error:
                if error.errno not in (errno.EWOULDBLOCK, errno.EACCES):
                    os.close(fd)
                    raise
                if attempt + 1 < _ATTEMPTS:
                    time.sleep(_PAUSE)
        else:
            os.close(fd)
            holder = read_holder(self.tree)
            who = holder.describe() if holder else "another console"
            raise CampaignLocked(
                f"campaign {self.tree.root.name!r} is open in another console ({who}); "
                "open it read-only or close the other console",
                holder,
            )
        # We hold the flock, so any holder still written in the file has died.
        self.stale = read_holder(self.tree)
        me = LockHolder(os.getpid(), socket.gethostname(), datetime.now(UTC).isoformat())
        try:
            os.ftruncate(fd, 0)
            record = {"pid": me.pid, "host": me.host, "started_at": me.started_at}
            os.pwrite(fd, json.dumps(record).encode(), 0)
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def release(self) -> None:
        """Empty the file (a clean exit leaves no stale holder) and drop the flock."""
        if self._fd is None:
            return
        try:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
        finally:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None
