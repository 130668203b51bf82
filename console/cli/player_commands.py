"""The players' view commands, loaded (with the store, Textual and the web server) only
when one runs. See :mod:`console.cli.players`."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

from console.cli.app_launch import open_for_console
from console.cli.errors import CommandError
from console.model.text import shown
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


def serve(saves: Path, name: str | None, host: str, port: int, *,
          max_viewers: int = 16, open_to_all: bool = False) -> int:
    """Serve the players' view to the table's browsers until ctrl+c (see
    :mod:`console.cli.web_server`): a private link with a new key, printed with its QR
    code, and one picture of the campaign for every viewer."""
    try:
        import asyncio

        from console.cli.qr_code import qr_lines
        from console.cli.web_access import (
            is_loopback,
            link,
            local_addresses,
            machine_names,
            new_key,
        )
        from console.cli.web_feed import PictureFeed
        from console.cli.web_log import ServerLog, take_over_logging
        from console.cli.web_server import PlayersServer, ServerOptions
    except ImportError:
        raise CommandError("serving the players' view needs the web extra: pip install "
                           "'metascape-gm-console[web]'") from None
    local = is_loopback(host)
    if open_to_all and not local:
        raise CommandError("--open serves the players' view without a key: only on this "
                           "computer (--host 127.0.0.1); the table's devices need the link")
    store = open_read_only(saves, name)  # refused now, not in every browser
    try:
        from console.service import CampaignService

        service = CampaignService(store)
        key = None if open_to_all else new_key()
        everywhere = host in ("0.0.0.0", "::")
        reached = (local_addresses() if everywhere else []) or [
            "127.0.0.1" if everywhere else host]
        links = [link(address, port, key) for address in reached]
        log = ServerLog()
        take_over_logging(log)
        options = ServerOptions(host, port, key, max_viewers, machine_names(host))
        server = PlayersServer(PictureFeed(service.players), options, log)

        def listening() -> None:
            print(_banner(store.name, links, local, key is None, max_viewers, qr_lines),
                  flush=True)

        try:
            asyncio.run(server.run(listening))
        except OSError as error:
            raise CommandError(_listen_error(error, host, port)) from None
        return 0
    finally:
        store.close()


def _banner(campaign: str, links: list[str], local: bool, open_to_all: bool,
            max_viewers: int, qr: Callable[[str], list[str]]) -> str:
    """What the GM reads once the port is bound: the link (each address the table can
    reach), its QR code when other devices can use it, and who can open it."""
    lines = [f"Serving the players' view of {shown(campaign)!r} to {max_viewers} screens at "
             "most. ctrl+c stops it."]
    if local:
        lines.append("This computer only (--host 0.0.0.0 lets the table's devices in):")
    else:
        lines.append("The table's link: scan the code or open the address")
    lines += [f"  {address}" for address in links]
    if not local:
        lines += qr(links[0])
    lines.append("Anyone on this computer can open it (no key)." if open_to_all else
                 "The link carries this run's key (a new one at each start): without it, "
                 "nothing is shown. A read-only view: no GM keys.")
    return "\n".join(lines)


def _listen_error(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is already in use on {host}: choose another with --port"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"not allowed to listen on port {port}: use a port above 1023"
    reason: Any = error.strerror or error
    return f"cannot listen on {host}:{port}: {reason}"
