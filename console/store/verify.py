"""Is the whole campaign there, and does it hang together? Never "healthy" on a guess.

Every file a campaign depends on is checked, and so are the references between them:

- no link or special file anywhere in the campaign folder (``console.store.tree``), and no
  folder where the lock file should be;
- campaign.json, pcs.json, npcs.json, adventures.json load and every document in them is
  valid (adventures.json may be missing from a campaign older than it: layout.ADDED_IN);
  campaign.json holds its settings;
- sessions run 0, 1, 2 ... with no file missing, each numbered as its folder, each holding
  its session document and a journal, every document valid; every sealed log chunk the
  journal counts exists, loads, holds exactly its entries and nothing newer than its
  session; the unsealed entries are in the session file;
- operation numbers agree across files: each session ends after the one before it, no file
  records an operation beyond the newest session's (a missing or older session file would
  otherwise be opened silently, and undo would write old images over newer data);
- what a session start promises (``promises``, asked by ``gm-console check``): a fight still
  running when a session ended is in the next session (the start carries it over).

``gm-console check`` and opening run this same verification. Opening passes a memo of the
files it found whole before (``remembered``: their stamps, which change whenever a file
does, and what was read from them): an unchanged earlier session or log chunk is not read
again, so a 500-session campaign opens in milliseconds after its first opening. Nothing here
writes; the caller keeps the memo.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field

from console.model import Campaign, ModelError, Session
from console.store.backups import find_good_backup
from console.store.errors import (
    BadSaveFile,
    InvalidSaveFile,
    MissingSaveFile,
    StoreError,
    UnsafePath,
)
from console.store.layout import (
    ADDED_IN,
    LOCK_FILE,
    ROOT_FILES,
    SESSION_FILE,
    SESSIONS_DIR,
    VERIFIED_FILE,
)
from console.store.shards import META, Tables, read_tables
from console.store.tree import CampaignTree, Entry
from console.store.tree_scan import unsafe_files
from console.store.undo import chunk_rel, session_rel
from console.store.undo_state import UndoState

__all__ = ["Remembered", "read_remembered", "verify_campaign"]

# A file found whole, by campaign-relative path: its stamp (``Entry.stamp``), then for a
# session file its last operation and its count of sealed chunks.
Remembered = dict[str, list[int]]


@dataclass
class _Found:
    tree: CampaignTree
    problems: list[BadSaveFile]
    remembered: Remembered = field(default_factory=dict)
    learned: Remembered = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)  # each file's schema, as read

    def add(self, error: BadSaveFile, kind: str | None = None, rel: str | None = None) -> None:
        if kind is not None and rel is not None and error.good_backup is None:
            error = error.with_backup(find_good_backup(self.tree.root, self.tree.path(rel),
                                                       kind))
        if all(str(error) != str(seen) for seen in self.problems):
            self.problems.append(error)

    def load(self, rel: str, kind: str) -> Tables | None:
        try:
            tables, self.versions[rel] = read_tables(self.tree.path(rel), kind, self.tree, rel)
        except BadSaveFile as error:
            self.add(error, kind, rel)
            return None
        return tables

    def not_yet(self, kind: str, rel: str) -> bool:
        """``rel`` is a root file a later schema added (layout.ADDED_IN), missing from a
        campaign whose settings are older than it or cannot be read (put back first, they
        say whether it belongs): reads as empty, no damage."""
        since = ADDED_IN.get(kind)
        if since is None or self.tree.entry(rel) is not None:
            return False
        version = self.versions.get(ROOT_FILES["campaign"])
        return version is None or version < since


def _opno(tables: Tables) -> int:
    return int(tables[META]["1"].get("opno", 0))


def _invalid(found: _Found, rel: str, kind: str, problem: str) -> None:
    found.add(InvalidSaveFile(found.tree.path(rel), problem), kind, rel)


def _session_folders(tree: CampaignTree) -> dict[int, dict[str, Entry]]:
    """Each session folder's files by name, by session number."""
    return {int(name): {item.name: item for item in items}
            for name, items in tree.subfolders(SESSIONS_DIR).items()
            if name.isdigit() and len(name) == 4}


def _check_chunk(found: _Found, number: int, index: int, size: int, end: int,
                 files: dict[str, Entry]) -> None:
    chunk = chunk_rel(number, index)
    entry = files.get(chunk.rsplit("/", 1)[1])
    if entry is None:
        found.add(MissingSaveFile(found.tree.path(chunk), "the file is missing"), "log", chunk)
        return
    if entry.kind != "file":
        found.add(UnsafePath.found(found.tree.path(chunk), f"a {entry.kind}"), "log", chunk)
        return
    before = len(found.problems)
    data = found.load(chunk, "log")
    if data is None:
        return
    first = (index - 1) * size + 1
    held = {int(key) for key in data["log"]}
    if held != set(range(first, first + size)):
        _invalid(found, chunk, "log", f"holds log entries {sorted(held)[:3]}... where "
                                      f"{first}..{first + size - 1} belong")
    elif _opno(data) > end:
        _invalid(found, chunk, "log", f"records operation {_opno(data)}, after its "
                                      f"session's last ({end})")
    if len(found.problems) == before:
        found.learned[chunk] = list(entry.stamp)


def _check_session(found: _Found, number: int, tables: Tables,
                   files: dict[str, Entry]) -> int | None:
    """One session file's own consistency and its chunks; returns its last operation
    (None: too damaged to say)."""
    rel = session_rel(number)
    document = tables["session"].get("1")
    if document is None:
        _invalid(found, rel, "session", "has no session document")
        return None
    try:
        session = Session.from_dict(document)
        raw = tables["journal"].get("1")
        journal = (UndoState.from_dict(raw) if raw is not None
                   else UndoState(opno=_opno(tables)))
    except (ModelError, ValueError, TypeError) as error:
        _invalid(found, rel, "session", str(error))
        return None
    if session.number != number:
        _invalid(found, rel, "session", f"holds session {session.number}, not {number}")
    if journal.opno != _opno(tables):
        _invalid(found, rel, "session", f"its journal is at operation {journal.opno} but the "
                                        f"file says {_opno(tables)}")
    unsealed = set(range(journal.sealed + 1, journal.length + 1))
    missing = sorted(unsealed - {int(key) for key in tables["log"]})
    if missing:
        _invalid(found, rel, "session", f"log entries {missing[0]}..{missing[-1]} are "
                                        "missing from the undo log")
    sealed = journal.sealed // journal.chunk_size
    for index in range(1, sealed + 1):
        _check_chunk(found, number, index, journal.chunk_size, journal.opno, files)
    return journal.opno


def _remembered_whole(found: _Found, number: int, files: dict[str, Entry]) -> int | None:
    """The last operation of a session found whole before, if its file and every chunk
    are unchanged since (else None: it is read and checked again)."""
    rel = session_rel(number)
    memory = found.remembered.get(rel)
    if memory is None or memory[:4] != list(files[SESSION_FILE].stamp):
        return None
    chunks = [chunk_rel(number, index).rsplit("/", 1)[1] for index in range(1, memory[5] + 1)]
    if any(name not in files or files[name].kind != "file"
           or found.remembered.get(f"{SESSIONS_DIR}/{number:04d}/{name}", [])[:4]
           != list(files[name].stamp) for name in chunks):
        return None
    found.learned[rel] = memory
    for name in chunks:
        chunk = f"{SESSIONS_DIR}/{number:04d}/{name}"
        found.learned[chunk] = found.remembered[chunk]
    return memory[4]


def _sessions(found: _Found, numbers: list[int], folders: dict[int, dict[str, Entry]],
              known: dict[str, Tables], fights: dict[int, Fights] | None = None,
              ) -> list[tuple[int, int]]:
    """Each session's last operation, checking the session files (and their chunks).
    ``fights`` receives each session file's encounters, as read."""
    ends: list[tuple[int, int]] = []
    for number in numbers:
        rel = session_rel(number)
        files = folders[number]
        remembered = None if rel in known else _remembered_whole(found, number, files)
        if remembered is not None:
            ends.append((number, remembered))
            continue
        before = len(found.problems)
        tables = known[rel] if rel in known else found.load(rel, "session")
        end = None if tables is None else _check_session(found, number, tables, files)
        if tables is not None and fights is not None:
            encounters = tables["encounters"]
            fights[number] = Fights({int(key) for key in encounters}, {
                int(key): str(doc.get("name", "")) for key, doc in encounters.items()
                if doc.get("active", True)})
        if end is None:
            continue
        ends.append((number, end))
        if rel not in known and len(found.problems) == before and tables is not None:
            journal = UndoState.from_dict(tables["journal"]["1"])
            found.learned[rel] = [*files[SESSION_FILE].stamp, end,
                                  journal.sealed // journal.chunk_size]
    return ends


def read_remembered(tree: CampaignTree) -> Remembered:
    """What an earlier opening found whole (the memo ``VERIFIED_FILE``, which the opening
    writer keeps); nothing if the memo is missing or not as written."""
    try:
        memo = json.loads(tree.read(VERIFIED_FILE))
        files = memo["files"] if memo.get("version") == 1 else {}
        return {str(key): [int(n) for n in value] for key, value in files.items()
                if isinstance(value, list) and len(value) in (4, 6)}
    except (OSError, StoreError, ValueError, TypeError, KeyError, AttributeError,
            RecursionError):
        return {}


@dataclass(frozen=True)
class Fights:
    """A session file's encounters: every id, and the names of those still running."""

    ids: set[int]
    running: dict[int, str]


def _carried(found: _Found, fights: dict[int, Fights]) -> None:
    """Every fight running at a session's end is in the next session's file."""
    for before in sorted(fights):
        after = fights.get(before + 1)
        if after is None:
            continue
        for doc_id, name in fights[before].running.items():
            if doc_id not in after.ids:
                _invalid(found, session_rel(before + 1), "session",
                         f"does not hold the fight {name!r} that was running when session "
                         f"{before} ended (a session start carries it over); it is still in "
                         f"{session_rel(before)}")


def verify_campaign(tree: CampaignTree, *, loaded: dict[str, Tables] | None = None,
                    scanned: bool = False, remembered: Remembered | None = None,
                    learned: Remembered | None = None,
                    promises: bool = False) -> list[BadSaveFile]:
    """Every problem found in the campaign (empty: it is whole). ``loaded`` are files the
    caller has already read and validated (by campaign-relative path); ``scanned``: the
    caller has already found no link in the tree. A file whose stamp is in ``remembered``
    is not read again; every file found whole goes into ``learned``. ``promises``: check
    what session starts promise too (module docstring); opening does not, so that a fight
    lost by an older console never keeps the GM from his campaign."""
    found = _Found(tree, [] if scanned else unsafe_files(tree), remembered or {},
                   {} if learned is None else learned)
    lock = tree.entry(LOCK_FILE)
    if lock is not None and lock.kind == "dir":  # a link or special file is named above
        found.add(UnsafePath.found(tree.path(LOCK_FILE), "a folder, not the lock file"))
    if found.problems:
        return found.problems  # nothing more is read through a tree holding a link
    known = loaded or {}

    roots: dict[str, Tables] = {}
    for kind, rel in ROOT_FILES.items():
        if rel not in known and found.not_yet(kind, rel):
            continue
        tables = known[rel] if rel in known else found.load(rel, kind)
        if tables is not None:
            roots[rel] = tables
    campaign = roots.get(ROOT_FILES["campaign"])
    if campaign is not None and str(Campaign.DOC_ID) not in campaign["campaign"]:
        _invalid(found, ROOT_FILES["campaign"], "campaign", "has no campaign settings")

    folders = _session_folders(tree)
    numbers = sorted(n for n, files in folders.items() if SESSION_FILE in files)
    without = sorted(n for n, files in folders.items() if SESSION_FILE not in files)
    newest = max(numbers, default=-1)
    for number in range(newest + 1):
        if number not in numbers:
            found.add(MissingSaveFile(tree.path(session_rel(number)),
                                      f"session {number} is missing (sessions run 0, 1, 2 "
                                      f"... up to {newest})"), "session", session_rel(number))
    fights: dict[int, Fights] | None = {} if promises else None
    ends = _sessions(found, numbers, folders, known, fights)
    if fights:
        _carried(found, fights)
    for (before, end), (after, later) in itertools.pairwise(ends):
        if later <= end:
            _invalid(found, session_rel(after), "session",
                     f"ends at operation {later}, not after session {before} ({end})")
    if not ends:
        if campaign is not None:
            found.add(MissingSaveFile(tree.path(session_rel(0)),
                                      "the campaign has no sessions"), "session", session_rel(0))
        return found.problems
    last_number, last_end = ends[-1]
    gone = [n for n in without if n > last_number]
    for rel, tables in roots.items():
        if _opno(tables) <= last_end:
            continue
        if gone:  # the newer session's folder is there, its file is not
            missing = session_rel(gone[0])
            found.add(MissingSaveFile(
                tree.path(missing),
                f"{rel} records operation {_opno(tables)}, after the last one of "
                f"{session_rel(last_number)} ({last_end}): this newer session file is "
                "missing"), "session", missing)
        else:  # the file is ahead of every session: bring it back in step
            kind = next(k for k, r in ROOT_FILES.items() if r == rel)
            ahead = InvalidSaveFile(
                tree.path(rel),
                f"records operation {_opno(tables)}, after the newest session's last "
                f"({last_end} in {session_rel(last_number)}): it is newer than the rest "
                "of the campaign (a session file missing, or an older one put back)")
            found.add(ahead.with_backup(find_good_backup(
                tree.root, tree.path(rel), kind, max_opno=last_end)))
    return found.problems
