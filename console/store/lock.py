"""One writer per campaign: an OS lock on the campaign's folder and on its lock file, held
for as long as the campaign is open, and confirmed before every commit.

Why ``fcntl.flock`` rather than ``O_CREAT | O_EXCL``: the kernel drops a flock when its
holder dies, even by SIGKILL or a power cut, so a crashed console can never leave the GM
locked out, and taking over a dead holder's lock has no race (with O_EXCL, two consoles that
both see a dead pid can both delete and recreate the file).

Why the folder as well as the file: a lock held on a file is only as good as the name that
leads to it. ``rm lock`` (or ``mv other lock``) while a console runs gives the name to a new
file that nobody holds, and a second console would lock that one and write beside the first.
The folder cannot be swapped under a running console so easily, and a second console asks
the folder first: with the lock file gone it is still refused. The file stays the record of
*who* holds the campaign (pid, host, start time) for the GM and for read-only viewers, which
ask the kernel whether it is held (:func:`holder_now`), never the pid, which another program
may have been given since.

Before every commit the writer confirms both are still the ones it locked
(:meth:`CampaignLock.confirm`): the folder at the campaign's path and the file named ``lock``
in it are the same files (device and inode) it holds. If either was removed or replaced, the
writer can no longer prove it is alone (an older console that only knows the file may have
taken the new one), so it raises :class:`LockLost` and the store saves nothing more.

The file is never deleted by the console: deleting it would let a third process lock a fresh
file while a second still waits on the old inode. On release its contents are emptied;
contents left behind by a process that no longer holds the flock are a stale lock, reported
when taken over. Everything is opened through the campaign's tree: a link planted as
``lock`` is refused, never followed (it would have been truncated).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import socket
import time
from datetime import UTC, datetime

from console.model.fields import local_minute
from console.records import record
from console.store.errors import BadSaveFile, CampaignLocked, LockLost, LockUnusable
from console.store.tree import LOCK_FILE, CampaignTree

__all__ = ["CampaignLock", "LockHolder", "holder_now", "read_holder"]

LOCK = LOCK_FILE
# A viewer checking the lock holds it shared for an instant: the writer tries for a moment
# before calling the campaign taken.
_ATTEMPTS, _PAUSE = 10, 0.02
_BUSY = (errno.EWOULDBLOCK, errno.EACCES)


@record
class LockHolder:
    """Who wrote the lock file."""

    pid: int
    host: str
    started_at: str

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.since}"

    @property
    def since(self) -> str:
        """When it took the lock, in this machine's time to the minute (the file keeps it
        to the microsecond, in UTC: "2026-11-25T06:45:46.070713+00:00" read as noise)."""
        try:
            at = datetime.fromisoformat(self.started_at)
            if at.tzinfo is None:
                return self.started_at
            # At the calendar's edges (year 1, year 9999) the local time overflows.
            return local_minute(at)
        except (ValueError, OverflowError):
            return self.started_at


# What a lock file may say of its holder is shown in messages: the file is anyone's to
# write, so each field is held to what its value can be (a host name: 255 bytes at most).
_HOST_HELD, _TIME_HELD = 255, 40


def _held(value: object, limit: int) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_holder(tree: CampaignTree) -> LockHolder | None:
    """The holder recorded in the lock file, or None if it is empty, missing or unreadable."""
    try:
        raw = json.loads(tree.read(LOCK).decode("utf-8") or "null")
        pid = raw["pid"]
        if isinstance(pid, bool) or not isinstance(pid, int) or not 0 < pid < 1 << 32:
            return None
        return LockHolder(pid, _held(raw["host"], _HOST_HELD),
                          _held(raw["started_at"], _TIME_HELD))
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
            if error.errno in _BUSY:
                return read_holder(tree) or LockHolder(0, "unknown", "unknown")
            return None
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def _identity(found: os.stat_result) -> tuple[int, int]:
    return found.st_dev, found.st_ino


def _take(fd: int) -> bool:
    """An exclusive flock on ``fd``, trying for a moment; False if another process has it."""
    for attempt in range(_ATTEMPTS):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError as error:
            if error.errno not in _BUSY:
                raise
            if attempt + 1 < _ATTEMPTS:
                time.sleep(_PAUSE)
    return False


class CampaignLock:
    """The write lock of one campaign. ``acquire`` raises :class:`CampaignLocked`."""

    def __init__(self, tree: CampaignTree) -> None:
        self.tree = tree
        self._folder: int | None = None
        self._fd: int | None = None
        self.stale: LockHolder | None = None  # a dead holder this lock was taken over from

    @property
    def held(self) -> bool:
        return self._fd is not None

    def _locked_out(self) -> CampaignLocked:
        holder = read_holder(self.tree)
        who = f" ({holder.describe()})" if holder else ""
        return CampaignLocked(
            f"campaign {self.tree.root.name!r} is open in another console{who}; "
            "open it read-only or close the other console", holder)

    def acquire(self) -> None:
        """Take the lock or raise CampaignLocked naming the holder."""
        with self.tree.folder("") as folder:
            folder_fd = os.dup(folder)
        try:
            if not _take(folder_fd):
                raise self._locked_out()
            try:
                fd = self.tree.open_lock(LOCK)
            except PermissionError as error:
                if self.tree.entry(LOCK) is None:  # to be made, in a folder it cannot write
                    raise LockUnusable(
                        f"{self.tree.root}: the campaign's folder cannot be written "
                        f"({error.strerror}), so its lock file cannot be made: give the "
                        "folder back its write permission, or open the campaign with "
                        "--read-only") from None
                raise LockUnusable(f"{self.tree.path(LOCK)}: cannot be opened for writing "
                                   f"({error.strerror}); the console keeps its lock there: "
                                   "give the file back its write permission, or open the "
                                   "campaign with --read-only") from None
            try:
                if not _take(fd):  # an older console that locks only the file
                    raise self._locked_out()
                # We hold the flock, so any holder still written in the file has died.
                self.stale = read_holder(self.tree)
                me = LockHolder(os.getpid(), socket.gethostname(),
                                datetime.now(UTC).isoformat())
                record = {"pid": me.pid, "host": me.host, "started_at": me.started_at}
                os.ftruncate(fd, 0)
                os.pwrite(fd, json.dumps(record).encode(), 0)
                os.fsync(fd)
            except BaseException:
                os.close(fd)
                raise
        except BaseException:
            os.close(folder_fd)
            raise
        self._folder, self._fd = folder_fd, fd

    def confirm(self) -> None:
        """Raise :class:`LockLost` unless the campaign's folder and its lock file are still
        the ones this lock holds (see the module docstring)."""
        if self._fd is None or self._folder is None:
            raise LockLost(f"campaign {self.tree.root.name!r} is not locked by this console")
        here: tuple[int, int] | None
        lock: tuple[int, int] | None
        try:
            here = _identity(os.stat(self.tree.root, follow_symlinks=False))
            # Opened by its name now, never a descriptor kept from before (the tree's
            # pinned folders): the question is what the name holds at this moment.
            folder = self.tree.open_root()
            try:
                lock = _identity(os.stat(LOCK, dir_fd=folder, follow_symlinks=False))
            finally:
                os.close(folder)
        except (OSError, BadSaveFile):
            here = lock = None
        if (here != _identity(os.fstat(self._folder))
                or lock != _identity(os.fstat(self._fd))):
            raise LockLost(
                f"the lock of campaign {self.tree.root.name!r} ({self.tree.path(LOCK)}) was "
                "removed or replaced from outside while this console had it open: another "
                "console may be writing to it, so this one saves nothing more. Everything "
                "saved until now is on disk; quit and open the campaign again")

    def release(self) -> None:
        """Empty the file (a clean exit leaves no stale holder) and drop both flocks."""
        fd, folder = self._fd, self._folder
        self._fd = self._folder = None
        try:
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, 0)
        finally:
            # Closing a descriptor releases its flock.
            for held in (fd, folder):
                if held is not None:
                    with contextlib.suppress(OSError):
                        os.close(held)
