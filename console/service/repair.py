"""Repairing a campaign that will not open: what is damaged, and the one safe remedy for
each file (a good backup put back, a planted link removed), chosen by the GM file by file.

Works on the campaign folder, not on an open campaign: a damaged campaign is never opened.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from console.records import record
from console.service.errors import ActionRefused
from console.store import BadSaveFile, StoreError, check_campaign, restore_backup
from console.store.errors import UnsafePath
from console.store.layout import campaign_dir, kind_of
from console.store.recovery import remove_planted

__all__ = ["CampaignRepair", "Damage", "Remedy"]


class Remedy(StrEnum):
    RESTORE = "restore"  # the newest good backup goes back (the damaged file is kept)
    REMOVE = "remove"  # a planted link or special file is removed itself
    NONE = "none"  # no good backup: mended by hand, or an export imported


@record
class Damage:
    """One damaged file: where (relative to the campaign), what is wrong, the remedy."""

    rel: str
    problem: str
    remedy: Remedy
    backup: str | None = None  # the good backup, relative to the campaign

    def describe_remedy(self) -> str:
        if self.remedy is Remedy.RESTORE:
            return "r puts it back (the damaged file is kept)"
        if self.remedy is Remedy.REMOVE:
            return "r removes it (a link is removed itself, its target untouched)"
        return "no good backup: mend it by hand, or import an export"


class CampaignRepair:
    def __init__(self, saves: Path, name: str) -> None:
        self.saves = Path(saves)
        self.name = name
        self.root = campaign_dir(self.saves, name)
        self.damage: list[Damage] = []
        self.repaired = 0  # repairs made so far

    def _rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix() if path.is_relative_to(self.root) \
            else str(path)

    def _damage(self, problem: BadSaveFile) -> Damage:
        rel = self._rel(problem.path)
        if problem.good_backup is not None and kind_of(rel) is not None:
            return Damage(rel, problem.problem, Remedy.RESTORE, self._rel(problem.good_backup))
        if isinstance(problem, UnsafePath) and kind_of(rel) is None:
            return Damage(rel, problem.problem, Remedy.REMOVE)
        return Damage(rel, problem.problem, Remedy.NONE)

    def check(self) -> list[Damage]:
        """Verify the whole campaign again (read-only); what is still wrong."""
        try:
            report = check_campaign(self.saves, self.name)
            self.damage = [self._damage(problem) for problem in report.problems]
        except StoreError as error:
            self.damage = [Damage(self._rel(self.root), str(error), Remedy.NONE)]
        return self.damage

    @property
    def healthy(self) -> bool:
        return not self.damage

    def repair(self, damage: Damage) -> str:
        """Apply ``damage``'s remedy; what was done, for the GM."""
        try:
            if damage.remedy is Remedy.RESTORE and damage.backup is not None:
                kept = restore_backup(self.saves, self.name, damage.rel,
                                      self.root / damage.backup)
                where = ("" if kept is None else
                         f"; the damaged copy is kept as {self._rel(kept)}")
                said = f"{damage.rel} restored from its backup{where}"
            elif damage.remedy is Remedy.REMOVE:
                if not remove_planted(self.saves, self.name, damage.rel):
                    raise ActionRefused(f"{damage.rel} is not a link or a special file now")
                said = f"{damage.rel} removed (its target, if a link, is untouched)"
            else:
                raise ActionRefused(f"no good backup of {damage.rel}: mend it by hand, or "
                                    "restore a whole campaign from an export "
                                    "(gm-console import)")
        except (StoreError, OSError) as error:
            raise ActionRefused(f"could not repair {damage.rel}: {error}") from None
        self.repaired += 1
        return said
