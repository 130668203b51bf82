"""What the campaign subcommands do (``console.cli.campaigns`` declares them): each opens
the store, so this module is loaded only when one of them runs."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from console.cli.errors import CommandError
from console.cli.hints import open_command
from console.cli.recap_command import recap
from console.model import ModelError
from console.model.awards import kind_name, pending_awards
from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter, Side, Status
from console.model.session_summary import session_summary
from console.model.sessions import Session
from console.model.text import counted
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


def _say(args: argparse.Namespace, data: Mapping[str, Any], text: str) -> None:
    """What a command did or found: ``text`` for the GM, or ``data`` as one JSON object."""
    print(json.dumps(data) if args.json else text)


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
        markdown = session_summary(store.name, session, encounters, pcs,
                                   POINTS_RULES.get(system))
        if args.json:
            print(json.dumps(_summary_data(store.name, session, encounters, pcs, markdown)))
        else:
            print(markdown, end="")
    return 0


def _summary_data(campaign: str, session: Session, encounters: Sequence[Encounter],
                  pcs: Mapping[int, PlayerCharacter], markdown: str) -> dict[str, Any]:
    """A session's summary for a script: its times, awards, close, points and fights, and
    the Markdown the GM reads."""
    names = {pc_id: pc.name for pc_id, pc in pcs.items()}
    closing = session.closing
    if closing is not None:
        names.update({row.pc_id: row.name for row in closing.rows})
    return {
        "campaign": campaign,
        "session": session.number,
        "started_at": session.started_at.isoformat(),
        "stopped_at": None if session.stopped_at is None else session.stopped_at.isoformat(),
        "awards": [{"pc": names.get(award.pc_id), "ap": award.amount,
                    "kind": kind_name(award.kind), "reason": award.reason,
                    "giver": award.giver} for _, award in pending_awards(session)],
        "closing": None if closing is None else closing.to_dict(),
        "points": [entry.to_dict() for entry in session.points],
        "encounters": [{
            "name": encounter.name, "rounds": encounter.round, "running": encounter.active,
            "pcs": [c.name for c in encounter.combatants if c.side is Side.PC],
            "down": [{"name": c.name, "status": c.status.value} for c in encounter.combatants
                     if c.status in (Status.UNCONSCIOUS, Status.DEAD)],
        } for encounter in sorted(encounters, key=lambda e: e.id)],
        "markdown": markdown,
    }


def _new(args: argparse.Namespace) -> int:
    with CampaignStore.create(args.saves, args.name) as store:
        played = ""
        if args.system != "metascape":
            from console.service import CampaignService

            CampaignService(store).settings.set_system(args.system)
            played = f", playing {args.system}"
        name, root = store.name, store.root
    opening = open_command(name, args.saves)
    _say(args, {"name": name, "path": str(root), "system": args.system, "open": opening},
         f"created campaign {name!r} in {root}{played}; open it with: {opening}")
    return 0


def _list(args: argparse.Namespace) -> int:
    saves = Path(args.saves)
    if saves.exists() and not saves.is_dir():
        raise CommandError(f"{saves} is a file, not a folder of campaigns")
    names = list_campaigns(saves)
    links = links_in(saves)
    found = [_listed(saves, name) for name in names]
    found += [{"name": name, "state": "refused", "problem": "a symbolic link; the console "
               "never follows one in the saves folder"} for name in links]
    if args.json:
        print(json.dumps({"saves": str(saves), "campaigns": found}))
    elif not found:
        print(f"no campaigns in {saves}")
    else:
        for entry in found:
            print(" ".join(_list_line(entry).split()))
    return 0


def _listed(saves: Path, name: str) -> dict[str, Any]:
    try:
        with CampaignStore.open(saves, name, read_only=True) as store:
            holder = store.locked_by  # asked of the kernel: a crashed console is not
            return {"name": name, "state": "ok", "pcs": len(store.pcs()),
                    "npc_templates": len(store.npcs()), "session": store.session().number,
                    "open_in": None if holder is None else holder.describe()}
    except BadSaveFile as error:
        return {"name": name, "state": "damaged", "file": error.path.name,
                "problem": error.problem}
    except (StoreError, ModelError, OSError) as error:
        return {"name": name, "state": "unreadable", "problem": str(error)}


def _list_line(entry: Mapping[str, Any]) -> str:
    name, state = entry["name"], entry["state"]
    if state == "ok":
        line = (f"{name}: {counted(entry['pcs'], 'PC')}, "
                f"{counted(entry['npc_templates'], 'NPC template')}, session {entry['session']}")
        return line + (f" (open: {entry['open_in']})" if entry["open_in"] else "")
    if state == "damaged":
        return f"{name}: DAMAGED ({entry['file']}: {entry['problem']}; run check)"
    if state == "refused":
        return f"{name}: refused ({entry['problem']})"
    return f"{name}: cannot be read ({entry['problem']})"


def _check(args: argparse.Namespace) -> int:
    report = check_campaign(args.saves, args.name)
    if args.json:
        print(json.dumps({
            "name": args.name, "healthy": report.healthy,
            "ok": [str(path) for path in report.ok],
            "problems": [{"path": str(p.path), "problem": p.problem,
                          "good_backup": None if p.good_backup is None else str(p.good_backup)}
                         for p in report.problems]}))
        return 0 if report.healthy else 1
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
    _say(args, {"name": args.name, "file": str(target)},
         f"exported {args.name!r} to {target}")
    return 0


def _import(args: argparse.Namespace) -> int:
    name = import_campaign(args.saves, args.file, args.as_name, max_bytes=args.max_size)
    opening = open_command(name, args.saves)
    _say(args, {"file": str(args.file), "name": name, "open": opening},
         f"imported {args.file} as campaign {name!r}; open it with: {opening}")
    return 0


def _demo(args: argparse.Namespace) -> int:
    from console.cli.demo import make_demo

    root = make_demo(args.saves, args.name)
    opening = open_command(args.name, args.saves)
    _say(args, {"name": args.name, "path": str(root), "open": opening},
         f"created the demo campaign {args.name!r} in {root}; open it with: {opening}")
    return 0


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "demo": _demo,
    "new": _new,
    "list": _list,
    "check": _check,
    "export": _export,
    "import": _import,
    "summary": _summary,
    "recap": recap,
}
