"""How the command line tells the GM to open a campaign, or to make one: the command as he
would type it (quoted for a shell, with ``--saves`` when it is not the default folder)."""

from __future__ import annotations

import shlex
from pathlib import Path

__all__ = ["DEFAULT_SAVES", "open_command", "saves_option"]

DEFAULT_SAVES = Path("saves")


def saves_option(saves: Path | str) -> str:
    """`` --saves DIR``, or nothing for the default folder."""
    return "" if Path(saves) == DEFAULT_SAVES else f" --saves {shlex.quote(str(saves))}"


def open_command(name: str, saves: Path | str) -> str:
    """The command that opens campaign ``name`` in the console. A name that starts with
    "-" would read as an option: it comes last, after ``--`` (every option before it)."""
    if name.startswith("-"):
        return f"gm-console{saves_option(saves)} -- {shlex.quote(name)}"
    return f"gm-console {shlex.quote(name)}{saves_option(saves)}"
