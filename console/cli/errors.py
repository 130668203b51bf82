"""Command-line errors: one line on stderr, exit code 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn

__all__ = ["CommandError", "OutputLost", "Parser", "file_path", "one_line"]


def one_line(message: str) -> str:
    """An error as the command line prints it: one line (an argument may hold a line
    break), every character that steers a terminal written as its escape. Said before any
    output is wrapped (console.cli.output), and where none is: the console's own start,
    whose screen Textual draws (a campaign name typed with ESC]0;... would have retitled
    the terminal in "no campaign ...; `gm-console new ...` creates it")."""
    # Imported here: console.model loads every model module, and --help or a dice command
    # would pay for it (about 40 ms) to print a line that is seldom an error.
    from console.model.text import shown

    return shown(" ".join(message.split()))


class CommandError(Exception):
    """Bad command-line input; the message is shown as it is."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line (it prints usage + error by default)."""

    def error(self, message: str) -> NoReturn:
        # One line whatever was typed (an argument may hold a line break).
        print(one_line(f"{self.prog}: {message} (see {self.prog} --help)"), file=sys.stderr)
        sys.exit(2)


def file_path(text: str) -> Path:
    """A path typed on the command line; one no system can open is refused here."""
    if "\x00" in text:
        raise argparse.ArgumentTypeError(f"{text!r} is not a file name (it holds a NUL byte)")
    return Path(text)


class OutputLost(Exception):
    """What a command printed could not be written (a full disk behind ``>``): the command
    itself is done by then, so this is not a refusal of its input (exit 1, not 2)."""
