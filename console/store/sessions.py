"""Sessions: starting and stopping them, and reading every session's files (export).

Part of :class:`console.store.CampaignStore`, kept in its own module for size.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from console.model import Encounter, Session
from console.store.backups import Backups
from console.store.errors import SaveFailed, StoreError
from console.store.layout import ROOT_FILES, SESSIONS_DIR, SUMMARIES_DIR
from console.store.past_sessions import PastSessions
from console.store.publish import new_session_tables
from console.store.shards import Shard, clone
from console.store.tree import CampaignTree
from console.store.undo import UndoLog, chunk_rel, session_rel

if TYPE_CHECKING:
    from console.store.backends import ShardBackend
    from console.store.transaction import Write

__all__ = ["SessionsMixin"]


def _now() -> datetime:
    return datetime.now(UTC)


class SessionsMixin:
    """Session control for CampaignStore (which provides these attributes)."""

    root: Path | None
    _backend: ShardBackend
    _roots: dict[str, Shard]
    _number: int
    _session: Shard | None
    _log: UndoLog | None
    _chunk_size: int
    _past_sessions: PastSessions | None

    if TYPE_CHECKING:
        @property
        def _undo_state(self) -> Any: ...
        def _writable(self) -> None: ...
        def session(self) -> Session: ...
        def encounters(self) -> list[Encounter]: ...
        def session_numbers(self) -> list[int]: ...
        def apply(self, name: str, description: str, writes: list[Write], *,
                  now: datetime | None = None) -> Any: ...
        def _run(self, operation: Any) -> None: ...

    # ----- sessions ---------------------------------------------------------------------

    def stop_session(self, *, now: datetime | None = None) -> Session:
        """Record the current session's stop time (an undoable action)."""
        current = self.session()
        if current.running:
            stopped = current.with_changes(stopped_at=max(now or _now(), current.started_at))
            self.apply("session.stop", f"Session {current.number} stopped",
                       [(Session.TABLE, Session.DOC_ID, stopped.to_dict())], now=now)
        return self.session()

    def start_session(self, *, now: datetime | None = None) -> Session:
        """Stop the current session if running, back up every file, start the next one.

        The new session has an empty undo log: undo does not reach into earlier sessions.
        """
        self._writable()
        moment = now or _now()
        self.stop_session(now=moment)
        # Like an action: a full disk or a read-only folder is a SaveFailed, and what is on
        # disk stays the campaign (the snapshot comes before the commit point).
        self._run(lambda: self._start(moment))
        return self.session()

    def _start(self, moment: datetime) -> None:
        number = self._number + 1
        backups = getattr(self._backend, "backups", None)
        if isinstance(backups, Backups):
            folder = f"{SESSIONS_DIR}/{self._number:04d}"
            hot = [*ROOT_FILES.values(),
                   *(f"{folder}/{entry.name}" for entry in backups.tree.listdir(folder)
                     if entry.kind == "file" and entry.name.endswith(".json"))]
            backups.snapshot(f"session-{number:04d}", hot)
        opno = self._undo_state.opno + 1
        tables = new_session_tables(number, moment, opno, self._chunk_size)
        self._backend.prepare_session(number)
        shard = self._backend.create(session_rel(number), "session", tables)
        shard.flush()  # the commit point: from here the new session is the current one
        self._number, self._session = number, shard
        self._log = UndoLog(self._backend, number, shard, self._chunk_size)

    # ----- earlier sessions -------------------------------------------------------------

    def past_sessions(self, numbers: list[int]) -> dict[int, Session]:
        """The documents of earlier sessions ``numbers``: from the memo of what was read
        from their files while those are unchanged (console.store.past_sessions)."""
        if self._number in numbers:
            raise StoreError(f"session {self._number} is the current one, not an earlier one")
        tree = getattr(self._backend, "tree", None)
        if not isinstance(tree, CampaignTree):  # a campaign in memory
            return {number: self.session_record(number)[0] for number in numbers}
        past = getattr(self, "_past_sessions", None)
        if past is None:
            past = PastSessions(tree, writable=not getattr(self, "read_only", True))
            self._past_sessions = past
        return past.read(numbers)

    def session_record(self, number: int) -> tuple[Session, list[Encounter]]:
        """Session ``number``'s document and its encounters, read from its file.

        Earlier sessions are never changed once the next one starts (undo stops at the
        session start), so callers may keep what they read.
        """
        if number == self._number:
            return self.session(), self.encounters()
        if number not in self.session_numbers():
            raise StoreError(f"there is no session {number}")
        shard = self._backend.load(session_rel(number), "session")
        session = Session.from_dict(shard.get(Session.TABLE, Session.DOC_ID))
        return session, [Encounter.from_dict(doc) for doc in shard.all(Encounter.TABLE).values()]

    def write_summary(self, number: int, markdown: str) -> Path:
        """Write a session summary to ``<campaign>/summaries/session-NNNN.md`` (atomically).

        Summaries sit beside the save files, not in them: they are for reading and sharing.
        """
        self._writable()
        if self.root is None:
            raise StoreError("a campaign held in memory has no folder to write a summary to")
        rel = f"{SUMMARIES_DIR}/session-{number:04d}.md"
        tree = CampaignTree(self.root)
        try:
            tree.write(rel, markdown.encode("utf-8"))
        except OSError as error:
            raise SaveFailed(f"could not write {tree.path(rel)}: "
                             f"{error.strerror or error}") from None
        return tree.path(rel)

    def snapshot_files(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Every file's contents as this store sees them (hot files from memory, with any
        interrupted operation finished), by campaign-relative path: for export."""
        files: dict[str, tuple[str, dict[str, Any]]] = {}

        def add(rel: str, shard: Shard) -> None:
            files[rel] = (shard.kind, clone(shard.db.storage.read() or {}))

        for kind, rel in ROOT_FILES.items():
            add(rel, self._roots[kind])
        for number in self.session_numbers():
            rel = session_rel(number)
            shard = (self._session if number == self._number and self._session is not None
                     else self._backend.load(rel, "session"))
            add(rel, shard)
            journal = UndoLog(self._backend, number, shard, self._chunk_size).state
            for index in range(1, journal.sealed // journal.chunk_size + 1):
                add(chunk_rel(number, index), self._backend.load(chunk_rel(number, index), "log"))
        return files
