"""A file the GM names on the command line (an adventure, a forecast's spec), read as the
console reads anything from outside: only a regular file, and never more than its kind
holds. A device, a FIFO or standard input named as the file would be read without end
(``/dev/zero`` filled 16 GB in 20 seconds), or wait forever."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from console.cli.errors import CommandError

__all__ = ["read_regular"]


def read_regular(path: Path, most: int, too_big: str) -> bytes:
    """The bytes of regular file ``path``, at most ``most`` of them (``too_big``: why
    not more, said after "over N bytes; "); else a :class:`CommandError` naming it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror or error}") from None
    try:
        found = os.fstat(fd)
        if stat.S_ISDIR(found.st_mode):
            raise CommandError(f"{path}: a folder, not a file")
        if not stat.S_ISREG(found.st_mode):
            raise CommandError(f"{path}: not a regular file (a device or a pipe is never "
                               "read)")
        chunks, size = [], 0
        while block := os.read(fd, 1 << 20):
            size += len(block)
            if size > most:
                raise CommandError(f"{path}: over {most:,} bytes; {too_big}")
            chunks.append(block)
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror or error}") from None
    finally:
        os.close(fd)
    return b"".join(chunks)
