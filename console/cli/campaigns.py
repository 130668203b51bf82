"""Campaign subcommands: new, list, check, export, import (save files, issue 3), and
summary (a session's awards and fights in Markdown, issue 7).

Every command takes ``--saves DIR`` (default ``./saves``). Bad input (a bad name, a
campaign that exists or does not, a locked campaign, an unreadable export) is a
:class:`CommandError`: one line on stderr, exit 2. ``check`` exits 1 when a file is damaged.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from console.cli.errors import CommandError, file_path
from console.model import ModelError
from console.model.session_summary import session_summary
from console.store import (
    BadSaveFile,
    CampaignStore,
    StoreError,
    check_campaign,
    export_campaign,
    import_campaign,
    list_campaigns,
)
from console.store.layout import links_in
from console.store.portable import MAX_IMPORT_BYTES

__all__ = ["register"]

DEFAULT_SAVES = Path("saves")


def register(subparsers: Any) -> None:
    """Add the campaign subcommands to ``subparsers``."""

    def add(name: str, handler: Callable[[argparse.Namespace], int], help_text: str) -> Any:
        command = subparsers.add_parser(name, help=help_text, description=help_text)
        command.add_argument("--saves", metavar="DIR", type=file_path, default=DEFAULT_SAVES,
                             help="folder holding the campaigns (default: ./saves)")
        command.set_defaults(handler=_reporting_store_errors(handler))
        return command

    add("new", _new, "Create a new campaign.").add_argument("name", help="campaign name")
    add("list", _list, "List the campaigns in the saves folder.")
    add("check", _check, "Load every file of a campaign; exit 1 if any is damaged.") \
        .add_argument("name", help="campaign name")
    export = add("export", _export, "Write a whole campaign to one portable JSON file.")
    export.add_argument("name", help="campaign name")
    export.add_argument("file", type=file_path, help="the JSON file to write (a new file)")
    export.add_argument("--force", action="store_true",
                        help="replace the file if it exists (a regular file outside the "
                             "saves folder only)")
    imported = add("import", _import, "Create a campaign from an exported JSON file.")
    imported.add_argument("file", type=file_path, help="an exported campaign (JSON)")
    imported.add_argument("--as", dest="as_name", metavar="NAME",
                          help="import under this name (an existing campaign is never replaced)")
    imported.add_argument("--max-size", type=_megabytes, default=MAX_IMPORT_BYTES,
                          metavar="MB", help=f"largest export read, in megabytes (default "
                                             f"{MAX_IMPORT_BYTES // 2**20})")
    summary = add("summary", _summary,
                  "Print a session's summary (awards, rank-ups, allowances, encounters) "
                  "as Markdown.")
    summary.add_argument("name", help="campaign name")
    summary.add_argument("--session", type=int, metavar="N",
                         help="session number (default: the latest)")


def _megabytes(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 4096:
        raise argparse.ArgumentTypeError(f"--max-size: 1 to 4096 megabytes, not {text!r}")
    return int(text) * 2**20


def _reporting_store_errors(
    handler: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except StoreError as error:
            raise CommandError(str(error)) from None

    return run


def _summary(args: argparse.Namespace) -> int:
    # Read-only: a summary can be printed while the GM has the campaign open.
    with CampaignStore.open(args.saves, args.name, read_only=True) as store:
        numbers = [n for n in store.session_numbers() if n > 0]
        if not numbers:
            raise CommandError(f"campaign {store.name!r} has no sessions yet")
        number = numbers[-1] if args.session is None else args.session
        if number not in numbers:
            raise CommandError(f"no session {number} in {store.name!r} (sessions "
                               f"{numbers[0]}-{numbers[-1]})")
        try:
            session, encounters = store.session_record(number)
            pcs = {pc.id: pc for pc in store.pcs()}
        except ModelError as error:
            raise CommandError(f"session {number} cannot be read: {error}") from None
        print(session_summary(store.name, session, encounters, pcs), end="")
    return 0


def _new(args: argparse.Namespace) -> int:
    with CampaignStore.create(args.saves, args.name) as store:
        print(f"created campaign {store.name!r} in {store.root}")
    return 0


def _list(args: argparse.Namespace) -> int:
    saves = Path(args.saves)
    if saves.exists() and not saves.is_dir():
        raise CommandError(f"{saves} is a file, not a folder of campaigns")
    names = list_campaigns(saves)
    links = links_in(saves)
    if not names and not links:
        print(f"no campaigns in {saves}")
        return 0
    for name in names:
        try:
            with CampaignStore.open(saves, name, read_only=True) as store:
                line = (f"{name}: {len(store.pcs())} PCs, {len(store.npcs())} NPC templates, "
                        f"session {store.session().number}")
                holder = store.locked_by  # asked of the kernel: a crashed console is not
                if holder is not None:
                    line += f" (open: {holder.describe()})"
        except BadSaveFile as error:
            line = f"{name}: DAMAGED ({error.path.name}: {error.problem}; run check)"
        except (StoreError, ModelError, OSError) as error:
            line = f"{name}: cannot be read ({error})"
        print(" ".join(line.split()))
    for name in links:
        print(f"{name}: refused (a symbolic link; the console never follows one in the "
              "saves folder)")
    return 0


def _check(args: argparse.Namespace) -> int:
    report = check_campaign(args.saves, args.name)
    if report.healthy:
        print(f"{args.name}: all {len(report.ok)} files load and hang together")
        return 0
    print(f"{args.name}: {len(report.problems)} damaged file(s), {len(report.ok)} good")
    for problem in report.problems:
        print(f"  {problem.path}: {problem.problem}")
        if problem.good_backup is not None:
            print(f"    newest good backup: {problem.good_backup}")
        else:
            print("    no good backup found")
    return 1


def _export(args: argparse.Namespace) -> int:
    target = export_campaign(args.saves, args.name, args.file, replace=args.force)
    print(f"exported {args.name!r} to {target}")
    return 0


def _import(args: argparse.Namespace) -> int:
    name = import_campaign(args.saves, args.file, args.as_name, max_bytes=args.max_size)
    print(f"imported {args.file} as campaign {name!r}")
    return 0
