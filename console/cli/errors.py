"""Command-line errors: one line on stderr, exit code 2."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

__all__ = ["CommandError", "Parser"]


class CommandError(Exception):
    """Bad command-line input; the message is shown as it is."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line (it prints usage + error by default)."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)
