"""Campaign subcommands: new, list, check, export, import (save files, issue 3), summary
(a session's awards and fights in Markdown, issue 7) and recap (the session told, and the
campaign's forecasts against what happened, issue 30).

Every command takes ``--saves DIR`` (default ``./saves``) and ``--json`` (what it did or
found as one JSON object on stdout, for scripts). Bad input (a bad name, a campaign that
exists or does not, a locked campaign, an unreadable export) is a :class:`CommandError`:
one line on stderr, exit 2. ``check`` exits 1 when a file is damaged.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from console.cli.errors import file_path
from console.cli.hints import DEFAULT_SAVES
from console.rules.systems import SYSTEMS
from console.store.limits import MAX_IMPORT_BYTES

__all__ = ["register"]



def register(subparsers: Any) -> None:
    """Add the campaign subcommands to ``subparsers``."""

    def add(name: str, help_text: str) -> Any:
        command = subparsers.add_parser(name, help=help_text, description=help_text)
        command.add_argument("--saves", metavar="DIR", type=file_path, default=DEFAULT_SAVES,
                             help="folder holding the campaigns (default: ./saves)")
        command.add_argument("--json", action="store_true",
                             help="machine-readable output: one JSON object")
        command.set_defaults(handler=_run(name))
        return command

    new = add("new", "Create a new campaign.")
    new.add_argument("name", help="campaign name")
    new.add_argument("--system", default="metascape",
                     choices=list(SYSTEMS),
                     help="the dice system its table plays (default metascape; facade fights "
                          "act lowest first); D in the console changes it")
    add("list", "List the campaigns in the saves folder.")
    add("demo", "Create a ready-made demo campaign to try the console on (a party, NPC "
                "templates, a session and a fight in its first round).").add_argument(
        "name", nargs="?", default="Demo", help="campaign name (default: Demo)")
    add("check", "Load every file of a campaign; exit 1 if any is damaged.") \
        .add_argument("name", help="campaign name")
    export = add("export", "Write a whole campaign to one portable JSON file.")
    export.add_argument("name", help="campaign name")
    export.add_argument("file", type=file_path, help="the JSON file to write (a new file)")
    export.add_argument("--force", action="store_true",
                        help="replace the file if it exists (a regular file outside the "
                             "saves folder only)")
    imported = add("import", "Create a campaign from an exported JSON file.")
    imported.add_argument("file", type=file_path, help="an exported campaign (JSON)")
    imported.add_argument("--as", dest="as_name", metavar="NAME",
                          help="import under this name (an existing campaign is never replaced)")
    imported.add_argument("--max-size", type=_megabytes, default=MAX_IMPORT_BYTES,
                          metavar="MB", help=f"largest export read, in megabytes (default "
                                             f"{MAX_IMPORT_BYTES // 2**20})")
    summary = add("summary", "Print a session's summary (awards, rank-ups, allowances, "
                             "encounters) as Markdown.")
    summary.add_argument("name", help="campaign name")
    summary.add_argument("--session", type=int, metavar="N",
                         help="session number (default: the latest)")
    recap = add("recap", "Print a session's recap: the time in fights, each fight round by "
                         "round and turn by turn, how it ended against its forecast, the AP "
                         "awarded (Markdown; --html a page to print); or, with --campaign, "
                         "every fight's Table 18 row against its forecast.")
    recap.add_argument("name", help="campaign name")
    recap.add_argument("--session", type=int, metavar="N",
                       help="session number (default: the latest)")
    recap.add_argument("--players", action="store_true",
                       help="the players' version: no hidden foe, no NPC's numbers, no GM "
                            "notes, no forecast")
    recap.add_argument("--html", action="store_true",
                       help="one self-contained HTML page (it loads nothing from outside)")
    recap.add_argument("--out", metavar="FILE", type=file_path,
                       help="write it to FILE (a new file outside the saves folder) instead "
                            "of printing it")
    recap.add_argument("--force", action="store_true",
                       help="with --out: replace FILE if it exists (a regular file only)")
    recap.add_argument("--campaign", action="store_true",
                       help="the campaign's calibration: each Table 18 row reached, beside "
                            "the forecasts' mean and the book")


def _megabytes(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 4096:
        raise argparse.ArgumentTypeError(f"--max-size: 1 to 4096 megabytes, not {text!r}")
    return int(text) * 2**20


def _run(name: str) -> Callable[[argparse.Namespace], int]:
    """The handler of subcommand ``name``, loaded (with the store) when it runs."""
    def run(args: argparse.Namespace) -> int:
        from console.cli.campaign_commands import HANDLERS, reporting_store_errors

        return reporting_store_errors(HANDLERS[name])(args)

    return run
