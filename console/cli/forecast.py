"""`gm-console forecast`: how a fight will likely end, by Table 18 (issue 17).

    gm-console forecast CAMPAIGN [--saves DIR] [--runs N] [--seed S] [--json]
    gm-console forecast --spec FILE.json [--runs N] [--seed S] [--json]

The first forecasts the campaign's running encounter as it stands (read-only: it runs
beside the GM's console); the second a prepared fight with no campaign at all (the spec's
shape: :mod:`console.model.forecast`). A bad spec, a fight that lacks numbers or a bad
option: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from console.cli.errors import CommandError, file_path
from console.cli.outside_file import read_regular
from console.rules.forecast import LABELS, MAX_ROUNDS, MAX_RUNS, OUTCOMES, UNPRINTED, Forecast

__all__ = ["register", "render"]

MAX_SPEC_BYTES = 1_000_000  # a spec of 100 NPCs is a few kilobytes
_BAR = 30


def _runs(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_RUNS:
        raise argparse.ArgumentTypeError(f"--runs: 1 to {MAX_RUNS:,} fights, not {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 18:
        raise argparse.ArgumentTypeError(f"--seed: a whole number (up to 18 digits), not "
                                         f"{text!r}")
    return int(text)


def register(subparsers: Any) -> None:
    text = ("Forecast how a fight will likely end, by Table 18 (Encounter Outcome): the "
            "campaign's running encounter, or a prepared one (--spec).")
    command = subparsers.add_parser("forecast", help=text, description=text)
    command.add_argument("campaign", nargs="?", help="campaign whose running fight to forecast")
    command.add_argument("--spec", type=file_path, metavar="FILE",
                         help="a prepared fight in JSON, no campaign needed")
    command.add_argument("--saves", type=file_path, default=Path("saves"), metavar="DIR",
                         help="folder holding the campaigns (default: ./saves)")
    command.add_argument("--runs", type=_runs, default=None, metavar="N",
                         help="fights simulated (default 10,000; fewer for a big fight, "
                              "at least 1,000)")
    command.add_argument("--seed", type=_seed, default=0, metavar="S",
                         help="seed of the dice (default 0: the same answer every time)")
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(handler=_run)


def _read_spec(path: Path) -> object:
    data = read_regular(path, MAX_SPEC_BYTES, "a spec of 100 NPCs is a few kilobytes")
    try:
        return json.loads(data)
    except json.JSONDecodeError as error:
        raise CommandError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not JSON (not UTF-8 text)") from None
    except RecursionError:
        raise CommandError(f"{path}: nested too deeply to be a spec") from None
    except ValueError as error:  # Python's limit on an integer's digits, say
        why = ("a number too long to be one a spec holds" if "digits" in str(error)
               else str(error)[:200])
        raise CommandError(f"{path}: not a spec ({why})") from None


def _run(args: argparse.Namespace) -> int:
    from console.model.errors import ModelError
    from console.rules.errors import RulesError
    from console.rules.forecast import forecast, runs_for

    if (args.campaign is None) == (args.spec is None):
        raise CommandError("forecast: name a campaign or give --spec FILE (one of the two)")
    if args.spec is not None:
        from console.model.forecast import matchup_from_spec

        try:
            matchup = matchup_from_spec(_read_spec(args.spec))
        except (ModelError, RulesError) as error:
            raise CommandError(f"{args.spec}: {error}") from None
        title = f"{args.spec.name}: "
        result = forecast(matchup, args.runs or runs_for(matchup), args.seed)
    else:
        from console.cli.player_commands import open_read_only
        from console.service import ActionRefused, CampaignService

        with open_read_only(Path(args.saves), args.campaign) as store:
            service = CampaignService(store)
            try:
                matchup = service.forecast.matchup()
                result = service.forecast.run(args.runs or runs_for(matchup), args.seed)
            except ActionRefused as refusal:
                raise CommandError(f"{args.campaign}: {refusal}") from None
            running = service.encounter()
            title = f"{running.name if running else args.campaign}: "
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    pcs, npcs = len(matchup.pcs), len(matchup.npcs)
    title += (f"{pcs} PC{'' if pcs == 1 else 's'} against {npcs} NPC{'' if npcs == 1 else 's'}, "
              f"{result.runs:,} fights (seed {result.seed})")
    print("\n".join([title, *render(result)]))
    return 0


def _percent(share: float) -> str:
    return f"{share * 100:5.1f}%"


def render(result: Forecast) -> list[str]:
    """The forecast as lines of text: each row's share beside the book's, a bar, the rest,
    and the console's reading of the table."""
    from console.rules.forecast import BOOK

    lines = [f"{'':28}{'book':>6}  {'forecast':>8}"]
    for row in OUTCOMES:
        book = BOOK[row]
        share = result.outcomes[row]
        shown = f"{'-':>6}" if book is None else f"{float(book) * 100:5.0f}%"
        bar = "█" * round(share * _BAR)
        lines.append(f"{LABELS[row]:<28}{shown}  {_percent(share):>8}  {bar}")
    unprinted = result.outcomes["untouched"] + result.outcomes["death"]
    lines.append(f"(rows 1 and 7 print no figure: {float(UNPRINTED) * 100:.0f}% together in "
                 f"the book; here {unprinted * 100:.1f}%. Every PC down with none dead, foes "
                 "standing, is no row of Table 18.)")
    if result.undecided:
        lines.append(f"Still undecided after {MAX_ROUNDS} rounds (no row of its own): "
                     f"{result.undecided * 100:.1f}%")
    lines.append(f"Rounds: median {result.rounds_median:g}, 90% of fights within "
                 f"{result.rounds_p90}. Foes left standing, on average: {result.foes_left:.2f}")
    lines.extend(f"  {fate.name}: goes down {_percent(fate.down).strip()}, dies "
                 f"{_percent(fate.dead).strip()}" for fate in result.pcs)
    lines.append("This console's reading of Table 18 (a spec's \"reading\" sets it):")
    lines.extend(f"  {line}" for line in result.reading.lines())
    return lines
