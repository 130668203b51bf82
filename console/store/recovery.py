"""Bad files: checking a whole campaign, finding the newest good backup, restoring it."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from console.store.atomic_storage import write_atomic
from console.store.backups import backup_candidates, file_key
from console.store.errors import BadSaveFile, CampaignNotFound, StoreError
from console.store.layout import (
    BACKUPS_DIR,
    LOCK_FILE,
    ROOT_FILES,
    SESSIONS_DIR,
    campaign_dir,
    is_campaign,
    kind_of,
)
from console.store.lock import CampaignLock
from console.store.shards import read_tables

__all__ = ["CheckReport", "check_campaign", "find_good_backup", "restore_backup"]


def find_good_backup(root: Path, path: Path, kind: str) -> Path | None:
    """The newest backup of ``path`` that loads cleanly, or None."""
    for candidate in backup_candidates(root, path):
        try:
            read_tables(candidate, kind)
        except BadSaveFile:
            continue
        return candidate
    return None


@dataclass
class CheckReport:
    """What :func:`check_campaign` found: files that load, and the problems."""

    ok: list[Path] = field(default_factory=list)
    problems: list[BadSaveFile] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.problems


def _campaign_files(root: Path) -> list[str]:
    rels = list(ROOT_FILES.values())
    sessions = root / SESSIONS_DIR
    if sessions.is_dir():
        for path in sorted(sessions.glob("*/*.json")):
            rel = path.relative_to(root).as_posix()
            if kind_of(rel) is not None:
                rels.append(rel)
    return rels


def check_campaign(saves: Path, name: str) -> CheckReport:
    """Load every file of the campaign (read-only; safe while it is open elsewhere)."""
    root = campaign_dir(Path(saves), name)
    if not is_campaign(root):
        raise CampaignNotFound(f"no campaign {name!r} in {saves}")
    report = CheckReport()
    for rel in _campaign_files(root):
        kind = kind_of(rel)
        assert kind is not None
        path = root / rel
        try:
            read_tables(path, kind)
        except BadSaveFile as error:
            report.problems.append(error.with_backup(find_good_backup(root, path, kind)))
        else:
            report.ok.append(path)
    if report.healthy:
        # Every file loads on its own; now check they hang together (undo journal, log).
        from console.store.campaign_store import CampaignStore  # it imports this module

        try:
            CampaignStore.open(saves, name, read_only=True).close()
        except BadSaveFile as error:
            report.ok = [p for p in report.ok if p != error.path]
            report.problems.append(error)
    return report


def restore_backup(saves: Path, name: str, rel: str, backup: Path) -> Path:
    """Put ``backup`` back as the campaign's file ``rel`` (the GM's explicit choice).

    The damaged file is not deleted: it is copied to ``backups/damaged/`` first. Takes the campaign
    lock, so the campaign must not be open in a console. Returns where the damaged file went.
    """
    root = campaign_dir(Path(saves), name)
    kind = kind_of(rel)
    if kind is None:
        raise StoreError(f"{rel!r} is not a campaign file")
    read_tables(backup, kind)  # refuse a backup that is itself bad
    lock = CampaignLock(root / LOCK_FILE)
    lock.acquire()
    try:
        path = root / rel
        damaged = root / BACKUPS_DIR / "damaged"
        damaged.mkdir(parents=True, exist_ok=True)
        kept = damaged / f"{file_key(root, path)}.{time.time_ns()}"
        if path.exists():
            shutil.copy2(path, kept)  # copy, then replace: the path never goes missing
        write_atomic(path, Path(backup).read_bytes())
        return kept
    finally:
        lock.release()
