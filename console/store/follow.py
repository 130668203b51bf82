"""A read-only store following the console that writes the campaign.

Part of :class:`console.store.CampaignStore`. The writer replaces the newest session's
file with every action it commits, so that file's stamp (inode, size, modification and
change time) and the newest session's number say whether anything was committed: a stat
or two. The stamp is taken before reading, never after, so a commit landing during a
reading is read at the next look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.store.tree import CampaignTree
from console.store.undo import session_rel

if TYPE_CHECKING:
    from console.store.backends import ShardBackend

__all__ = ["FollowMixin"]

Seen = tuple[object, ...] | None


class FollowMixin:
    """Following for CampaignStore (which provides these attributes)."""

    read_only: bool
    _backend: ShardBackend
    _seen: Seen = None  # what the disk held at the last reading

    if TYPE_CHECKING:
        def _load(self) -> None: ...

    def _disk_stamp(self) -> Seen:
        """The newest session's number and its session file's stamp (None in memory)."""
        tree = getattr(self._backend, "tree", None)
        if not isinstance(tree, CampaignTree):
            return None
        numbers = self._backend.session_numbers()
        number = numbers[-1] if numbers else 0
        found = tree.entry(session_rel(number))
        return (number, None if found is None else found.stamp)

    def reload_if_changed(self) -> bool:
        """A read-only view of a campaign another console writes: read it again if the
        writer has committed since (a stat or two when it has not). True if it was read."""
        if not self.read_only:
            return False
        stamp = self._disk_stamp()
        if stamp is None or stamp == self._seen:
            return False
        self._load()
        self._seen = stamp
        return True
