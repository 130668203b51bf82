"""Old versions of save files: the last N of each file, and a snapshot at session start.

A backup is a hard link made to the live file just before the live file is replaced by a
rename: from then on the backup alone names the old version, so nothing the GM (or an
editor saving in place) does to the live file can reach it, and no bytes are copied
(where links are not supported, it is a copy). The new name is not fsynced: a backup lost
to a power cut is tolerable, a slower GM action is not. The versions past the number kept are
removed by :meth:`Backups.prune`, which the store runs after the action, not inside it
(``CampaignStore.tidy``: removing a file is the slowest step of a backup, and an old version
removed late costs nothing); the list of versions is kept in memory, so its cost is bounded.
A crash before a prune leaves a few more old versions, removed by the next. Everything goes
through the campaign's tree, so a link planted under ``backups/`` is refused, never followed
(rotation can neither write nor delete outside the campaign).
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

from console.store.errors import BadSaveFile, StoreError
from console.store.layout import BACKUPS_DIR
from console.store.shards import read_tables
from console.store.tree import CampaignTree, Entry

__all__ = ["SESSION_STARTS", "Backups", "backup_candidates", "file_key", "find_good_backup"]

SESSION_STARTS = "session-starts"


def file_key(root: Path, path: Path) -> str:
    """The folder name under ``backups/`` for a file: its path in the campaign, '/' -> '__'."""
    return Path(path).relative_to(root).as_posix().replace("/", "__")


def _key(rel: str) -> str:
    return rel.replace("/", "__")


def _number(name: str) -> int:
    """The counter a backup's name starts with (0 for a name not made here, such as one
    with a superscript digit, which ``isdigit`` calls a digit and ``int`` refuses)."""
    head = name.split("-", 1)[0].removesuffix(".json")
    return int(head) if head.isascii() and head.isdigit() else 0


def _next(names: list[str]) -> str:
    """The next counter of a folder of backups, as text that sorts as a number. A counter,
    not the time: a clock set back would give the newest backup the oldest name, and
    rotation would delete it first. (Earlier consoles named backups by the time in
    nanoseconds; the counter goes on from the largest.)"""
    return f"{max(map(_number, names), default=0) + 1:06d}"


class Backups:
    """Backup rotation for one campaign folder."""

    def __init__(self, tree: CampaignTree, keep: int) -> None:
        self.tree = tree
        self.keep = max(1, keep)
        self._versions: dict[str, deque[str]] = {}
        self._surplus: list[str] = []  # old versions past ``keep``, removed by prune()

    def _known(self, key: str) -> deque[str]:
        versions = self._versions.get(key)
        if versions is None:
            folder = f"{BACKUPS_DIR}/{key}"
            self.tree.mkdirs(folder)
            # Listed once per file per process; afterwards kept up to date in memory.
            names = sorted((item.name for item in self.tree.listdir(folder)
                            if item.kind == "file" and item.name.endswith(".json")),
                           key=lambda name: (_number(name), name))
            versions = deque(f"{folder}/{name}" for name in names)
            self._versions[key] = versions
        return versions

    def rotate(self, rel: str) -> bool:
        """Keep the current contents of ``rel`` (about to be replaced) as a backup; False
        if there was nothing to keep (a new file)."""
        key = _key(rel)
        versions = self._known(key)
        target = (f"{BACKUPS_DIR}/{key}/"
                  f"{_next([name.rsplit('/', 1)[1] for name in versions])}.json")
        # A second name for the file about to be replaced (it keeps its modification
        # time: when it was saved); the rename that follows leaves the backup alone.
        if not self.tree.keep_version(rel, target):
            return False
        versions.append(target)
        while len(versions) > self.keep:
            self._surplus.append(versions.popleft())
        return True

    def prune(self) -> None:
        """Remove the old versions past the number kept. One that cannot be removed now
        stays listed and is tried again at the next prune (the error is raised once all
        were tried)."""
        surplus, self._surplus = self._surplus, []
        failed: OSError | StoreError | None = None
        for rel in surplus:
            try:
                self.tree.unlink(rel)
            except (OSError, StoreError) as error:
                self._surplus.append(rel)
                failed = error
        if failed is not None:
            raise failed

    def snapshot(self, label: str, rels: list[str]) -> str:
        """Copy every file in ``rels`` into ``backups/session-starts/<stamp>-<label>/``."""
        starts = f"{BACKUPS_DIR}/{SESSION_STARTS}"
        earlier = [item.name for item in self.tree.listdir(starts) if item.kind == "dir"]
        folder = f"{starts}/{_next(earlier)}-{label}"
        self.tree.mkdirs(folder)
        for rel in rels:
            self.tree.copy(rel, f"{folder}/{_key(rel)}")
        snapshots = sorted([*earlier, folder.rsplit("/", 1)[1]],
                           key=lambda name: (_number(name), name))
        for old in snapshots[: max(0, len(snapshots) - self.keep)]:
            self.tree.rmtree(f"{starts}/{old}")
        return folder


def _listing(tree: CampaignTree, folder: str) -> list[Entry]:
    """A folder's names, or none if it cannot be listed safely (a link, say)."""
    try:
        return tree.listdir(folder)
    except (OSError, BadSaveFile):
        return []


def backup_candidates(root: Path, path: Path) -> list[Path]:
    """Every backup of ``path`` (rotation and session-start snapshots), newest first by the
    last operation it records (its ``_meta.opno``), then by its counter: never by its
    modification time, which a clock set back makes lie. A link among them is not a
    candidate."""
    tree = CampaignTree(root)
    key = file_key(root, path)
    found: list[tuple[int, str]] = []
    folder = f"{BACKUPS_DIR}/{key}"
    found.extend((_number(item.name), f"{folder}/{item.name}")
                 for item in _listing(tree, folder)
                 if item.kind == "file" and item.name.endswith(".json"))
    starts = f"{BACKUPS_DIR}/{SESSION_STARTS}"
    for snapshot in _listing(tree, starts):
        if snapshot.kind == "dir":
            try:
                copy = tree.entry(f"{starts}/{snapshot.name}/{key}")
            except (OSError, BadSaveFile):
                continue
            if copy is not None and copy.kind == "file":
                found.append((_number(snapshot.name), f"{starts}/{snapshot.name}/{key}"))
    ranked = sorted(((_opno_of(tree, rel), number, rel) for number, rel in found),
                    reverse=True)
    return [tree.path(rel) for _opno, _number_, rel in ranked]


def _opno_of(tree: CampaignTree, rel: str) -> int:
    """The last operation a backup records, read from its file (-1 if it cannot be read:
    it is tried last, and refused then if it is bad)."""
    try:
        meta = json.loads(tree.read(rel)).get("_meta", {}).get("1", {})
        opno = meta.get("opno", -1)
        return opno if isinstance(opno, int) and not isinstance(opno, bool) else -1
    except (OSError, BadSaveFile, ValueError, AttributeError, RecursionError):
        return -1


def find_good_backup(root: Path, path: Path, kind: str,
                     max_opno: int | None = None) -> Path | None:
    """The newest backup of ``path`` that loads cleanly (and records no operation after
    ``max_opno``, when given: to bring a file back in step with the rest), or None."""
    for candidate in backup_candidates(root, path):
        try:
            tables, _ = read_tables(candidate, kind, CampaignTree(root),
                                    candidate.relative_to(root).as_posix())
        except BadSaveFile:
            continue
        if max_opno is not None and int(tables["_meta"]["1"].get("opno", 0)) > max_opno:
            continue
        return candidate
    return None
