"""The current session's action log: appending, sealing into chunks, reading entries.

The newest entries live in the session file itself (written anyway with every action), so
recording an action costs no extra file. Every ``chunk_size`` entries they are *sealed* into
an immutable ``log-NNNN.json``, so the session file never grows past one chunk of entries
however long the session runs.
"""

from __future__ import annotations

from pathlib import Path

from console.model import LogEntry
from console.store.backends import ShardBackend
from console.store.errors import InvalidSaveFile
from console.store.layout import SESSIONS_DIR
from console.store.shards import Shard, new_tables
from console.store.undo_state import DEFAULT_CHUNK_SIZE, UndoState

__all__ = ["UndoLog", "chunk_rel", "session_rel"]

_PARSED_KEPT = 256  # parsed entries remembered: the screen reads the newest 50
_CHUNKS_KEPT = 4  # sealed log chunks kept loaded


def session_rel(number: int) -> str:
    return f"{SESSIONS_DIR}/{number:04d}/session.json"


def chunk_rel(number: int, chunk: int) -> str:
    return f"{SESSIONS_DIR}/{number:04d}/log-{chunk:04d}.json"


class UndoLog:
    """The log and journal state of one session (see console.store.undo_state)."""

    def __init__(self, backend: ShardBackend, number: int, session: Shard,
                 chunk_size: int = DEFAULT_CHUNK_SIZE) -> None:
        self.backend = backend
        self.number = number
        self.session = session
        raw = session.get("journal", 1)
        self.state = (UndoState.from_dict(raw) if raw is not None
                      else UndoState(opno=session.opno, chunk_size=chunk_size))
        self._chunks: dict[int, Shard] = {}
        # Entries never change once written (a new branch after undo replaces them): the
        # screen's tail of the log is read after every action, so each is parsed once.
        self._parsed: dict[int, LogEntry] = {}
        expected = set(range(self.state.sealed + 1, self.state.length + 1))
        present = set(session.ids("log"))
        if not expected <= present:
            missing = sorted(expected - present)
            raise InvalidSaveFile(
                session.path or Path(session_rel(number)),
                f"log entries {missing[0]}..{missing[-1]} are missing from the undo log",
            )
        # Entries beyond ``length`` are an abandoned redo branch: ignored, dropped on append.

    @property
    def chunk_size(self) -> int:
        return self.state.chunk_size

    def save_state(self) -> None:
        """Put the journal state into the session shard (in memory; flushed by the store)."""
        self.session.put("journal", 1, self.state.to_dict())

    def _chunk(self, index: int) -> Shard:
        shard = self._chunks.get(index)
        if shard is None:
            shard = self.backend.load(chunk_rel(self.number, index), "log")
            self._keep_chunk(index, shard)
        return shard

    def _keep_chunk(self, index: int, shard: Shard) -> None:
        # Sealed chunks never change: the newest few stay loaded (undo reads back through
        # them), older ones are read again if ever needed; an evening must not pile up.
        self._chunks[index] = shard
        while len(self._chunks) > _CHUNKS_KEPT:
            del self._chunks[min(self._chunks)]

    def entry(self, seq: int) -> LogEntry:
        """Log entry ``seq`` (1-based), from the session file or its sealed chunk."""
        if not 1 <= seq <= self.state.length:
            raise IndexError(f"no log entry {seq} (the log has {self.state.length})")
        parsed = self._parsed.get(seq)
        if parsed is not None:
            return parsed
        if seq > self.state.sealed:
            doc = self.session.get("log", seq)
        else:
            doc = self._chunk((seq - 1) // self.chunk_size + 1).get("log", seq)
        if doc is None:
            raise InvalidSaveFile(self.session.path or Path(session_rel(self.number)),
                                  f"log entry {seq} is missing")
        parsed = self._parsed[seq] = LogEntry.from_dict(doc)
        if len(self._parsed) > _PARSED_KEPT:  # an evening of actions must not pile up
            for old in sorted(self._parsed)[:len(self._parsed) - _PARSED_KEPT]:
                del self._parsed[old]
        return parsed

    def entries(self, limit: int | None = None) -> list[LogEntry]:
        """Every entry (or the newest ``limit``), undone ones included, oldest first."""
        first = 1 if limit is None else max(1, self.state.length - limit + 1)
        return [self.entry(seq) for seq in range(first, self.state.length + 1)]

    def append(self, entry: LogEntry) -> list[Shard]:
        """Record ``entry`` as the new head; returns chunk shards to flush *before* the
        session file (a sealed chunk must be on disk before the journal points at it)."""
        state, size = self.state, self.chunk_size
        if entry.seq != state.head + 1:
            raise ValueError(f"entry {entry.seq} cannot follow head {state.head}")
        if state.length > state.head:  # entries of the redo branch are parsed no longer
            self._parsed = {seq: parsed for seq, parsed in self._parsed.items()
                            if seq < entry.seq}
        if state.length > state.head:
            # A new action after undo: the redo branch is gone for good.
            for seq in range(max(state.head, state.sealed) + 1, state.length + 1):
                self.session.put("log", seq, None)
            state.length = state.head
        unsealed = state.head < state.sealed
        if unsealed:
            # The new branch starts inside a sealed chunk: move that chunk's surviving
            # entries back into the session file; chunks past it no longer count.
            keep = (state.head // size) * size
            for seq in range(keep + 1, state.head + 1):
                self.session.put("log", seq, self.entry(seq).to_dict())
            state.sealed = keep
            self._chunks = {i: s for i, s in self._chunks.items() if i * size <= keep}
        self.session.put("log", entry.seq, entry.to_dict())
        self._parsed[entry.seq] = entry  # as built: never parsed back from what was written
        state.head = state.length = entry.seq
        if state.length - state.sealed < size or unsealed:
            # Never seal in the same operation as an unseal: the chunk file being replaced
            # is still trusted by the journal on disk until this operation commits.
            return []
        index = state.sealed // size + 1
        tables = new_tables("log", state.opno)
        for seq in range(state.sealed + 1, state.sealed + size + 1):
            tables["log"][str(seq)] = self.session.get("log", seq)
            self.session.put("log", seq, None)
        chunk = self.backend.create(chunk_rel(self.number, index), "log", tables)
        self._keep_chunk(index, chunk)
        state.sealed += size
        return [chunk]
