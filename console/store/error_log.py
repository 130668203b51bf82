"""The campaign's error log: what an action that failed unexpectedly leaves for a bug report.

``<campaign>/errors.log``, appended to: a time, the action, and its traceback. It is opened
through the campaign's tree without following a link at either step, so a planted link
cannot send it outside the saves folder; past about a megabyte the old log becomes
``errors.log.1`` (the one before that is dropped).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from console.store.tree import CampaignTree

__all__ = ["ERRORS_FILE", "append_error"]

ERRORS_FILE = "errors.log"
_MAX_BYTES = 1 << 20


def append_error(root: Path, text: str, now: datetime) -> Path:
    """Append one report to the campaign's error log; returns the log's path."""
    tree = CampaignTree(root)
    found = tree.entry(ERRORS_FILE)
    with tree.folder("") as folder:
        if found is not None and found.kind == "file" and found.stamp[1] > _MAX_BYTES:
            os.replace(ERRORS_FILE, ERRORS_FILE + ".1", src_dir_fd=folder, dst_dir_fd=folder)
        handle = os.open(ERRORS_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW,
                         0o644, dir_fd=folder)
        try:
            os.write(handle, f"--- {now.isoformat()}\n{text.rstrip()}\n\n".encode())
            os.fsync(handle)
        finally:
            os.close(handle)
    return tree.path(ERRORS_FILE)
