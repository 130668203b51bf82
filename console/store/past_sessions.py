"""Earlier sessions' documents, read once: the AP awarder's history of a long campaign.

The awards screen needs every earlier session's document (its awards, times, allowances),
which lives in that session's file among its fight and undo log: 500 session files to read
and check, seconds on a long campaign. An earlier session never changes once the next one
has started (undo stops at the session start), so what was read from its file is kept in a
memo beside the files, ``.sessions`` (not a save file, like ``.verified``), with the file's
stamp (inode, size, modification and change time; the change time cannot be set back). A
session whose file's stamp is not the remembered one (restored from a backup, say) is read
from its file again. A memo that is missing or not as written is simply redone.
"""

from __future__ import annotations

import contextlib
import json
import threading
from typing import Any

from console.model import Encounter, ModelError, Session
from console.store.atomic_storage import dump_json
from console.store.errors import StoreError
from console.store.layout import SESSION_FILE, SESSIONS_DIR, SESSIONS_MEMO
from console.store.shards import read_tables
from console.store.tree import CampaignTree

__all__ = ["PastSessions"]

_VERSION = 1


class PastSessions:
    """The documents of a campaign's earlier sessions, by number."""

    def __init__(self, tree: CampaignTree, *, writable: bool) -> None:
        self.tree = tree
        self.writable = writable
        self._memo: dict[str, dict[str, Any]] | None = None
        # Parsed already, by number, with the stamp they were read at: the console reads
        # the history once in the background after start-up, and the awards use it.
        self._parsed: dict[int, tuple[list[int], Session]] = {}
        self._fights: dict[int, tuple[list[int] | None, list[Encounter]]] = {}
        self._lock = threading.Lock()

    def _load_memo(self) -> dict[str, dict[str, Any]]:
        if self._memo is None:
            try:
                found = json.loads(self.tree.read(SESSIONS_MEMO))
                entries = found["sessions"] if found.get("version") == _VERSION else {}
                self._memo = {str(key): value for key, value in entries.items()
                              if isinstance(value, dict)}
            except (OSError, StoreError, ValueError, TypeError, KeyError, AttributeError,
                    RecursionError):
                self._memo = {}
        return self._memo

    def read(self, numbers: list[int]) -> dict[int, Session]:
        """Sessions ``numbers`` (all earlier than the current one), from the memo while
        their files are unchanged, else from their files (and remembered). Safe to call
        from a worker thread: one reading at a time, the second finding the first's."""
        with self._lock:
            return self._read(numbers)

    def fights(self, numbers: list[int]) -> dict[int, list[Encounter]]:
        """The encounters of earlier sessions ``numbers``, read from their files (each kept
        while its file's stamp is unchanged): the calibration of the campaign's forecasts.
        Safe to call from a worker thread, like :meth:`read`."""
        with self._lock:
            stamps = self._stamps()
            found: dict[int, list[Encounter]] = {}
            for number in numbers:
                stamp = stamps.get(number)
                kept = self._fights.get(number)
                if kept is not None and stamp is not None and kept[0] == stamp:
                    found[number] = kept[1]
                    continue
                rel = f"{SESSIONS_DIR}/{number:04d}/{SESSION_FILE}"
                tables, _ = read_tables(self.tree.path(rel), "session", self.tree, rel)
                try:
                    found[number] = [Encounter.from_dict(doc) for doc in
                                     tables.get(Encounter.TABLE, {}).values()]
                except (ModelError, ValueError, TypeError) as error:
                    raise StoreError(f"session {number} cannot be read: {error}") from None
                self._fights[number] = (stamp, found[number])
            return found

    def _stamps(self) -> dict[int, list[int] | None]:
        return {int(name): next((list(item.stamp) for item in items
                                 if item.name == SESSION_FILE and item.kind == "file"), None)
                for name, items in self.tree.subfolders(SESSIONS_DIR).items()
                if name.isdigit()}

    def _read(self, numbers: list[int]) -> dict[int, Session]:
        memo = self._load_memo()
        stamps = self._stamps()
        sessions: dict[int, Session] = {}
        learned = False
        for number in numbers:
            stamp = stamps.get(number)
            parsed = self._parsed.get(number)
            if stamp is not None and parsed is not None and parsed[0] == stamp:
                sessions[number] = parsed[1]
                continue
            kept = memo.get(str(number))
            if stamp is not None and kept is not None and kept.get("stamp") == stamp:
                try:
                    sessions[number] = Session.from_dict(kept.get("session"))
                    self._parsed[number] = (stamp, sessions[number])
                    continue
                except (ModelError, ValueError, TypeError):
                    pass  # not as written: read from the file below
            rel = f"{SESSIONS_DIR}/{number:04d}/{SESSION_FILE}"
            tables, _ = read_tables(self.tree.path(rel), "session", self.tree, rel)
            document = tables[Session.TABLE].get(str(Session.DOC_ID))
            try:
                sessions[number] = Session.from_dict(document)
            except (ModelError, ValueError, TypeError) as error:
                raise StoreError(f"session {number} cannot be read: {error}") from None
            if stamp is not None:
                memo[str(number)] = {"stamp": stamp, "session": document}
                self._parsed[number] = (stamp, sessions[number])
                learned = True
        if learned and self.writable:
            # A cache: not fsynced, and a failure to keep it costs only time.
            with contextlib.suppress(OSError, StoreError):
                self.tree.write(SESSIONS_MEMO, dump_json({"version": _VERSION,
                                                          "sessions": memo}), durable=False)
        return sessions
