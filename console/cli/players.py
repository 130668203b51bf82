"""The players' view: `player-view` in a terminal, `serve` in a browser (issues 16, 28).

    gm-console player-view [CAMPAIGN] [--saves DIR]
    gm-console serve [CAMPAIGN] [--saves DIR] [--host 127.0.0.1] [--port 8000]
                     [--max-viewers 16] [--open]

Both open the campaign read-only (no lock, nothing written), so they run beside the GM's
console and follow it live. ``serve`` (the optional web extra, ``pip install ".[web]"``)
sends one picture to every browser; it listens on this computer only unless ``--host``
says otherwise, and prints a private link (a new key at each start) and its QR code.
``--open`` serves without a key, on this computer only. Like every command, bad input is
one line on stderr and exit 2; the campaign is checked before anything is served.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from console.cli.errors import file_path

__all__ = ["register"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_VIEWERS = 16
MAX_VIEWERS = 256


def _port(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"--port: a port from 1 to 65535, not {text!r}")
    return int(text)


def _host(text: str) -> str:
    if not text.strip() or any(c.isspace() or c in "/\x00" for c in text.strip()):
        raise argparse.ArgumentTypeError(f"--host: a host name or address, not {text!r}")
    return text.strip()


def _viewers(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_VIEWERS:
        raise argparse.ArgumentTypeError(
            f"--max-viewers: a number of screens from 1 to {MAX_VIEWERS}, not {text!r}")
    return int(text)


def register(subparsers: Any) -> None:
    def add(name: str, help_text: str) -> Any:
        command = subparsers.add_parser(name, help=help_text, description=help_text)
        command.add_argument("campaign", nargs="?", help="campaign name (default: the last used)")
        command.add_argument("--saves", metavar="DIR", type=file_path, default=Path("saves"),
                             help="folder holding the campaigns (default: ./saves)")
        return command

    add("player-view", "Show the players' view of the fight: live, read-only, for a second "
                       "screen (hidden combatants and NPC numbers left out)."
        ).set_defaults(handler=_player_view)
    serve = add("serve", "Serve the players' view to browsers (needs the web extra: "
                         "pip install 'metascape-gm-console[web]').")
    serve.add_argument("--host", type=_host, default=DEFAULT_HOST,
                       help=f"address to listen on (default: {DEFAULT_HOST}, this computer "
                            "only; 0.0.0.0 lets the table's devices in)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"port to listen on (default: {DEFAULT_PORT})")
    serve.add_argument("--max-viewers", type=_viewers, default=DEFAULT_VIEWERS, metavar="N",
                       help=f"screens watching at once (default: {DEFAULT_VIEWERS}); the next "
                            "is told the table is full")
    serve.add_argument("--open", action="store_true",
                       help="no key in the link: only with --host 127.0.0.1 (this computer)")
    serve.set_defaults(handler=_serve)


def _player_view(args: argparse.Namespace) -> int:
    from console.cli.player_commands import run_player_view

    return run_player_view(Path(args.saves), args.campaign)


def _serve(args: argparse.Namespace) -> int:
    from console.cli.player_commands import serve

    return serve(Path(args.saves), args.campaign, args.host, args.port,
                 max_viewers=args.max_viewers, open_to_all=args.open)
