"""The campaign store: the one way the console reads and changes a campaign.

Every change is a GM *action* that goes through :meth:`CampaignStore.apply` (or the
:meth:`CampaignStore.action` context manager). The action is logged with before/after
images of each document it touches, and is on disk when the call returns. Order of writes
per action: [a sealed log chunk] -> the session file (log entry + journal commit record +
any session/encounter documents) -> the other touched files. A crash after the session file
is written is finished on the next open (see console.store.undo_state).

Example::

    with CampaignStore.open(saves, "Dark Tide") as store:
        pc = store.pc(3)
        with store.action("pc.wounds", f"{pc.name} takes 7 wounds") as tx:
            tx.save(pc.with_changes(wounds=pc.wounds + 7))
        store.undo()   # and store.redo()
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from console.model import (
    DEFAULT_KEEP_BACKUPS,
    Change,
    LogEntry,
    ModelError,
)
from console.model.fight_events import FightEvent
from console.store.atomic_storage import dump_json
from console.store.backends import FileBackend, MemoryBackend, ShardBackend
from console.store.backups import Backups, find_good_backup
from console.store.commit import CommitMixin, Prepared
from console.store.error_log import append_error
from console.store.errors import (
    BadSaveFile,
    CampaignNotFound,
    DamagedCampaign,
    MissingSaveFile,
    StoreError,
    UnsafePath,
)
from console.store.follow import FollowMixin
from console.store.layout import (
    ADDED_IN,
    BACKUPS_DIR,
    ROOT_FILES,
    TABLE_SHARDS,
    VERIFIED_FILE,
    campaign_dir,
    is_campaign,
)
from console.store.lock import CampaignLock, LockHolder, holder_now
from console.store.publish import clean_staging, publish_campaign, starting_files
from console.store.sessions import SessionsMixin
from console.store.shards import TABLE_MODELS, Shard, clone, new_tables
from console.store.transaction import Transaction, Write
from console.store.tree import CampaignTree
from console.store.tree_scan import unsafe_files
from console.store.typed_reads import TypedReads
from console.store.undo import UndoLog, session_rel
from console.store.undo_state import DEFAULT_CHUNK_SIZE, LastOp, UndoState
from console.store.verify import read_remembered, verify_campaign

__all__ = ["CampaignStore"]


def _now() -> datetime:
    return datetime.now(UTC)


class CampaignStore(CommitMixin, TypedReads, SessionsMixin, FollowMixin):
    """An open campaign. Create with :meth:`create`, :meth:`open` or :meth:`in_memory`."""

    def __init__(self, name: str, backend: ShardBackend, *, root: Path | None = None,
                 read_only: bool = False, lock: CampaignLock | None = None,
                 chunk_size: int = DEFAULT_CHUNK_SIZE) -> None:
        # Use the class methods; this only wires the parts together.
        self.name = name
        self.root = root
        self.read_only = read_only
        self._backend = backend
        self._lock = lock
        self._chunk_size = chunk_size
        self._roots: dict[str, Shard] = {}
        self._number = 0
        self._session: Shard | None = None
        self._log: UndoLog | None = None
        self._past_sessions = None
        self._closed = False
        self._lost: str | None = None  # why this writer may save no more (its lock lost)
        self._pending: dict[str, Shard] = {}  # committed files not written yet (commit.py)
        self._warnings: list[str] = []
        self._on_rollback: list[Callable[[], None]] = []  # an operation's own leftovers
        # Reports of failed actions kept in memory where no file may be written (a
        # read-only or in-memory campaign): the tests read them here.
        self.errors: list[str] = []

    # ----- opening and closing ----------------------------------------------------------

    @classmethod
    def open(cls, saves: str | Path, name: str, *, read_only: bool = False,
             keep_backups: int | None = None,
             chunk_size: int = DEFAULT_CHUNK_SIZE) -> CampaignStore:
        """Open campaign ``name`` in folder ``saves``.

        As the writer (default) this takes the campaign lock (raising
        :class:`CampaignLocked` naming the holder) and finishes any operation a crash
        interrupted. ``read_only=True`` takes no lock and never writes; ``locked_by`` then
        tells who has it open. A damaged file raises a :class:`BadSaveFile` subclass that
        names the file and offers its newest good backup. ``keep_backups`` overrides the
        campaign's setting (old versions kept per file).
        """
        root = campaign_dir(Path(saves), name)
        if root.is_symlink():
            raise UnsafePath.found(root, "a symbolic link")
        if not is_campaign(root):
            raise CampaignNotFound(f"no campaign {name!r} in {Path(saves)}")
        tree = CampaignTree(root)
        unsafe = unsafe_files(tree)
        if unsafe:
            raise DamagedCampaign(list(unsafe))
        lock = None if read_only else CampaignLock(tree)
        if lock is not None:
            lock.acquire()
        try:
            backups = None if read_only else Backups(tree, keep_backups or DEFAULT_KEEP_BACKUPS)
            store = cls(name, FileBackend(tree, backups), root=root, read_only=read_only,
                        lock=lock, chunk_size=chunk_size)
            if backups is None:  # a reader: it looks again for a session started meanwhile
                store._read_whole(tree)
                return store
            # The writer's opening lists the session folders once for all it does: it holds
            # the lock, and what it writes itself lists them again.
            with tree.listed_once():
                store._read_whole(tree)
                # Only now that the whole campaign is found good: files just migrated from an
                # older schema, or finished from the commit record, are written; one the disk
                # refuses now waits (console.store.commit).
                store._pending.update({kind: shard for kind, shard in store._roots.items()
                                       if shard.dirty})
                store._catch_up(before_next=False)
                store._backend.remove_temp_files()  # type: ignore[attr-defined]
            clean_staging(Path(saves))
            if keep_backups is None:
                backups.keep = store.campaign().keep_backups
            return store
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    def _verify(self, tree: CampaignTree) -> None:
        """The whole campaign hangs together (console.store.verify), or DamagedCampaign:
        a missing or older session file is never opened silently. Earlier sessions checked
        at an earlier opening and unchanged since are not read again (VERIFIED_FILE)."""
        assert self._session is not None
        loaded = {rel: self._roots[kind].db.storage.read() for kind, rel in ROOT_FILES.items()}
        loaded[session_rel(self._number)] = self._session.db.storage.read()
        remembered = read_remembered(tree)
        learned: dict[str, list[int]] = {}
        problems = verify_campaign(tree, loaded=loaded,  # type: ignore[arg-type]
                                   scanned=True, remembered=remembered, learned=learned)
        if problems:
            raise DamagedCampaign(problems)
        if not self.read_only and learned != remembered:
            with contextlib.suppress(OSError, StoreError):  # only a memo: lost, it is redone
                tree.write(VERIFIED_FILE, dump_json({"version": 1, "files": learned}),
                           durable=False)

    @classmethod
    def create(cls, saves: str | Path, name: str, *, notes: str = "",
               keep_backups: int = DEFAULT_KEEP_BACKUPS,
               chunk_size: int = DEFAULT_CHUNK_SIZE) -> CampaignStore:
        """Create campaign ``name`` in ``saves`` and open it as the writer.

        Raises :class:`CampaignExists` if it is there already. The campaign is built in a
        hidden folder and renamed into place, so a crash never leaves half a campaign.
        """
        files = starting_files(name, notes=notes, keep_backups=keep_backups, now=_now(),
                               chunk_size=chunk_size)
        publish_campaign(Path(saves), name, files)
        return cls.open(saves, name, chunk_size=chunk_size)

    @classmethod
    def in_memory(cls, name: str = "scratch", *, notes: str = "",
                  chunk_size: int = DEFAULT_CHUNK_SIZE) -> CampaignStore:
        """A campaign held only in memory (TinyDB MemoryStorage): tests, previews."""
        backend = MemoryBackend()
        files = starting_files(name, notes=notes, keep_backups=DEFAULT_KEEP_BACKUPS, now=_now(),
                               chunk_size=chunk_size)
        for rel, (kind, tables) in files.items():
            backend.create(rel, kind, tables)
        store = cls(name, backend, chunk_size=chunk_size)
        store._load()
        return store

    def _load(self) -> None:
        """(Re)read every hot shard, then finish an interrupted operation."""
        for _attempt in range(10):
            # The session file (the commit record) is read first, the other files next,
            # then the commit record again: if a writer committed in between, read again.
            # (The writer writes the session file first, so the other files are never
            # ahead of it, and at most the newest operation is missing from them.)
            self._number = self._newest_session()
            self._session = self._backend.load(session_rel(self._number), "session")
            self._roots = self._read_roots()
            if not self.read_only or self._session_unchanged():
                break
        else:
            raise StoreError(f"campaign {self.name!r} changed ten times while being read")
        try:
            self._log = UndoLog(self._backend, self._number, self._session, self._chunk_size)
        except BadSaveFile as error:
            if self.root is None:
                raise
            backup = find_good_backup(self.root, error.path, "session")
            raise error.with_backup(backup) from None
        self._finish_interrupted()

    def _read_roots(self) -> dict[str, Shard]:
        """Every root file; one a later schema added (layout.ADDED_IN) that an older
        campaign lacks is an empty one, which the writer writes with what it migrated."""
        roots: dict[str, Shard] = {}
        for kind, rel in ROOT_FILES.items():
            try:
                roots[kind] = self._read_shard(rel, kind)
            except MissingSaveFile:
                since, campaign = ADDED_IN.get(kind), roots.get("campaign")
                if since is None or campaign is None or campaign.schema_read >= since:
                    raise
                roots[kind] = self._backend.create(rel, kind, new_tables(kind))
        return roots

    def _session_unchanged(self) -> bool:
        assert self._session is not None
        if self._newest_session() != self._number:
            return False
        again = self._backend.load(session_rel(self._number), "session")
        return again.opno == self._session.opno

    def _finish_interrupted(self) -> None:
        """Roll forward the newest operation into files that missed it (crash recovery)."""
        op = self._undo_state.last_op
        if op is None or op.opno != self._undo_state.opno:
            return
        behind = {kind: shard for kind, shard in self._roots.items() if shard.opno < op.opno}
        touched: set[str] = set()
        for write in op.writes:
            kind = TABLE_SHARDS.get(write["table"], "")
            if kind in behind:
                behind[kind].put(write["table"], write["id"], write["doc"])
                touched.add(kind)
        for kind in touched:
            behind[kind].opno = op.opno
            self._forget_kept(ROOT_FILES[kind])  # now ahead of its file: never kept

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def locked_by(self) -> LockHolder | None:
        """For a read-only store: the live writer holding the campaign, if any."""
        if self.root is None or (self._lock is not None and self._lock.held):
            return None
        return holder_now(CampaignTree(self.root))

    @property
    def stale_lock(self) -> LockHolder | None:
        """The dead console whose lock this store took over when opening, if any."""
        return None if self._lock is None else self._lock.stale

    # ----- reading ----------------------------------------------------------------------

    @property
    def _undo_state(self) -> UndoState:
        assert self._log is not None
        return self._log.state

    def _shard_for(self, table: str) -> Shard:
        kind = TABLE_SHARDS.get(table)
        if kind is None:
            raise StoreError(f"unknown table {table!r}")
        if kind == "session":
            assert self._session is not None
            return self._session
        return self._roots[kind]

    def parsed(self, table: str) -> dict[int, object] | None:
        return self._shard_for(table).parsed(table)

    def get(self, table: str, doc_id: int) -> dict[str, Any] | None:
        """A copy of one document, or None."""
        return self._shard_for(table).get(table, doc_id)

    def all(self, table: str) -> dict[int, dict[str, Any]]:
        """Copies of all documents of ``table`` by id."""
        return self._shard_for(table).all(table)

    def table_version(self, table: str) -> int:
        """A number that changes whenever ``table`` may have changed (the last operation
        written into its file), so a screen can re-read the roster only when it moved."""
        if TABLE_SHARDS.get(table) == "session":
            return self.opno  # the session file is written by every operation
        return self._shard_for(table).opno

    def new_id(self, table: str) -> int:
        """The next unused document id of ``table``."""
        return max(self._shard_for(table).ids(table), default=0) + 1

    def session_numbers(self) -> list[int]:
        return self._backend.session_numbers()

    # ----- the action log ----------------------------------------------------------------

    @property
    def opno(self) -> int:
        """Operations committed in this campaign so far (actions, undos, redos, starts)."""
        return int(self._undo_state.opno)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo_state.head > self._undo_state.base)

    @property
    def can_redo(self) -> bool:
        return bool(self._undo_state.length > self._undo_state.head)

    def history(self, limit: int | None = None) -> list[LogEntry]:
        """The current session's log, oldest first; entries after :attr:`head` are undone.

        ``limit`` keeps only the newest entries: a screen refreshed after every action reads
        a fixed tail instead of a session that grows all evening.
        """
        assert self._log is not None
        return self._log.entries(limit)

    @property
    def history_length(self) -> int:
        """``len(history())`` without reading the entries."""
        return int(self._undo_state.length)

    @property
    def head(self) -> int:
        """How many entries of :meth:`history` are in effect."""
        return int(self._undo_state.head)

    # ----- changing ---------------------------------------------------------------------

    @contextlib.contextmanager
    def action(self, name: str, description: str) -> Iterator[Transaction]:
        """``with store.action("npc.add", "Add Thug") as tx: tx.save(npc)`` — on a normal
        exit the writes are applied, logged and on disk; on an exception, nothing is."""
        self._writable()
        tx = Transaction(self)
        yield tx
        self.apply(name, description, tx.writes)

    def apply(self, name: str, description: str, writes: Iterable[Write], *,
              now: datetime | None = None, built: bool = False,
              events: Sequence[FightEvent] = ()) -> LogEntry | None:
        """Apply one GM action: ``writes`` are ``(table, id, doc or None to delete)``;
        ``events`` the facts of a fight it made (console.model.fight_events).

        Documents are validated first (a :class:`ModelError` changes nothing), unless
        ``built``: each is the ``to_dict`` of a model object, which its construction
        validated (the service's commands), and is not parsed a second time. Returns the
        log entry, or None if nothing actually changed and there is no event to keep (then
        nothing is logged). An action with events and no change (a missed attack) is
        logged: undoing it takes its events out of the session's recap.
        """
        self._writable()
        final: dict[tuple[str, int], dict[str, Any] | None] = {}
        for table, doc_id, doc in writes:
            if doc is not None:
                self._validate(table, doc_id, doc, parse=not built)
            final[(table, doc_id)] = doc  # a document written twice: the last write counts
        changes, images = [], []
        for (table, doc_id), doc in final.items():
            # The stored document itself, compared (a big fight is not copied per key):
            # a partial change keeps only values the next write replaces, not changes; a
            # whole image keeps its own copy.
            before = self._shard_for(table).peek(table, doc_id)
            if before != doc:
                change = Change.between(table, doc_id, before, doc)
                if not change.partial and before is not None:
                    change = Change.between(table, doc_id, clone(before), doc)
                changes.append(change)
                images.append((table, doc_id, doc))
        if not changes and not events:
            return None
        entry = LogEntry(self._undo_state.head + 1, name, description, now or _now(),
                         tuple(changes), tuple(events))
        self._operation(lambda: self._commit("apply", entry.seq, images, entry, owned=built))
        return entry

    @staticmethod
    def _validate(table: str, doc_id: int, doc: dict[str, Any], *, parse: bool = True) -> None:
        validate = TABLE_MODELS.get(table)
        if validate is None or table in ("log", "journal"):
            raise StoreError(f"unknown table {table!r}")
        if parse:
            validate(doc)
        if doc.get("id", doc_id) != doc_id:
            raise ModelError(f"{table} document {doc_id} says its id is {doc['id']}")

    def undo(self) -> LogEntry | None:
        """Undo the newest action in effect; returns it, or None if there is none."""
        self._writable()
        if not self.can_undo:
            return None
        assert self._log is not None
        entry = self._log.entry(self._undo_state.head)
        images = self._images(entry, "before")
        self._operation(lambda: self._commit("undo", entry.seq, images))
        return entry

    def redo(self) -> LogEntry | None:
        """Redo the most recently undone action; returns it, or None if there is none."""
        self._writable()
        if not self.can_redo:
            return None
        assert self._log is not None
        entry = self._log.entry(self._undo_state.head + 1)
        images = self._images(entry, "after")
        self._operation(lambda: self._commit("redo", entry.seq, images))
        return entry

    def _images(self, entry: LogEntry, side: str) -> list[Write]:
        """Whole documents that undo (``side="before"``) or redo ``entry``."""
        changes = reversed(entry.changes) if side == "before" else entry.changes
        return [(c.table, c.doc_id, c.image(side, self.get(c.table, c.doc_id)))
                for c in changes]

    def _commit(self, kind: str, seq: int, images: list[Write],
                entry: LogEntry | None = None, *, owned: bool = False) -> Prepared:
        """The operation in memory: the journal, the log and the documents (see
        console.store.commit for how its files are written). ``owned``: the images are
        the caller's to give (see Shard.put)."""
        assert self._log is not None and self._session is not None
        journal = self._undo_state
        first = self._log.append(entry) if entry is not None else []
        journal.opno += 1
        journal.last_op = LastOp(journal.opno, kind, seq, _record(images))
        if kind == "undo":
            journal.head -= 1
        elif kind == "redo":
            journal.head += 1
        touched: dict[str, Shard] = {}
        for table, doc_id, doc in images:
            self._shard_for(table).put(table, doc_id, doc, owned=owned)
            kind_of = TABLE_SHARDS[table]
            if kind_of != "session":
                touched[kind_of] = self._roots[kind_of]
        for shard in touched.values():
            shard.opno = journal.opno
        self._session.opno = journal.opno
        self._log.save_state()
        return first, self._session, touched

    def log_error(self, text: str, *, now: datetime | None = None) -> Path | None:
        """Keep the report of an action that failed unexpectedly: in ``errors.log`` in the
        campaign's folder (returned), or only in :attr:`errors` for a campaign that may not
        write. Never raises: a failing report must not hide the failure it reports."""
        self.errors.append(text)
        if self.root is None or self.read_only:
            return None
        try:
            return append_error(self.root, text, now or _now())
        except (OSError, StoreError):
            return None

    @property
    def backups_dir(self) -> Path | None:
        return None if self.root is None else self.root / BACKUPS_DIR



def _record(images: list[Write]) -> list[dict[str, Any]]:
    """The commit record's writes: the whole documents of the files written after the
    session file (the session file's own are in it, written at the commit point). Whole,
    not the change's patch: a file found older than the record expects (a backup put back)
    is still brought to the operation's result, not patched into something else."""
    return [{"table": table, "id": doc_id, "doc": doc} for table, doc_id, doc in images
            if TABLE_SHARDS.get(table) != "session"]
