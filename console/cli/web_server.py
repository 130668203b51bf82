"""textual-serve's server, told to say where it listens in the console's own words once it
does (not before the port is bound), and to hand each browser the address it reached the
page by (so a tablet that came in through the machine's network address opens its
websocket there, not on 0.0.0.0)."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server

__all__ = ["PlayersServer"]


class PlayersServer(Server):
    def __init__(self, command: str, host: str, port: int, *, banner: str) -> None:
        super().__init__(command, host=host, port=port, title="MetaScape: players' view")
        self.banner = banner

    async def on_startup(self, app: web.Application) -> None:
        pass  # textual-serve's logo and address: ours is said once the port is bound

    def serve(self, debug: bool = False) -> None:
        """As textual-serve's, but the banner is printed by aiohttp once it listens; a
        port it cannot bind raises OSError before anything is said."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, self.request_exit)
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *_: print(self.banner, flush=True))

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        # The page's URLs are built from public_url with no await in between: setting it
        # per request cannot leak one request's address into another's page.
        self.public_url = f"{request.scheme}://{request.host}"
        page: dict[str, Any] = await Server.handle_index.__wrapped__(  # type: ignore[attr-defined]
            self, request)
        return page
