"""The players' view commands, loaded (with the store, Textual and the web server) only
when one runs. See :mod:`console.cli.players`."""

from __future__ import annotations

import errno
import ipaddress
import shlex
import sys
from pathlib import Path
from typing import Any

from console.cli.app_launch import open_for_console
from console.cli.errors import CommandError
from console.store import BadSaveFile, CampaignStore

__all__ = ["open_read_only", "run_player_view", "serve"]


def open_read_only(saves: Path, name: str | None) -> CampaignStore:
    """The campaign opened as the players' view opens it: read-only, no lock."""
    try:
        return open_for_console(saves, name, read_only=True)
    except BadSaveFile as damage:
        raise CommandError(f"{damage}; `gm-console check` tells more, and the GM's console "
                           "offers its backups") from None


def run_player_view(saves: Path, name: str | None) -> int:
    store = open_read_only(saves, name)
    try:
        from console.service import CampaignService
        from console.ui.player.player_app import PlayerViewApp

        app = PlayerViewApp(CampaignService(store))
        app.run()
        return app.return_code or 0
    finally:
        store.close()


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(saves: Path, name: str | None, host: str, port: int) -> int:
    try:
        from console.cli.web_server import PlayersServer
    except ImportError:
        raise CommandError("serving the players' view needs the web extra: pip install "
                           "'metascape-gm-console[web]'") from None
    with open_read_only(saves, name) as store:  # refused now, not in every browser
        chosen = store.name
    command = shlex.join([sys.executable, "-m", "console", "player-view",
                          "--saves", str(saves.resolve()), "--", chosen])  # "-Dark" too
    shown = f"[{host}]" if ":" in host else host
    reach = ("this computer only; --host 0.0.0.0 lets the table's devices in"
             if _loopback(host) else
             "anyone on this network can open it: a read-only view, no GM keys")
    banner = (f"Serving the players' view of {chosen!r} at http://{shown}:{port}/ ({reach}). "
              "ctrl+c stops it.")
    server = PlayersServer(command, host, port, banner=banner)
    try:
        server.serve()
    except OSError as error:
        raise CommandError(_listen_error(error, host, port)) from None
    return 0


def _listen_error(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is already in use on {host}: choose another with --port"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"not allowed to listen on port {port}: use a port above 1023"
    reason: Any = error.strerror or error
    return f"cannot listen on {host}:{port}: {reason}"
