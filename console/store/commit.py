"""Committing one operation, and telling the truth about what reached the disk.

Part of :class:`console.store.CampaignStore`, kept in its own module for size. Every
operation (an action, an undo, a redo, a session start) is committed by
:meth:`CommitMixin._operation`, in this order:

1. files an earlier commit left waiting are written first: the session file's commit
   record holds one operation only, so it may not be replaced while another file still
   lacks the operation it records (a failure here refuses the new operation, unapplied);
2. the writer's lock is confirmed (``console.store.lock``): a lock lost to someone outside
   stops every save from then on;
3. the operation changes the memory and names its files: sealed log chunks, the session
   file (its commit record), the other files it touched;
4. the chunks, then the session file: its rename is the *commit point*. A failure before
   it gives the memory back exactly what it held (``Shard.rollback``) and raises
   :class:`SaveFailed`, saying the action was not applied, which is then true: nothing on
   disk names it;
5. the other files. A failure here does not undo anything: the session file's commit
   record already holds the change, and opening the campaign would finish it. They wait
   in memory, are written before the next operation (1) or at close, and the GM is told
   (:meth:`take_warnings`) that the action is saved and which file waits.

No failure closes the store: once the disk accepts writes again, the next key works.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from console.store.errors import LockLost, ReadOnlyStore, SaveFailed, StoreError
from console.store.layout import ROOT_FILES
from console.store.shards import Shard
from console.store.tree import NotConfirmed
from console.store.undo import UndoLog

if TYPE_CHECKING:
    from console.store.backends import ShardBackend
    from console.store.lock import CampaignLock

__all__ = ["CommitMixin", "Prepared"]

# What an operation's preparation hands back: the chunks written before the commit point,
# the file whose rename is the commit point, the other files it touched (by kind).
Prepared = tuple[list[Shard], Shard, dict[str, Shard]]


class CommitMixin:
    """The commit protocol of CampaignStore (which provides these attributes)."""

    name: str
    root: Path | None
    read_only: bool
    _backend: ShardBackend
    _lock: CampaignLock | None
    _roots: dict[str, Shard]
    _number: int
    _session: Shard | None
    _log: UndoLog | None
    _chunk_size: int
    _closed: bool
    _lost: str | None
    _pending: dict[str, Shard]
    _warnings: list[str]
    _on_rollback: list[Callable[[], None]]

    # ----- what the GM is told -----------------------------------------------------------

    def take_warnings(self) -> list[str]:
        """What the operations since the last call saved only in part (a file waiting, a
        backup not made), each once, in the GM's words; emptied by the call."""
        found = [*self._warnings, *self._backend.take_troubles()]
        self._warnings = []
        return found

    @property
    def saving_stopped(self) -> str | None:
        """Why this writer saves nothing more (its lock was lost), or None."""
        return self._lost

    @property
    def waiting(self) -> list[str]:
        """The files whose newest change is so far only in the session file's commit
        record (it is saved: opening the campaign finishes it)."""
        return [ROOT_FILES[kind] for kind in sorted(self._pending)]

    def _where(self, failure: OSError) -> str:
        """The campaign file an OS error is about, as the GM knows it."""
        filename = failure.filename
        if not filename:
            return "the campaign's files"
        path = Path(str(filename))
        if self.root is not None:
            with contextlib.suppress(ValueError):
                return path.relative_to(self.root).as_posix()
        return path.name

    @staticmethod
    def _reason(failure: OSError) -> str:
        return failure.strerror or str(failure) or type(failure).__name__

    # ----- the protocol (module docstring) ------------------------------------------------

    def _writable(self) -> None:
        if self.read_only:
            raise ReadOnlyStore(f"campaign {self.name!r} is open read-only")
        if self._closed:
            raise StoreError(f"campaign {self.name!r} is closed")
        if self._lost is not None:
            raise LockLost(self._lost)

    def _confirm(self) -> None:
        """The lock is still this writer's (before anything is written, waiting files
        too: a writer that lost its folder must not write into someone else's)."""
        if self._lock is not None:
            try:
                self._lock.confirm()
            except LockLost as lost:
                self._lost = str(lost)
                raise

    def _operation(self, prepare: Callable[[], Prepared]) -> None:
        self._confirm()
        # The folders walked to stay open for this operation only, after the lock has
        # just confirmed the folder is the locked one (CampaignTree.pinned).
        with self._backend.pinned():
            self._operate(prepare)

    def _operate(self, prepare: Callable[[], Prepared]) -> None:
        self._catch_up(before_next=True)
        # What this operation says or leaves behind before its commit point is taken back
        # with it if it fails (a session start's snapshot and its warning, say).
        warned, troubled = len(self._warnings), self._backend.take_troubles()
        self._on_rollback = []
        shards = [shard for shard in (self._session, *self._roots.values())
                  if shard is not None]
        kept = (self._number, self._session)
        for shard in shards:
            shard.begin()
        try:
            try:
                first, commit, rest = prepare()
                for chunk in first:
                    chunk.flush()
                    self._backend.keep_copy(chunk)  # a sealed chunk is never rewritten
                commit.flush()
            except NotConfirmed as unsure:
                if unsure.filename != str(commit.path):
                    raise  # a chunk: the commit point was not reached
                self._warnings.append(
                    f"saved, but the disk did not confirm {self._where(unsure)} "
                    f"({self._reason(unsure)}): a power cut before the next save could "
                    "lose this action")
        except BaseException as failure:
            del self._warnings[warned:]
            self._backend.take_troubles()  # a backup of a write that did not happen
            for undo in reversed(self._on_rollback):
                with contextlib.suppress(OSError, StoreError):
                    undo()
            for shard in shards:
                shard.rollback()
            self._number, self._session = kept
            if self._session is not None:
                self._log = UndoLog(self._backend, self._number, self._session,
                                    self._chunk_size)
            if isinstance(failure, OSError):
                raise SaveFailed(f"could not write {self._where(failure)} "
                                 f"({self._reason(failure)}): the action was not applied; "
                                 "the campaign is as it was before it") from failure
            raise
        finally:
            for shard in shards:
                shard.end()
            self._warnings[warned:warned] = troubled  # said before this operation began
        self._pending.update(rest)
        self._catch_up(before_next=False)

    def _catch_up(self, *, before_next: bool) -> None:
        """Write the files a commit left waiting. ``before_next``: a new operation is about
        to replace the commit record, which it may only do once they are written."""
        for kind, shard in sorted(self._pending.items()):
            try:
                shard.flush()
            except NotConfirmed as unsure:
                self._warnings.append(
                    f"the disk did not confirm {self._where(unsure)} "
                    f"({self._reason(unsure)}): a power cut soon could lose the last action")
            except OSError as failure:
                where, why = self._where(failure), self._reason(failure)
                if before_next:
                    raise SaveFailed(
                        f"could not write {where} ({why}): this action was not applied. The "
                        f"one before it is saved (the session file holds it) and {where} "
                        "will be brought up to date as soon as it can be written") from failure
                self._warnings.append(
                    f"saved, but {where} could not be written yet ({why}); the session file "
                    f"holds the change, and {where} is written with the next action or when "
                    "the campaign is next opened")
                continue
            del self._pending[kind]

    def tidy(self) -> None:
        """Remove the old backups past the number kept: after an action, not inside it (the
        console calls it once the action's frame is drawn; :meth:`close` too). Only while
        the lock is still this writer's; never raises (what it could not do waits for the
        next tidy, and is said with the next action)."""
        if not self._closed:
            self._tidy()

    def _tidy(self) -> None:
        if self.read_only or self._lost is not None:
            return
        with contextlib.suppress(LockLost):
            self._confirm()
            self._backend.tidy()

    def close(self) -> None:
        """Write what waits (if it can), then release the lock, whatever happens.
        Everything acknowledged is on disk already: a file still waiting is finished from
        the session file's commit record when the campaign is next opened."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._pending and self._lost is None:
                with contextlib.suppress(OSError, StoreError):
                    self._confirm()
                    self._catch_up(before_next=False)
            self._tidy()  # a removal failing now is tried after the next opening's first action
        finally:
            if self._lock is not None:
                self._lock.release()
