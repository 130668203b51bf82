"""The campaign's error log: what an action that failed unexpectedly leaves for a bug report.

``<campaign>/errors.log``, appended to: a time, the action, and its traceback. It is opened
relative to the campaign folder without following a symlink at either step, so a planted
link cannot send it outside the saves folder; past about a megabyte the old log becomes
``errors.log.1`` (the one before that is dropped).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

__all__ = ["ERRORS_FILE", "append_error"]

ERRORS_FILE = "errors.log"
_MAX_BYTES = 1 << 20
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def append_error(root: Path, text: str, now: datetime) -> Path:
    """Append one report to the campaign's error log; returns the log's path."""
    folder = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW)
    try:
        try:
            if os.stat(ERRORS_FILE, dir_fd=folder, follow_symlinks=False).st_size > _MAX_BYTES:
                os.replace(ERRORS_FILE, ERRORS_FILE + ".1", src_dir_fd=folder,
                           dst_dir_fd=folder)
        except FileNotFoundError:
            pass
        handle = os.open(ERRORS_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW,
                         0o644, dir_fd=folder)
        try:
            os.write(handle, f"--- {now.isoformat()}\n{text.rstrip()}\n\n".encode())
            os.fsync(handle)
        finally:
            os.close(handle)
    finally:
        os.close(folder)
    return root / ERRORS_FILE
