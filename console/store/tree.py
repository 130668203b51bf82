"""The files of one campaign folder, reached without ever following a link.

The campaign folder is ours. Every read, write, rename, listing and removal under it goes
through :class:`CampaignTree`, which walks down from the campaign folder one component at
a time with ``O_NOFOLLOW`` and directory descriptors: a symbolic link planted anywhere in
the tree (``lock -> ../../victim.txt``, ``backups/campaign.json -> ~/docs``) is refused with
a message naming it, never followed, so nothing is ever read from or written outside the
saves folder through one. There is no window between a check and the use of a path: the
kernel refuses the link at the moment of the ``open``. Special files (devices, pipes) where
a save file should be are refused too.

Paths are campaign-relative POSIX strings (``sessions/0003/session.json``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from console.store.errors import UnsafePath

__all__ = ["CampaignTree", "Entry", "NotConfirmed"]

_NOFOLLOW = os.O_NOFOLLOW
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC
# A pipe planted where a save file should be would block an open forever: never wait.
_READ = os.O_RDONLY | _NOFOLLOW | os.O_NONBLOCK | _CLOEXEC


class NotConfirmed(OSError):
    """The new file is in place (its rename happened, every reader sees it) but the fsync
    of its folder failed: the change is made, though a power cut might still undo it."""


@dataclass(frozen=True, slots=True, order=True)
class Entry:
    """One name in a folder of the tree, as ``lstat`` sees it (links are not followed).
    ``stamp`` changes whenever the file does (inode, size, modification and change times;
    the change time cannot be set back by anyone), so a check can be remembered by it."""

    name: str
    kind: str  # "file", "dir", "link" or "other"
    mtime_ns: int
    stamp: tuple[int, int, int, int] = (0, 0, 0, 0)


def _entry(name: str, found: os.stat_result) -> Entry:
    return Entry(name, _kind(found.st_mode), found.st_mtime_ns,
                 (found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns))


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "dir"
    if stat.S_ISREG(mode):
        return "file"
    return "other"


# The files written in place (open_lock), not replaced by a rename: a hard link there
# would have its other name's file written too.
LOCK_FILE = "lock"
IN_PLACE = frozenset({LOCK_FILE})
HARD_LINK = "a hard link, its file also elsewhere"


def _hard_linked(name: str, folder: int) -> bool:
    try:
        return os.stat(name, dir_fd=folder, follow_symlinks=False).st_nlink > 1
    except OSError:
        return False


class CampaignTree:
    """One campaign folder (``root``), whose own name is not a link either."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        # While pinned (see :meth:`pinned`): the folders walked to, by path, kept open, for
        # the thread that pinned them only (a worker reading earlier sessions walks on its
        # own: a descriptor closed under it would name whatever is opened next).
        self._held: dict[str, int] | None = None
        self._holder: int | None = None
        self._pinning = threading.Lock()
        # While listed once (see :meth:`listed_once`): each folder's subfolders as listed,
        # for the thread that asked; any change made through the tree drops them.
        self._listings: dict[str, dict[str, list[Entry]]] | None = None
        self._lister: int | None = None

    def path(self, rel: str) -> Path:
        """Where ``rel`` is, for messages."""
        return self.root / rel if rel else self.root

    # ----- walking down -------------------------------------------------------------------

    def _refusal(self, rel: str, error: OSError) -> OSError | UnsafePath:
        """Why an open under the tree failed: a link or a special file, or the OS error."""
        if error.errno in (errno.ELOOP, errno.ENOTDIR, errno.ENXIO):
            with contextlib.suppress(OSError):
                mode = os.lstat(self.path(rel)).st_mode
                if stat.S_ISLNK(mode):
                    return UnsafePath.found(self.path(rel), "a symbolic link")
                if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                    return UnsafePath.found(self.path(rel), "a special file")
        return error

    @contextlib.contextmanager
    def pinned(self) -> Iterator[None]:
        """Keep each folder walked to open until the block ends; a later walk to the same
        folder in this thread uses it again: one commit writes two or three files and
        keeps a backup of each, and walked down from the campaign folder every time they
        opened some twenty folders. For one operation only, begun just after the lock's
        confirmation that the folder at ``root`` is still the locked one
        (``console.store.commit``): a folder moved or replaced meanwhile is found at the
        next operation's confirmation. Other threads walk as if nothing were pinned."""
        with self._pinning:
            pinned_before = self._held is not None  # by this thread, or another: walk on
            if not pinned_before:
                self._holder = threading.get_ident()
                self._held = {}
        if pinned_before:
            yield
            return
        try:
            yield
        finally:
            with self._pinning:
                held, self._held, self._holder = self._held or {}, None, None
            for fd in held.values():
                os.close(fd)

    @contextlib.contextmanager
    def listed_once(self) -> Iterator[None]:
        """Until the block ends, :meth:`subfolders` lists each folder once in this thread
        and gives that listing again: an opening lists the 500 session folders of a long
        campaign to find the newest session, to check them all, and to clear what a crash
        left, some 11 ms each time. Any change made through the tree, by any thread, lists
        again. Only for a block in which nobody else changes the folder: the writer's
        opening, which holds the lock."""
        if self._listings is not None and self._lister == threading.get_ident():
            yield  # within an outer block of this thread
            return
        self._listings, self._lister = {}, threading.get_ident()
        try:
            yield
        finally:
            self._listings, self._lister = None, None

    def _changed(self) -> None:
        """Something in the tree is about to change: folders listed once are listed again."""
        if self._listings:
            self._listings.clear()

    def _pins(self) -> dict[str, int] | None:
        """The folders this thread has pinned, or None."""
        held = self._held
        return held if held is not None and self._holder == threading.get_ident() else None

    def open_root(self) -> int:
        """A new descriptor of the campaign folder, opened by its name now, never one kept
        pinned (the caller closes it)."""
        try:
            return os.open(self.root, _DIRECTORY)
        except OSError as error:
            raise self._refusal("", error) from None

    @contextlib.contextmanager
    def folder(self, rel_dir: str, *, create: bool = False) -> Iterator[int]:
        """A descriptor of folder ``rel_dir`` (made with its parents if ``create``)."""
        parts = [p for p in rel_dir.split("/") if p]
        held = self._pins()
        key = "/".join(parts)
        if held is not None and key in held:
            yield held[key]
            return
        fd = self.open_root()
        walked = ""
        try:
            for part in parts:
                walked = f"{walked}/{part}" if walked else part
                try:
                    inner = self._open_folder(part, fd, create)
                except OSError as error:
                    raise self._refusal(walked, error) from None
                os.close(fd)
                fd = inner
            if held is not None:
                held[key], fd = fd, -1  # closed when the pin ends
            yield held[key] if held is not None else fd
        finally:
            if fd >= 0:
                os.close(fd)

    def _forget(self, rel_dir: str) -> None:
        """A folder removed while pinned: its descriptor (and those under it) let go."""
        held = self._pins()
        if held is None:
            return
        for key in [k for k in held if k == rel_dir or k.startswith(f"{rel_dir}/")]:
            os.close(held.pop(key))

    @staticmethod
    def _open_folder(part: str, parent: int, create: bool) -> int:
        # Made only when missing: every save walks down to its folder, which is there.
        try:
            return os.open(part, _DIRECTORY, dir_fd=parent)
        except FileNotFoundError:
            if not create:
                raise
        with contextlib.suppress(FileExistsError):
            os.mkdir(part, 0o755, dir_fd=parent)
        return os.open(part, _DIRECTORY, dir_fd=parent)

    @staticmethod
    def _split(rel: str) -> tuple[str, str]:
        parent, _, name = rel.rpartition("/")
        return parent, name

    # ----- reading ------------------------------------------------------------------------

    def read(self, rel: str) -> bytes:
        """The bytes of regular file ``rel``."""
        fd = self.open_read(rel)
        try:
            chunks = []
            while block := os.read(fd, 1 << 20):
                chunks.append(block)
            return b"".join(chunks)
        finally:
            os.close(fd)

    def entry(self, rel: str) -> Entry | None:
        """What is at ``rel`` (not following a link), or None if nothing is."""
        parent, name = self._split(rel)
        try:
            with self.folder(parent) as folder:
                found = os.stat(name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return None
        return _entry(name, found)

    def is_file(self, rel: str) -> bool:
        found = self.entry(rel) if rel else None
        return found is not None and found.kind == "file"

    def is_dir(self, rel: str) -> bool:
        if not rel:
            return self.root.is_dir() and not self.root.is_symlink()
        found = self.entry(rel)
        return found is not None and found.kind == "dir"

    def listdir(self, rel_dir: str) -> list[Entry]:
        """The names in folder ``rel_dir`` (empty if it does not exist), sorted."""
        try:
            with self.folder(rel_dir) as folder, os.scandir(folder) as names:
                found = [(item.name, item.stat(follow_symlinks=False)) for item in names]
        except FileNotFoundError:
            return []
        return sorted(_entry(name, st) for name, st in found)

    def subfolders(self, rel_dir: str) -> dict[str, list[Entry]]:
        """Each folder directly in ``rel_dir`` and what it holds, read in one walk (the
        sessions folder: a few hundred folders in a few milliseconds)."""
        kept = self._listings if self._lister == threading.get_ident() else None
        if kept is not None and rel_dir in kept:
            return dict(kept[rel_dir])
        listed: dict[str, list[Entry]] = {}
        try:
            with self.folder(rel_dir) as folder:
                with os.scandir(folder) as names:
                    inner = [item.name for item in names if item.is_dir(follow_symlinks=False)]
                for name in inner:
                    try:
                        fd = os.open(name, _DIRECTORY, dir_fd=folder)
                    except OSError:
                        continue  # refused or gone: the full scan names it
                    try:
                        with os.scandir(fd) as items:
                            # Sorted by name (unique in a folder), not Entry by Entry: the
                            # same order without comparing records, 500 folders at opening.
                            found_here = sorted(((item.name, item.stat(follow_symlinks=False))
                                                 for item in items), key=itemgetter(0))
                        listed[name] = [_entry(item, st) for item, st in found_here]
                    finally:
                        os.close(fd)
        except FileNotFoundError:
            return {}
        found = dict(sorted(listed.items()))
        if kept is not None:
            kept[rel_dir] = found
            return dict(found)
        return found

    # ----- writing ------------------------------------------------------------------------

    def write(self, rel: str, payload: bytes, *,
              before_replace: Callable[[str], None] | None = None, durable: bool = True,
              keep_mtime_ns: int | None = None) -> None:
        """Replace ``rel`` with ``payload`` so that a crash leaves the old or the new file.

        The new bytes go to a temporary file made exclusively under an unpredictable name,
        are fsynced (``durable``), and renamed over the old name; ``before_replace(rel)``
        runs just before the switch (the backup rotation). A link at ``rel`` would be
        replaced, not followed. On any error before the switch the temporary file is
        removed and ``rel`` is untouched; an error after it is :class:`NotConfirmed`.
        """
        try:
            self._replace(rel, payload, before_replace, durable, keep_mtime_ns)
        except OSError as error:
            # Name the file, not its temporary name nor a bare folder name.
            if not isinstance(error, NotConfirmed) and not os.path.isabs(error.filename or ""):
                error.filename = str(self.path(rel))
            raise

    def _replace(self, rel: str, payload: bytes, before_replace: Callable[[str], None] | None,
                 durable: bool, keep_mtime_ns: int | None) -> None:
        self._changed()
        parent, name = self._split(rel)
        with self.folder(parent, create=True) as folder:
            # os.urandom, as secrets.token_hex reads it: the secrets module would cost every
            # start its import of hashlib and OpenSSL (4 ms), for four random bytes.
            temp = f".{name}.{os.getpid()}-{os.urandom(4).hex()}.tmp"
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC,
                         0o644, dir_fd=folder)
            try:
                try:
                    view = memoryview(payload)
                    while view:
                        view = view[os.write(fd, view):]
                    if keep_mtime_ns is not None:
                        os.utime(fd, ns=(keep_mtime_ns, keep_mtime_ns))
                    if durable:
                        os.fsync(fd)
                finally:
                    os.close(fd)
                if before_replace is not None:
                    before_replace(rel)
                os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temp, dir_fd=folder)
                raise
            if durable:
                try:
                    os.fsync(folder)
                except OSError as error:
                    raise NotConfirmed(error.errno, error.strerror, str(self.path(rel))) from error

    def copy(self, source: str, target: str) -> None:
        """A new file ``target`` with the bytes and modification time of ``source`` (a
        backup: not fsynced, a lost backup is tolerable, a slower GM action is not)."""
        found = self.entry(source)
        if found is None or found.kind != "file":
            return
        self.write(target, self.read(source), durable=False, keep_mtime_ns=found.mtime_ns)

    def keep_version(self, source: str, target: str) -> bool:
        """Make ``target`` a second name of file ``source`` (a hard link: the bytes are not
        copied), just before ``source`` is replaced by a rename, after which ``target``
        alone names the old version. False if ``source`` does not exist. Where links are
        not supported (some network or FAT folders), a copy."""
        source_parent, source_name = self._split(source)
        target_parent, target_name = self._split(target)
        self._changed()
        with self.folder(source_parent) as here, self.folder(target_parent, create=True) as there:
            try:
                if not stat.S_ISREG(os.stat(source_name, dir_fd=here,
                                            follow_symlinks=False).st_mode):
                    return False  # a link or a special file is never kept, nor followed
                os.link(source_name, target_name, src_dir_fd=here, dst_dir_fd=there,
                        follow_symlinks=False)
                return True
            except FileNotFoundError:
                return False
            except OSError as error:
                if error.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP,
                                       errno.EOPNOTSUPP, errno.ENOSYS):
                    raise
        if not self.is_file(source):
            return False
        self.copy(source, target)
        return True

    def mkdirs(self, rel_dir: str) -> None:
        self._changed()
        try:
            with self.folder(rel_dir, create=True) as folder:
                os.fsync(folder)
        except OSError as error:
            if not os.path.isabs(error.filename or ""):
                error.filename = str(self.path(rel_dir))
            raise

    def hard_linked(self, rel: str) -> bool:
        """Whether regular file ``rel`` is a file with another name too (a hard link)."""
        parent, name = self._split(rel)
        with contextlib.suppress(FileNotFoundError), self.folder(parent) as folder:
            return _hard_linked(name, folder)
        return False

    def unlink(self, rel: str) -> None:
        """Remove file (or link) ``rel``; a link is removed itself, its target untouched."""
        parent, name = self._split(rel)
        self._changed()
        with contextlib.suppress(FileNotFoundError), self.folder(parent) as folder:
            os.unlink(name, dir_fd=folder)

    def rmtree(self, rel_dir: str) -> None:
        """Remove folder ``rel_dir`` and everything in it, following no link."""
        self._forget(rel_dir)
        self._changed()
        parent, name = self._split(rel_dir)
        with contextlib.suppress(FileNotFoundError), self.folder(parent) as folder:
            if stat.S_ISLNK(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
                os.unlink(name, dir_fd=folder)
                return
            shutil.rmtree(name, dir_fd=folder)

    def open_read(self, rel: str) -> int:
        """A read-only descriptor on regular file ``rel`` (the caller closes it)."""
        parent, name = self._split(rel)
        with self.folder(parent) as folder:
            try:
                fd = os.open(name, _READ, dir_fd=folder)
            except OSError as error:
                raise self._refusal(rel, error) from None
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise UnsafePath.found(self.path(rel), "a folder, not a file" if stat.S_ISDIR(mode)
                                   else "a special file")
        return fd

    def open_lock(self, rel: str) -> int:
        """A read-write descriptor on regular file ``rel``, created if missing and never
        truncated here (the lock holder's record is rewritten once the lock is held)."""
        parent, name = self._split(rel)
        self._changed()
        with self.folder(parent) as folder:
            try:
                fd = os.open(name, os.O_RDWR | os.O_CREAT | _NOFOLLOW | os.O_NONBLOCK
                             | _CLOEXEC, 0o644, dir_fd=folder)
            except OSError as error:
                if error.errno == errno.EISDIR:
                    raise UnsafePath.found(self.path(rel), "a folder, not a file") from None
                raise self._refusal(rel, error) from None
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            os.close(fd)
            raise UnsafePath.found(self.path(rel), "a special file")
        if found.st_nlink > 1:
            # The only file written in place: a hard link to a file outside the folder
            # would have had that file emptied and rewritten (the others are replaced by
            # a rename, which leaves the other link's file as it was).
            os.close(fd)
            raise UnsafePath.found(self.path(rel), HARD_LINK)
        return fd
