"""The whole campaign folder looked over for what the store refuses to follow or read: every
link or special file anywhere in it, and every folder that cannot be read. A campaign
holding one is not opened (:meth:`CampaignStore.open`), and the message names them; the
recovery view lists them (:mod:`console.store.verify`)."""

from __future__ import annotations

import os

from console.store.errors import BadSaveFile, UnreadableSaveFile, UnsafePath
from console.store.tree import _DIRECTORY, HARD_LINK, IN_PLACE, CampaignTree, _hard_linked

__all__ = ["unsafe_files"]


def unsafe_files(tree: CampaignTree) -> list[BadSaveFile]:
    """Every link or special file anywhere in ``tree``, and every folder that cannot be
    read, sorted by path."""
    found: list[BadSaveFile] = []
    try:
        root = tree.open_root()
    except BadSaveFile as refusal:
        return [refusal]
    except OSError as error:
        return [UnreadableSaveFile(tree.root, f"cannot be read: {error.strerror}")]
    # One descriptor per folder, walked down without following anything: a few
    # microseconds a folder, so a campaign with a thousand backup folders is still
    # checked in milliseconds.
    pending: list[tuple[str, int]] = [("", root)]
    while pending:
        rel_dir, fd = pending.pop()
        try:
            with os.scandir(fd) as names:
                items = [(item.name, item.is_dir(follow_symlinks=False),
                          item.is_symlink(), item.is_file(follow_symlinks=False))
                         for item in names]
        except OSError as error:
            found.append(UnreadableSaveFile(tree.path(rel_dir),
                                            f"cannot be read: {error.strerror or error}"))
            items = []
        for name, is_dir, is_link, is_file in items:
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if is_link:
                found.append(UnsafePath.found(tree.path(rel), "a symbolic link"))
            elif is_dir:
                try:
                    pending.append((rel, os.open(name, _DIRECTORY, dir_fd=fd)))
                except OSError as error:
                    found.append(UnreadableSaveFile(
                        tree.path(rel), f"cannot be read: {error.strerror or error}"))
            elif not is_file:
                found.append(UnsafePath.found(tree.path(rel), "a special file"))
            elif rel in IN_PLACE and _hard_linked(name, fd):
                found.append(UnsafePath.found(tree.path(rel), HARD_LINK))
        os.close(fd)
    return sorted(found, key=lambda problem: str(problem.path))
