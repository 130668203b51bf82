"""What the campaign subcommands do (``console.cli.campaigns`` declares them): each opens
the store, so this module is loaded only when one of them runs."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from console.cli.errors import CommandError
from console.model import ModelError
from console.model.session_summary import session_summary
from console.rules.systems.points import POINTS_RULES
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

__all__ = ["HANDLERS"]


def reporting_store_errors(
    handler: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from console.service import ActionRefused  # what a command made through the service says

        try:
            return handler(args)
        except (StoreError, ActionRefused) as error:
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
            system = store.campaign().system
        except ModelError as error:
            raise CommandError(f"session {number} cannot be read: {error}") from None
        print(session_summary(store.name, session, encounters, pcs, POINTS_RULES.get(system)),
              end="")
    return 0


def _new(args: argparse.Namespace) -> int:
    with CampaignStore.create(args.saves, args.name) as store:
        played = ""
        if args.system != "metascape":
            from console.service import CampaignService

            CampaignService(store).settings.set_system(args.system)
            played = f", playing {args.system}"
        print(f"created campaign {store.name!r} in {store.root}{played}")
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


def _demo(args: argparse.Namespace) -> int:
    from console.cli.demo import make_demo

    root = make_demo(args.saves, args.name)
    print(f"created the demo campaign {args.name!r} in {root}; open it with: "
          f"gm-console {args.name}" + ("" if str(args.saves) == "saves"
                                         else f" --saves {args.saves}"))
    return 0


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "demo": _demo,
    "new": _new,
    "list": _list,
    "check": _check,
    "export": _export,
    "import": _import,
    "summary": _summary,
}
