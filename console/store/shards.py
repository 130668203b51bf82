"""One save file ("shard"): reading it strictly, and a TinyDB handle on its tables.

Reading classifies every way a file can be bad (missing, truncated, garbled, foreign,
newer, invalid) into its own exception naming the file; nothing here ever writes to a
file that failed to load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from console.model import (
    SCHEMA_VERSION,
    Adventure,
    Campaign,
    Encounter,
    LogEntry,
    ModelError,
    NpcTemplate,
    PlayerCharacter,
    Session,
)
from console.model.fields import lone_surrogate
from console.store.atomic_storage import AtomicJSONStorage, FlushableMemoryStorage
from console.store.errors import (
    ForeignSaveFile,
    GarbledSaveFile,
    InvalidSaveFile,
    MissingSaveFile,
    NewerSaveFile,
    TruncatedSaveFile,
    UnreadableSaveFile,
)
from console.store.layout import FORMAT, SHARD_TABLES
from console.store.migrations import MigrationError, migrate
from console.store.tree import CampaignTree
from console.store.undo_state import UndoState

__all__ = [
    "META",
    "TABLE_MODELS",
    "Shard",
    "clone",
    "new_tables",
    "parse_tables",
    "read_tables",
]

META = "_meta"
Tables = dict[str, dict[str, Any]]

# How each table's documents are validated on load (and before every write).
TABLE_MODELS: dict[str, Callable[[object], object]] = {
    "campaign": Campaign.from_dict,
    "pcs": PlayerCharacter.from_dict,
    "npcs": NpcTemplate.from_dict,
    "adventures": Adventure.from_dict,
    "session": Session.from_dict,
    "encounters": Encounter.from_dict,
    "log": LogEntry.from_dict,
    "journal": UndoState.from_dict,
}


# Tables whose parsed documents a shard keeps from its reading: the roster, read whole by
# the console right after opening (3,000 templates were parsed twice).
KEPT_PARSED = frozenset({"pcs", "npcs", "adventures"})


def clone(value: Any) -> Any:
    """A deep copy of JSON data (several times faster than copy.deepcopy, which matters:
    every read hands out a copy so callers can never change the cache by accident)."""
    if isinstance(value, dict):
        return {key: clone(item) for key, item in value.items()}
    if isinstance(value, list):
        return [clone(item) for item in value]
    return value


def new_tables(kind: str, opno: int = 0) -> Tables:
    """The contents of a new, empty file of ``kind``."""
    meta = {"format": FORMAT, "kind": kind, "schema": SCHEMA_VERSION, "opno": opno}
    tables: Tables = {META: {"1": meta}}
    for table in SHARD_TABLES[kind]:
        tables[table] = {}
    return tables


def _ends_early(text: str) -> bool:
    """True if ``text`` stops inside a string or with brackets still open."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return in_string or depth > 0


def _decode(path: Path, raw: bytes) -> object:
    if not raw.strip():
        raise TruncatedSaveFile(path, "the file is empty (it was cut off or never written)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise GarbledSaveFile(path, f"not a text file (byte {error.start} is not UTF-8)") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise GarbledSaveFile(path, "nested too deeply to be a save file") from None
    except json.JSONDecodeError as error:
        near_end = error.pos >= len(text.rstrip()) - 16 or error.msg.startswith("Unterminated")
        if near_end and _ends_early(text):
            raise TruncatedSaveFile(
                path, f"the file ends early after {len(raw)} bytes (cut off mid-write?)"
            ) from None
        raise GarbledSaveFile(
            path, f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except ValueError as error:  # Python's limit on the digits of an integer, say
        raise GarbledSaveFile(path, f"not a save file: {str(error)[:80]}") from None
    # Half a UTF-16 pair ("\ud800") reads from JSON but can never be written back: the
    # models refuse it in what they read, and this in the rest (a log's images, the
    # journal), which the next save writes again. Looked for only when the text holds
    # such an escape: a walk of every string otherwise.
    if _SURROGATE_ESCAPE.search(text) is not None and _holds_surrogate(data):
        raise GarbledSaveFile(path, "holds a lone surrogate (half of a UTF-16 pair), which "
                                    "is not text")
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _holds_surrogate(data: object) -> bool:
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if lone_surrogate(item):
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def parse_tables(data: object, kind: str, path: Path,
                 parsed: dict[str, dict[int, object]] | None = None) -> tuple[Tables, int]:
    """Check decoded JSON is a ``kind`` file of ours, migrate it, validate every document.

    Returns the tables and the schema version the file was written with (older than
    SCHEMA_VERSION: a migration changed them). ``path`` is for messages.
    ``parsed``, if given, receives the model objects validation built for the roster's
    tables (:data:`KEPT_PARSED`), so they are not parsed again to be read.
    """
    meta = None
    if isinstance(data, dict) and isinstance(data.get(META), dict):
        meta = data[META].get("1")
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ForeignSaveFile(path, "valid JSON, but not a MetaScape GM console save file")
    if meta.get("kind") != kind:
        raise ForeignSaveFile(path, f"holds {meta.get('kind')!r} data where {kind!r} was expected")
    version = meta.get("schema")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ForeignSaveFile(path, f"schema version {version!r} is not a version number")
    if version > SCHEMA_VERSION:
        raise NewerSaveFile(
            path, f"written by a newer console (schema version {version}; this console "
            f"reads up to {SCHEMA_VERSION}); update the console to open it"
        )
    assert isinstance(data, dict)
    expected = {META, *SHARD_TABLES[kind]}
    unknown = sorted(set(data) - expected)
    if unknown:
        raise InvalidSaveFile(path, f"unknown table(s) {', '.join(unknown)}")
    for table, docs in data.items():
        if not isinstance(docs, dict) or not all(
            isinstance(key, str) and key.isdigit() and isinstance(doc, dict)
            for key, doc in docs.items()
        ):
            raise InvalidSaveFile(path, f"table {table!r} is not a set of numbered documents")
    migrated = version < SCHEMA_VERSION
    tables: Tables = data
    if migrated:
        try:
            tables = migrate(kind, data, version)
        except (MigrationError, TypeError, AttributeError, ValueError) as error:
            raise InvalidSaveFile(path, f"cannot upgrade from version {version}: {error}") from None
    for table in SHARD_TABLES[kind]:
        tables.setdefault(table, {})
        validate = TABLE_MODELS[table]
        keep = parsed.setdefault(table, {}) if parsed is not None and table in KEPT_PARSED \
            else None
        for key, doc in tables[table].items():
            try:
                found = validate(doc)
            except (ModelError, ValueError, TypeError) as error:
                raise InvalidSaveFile(path, f"{table} document {key}: {error}") from None
            if keep is not None:
                keep[int(key)] = found
            if "id" in doc and doc["id"] != int(key):
                raise InvalidSaveFile(path, f"{table} document {key} says its id is {doc['id']}")
    opno = meta.get("opno", 0)
    if isinstance(opno, bool) or not isinstance(opno, int) or opno < 0:
        raise InvalidSaveFile(path, f"operation number {opno!r} is not a whole number")
    return tables, version


def read_tables(path: Path, kind: str, tree: CampaignTree | None = None,
                rel: str | None = None,
                parsed: dict[str, dict[int, object]] | None = None) -> tuple[Tables, int]:
    """Load and check a save file; see :func:`parse_tables`. Never writes. The file is
    ``rel`` in ``tree`` (reached without following a link), or ``path`` itself."""
    if tree is None or rel is None:
        tree, rel = CampaignTree(Path(path).parent), Path(path).name
    try:
        raw = tree.read(rel)
    except FileNotFoundError:
        raise MissingSaveFile(path, "the file is missing") from None
    except NotADirectoryError:
        raise MissingSaveFile(path, "the file is missing (a file stands where its folder "
                                    "should be)") from None
    except OSError as error:
        raise UnreadableSaveFile(path, f"cannot be read: {error.strerror or error}") from None
    return parse_tables(_decode(path, raw), kind, path, parsed)


class Shard:
    """A loaded save file: a TinyDB database whose storage holds it in memory.

    Changes made with :meth:`put` stay in memory until :meth:`flush` writes the whole file
    atomically; the store flushes each touched shard once per GM action. Between
    :meth:`begin` and :meth:`end` every put is remembered, so :meth:`rollback` can give the
    memory back exactly what it held (an action whose files could not be written).
    """

    def __init__(self, kind: str, path: Path | None, db: TinyDB,
                 parsed: dict[str, dict[int, object]] | None = None,
                 schema_read: int = SCHEMA_VERSION) -> None:
        self.kind = kind
        self.path = path
        self.db = db
        # The schema version of the file as read (a new file: the current one).
        self.schema_read = schema_read
        # The model objects the file's documents were validated into, per table, until
        # the table is first written (see parse_tables).
        self._parsed = parsed or {}
        # While an action is being built: (table, id, the document before) per put, and
        # whether the memory already differed from the file.
        self._undo: list[tuple[str, int, dict[str, Any] | None]] | None = None
        self._dirty_before = False

    @classmethod
    def open_file(
        cls,
        tree: CampaignTree,
        rel: str,
        kind: str,
        *,
        tables: Tables | None = None,
        before_replace: Callable[[str], None] | None = None,
    ) -> Shard:
        """The shard at ``rel`` in a campaign's tree; ``tables=None`` reads (and checks) the
        file, else starts from ``tables`` as unsaved changes (a new or migrated file)."""
        path = tree.path(rel)
        dirty = tables is not None
        parsed: dict[str, dict[int, object]] = {}
        version = SCHEMA_VERSION
        if tables is None:
            tables, version = read_tables(path, kind, tree, rel, parsed)
            dirty = version < SCHEMA_VERSION
        db = TinyDB(storage=AtomicJSONStorage, tree=tree, rel=rel, data=tables, deferred=True,
                    before_replace=before_replace)
        db.storage.dirty = dirty  # type: ignore[attr-defined]
        return cls(kind, path, db, parsed, version)

    @classmethod
    def in_memory(cls, kind: str, tables: Tables | None = None) -> Shard:
        """A shard held only in memory (TinyDB's MemoryStorage)."""
        data = new_tables(kind) if tables is None else tables
        return cls(kind, None, TinyDB(storage=FlushableMemoryStorage, data=data))

    # ----- metadata -------------------------------------------------------------------

    @property
    def meta(self) -> dict[str, Any]:
        doc = self.db.table(META).get(doc_id=1)
        return dict(doc) if doc is not None else {}

    @property
    def opno(self) -> int:
        return int(self.meta.get("opno", 0))

    @opno.setter
    def opno(self, value: int) -> None:
        self.put(META, 1, {**self.meta, "opno": value})

    @property
    def dirty(self) -> bool:
        return bool(self.db.storage.dirty)  # type: ignore[attr-defined]

    def flush(self) -> None:
        """Write the file if anything changed (atomic; see AtomicJSONStorage)."""
        self.db.storage.flush()  # type: ignore[attr-defined]

    # ----- an action's changes, undone in memory if its files cannot be written ----------

    def begin(self) -> None:
        """Remember every put from now on, until :meth:`end`."""
        self._undo = []
        self._dirty_before = self.dirty

    def rollback(self) -> None:
        """Give back what every put since :meth:`begin` replaced, newest first. A put never
        changes a stored document in place (it replaces it whole), so the shallow copies
        remembered are exactly what was there."""
        undo, self._undo = self._undo or [], None
        for table, doc_id, before in reversed(undo):
            self.put(table, doc_id, before)
        self.db.storage.dirty = self._dirty_before  # type: ignore[attr-defined]

    def end(self) -> None:
        self._undo = None

    # ----- documents ------------------------------------------------------------------

    def get(self, table: str, doc_id: int) -> dict[str, Any] | None:
        """A copy of one document (callers may change it freely), or None."""
        doc = self.db.table(table).get(doc_id=doc_id)
        return None if doc is None else clone(dict(doc))

    def peek(self, table: str, doc_id: int) -> dict[str, Any] | None:
        """The stored document itself, not a copy: for the store's own comparisons only,
        which must not change it nor keep it past the next write."""
        doc = self.db.table(table).get(doc_id=doc_id)
        return None if doc is None else dict(doc)

    def all(self, table: str) -> dict[int, dict[str, Any]]:
        """Copies of every document in ``table``, by id, in id order."""
        docs = {doc.doc_id: clone(dict(doc)) for doc in self.db.table(table).all()}
        return dict(sorted(docs.items()))

    def ids(self, table: str) -> list[int]:
        return sorted(doc.doc_id for doc in self.db.table(table).all())

    def parsed(self, table: str) -> dict[int, object] | None:
        """The table's documents as the model objects they were checked into when the file
        was read, by id (None once the table has been written since)."""
        return self._parsed.get(table)

    def put(self, table: str, doc_id: int, doc: dict[str, Any] | None, *,
            owned: bool = False) -> None:
        """Replace (or create) a document; ``None`` deletes it. In memory until flush.
        ``owned``: the caller hands ``doc`` over and keeps no reference it could change (a
        document just built by a model object's ``to_dict``), so it is kept as it is
        rather than copied (a fight of a hundred combatants copied at every key)."""
        self._parsed.pop(table, None)
        handle = self.db.table(table)
        if self._undo is not None:
            held = handle.get(doc_id=doc_id)
            self._undo.append((table, doc_id, None if held is None else dict(held)))
        exists = handle.contains(doc_id=doc_id)
        if doc is None:
            if exists:
                handle.remove(doc_ids=[doc_id])
            return
        new = doc if owned else clone(doc)
        if exists:
            # TinyDB's update merges fields; a replacement must also drop removed ones.
            def replace(current: MutableMapping[Any, Any]) -> None:
                current.clear()
                current.update(new)

            handle.update(replace, doc_ids=[doc_id])
        else:
            handle.insert(Document(new, doc_id=doc_id))
