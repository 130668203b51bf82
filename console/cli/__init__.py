"""The `gm-console` command line.

Each group of subcommands lives in its own module with a ``register(subparsers)`` function;
a subcommand's handler takes the parsed arguments and returns an exit code. Handlers raise
:class:`CommandError` (or a rules error) for bad input: ``main`` turns that into one line on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from console import __version__
from console.cli import campaigns, dice
from console.cli.errors import CommandError, Parser
from console.rules.errors import RulesError

__all__ = ["build_parser", "main"]

# Modules that add subcommands, in the order their commands appear in --help.
_COMMAND_GROUPS = [dice, campaigns]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="gm-console",
        description="The GM console for MetaScape: dice engine, save files and tracker.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for group in _COMMAND_GROUPS:
        group.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(arguments)
        if args.command is None:
            parser.print_help()
            return 0
        return int(args.handler(args))
    except (CommandError, RulesError) as error:
        print(f"gm-console: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gm-console: interrupted", file=sys.stderr)
        return 130
