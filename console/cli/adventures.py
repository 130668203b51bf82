"""`gm-console adventure ...`: prepared adventures on the command line (issue 29).

    gm-console adventure import CAMPAIGN FILE.md [--replace] [--saves DIR] [--json]
    gm-console adventure export CAMPAIGN TITLE FILE.md [--force] [--saves DIR] [--json]
    gm-console adventure list CAMPAIGN [--saves DIR] [--json]
    gm-console adventure forecast CAMPAIGN TITLE [--runs N] [--seed S] [--saves DIR] [--json]

``import`` reads an adventure written in Markdown (console.model.adventure_markdown) into
the campaign as one undoable action (a bad file is refused with its line and why, and the
campaign is untouched; the same title again needs ``--replace``); it writes, so the
campaign must not be open in a console. The others only read, and work beside the console.
Every failure: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from console.cli.errors import CommandError, file_path
from console.cli.forecast import _runs, _seed
from console.cli.hints import DEFAULT_SAVES
from console.cli.outside_file import read_regular

__all__ = ["MAX_FILE_BYTES", "register"]

MAX_FILE_BYTES = 4_000_000  # a published adventure is a few hundred kilobytes of text
_BAR = 30


def register(subparsers: Any) -> None:
    text = ("Prepared adventures: scenes and encounters, read from and written to Markdown, "
            "listed, and balanced against Table 18.")
    command = subparsers.add_parser("adventure", help=text, description=text)
    commands = command.add_subparsers(dest="adventure_command", metavar="COMMAND",
                                      required=True, parser_class=type(command))

    def add(name: str, help_text: str) -> Any:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("campaign", help="campaign name")
        sub.add_argument("--saves", metavar="DIR", type=file_path, default=DEFAULT_SAVES,
                         help="folder holding the campaigns (default: ./saves)")
        sub.add_argument("--json", action="store_true",
                         help="machine-readable output: one JSON object")
        sub.set_defaults(handler=_HANDLERS[name])
        return sub

    imported = add("import", "Read an adventure from a Markdown file into the campaign (one "
                             "undoable action; the campaign must not be open in a console).")
    imported.add_argument("file", type=file_path, help="the adventure (Markdown)")
    imported.add_argument("--replace", action="store_true",
                          help="replace the campaign's adventure of the same title")
    exported = add("export", "Write an adventure to a Markdown file (import reads it back as "
                             "the same adventure).")
    exported.add_argument("title", help="the adventure's title (any case)")
    exported.add_argument("file", type=file_path, help="the Markdown file to write (a new file)")
    exported.add_argument("--force", action="store_true",
                          help="replace the file if it exists (a regular file outside the "
                               "saves folder only)")
    add("list", "List the campaign's adventures: scenes, encounters, foes with counts and "
                "template values.")
    forecast = add("forecast", "Forecast every encounter of an adventure against the party "
                               "by Table 18, and the adventure's mix beside the book's.")
    forecast.add_argument("title", help="the adventure's title (any case)")
    forecast.add_argument("--runs", type=_runs, default=10_000, metavar="N",
                          help="fights simulated per encounter (default 10,000; fewer for a "
                               "big fight)")
    forecast.add_argument("--seed", type=_seed, default=0, metavar="S",
                          help="seed of the dice (default 0: the same answer every time)")


def _read_file(path: Path) -> str:
    """The Markdown file: a regular file, at most MAX_FILE_BYTES, UTF-8 text."""
    data = read_regular(path, MAX_FILE_BYTES, "an adventure is a few hundred kilobytes of text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandError(f"{path}: not UTF-8 text (byte {error.start})") from None


@contextlib.contextmanager
def _service(args: argparse.Namespace, *, write: bool = False) -> Iterator[Any]:
    """The campaign's service, on a store opened for reading (or writing), closed after."""
    from console.service import CampaignService
    from console.store import BadSaveFile, CampaignStore, StoreError

    try:
        store = CampaignStore.open(args.saves, args.campaign, read_only=not write)
    except BadSaveFile as damage:
        raise CommandError(f"{damage}; `gm-console check` tells more") from None
    except StoreError as error:
        raise CommandError(str(error)) from None
    with store:
        yield CampaignService(store)


def _say(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if args.json else text)


def _import(args: argparse.Namespace) -> int:
    from console.service import ActionRefused

    text = _read_file(args.file)
    with _service(args, write=True) as service:
        try:
            imported = service.prep.import_markdown(text, replace=args.replace)
        except ActionRefused as refusal:
            said = str(refusal)
            ending = ": replace it, or change the file's title"
            if said.endswith(ending):  # the service's words for a title already there
                said = said.removesuffix(ending) + \
                    ": replace it (--replace), or change the file's title"
            raise CommandError(f"{args.file}: {said}; the campaign is unchanged") from None
    adventure = imported.adventure
    _say(args, {"imported": adventure.title, "id": adventure.id,
                "scenes": len(adventure.scenes),
                "encounters": sum(1 for _ in adventure.encounters()),
                "notices": list(imported.outcome.notices)},
         "\n".join(imported.outcome.notices))
    return 0


def _export(args: argparse.Namespace) -> int:
    from console.service import ActionRefused
    from console.store import StoreError, write_outside

    with _service(args) as service:
        try:
            adventure = service.prep.titled(args.title)
            markdown = service.prep.export_markdown(adventure.id)
        except ActionRefused as refusal:
            raise CommandError(f"{args.campaign}: {refusal}") from None
    try:
        write_outside(args.saves, args.file, markdown.encode("utf-8"), replace=args.force,
                      example="adventure.md")
    except StoreError as error:
        raise CommandError(str(error)) from None
    _say(args, {"exported": adventure.title, "file": str(args.file)},
         f"wrote {adventure.title} to {args.file}")
    return 0


def _template_values(template: Any) -> dict[str, Any]:
    from console.model.npcs import NPC_STATS

    values: dict[str, Any] = {key: None if getattr(template, attribute) is None
                              else getattr(template, attribute).text
                              for attribute, key, _label in NPC_STATS}
    values["type"] = template.body_type.value
    values["tags"] = list(template.tags)
    return values


def _list(args: argparse.Namespace) -> int:
    from console.model.stat_lines import format_stat_line

    with _service(args) as service:
        adventures = service.prep.all()
        roster = service.npcs()
        session = service.session().number
    data: list[dict[str, Any]] = []
    lines: list[str] = []
    for adventure in adventures:
        scenes = []
        count = sum(1 for _ in adventure.encounters())
        lines.append(f"{adventure.title}: {len(adventure.scenes)} scene"
                     f"{'s' * (len(adventure.scenes) != 1)}, {count} encounter"
                     f"{'s' * (count != 1)}")
        for number, scene in enumerate(adventure.scenes, start=1):
            here = "  (the table is here)" if adventure.at_scene == scene.id else ""
            lines.append(f"  {number}. {scene.name}{here}")
            encounters = []
            for encounter in scene.encounters:
                played = ("" if encounter.played is None else
                          f"  (played in session {encounter.played})")
                lines.append(f"     {encounter.heading}{played}")
                foes = []
                for foe in encounter.foes:
                    template = roster.get(foe.template)
                    name = "?" if template is None else template.name
                    foes.append({"template": foe.template, "name": name, "count": foe.count,
                                 "hidden": list(foe.hidden),
                                 "values": None if template is None
                                 else _template_values(template)})
                    lines.append("       - " + ("(a template gone from the roster)"
                                                if template is None else format_stat_line(
                        template, foe.count if foe.count > 1 else None, foe.hidden)))
                encounters.append({"id": encounter.id, "name": encounter.name,
                                   "map": encounter.map or None, "played": encounter.played,
                                   "foes": foes})
            scenes.append({"id": scene.id, "name": scene.name, "encounters": encounters})
        data.append({"id": adventure.id, "title": adventure.title,
                     "at_scene": adventure.at_scene, "scenes": scenes})
    if not adventures:
        lines.append(f"no adventures in {args.campaign} yet: gm-console adventure import, or "
                     "P in the console")
    _say(args, {"campaign": args.campaign, "session": session, "adventures": data},
         "\n".join(lines))
    return 0


def _forecast(args: argparse.Namespace) -> int:
    from console.rules.forecast import BOOK, LABELS, OUTCOMES, UNPRINTED
    from console.service import ActionRefused
    from console.service.forecast import ForecastCommands

    with _service(args) as service:
        try:
            adventure = service.prep.titled(args.title)
            prepared = service.forecast.adventure_matchups(adventure.id)
        except ActionRefused as refusal:
            raise CommandError(f"{args.campaign}: {refusal}") from None
    result = ForecastCommands.adventure(prepared, args.runs, args.seed)
    if args.json:
        print(json.dumps({
            "adventure": adventure.title, "seed": args.seed,
            "encounters": [{"id": item.encounter, "name": item.name,
                            "forecast": None if found is None else found.to_json(),
                            "why_not": item.why_not or None}
                           for item, found in result.forecasts],
            "mix": None if result.mix is None else result.mix.to_json()}, indent=2))
        return 0
    lines = [f"{adventure.title}: each encounter against the party as its sheets stand now "
             f"(seed {args.seed})"]
    for item, found in result.forecasts:
        if found is None:
            lines.append(f"  {item.name}: not forecast ({item.why_not})")
            continue
        heavy = sum(found.outcomes[row] for row in ("heavy_win", "heavy_flee", "rout",
                                                    "death", "party_down"))
        # A big fight runs fewer than asked (the forecast's budget of work): said, not
        # silently lowered.
        fewer = (f" (fewer than the {args.runs:,} asked: a fight this size)"
                 if found.runs < args.runs else "")
        lines.append(f"  {item.name}: {found.runs:,} fights{fewer}; moderate or better "
                     f"{(1 - heavy - found.undecided) * 100:.0f}%, heavy or worse "
                     f"{heavy * 100:.0f}%, a PC dies {found.outcomes['death'] * 100:.1f}%")
    if result.mix is None:
        lines.append("No encounter could be forecast: no mix.")
    else:
        lines.append(f"The adventure's mix ({result.mix.encounters} encounters, each one "
                     "vote, spread by its forecast):")
        lines.append(f"{'':28}{'book':>6}  {'mix':>8}")
        for row in OUTCOMES:
            book = BOOK[row]
            share = result.mix.outcomes[row]
            shown = f"{'-':>6}" if book is None else f"{float(book) * 100:5.0f}%"
            lines.append(f"{LABELS[row]:<28}{shown}  {share * 100:7.1f}%  "
                         f"{'█' * round(share * _BAR)}")
        unprinted = result.mix.outcomes["untouched"] + result.mix.outcomes["death"]
        lines.append(f"(rows 1 and 7 print no figure: {float(UNPRINTED) * 100:.0f}% together "
                     f"in the book; here {unprinted * 100:.1f}%)")
        if result.mix.undecided:
            lines.append(f"Undecided: {result.mix.undecided * 100:.1f}%")
    first = next((found for _, found in result.forecasts if found is not None), None)
    if first is not None:
        lines.append("This console's reading of Table 18:")
        lines.extend(f"  {line}" for line in first.reading.lines())
    print("\n".join(lines))
    return 0


_HANDLERS = {"import": _import, "export": _export, "list": _list, "forecast": _forecast}
