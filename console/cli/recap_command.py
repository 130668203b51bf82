"""``gm-console recap CAMPAIGN [--session N] [--players] [--html] [--out FILE] [--json]``
and ``--campaign``: the session's recap, or the campaign's calibration (issue 30).

It only reads (a read-only store), so it works while the GM has the campaign open. The
Markdown is printed through the command line's one wall (``console.cli.output``); the HTML
page escapes what it embeds itself (``console.model.recap_render``); ``--json`` gives the
same content as data.
"""

from __future__ import annotations

import argparse
import json

from console.cli.errors import CommandError
from console.model import ModelError
from console.model.recap_render import calibration_markdown, recap_html, recap_markdown
from console.store import CampaignStore
from console.store.portable import write_outside

__all__ = ["recap"]


def recap(args: argparse.Namespace) -> int:
    from console.service import CampaignService

    if args.campaign and (args.session is not None or args.players):
        raise CommandError("--campaign is every session's fights: it takes no --session "
                           "and no --players")
    if args.campaign and args.html:  # the calibration is a table: Markdown or JSON
        raise CommandError("--campaign gives Markdown or --json, not --html")
    if args.json and args.html:
        raise CommandError("--json or --html: one of them")
    if args.force and args.out is None:
        raise CommandError("--force replaces the file --out names: give --out FILE")
    with CampaignStore.open(args.saves, args.name, read_only=True) as store:
        service = CampaignService(store)
        try:
            if args.campaign:
                calibration = service.recap.calibration()
                system = service.campaign().system
                text = (json.dumps({"campaign": store.name, "system": system,
                                    **calibration.to_json()})
                        if args.json else calibration_markdown(store.name, calibration, system))
            else:
                told = service.recap.session(args.session, players=args.players)
                text = (json.dumps(told.to_json()) + "\n" if args.json
                        else recap_html(told) if args.html else recap_markdown(told))
        except ModelError as error:
            raise CommandError(f"the recap cannot be read: {error}") from None
    if args.json and not text.endswith("\n"):
        text += "\n"
    if args.out is None:
        print(text, end="")
        return 0
    kind = "page" if args.html else "JSON" if args.json else "Markdown"
    target = write_outside(args.saves, args.out, text.encode("utf-8"), replace=args.force,
                           what="recap", example="recap.html" if args.html else "recap.md")
    print(f"wrote the {kind} recap to {target}")
    return 0
