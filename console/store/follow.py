"""A read-only store following the console that writes the campaign.

Part of :class:`console.store.CampaignStore`. The writer replaces the newest session's
file with every action it commits, so that file's stamp (inode, size, modification and
change time) and the newest session's number say whether anything was committed: a stat
or two. The stamp is taken before reading, never after, so a commit landing during a
reading is read at the next look. Reading again reads only the files that changed: a
campaign file whose stamp is the one it had when last read (the NPC templates, most of the
time) is kept as it was parsed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.store.errors import DamagedCampaign, StoreError
from console.store.tree import CampaignTree
from console.store.undo import session_rel

if TYPE_CHECKING:
    from console.store.backends import ShardBackend
    from console.store.shards import Shard

__all__ = ["FollowMixin"]

Seen = tuple[object, ...] | None


class FollowMixin:
    """Following for CampaignStore (which provides these attributes)."""

    read_only: bool
    _backend: ShardBackend
    _number: int  # the newest session's, as last read
    _seen: Seen = None  # what the disk held at the last reading
    _kept: dict[str, tuple[object, Shard]] | None = None  # file -> (stamp when read, shard)

    name: str

    if TYPE_CHECKING:
        def _load(self) -> None: ...
        def _verify(self, tree: CampaignTree) -> None: ...

    def _disk_stamp(self) -> Seen:
        """The newest session's number and its session file's stamp (None in memory)."""
        tree = getattr(self._backend, "tree", None)
        if not isinstance(tree, CampaignTree):
            return None
        number = self._newest_session()
        found = tree.entry(session_rel(number))
        return (number, None if found is None else found.stamp)

    def _newest_session(self) -> int:
        """The newest session's number. A follower that has read one looks for it and the
        next one (sessions are numbered on): two stats, where listing a long campaign's
        500 session folders took 9 ms four times a second. Otherwise, a listing."""
        tree = getattr(self._backend, "tree", None)
        known = self._number
        if (self.read_only and known and isinstance(tree, CampaignTree)
                and tree.entry(session_rel(known)) is not None
                and tree.entry(session_rel(known + 1)) is None):
            return known
        numbers = self._backend.session_numbers()
        return numbers[-1] if numbers else 0

    def _read_shard(self, rel: str, kind: str) -> Shard:
        """A campaign file read; a read-only store keeps it while its stamp is unchanged
        (taken before reading: a file replaced while being read is read again next time)."""
        tree = getattr(self._backend, "tree", None)
        if not self.read_only or not isinstance(tree, CampaignTree):
            return self._backend.load(rel, kind)
        found = tree.entry(rel)
        stamp = None if found is None else found.stamp
        kept = (self._kept or {}).get(rel)
        if kept is not None and stamp is not None and kept[0] == stamp:
            return kept[1]
        shard = self._backend.load(rel, kind)
        self._kept = {**(self._kept or {}), rel: (stamp, shard)}
        return shard

    def _forget_kept(self, rel: str) -> None:
        if self._kept is not None:
            self._kept.pop(rel, None)

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

    def _read_whole(self, tree: CampaignTree) -> None:
        """Read the campaign and check that it hangs together. A reader that finds it does
        not, while a writer committed meanwhile (the session file is not the one it began
        with), reads again: its listing or a file it checked can be a moment newer than
        what it loaded (a log chunk sealed since, a session file renamed over as its
        folder was listed), which is no damage. Ten times at most, as ``_load``."""
        for _attempt in range(10):
            seen = self._disk_stamp() if self.read_only else None  # taken before reading
            self._load()
            self._seen = seen
            try:
                self._verify(tree)
                return
            except DamagedCampaign:
                if not self.read_only or self._disk_stamp() == seen:
                    raise
        raise StoreError(f"campaign {self.name!r} changed ten times while being read")
