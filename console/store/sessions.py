"""Sessions: starting and stopping them, and reading every session's files (export).

Part of :class:`console.store.CampaignStore`, kept in its own module for size.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from console.model import Encounter, LogEntry, Session
from console.model.outcome import Outcome
from console.store.backups import Backups
from console.store.errors import LockLost, SaveFailed, StoreError
from console.store.layout import ROOT_FILES, SESSIONS_DIR, SUMMARIES_DIR, TABLE_SHARDS
from console.store.past_sessions import PastSessions
from console.store.publish import new_session_tables
from console.store.shards import Shard, clone
from console.store.tree import CampaignTree
from console.store.undo import UndoLog, chunk_rel, session_rel
from console.store.undo_state import LastOp, UndoState

if TYPE_CHECKING:
    from console.store.backends import ShardBackend
    from console.store.commit import Prepared
    from console.store.transaction import Write

# What a new session holds from its first operation on: given the new session's document,
# what its start does besides (a running fight carried into it, rolls lost).
FirstWrites = Callable[[Session], Outcome]

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
    _warnings: list[str]
    _on_rollback: list[Callable[[], None]]

    if TYPE_CHECKING:
        @property
        def _undo_state(self) -> Any: ...
        def _writable(self) -> None: ...
        def session(self) -> Session: ...
        def encounters(self) -> list[Encounter]: ...
        def session_numbers(self) -> list[int]: ...
        def apply(self, name: str, description: str, writes: list[Write], *,
                  now: datetime | None = None) -> Any: ...
        def _operation(self, prepare: Callable[[], Prepared]) -> None: ...
        @staticmethod
        def _validate(table: str, doc_id: int, doc: dict[str, Any]) -> None: ...

    # ----- sessions ---------------------------------------------------------------------

    def stop_session(self, *, now: datetime | None = None) -> Session:
        """Record the current session's stop time (an undoable action)."""
        current = self.session()
        if current.running:
            stopped = current.with_changes(stopped_at=max(now or _now(), current.started_at))
            self.apply("session.stop", f"Session {current.number} stopped",
                       [(Session.TABLE, Session.DOC_ID, stopped.to_dict())], now=now)
        return self.session()

    def start_session(self, *, now: datetime | None = None,
                      first: FirstWrites | None = None) -> Session:
        """Stop the current session if running, back up every file, start the next one.

        The new session has an empty undo log: undo does not reach into earlier sessions.
        ``first(new session)`` is what the start itself does (a running fight carried into
        the new session, rank rolls lost): committed with it, in one operation, so a crash
        or a fault leaves either the old session current and untouched or the new one with
        all of it; its notices are the new log's first entry, which undo does not reach.
        """
        self._writable()
        moment = now or _now()
        current = self.session()
        was_running = current.running
        self.stop_session(now=moment)
        try:
            self._operation(lambda: self._start(moment, first))
        except (SaveFailed, LockLost) as error:
            if not was_running:
                raise
            # The stop was its own action, saved: say so, or the GM would stop it again.
            raise type(error)(f"session {current.number} was stopped (that is saved), but "
                              f"session {current.number + 1} did not start: {error}") from error
        return self.session()

    def _start(self, moment: datetime, first: FirstWrites | None) -> Prepared:
        number = self._number + 1
        opno = self._undo_state.opno + 1
        tables = new_session_tables(number, moment, opno, self._chunk_size)
        outcome = first(Session.from_dict(tables["session"]["1"])) if first else Outcome()
        writes = outcome.writes()
        for table, doc_id, doc in writes:
            if doc is not None:
                self._validate(table, doc_id, doc)
        self._snapshot(number)
        self._backend.prepare_session(number)
        shard = self._backend.create(session_rel(number), "session", tables)
        touched: dict[str, Shard] = {}
        for table, doc_id, doc in writes:
            kind = TABLE_SHARDS[table]
            target = shard if kind == "session" else self._roots[kind]
            target.put(table, doc_id, doc)
            if kind != "session":
                touched[kind] = target
        for root in touched.values():
            root.opno = opno
        # The commit record holds every write, so a file the crash left behind is finished
        # from it on the next opening, as after any action.
        record = LastOp(opno, "start", 0, [{"table": t, "id": i, "doc": d}
                                           for t, i, d in writes
                                           if TABLE_SHARDS[t] != "session"])
        told = 1 if outcome.notices else 0
        if told:
            shard.put("log", 1, LogEntry(1, "session.start", "; ".join(
                line.strip() for line in outcome.notices), moment, ()).to_dict())
        shard.put("journal", 1, UndoState(opno=opno, head=told, length=told,
                                          chunk_size=self._chunk_size, last_op=record,
                                          base=told).to_dict())
        self._number, self._session = number, shard
        self._log = UndoLog(self._backend, number, shard, self._chunk_size)
        return [], shard, touched

    def _snapshot(self, number: int) -> None:
        """Every hot file, copied at a session's start; one that cannot be made is said, and
        does not stop the start (a lost backup is tolerable, a lost session is not)."""
        backups = getattr(self._backend, "backups", None)
        if not isinstance(backups, Backups):
            return
        folder = f"{SESSIONS_DIR}/{self._number:04d}"
        try:
            hot = [*ROOT_FILES.values(),
                   *(f"{folder}/{entry.name}" for entry in backups.tree.listdir(folder)
                     if entry.kind == "file" and entry.name.endswith(".json"))]
            folder = backups.snapshot(f"session-{number:04d}", hot)
            # A start that fails leaves no snapshot of a session that never began.
            self._on_rollback.append(lambda: backups.tree.rmtree(folder))
        except (OSError, StoreError) as error:
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            self._warnings.append(f"the backup of every file at the start of session "
                                  f"{number} could not be made ({why}); the session started")

    # ----- earlier sessions -------------------------------------------------------------

    def past_sessions(self, numbers: list[int]) -> dict[int, Session]:
        """The documents of earlier sessions ``numbers``: from the memo of what was read
        from their files while those are unchanged (console.store.past_sessions)."""
        if self._number in numbers:
            raise StoreError(f"session {self._number} is the current one, not an earlier one")
        tree = getattr(self._backend, "tree", None)
        if not isinstance(tree, CampaignTree):  # a campaign in memory
            return {number: self.session_record(number)[0] for number in numbers}
        return self._past().read(numbers)

    def past_fights(self, numbers: list[int]) -> dict[int, list[Encounter]]:
        """The encounters of earlier sessions ``numbers`` (console.store.past_sessions):
        safe to read from a worker thread."""
        if self._number in numbers:
            raise StoreError(f"session {self._number} is the current one, not an earlier one")
        tree = getattr(self._backend, "tree", None)
        if not isinstance(tree, CampaignTree):  # a campaign in memory
            return {number: self.session_record(number)[1] for number in numbers}
        return self._past().fights(numbers)

    def _past(self) -> PastSessions:
        past = getattr(self, "_past_sessions", None)
        if past is None:
            tree = getattr(self._backend, "tree", None)
            assert isinstance(tree, CampaignTree)
            past = PastSessions(tree, writable=not getattr(self, "read_only", True))
            self._past_sessions = past
        return past

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

    def session_log(self, number: int) -> list[LogEntry]:
        """Session ``number``'s log entries in effect (an undone one is not), oldest first:
        what the session's recap reads. An earlier session's from its files."""
        if number == self._number:
            assert self._log is not None
            return self._log.entries()[:self._log.state.head]
        if number not in self.session_numbers():
            raise StoreError(f"there is no session {number}")
        shard = self._backend.load(session_rel(number), "session")
        log = UndoLog(self._backend, number, shard, self._chunk_size)
        return [log.entry(seq) for seq in range(1, log.state.head + 1)]

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
