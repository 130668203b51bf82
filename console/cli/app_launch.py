"""`gm-console [CAMPAIGN] [--saves DIR] [--read-only]`: open the console on a campaign.

Without a name the most recently used campaign opens; on a first run a campaign called
"My Campaign" is created. A name that is not there is refused (`gm-console new` makes one).
Problems opening a campaign (a second console holding it, a damaged file) are one line on
stderr and exit code 2, before any screen is drawn; what closing it could do only in part
(old backups not removed) is a line on stderr after the screen has gone.
"""

from __future__ import annotations

import argparse
import errno
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from console.cli.errors import CommandError, Parser, file_path, one_line
from console.cli.hints import DEFAULT_SAVES, saves_option
from console.store import (
    BadSaveFile,
    CampaignLocked,
    CampaignStore,
    StoreError,
    list_campaigns,
)

__all__ = ["DEFAULT_CAMPAIGN", "open_for_console", "run_app"]

DEFAULT_CAMPAIGN = "My Campaign"


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="gm-console", description="Open the GM console on a campaign.")
    parser.add_argument("campaign", nargs="?", help="campaign name (default: the last used)")
    parser.add_argument("--saves", type=file_path, default=DEFAULT_SAVES, metavar="DIR",
                        help="folder of campaigns (default: ./saves)")
    parser.add_argument("--read-only", action="store_true",
                        help="view a campaign another console has open")
    return parser


def _last_used(saves: Path) -> str | None:
    names = list_campaigns(saves) if saves.is_dir() else []
    if not names:
        return None
    return max(names, key=lambda name: (saves / name).stat().st_mtime)


def open_for_console(saves: Path, name: str | None, *, read_only: bool) -> CampaignStore:
    """Open (or on a first run create) the campaign, or raise CommandError saying why not
    (a damaged campaign raises BadSaveFile: the caller offers the recovery view)."""
    if saves.exists() and not saves.is_dir():
        raise CommandError(f"{saves} is a file, not a folder of campaigns (--saves DIR)")
    known = list_campaigns(saves) if saves.is_dir() else []
    chosen = name or _last_used(saves) or DEFAULT_CAMPAIGN
    try:
        if chosen not in known and (saves / chosen).is_symlink():
            # Not "no campaign ...; gm-console new creates it": new would be refused too.
            raise CommandError(f"{saves / chosen}: refused (a symbolic link; the console "
                               "never follows one in the saves folder): move the campaign "
                               "itself into the saves folder")
        if chosen not in known:
            if name is not None or read_only:
                # A typed name that is not there is more likely a typo than a new campaign.
                where = saves_option(saves)
                # A name that starts with "-" would read as an option: after "--", last.
                new = (f"new{where} -- {shlex.quote(chosen)}" if chosen.startswith("-")
                       else f"new {shlex.quote(chosen)}{where}")
                raise CommandError(
                    f"no campaign {chosen!r} in {saves}; `gm-console {new}` creates it, "
                    f"`gm-console list{where}` shows the campaigns there (--saves DIR "
                    "looks in another folder)")
            saves.mkdir(parents=True, exist_ok=True)
            return CampaignStore.create(saves, chosen)
        return CampaignStore.open(saves, chosen, read_only=read_only)
    except CampaignLocked as error:
        raise CommandError(f"{error} (add --read-only to view it)") from None
    except BadSaveFile:
        raise
    except StoreError as error:
        raise CommandError(str(error)) from None
    except PermissionError as error:
        if read_only:
            raise CommandError(f"{error.filename or saves}: {error.strerror}") from None
        raise CommandError(f"{error.filename or saves}: {error.strerror}; the saves folder "
                           "cannot be written here: add --read-only to view the campaign"
                           ) from None
    except OSError as error:
        if error.errno == errno.EROFS and not read_only:
            raise CommandError(f"{saves} is on a read-only file system: add --read-only to "
                               "view the campaign") from None
        raise CommandError(f"{error.filename or saves}: {error.strerror or error}") from None


def run_app(argv: Sequence[str]) -> int:
    """Open the console; a damaged campaign opens in the recovery view first, and in the
    console once the GM has mended it. The exit code is the app's own (1 after a crash)."""
    args = _parser().parse_args(list(argv))
    saves = Path(args.saves)
    try:
        store = open_for_console(saves, args.campaign, read_only=args.read_only)
    except BadSaveFile as damage:
        chosen = args.campaign or _last_used(saves) or DEFAULT_CAMPAIGN
        if args.read_only:
            raise CommandError(f"{damage}; `gm-console check {chosen}` tells more, and "
                               "opening it without --read-only offers its backups") from None
        from console.ui.recovery.recovery_app import OPEN, RecoveryApp

        recovery = RecoveryApp(saves, chosen)
        if recovery.run() != OPEN:
            return 0 if recovery.return_code in (None, 0) else recovery.return_code
        store = open_for_console(saves, chosen, read_only=False)
    try:
        from console.service import CampaignService
        from console.ui.app import GMConsoleApp  # Textual loads only when the console opens

        app = GMConsoleApp(CampaignService(store))
        app.run()
        return app.return_code or 0
    finally:
        store.close()
        # What closing could do only in part (old backups it could not remove), said
        # where the GM reads it once the console has gone: on the terminal it leaves.
        for warning in store.take_warnings():
            print(one_line(f"gm-console: {warning}"), file=sys.stderr)
