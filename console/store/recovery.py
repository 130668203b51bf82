"""Bad files: checking a whole campaign, and restoring a good backup of a damaged file."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from console.store.backups import file_key, find_good_backup
from console.store.errors import BadSaveFile, CampaignNotFound, StoreError, UnsafePath
from console.store.layout import (
    BACKUPS_DIR,
    ROOT_FILES,
    SESSIONS_DIR,
    campaign_dir,
    is_campaign,
    kind_of,
)
from console.store.lock import CampaignLock
from console.store.shards import read_tables
from console.store.tree import IN_PLACE, CampaignTree
from console.store.verify import verify_campaign

__all__ = ["CheckReport", "check_campaign", "find_good_backup", "remove_planted",
           "restore_backup"]


@dataclass
class CheckReport:
    """What :func:`check_campaign` found: files that load, and the problems."""

    ok: list[Path] = field(default_factory=list)
    problems: list[BadSaveFile] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.problems


def _save_files(tree: CampaignTree) -> list[str]:
    rels = [rel for rel in ROOT_FILES.values() if tree.is_file(rel)]
    for folder in tree.listdir(SESSIONS_DIR):
        if folder.kind != "dir":
            continue
        for item in tree.listdir(f"{SESSIONS_DIR}/{folder.name}"):
            rel = f"{SESSIONS_DIR}/{folder.name}/{item.name}"
            if item.kind == "file" and kind_of(rel) is not None:
                rels.append(rel)
    return rels


def check_campaign(saves: Path, name: str) -> CheckReport:
    """Verify the whole campaign (``console.store.verify``, every document validated):
    read-only, so safe while it is open elsewhere."""
    root = campaign_dir(Path(saves), name)
    if root.is_symlink():  # as opening it says, and list: not "no campaign"
        raise UnsafePath.found(root, "a symbolic link")
    if not is_campaign(root):
        raise CampaignNotFound(f"no campaign {name!r} in {saves}")
    tree = CampaignTree(root)
    problems = verify_campaign(tree, promises=True)
    damaged = {problem.path for problem in problems}
    files = [] if any(p.path == root for p in problems) else _save_files(tree)
    return CheckReport([tree.path(rel) for rel in files if tree.path(rel) not in damaged],
                       problems)


def restore_backup(saves: Path, name: str, rel: str, backup: Path) -> Path | None:
    """Put ``backup`` (a file under the campaign's backups) back as the campaign's file
    ``rel`` (the GM's explicit choice).

    The damaged file is not deleted: it is copied to ``backups/damaged/`` first (a link or
    a special file there is only removed, never read). Takes the campaign lock, so the
    campaign must not be open in a console. Returns where the damaged file went (None: there
    was no file to keep).
    """
    root = campaign_dir(Path(saves), name)
    tree = CampaignTree(root)
    kind = kind_of(rel)
    if kind is None:
        raise StoreError(f"{rel!r} is not a campaign file")
    try:
        source = Path(backup).relative_to(root).as_posix()
    except ValueError:
        raise StoreError(f"{backup} is not a backup of campaign {name!r}") from None
    if not source.startswith(f"{BACKUPS_DIR}/"):
        raise StoreError(f"{backup} is not a backup of campaign {name!r}")
    read_tables(Path(backup), kind, tree, source)  # refuse a backup that is itself bad
    lock = CampaignLock(tree)
    lock.acquire()
    try:
        kept = f"{BACKUPS_DIR}/damaged/{file_key(root, root / rel)}.{time.time_ns()}"
        found = tree.entry(rel)
        if found is not None and found.kind == "file":
            tree.copy(rel, kept)  # copy, then replace: the path never goes missing
        elif found is not None and found.kind == "dir":
            raise StoreError(f"{tree.path(rel)} is a folder: move it away, then restore")
        elif found is not None:
            tree.unlink(rel)  # a link or a special file: removed itself, never followed
        tree.write(rel, tree.read(source))
        return tree.path(kept) if found is not None and found.kind == "file" else None
    finally:
        lock.release()


def remove_planted(saves: Path, name: str, rel: str) -> bool:
    """Remove a link or a special file found where the campaign keeps no file of its own,
    or a hard-linked lock (the link itself: its target, or its file's other name, is never
    touched). False when ``rel`` is no longer one.

    No lock is taken: the planted file may be the lock itself, and no console opens a
    campaign with a planted file in it."""
    tree = CampaignTree(campaign_dir(Path(saves), name))
    if kind_of(rel) is not None:
        raise StoreError(f"{rel!r} is a campaign file: restore it from a backup instead")
    found = tree.entry(rel)
    planted_link = found is not None and found.kind == "file" and rel in IN_PLACE \
        and tree.hard_linked(rel)  # its other name's file is left as it is
    if found is None or found.kind == "dir" or (found.kind == "file" and not planted_link):
        return False
    tree.unlink(rel)
    return True
