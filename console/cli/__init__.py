"""The `gm-console` command line.

Each group of subcommands lives in its own module with a ``register(subparsers)`` function;
a subcommand's handler takes the parsed arguments and returns an exit code. Handlers raise
:class:`CommandError` (or a rules error) for bad input: ``main`` turns that into one line on
stderr and exit code 2, never a traceback. Opening the console (no subcommand) loads none
of those modules: their subcommands are known here by name (:data:`COMMAND_GROUPS`, which
a test holds to what each module registers).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence

from console import __version__
from console.cli.errors import CommandError, OutputLost, Parser, one_line
from console.rules.errors import RulesError

__all__ = ["COMMAND_GROUPS", "build_parser", "main"]

# Modules that add subcommands, in the order their commands appear in --help, with the
# subcommands each adds.
COMMAND_GROUPS: dict[str, tuple[str, ...]] = {
    "console.cli.dice": ("rating", "convert", "roll", "odds", "combine"),
    "console.cli.campaigns": ("new", "list", "demo", "check", "export", "import", "summary",
                              "recap"),
    "console.cli.forecast": ("forecast",),
    "console.cli.adventures": ("adventure",),
    "console.cli.players": ("player-view", "serve"),
}
_SUBCOMMANDS = frozenset(name for names in COMMAND_GROUPS.values() for name in names)
# Subcommands that draw a screen (Textual writes its own escapes): their output is not
# wrapped by console.cli.output.
_SCREENS = frozenset({"player-view", "serve"})


# The console itself is opened without a subcommand (console.cli.app_launch), which
# argparse cannot say: the usage and the description say it.
USAGE = """gm-console [CAMPAIGN] [--saves DIR] [--read-only]
       gm-console COMMAND ..."""
DESCRIPTION = """The GM console for MetaScape: dice engine, save files and tracker.

gm-console [CAMPAIGN] [--saves DIR] [--read-only] opens the console on a campaign: the
last one used, or on a first run a new one called "My Campaign"; --saves DIR is the
folder of campaigns (default ./saves), --read-only views a campaign another console has
open. `gm-console demo` makes a campaign to try it on. The commands below work without
the console; `gm-console COMMAND --help` tells more."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="gm-console", usage=USAGE, description=DESCRIPTION,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser,
                                       prog="gm-console")
    for module in COMMAND_GROUPS:
        importlib.import_module(module).register(subparsers)
    return parser


def _opens_console(arguments: list[str]) -> bool:
    """No subcommand named: the arguments are a campaign to open in the console."""
    if not arguments:
        return True
    first = arguments[0]
    if first in ("-h", "--help", "--version"):
        return False
    return first not in _SUBCOMMANDS


def _saves_first(arguments: list[str]) -> list[str]:
    """``gm-console --saves DIR demo`` is ``gm-console demo --saves DIR``: the folder typed
    before a command, as it is typed before a campaign's name."""
    if arguments[:1] == ["--saves"] and len(arguments) > 2:
        lead, rest = arguments[:2], arguments[2:]
    elif arguments[:1] and arguments[0].startswith("--saves="):
        lead, rest = arguments[:1], arguments[1:]
    else:
        return arguments
    if rest and rest[0] in _SUBCOMMANDS:
        # At the end: a command with commands of its own (adventure list) takes --saves at
        # its last level, after which argparse reads options among the positionals.
        return [*rest, *lead]
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Every failure is one line on stderr and exit code 2: bad input,
    a refusal of the store, an OS error (naming the file), and, as the last boundary, an
    unexpected error (a bug), which writes nothing further."""
    arguments = _saves_first(list(sys.argv[1:] if argv is None else argv))
    try:
        if _opens_console(arguments):
            # Start-up makes objects that live as long as the console (the campaign, the
            # roster, the widgets): the collector's passes over them meanwhile are waste.
            # The app turns it back on after its first frame, with those frozen out of it
            # (GMConsoleApp._started).
            gc.disable()
            from console.cli.app_launch import run_app

            return run_app(arguments)
        from console.cli.dice import join_signed_values
        from console.cli.output import shown_output

        arguments = join_signed_values(arguments)
        parser = build_parser()
        if arguments[0] not in _SCREENS:
            shown_output()
        args = parser.parse_args(arguments)
        code = int(args.handler(args))
        sys.stdout.flush()  # a reader gone (`| head -1`) is found here, not at exit
        return code
    except BrokenPipeError:
        return _reader_gone()
    except OutputLost as lost:  # after the command's work: it is done, only unsaid
        print(f"gm-console: the output could not be written ({lost}); the command itself "
              "was carried out", file=sys.stderr)
        return 1
    except (CommandError, RulesError) as error:  # store refusals come as CommandError
        return _fail(str(error))
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        return _fail(f"{where}{error.strerror or error}")
    except KeyboardInterrupt:
        print("gm-console: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # the last boundary: never a traceback on the command line
        return _fail(f"unexpected error ({type(error).__name__}: {str(error)[:200]}); "
                     "this is a bug, please report it")


def _reader_gone() -> int:
    """The program reading our output stopped early (``| head -1``): normal, so nothing is
    said. What is still buffered for stdout goes to the null device (Python would report
    the broken pipe again when it flushes at exit); the exit code is a shell's for a
    program the pipe stopped (128 + SIGPIPE)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return 128 + 13


def _fail(message: str) -> int:
    print(one_line(f"gm-console: {message}"), file=sys.stderr)
    return 2
