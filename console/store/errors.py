"""Errors raised by the store. Every message is meant for the GM and names the file."""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "BadCampaignName",
    "BadExportFile",
    "BadSaveFile",
    "CampaignExists",
    "CampaignLocked",
    "CampaignNotFound",
    "DamagedCampaign",
    "ForeignSaveFile",
    "GarbledSaveFile",
    "InvalidSaveFile",
    "LockLost",
    "LockUnusable",
    "MissingSaveFile",
    "NewerSaveFile",
    "ReadOnlyStore",
    "SaveFailed",
    "StoreError",
    "TruncatedSaveFile",
    "UnreadableSaveFile",
    "UnsafePath",
]


class StoreError(Exception):
    """Anything the store refuses or cannot do; the message says what and where."""


class BadCampaignName(StoreError):
    """A campaign name that cannot be a folder name on every system."""


class CampaignNotFound(StoreError):
    """No campaign of that name in the saves folder."""


class CampaignExists(StoreError):
    """Creating or importing would overwrite an existing campaign."""


class CampaignLocked(StoreError):
    """Another console holds the campaign's lock; ``holder`` says who (may be None)."""

    def __init__(self, message: str, holder: object | None = None) -> None:
        super().__init__(message)
        self.holder = holder


class LockLost(StoreError):
    """The campaign's lock file or folder was removed or replaced while this console held
    it: another console may be writing, so this one saves nothing more."""


class LockUnusable(StoreError):
    """The lock file is there but cannot be opened for writing (its permissions)."""


class ReadOnlyStore(StoreError):
    """A change was attempted on a campaign opened read-only."""


class SaveFailed(StoreError):
    """The system refused a write (a full disk, lost permissions) before the action's
    commit point: the action was not applied, and what is on disk is what the campaign
    holds (the message says so)."""


class BadExportFile(StoreError):
    """An export file that is not a campaign export this console can read."""


class BadSaveFile(StoreError):
    """A save file that cannot be loaded. The file is left exactly as it was.

    ``path``: the file; ``problem``: what is wrong; ``good_backup``: the newest backup of
    that file which loads, if any (restore it with ``console.store.restore_backup``).
    """

    def __init__(self, path: Path, problem: str, good_backup: Path | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        self.good_backup = good_backup
        super().__init__(self._message())

    def _message(self) -> str:
        text = f"{self.path}: {self.problem}"
        if self.good_backup is not None:
            text += f"; newest good backup: {self.good_backup}"
        else:
            text += "; no good backup found"
        return text

    def with_backup(self, backup: Path | None) -> BadSaveFile:
        """The same error, offering ``backup``."""
        return type(self)(self.path, self.problem, backup)


class MissingSaveFile(BadSaveFile):
    """A file the campaign needs is not there."""


class TruncatedSaveFile(BadSaveFile):
    """The file ends early (empty, or JSON cut off): typically a crash of another program."""


class GarbledSaveFile(BadSaveFile):
    """Not JSON at all, or not text."""


class ForeignSaveFile(BadSaveFile):
    """Valid JSON, but not a save file of this console (or of the wrong kind)."""


class NewerSaveFile(BadSaveFile):
    """Written by a newer console (schema version above what this one supports)."""


class InvalidSaveFile(BadSaveFile):
    """Ours and the right version, but a document in it is not valid."""


class UnreadableSaveFile(BadSaveFile):
    """The system refuses to read the file (permissions, an I/O error)."""


class UnsafePath(BadSaveFile):
    """A symbolic link, a folder or a special file inside a campaign folder where the
    console would read or write a file: refused, never followed or opened."""

    def _message(self) -> str:
        # A link where the lock or a backup folder should be has no backup to offer.
        if self.good_backup is None:
            return f"{self.path}: {self.problem}"
        return super()._message()

    @classmethod
    def found(cls, path: Path, what: str) -> UnsafePath:
        return cls(path, f"is {what}: the console never follows links or opens special "
                         "files inside a campaign folder; remove it (or put the real file "
                         "there) and try again")


class DamagedCampaign(BadSaveFile):
    """A campaign whose files do not hang together (``console.store.verify``): ``problems``
    lists every damaged or missing file; the first one is this error's own ``path``."""

    def __init__(self, problems: list[BadSaveFile]) -> None:
        self.problems = list(problems)
        first = self.problems[0]
        super().__init__(first.path, first.problem, first.good_backup)

    def _message(self) -> str:
        text = super()._message()
        more = len(self.problems) - 1
        return text + (f" (and {more} more problem{'s' if more > 1 else ''}: "
                       "`gm-console check` lists them)" if more else "")

    def with_backup(self, backup: Path | None) -> BadSaveFile:
        first = self.problems[0].with_backup(backup)
        return DamagedCampaign([first, *self.problems[1:]])
