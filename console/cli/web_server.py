"""The players' view in the table's browsers: one small page of our own, and one picture
for every viewer (loaded only by ``gm-console serve``; aiohttp comes with the web extra).

Earlier this ran textual-serve, which starts a Textual app (a shell and a Python) per
browser and has no way to share one between them: 50 browsers were 100 processes and
about 2 GB, 200 browsers 8 GB with the first frame after 27 s, and its handlers let any
page, any Host and any malformed message through (a traceback each). The view is the same
for everyone, so the server now reads the campaign once (``web_feed.PictureFeed``) and
sends the same picture to every page, which draws it itself: no process per viewer.

What a request must bring (``web_access``): the right Host; for the page and its
websocket, the run's key (unless ``--open`` on this computer only); for the websocket,
the page's own Origin. At most ``max_viewers`` pages watch at once; the next is told the
table is full. A viewer whose browser is gone or stops reading is closed (the websocket's
heartbeat; a send that cannot be written within ``send_timeout``). The page sends nothing:
any message from it is dropped with one line in the log, and a client that keeps sending
is closed. ctrl+c closes every viewer and stops within a second or two.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import html
import signal
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

from aiohttp import WSCloseCode, WSMsgType, web

from console.cli.web_access import host_allowed, key_matches, origin_allowed
from console.cli.web_feed import PictureFeed
from console.cli.web_log import ServerLog, outside
from console.records import record

__all__ = ["PlayersServer", "ServerOptions"]

# Close codes the page reads (4000-4999 are the application's own).
TABLE_FULL = 4001
KEEPS_SENDING = 4002

_DROPPED_BEFORE_CLOSING = 5  # messages from a page that sends none: a few, then closed


@record
class ServerOptions:
    host: str
    port: int
    key: str | None  # None: --open, on this computer only
    max_viewers: int = 16
    names: frozenset[str] = frozenset()  # this computer's names besides its addresses
    heartbeat: float = 10.0  # seconds between pings; no pong in half of it: closed
    send_timeout: float = 5.0  # a picture that cannot be written by then: closed
    title: str = "MetaScape: players' view"


@dataclass(eq=False)
class _Viewer:
    number: int
    peer: str
    socket: web.WebSocketResponse
    transport: asyncio.BaseTransport | None = None

    def end(self) -> None:
        """Cut the connection where it stands (a browser that reads nothing more never
        takes a closing frame either)."""
        if self.transport is not None and not self.transport.is_closing():
            with contextlib.suppress(Exception):
                self.transport.abort()  # type: ignore[attr-defined]


def _asset(name: str) -> str:
    return (resources.files("console.cli") / "web_page" / name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _notice_page(title: str, message: str, style: str) -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title><style>{style}</style></head>"
            f"<body class=\"notice\"><main><h1>{html.escape(title)}</h1>"
            f"<p>{html.escape(message)}</p></main></body></html>")


class PlayersServer:
    """The players' server: :meth:`application` for aiohttp, :meth:`run` to serve until
    :meth:`stop` (or ctrl+c)."""

    def __init__(self, feed: PictureFeed, options: ServerOptions, log: ServerLog) -> None:
        self.feed = feed
        self.options = options
        self.log = log
        self.viewers: dict[int, _Viewer] = {}
        self._served = 0  # viewers numbered from 1, for the log
        self._stopping = asyncio.Event()
        style, script = _asset("players.css"), _asset("players.js")
        self._page = (_asset("players.html").replace("TITLE", html.escape(options.title))
                      .replace("/*STYLE*/", style).replace("/*SCRIPT*/", script))
        # Only this page's own style and script run: nothing injected, nothing fetched
        # from elsewhere (no outside fonts: the page works on a table with no internet).
        self._policy = (f"default-src 'none'; script-src {_hash(script)}; "
                        f"style-src {_hash(style)}; connect-src 'self'; img-src data:; "
                        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        self._notice_style = style
        self._notice_policy = (f"default-src 'none'; style-src {_hash(style)}; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

    # ----- the application ---------------------------------------------------------------

    def application(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/", self._index, allow_head=True)
        app.router.add_get("/ws", self._websocket, allow_head=False)
        app.router.add_get("/favicon.ico", self._no_icon)
        return app

    def _headers(self, policy: str) -> dict[str, str]:
        return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
                "X-Frame-Options": "DENY"}

    def _notice(self, status: int, title: str, message: str) -> web.Response:
        return web.Response(status=status, text=_notice_page(title, message,
                                                             self._notice_style),
                            content_type="text/html",
                            headers=self._headers(self._notice_policy))

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], object]) -> web.StreamResponse:
        """Every request: the Host first; then the handler, whose every failure is one
        line and a plain refusal, never a traceback."""
        try:
            local = request.transport.get_extra_info("sockname") if request.transport else None
            address = str(local[0]) if local else ""
            if not host_allowed(request.headers.get("Host"), address, self.options.port,
                                self.options.names):
                self.log.say(f"refused {self._peer(request)}: Host "
                             f"{outside(request.headers.get('Host', '(none)'), 60)!s} is not "
                             "this server's")
                return web.Response(status=421, text="not served under this name\n")
            response = await handler(request)  # type: ignore[misc]
            assert isinstance(response, web.StreamResponse)
            return response
        except web.HTTPException as refusal:
            return web.Response(status=refusal.status, text=f"{refusal.reason}\n")
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self.log.say(f"{self._peer(request)} {outside(request.method, 10)} "
                         f"{outside(request.path, 40)}: dropped ({type(error).__name__}: "
                         f"{outside(error, 60)})")
            return web.Response(status=400, text="bad request\n")

    @staticmethod
    def _peer(request: web.Request) -> str:
        return outside(request.remote or "?", 46)

    def _has_key(self, request: web.Request) -> bool:
        key = self.options.key
        return key is None or key_matches(request.query.get("key"), key)

    def _full(self) -> bool:
        return len(self.viewers) >= self.options.max_viewers

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _index(self, request: web.Request) -> web.Response:
        if not self._has_key(request):
            self.log.say(f"refused {self._peer(request)}: the page without the key")
            return self._notice(403, "This link needs its key",
                                "Ask the GM for the players' link, or scan the code on "
                                "the GM's screen: the link it gives carries a key.")
        if self._full():
            self.log.say(f"told {self._peer(request)} the table is full "
                         f"({self.options.max_viewers} watching)")
            return self._notice(503, "The table is full",
                                f"{self.options.max_viewers} screens are watching already. "
                                "Try again when one of them closes.")
        return web.Response(text=self._page, content_type="text/html",
                            headers=self._headers(self._policy))

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        peer = self._peer(request)
        if not self._has_key(request):
            self.log.say(f"refused {peer}: a websocket without the key")
            return web.Response(status=403, text="this link needs its key\n")
        if not origin_allowed(request.headers.get("Origin"), request.headers.get("Host")):
            self.log.say(f"refused {peer}: a websocket from "
                         f"{outside(request.headers.get('Origin', 'no page'), 60)}")
            return web.Response(status=403, text="only the players' page opens this\n")
        socket = web.WebSocketResponse(heartbeat=self.options.heartbeat, autoping=True,
                                       compress=False, max_msg_size=1024,
                                       timeout=self.options.send_timeout)
        if not socket.can_prepare(request).ok:
            self.log.say(f"refused {peer}: /ws is a websocket, asked without the upgrade")
            return web.Response(status=400, text="a websocket: open the players' page\n")
        await socket.prepare(request)
        if self._full() or self._stopping.is_set():
            self.log.say(f"told {peer} the table is full ({self.options.max_viewers} watching)")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(socket.send_json(
                    {"type": "full", "max": self.options.max_viewers}), 1)
                await asyncio.wait_for(socket.close(code=TABLE_FULL, message=b"table full"), 1)
            return socket
        self._served += 1
        viewer = _Viewer(self._served, peer, socket, request.transport)
        self.viewers[viewer.number] = viewer
        self.log.say(f"viewer {viewer.number} joined from {peer} "
                     f"({len(self.viewers)} watching)")
        why = "left"
        sender = asyncio.create_task(self._send(viewer))
        try:
            why = await self._listen(viewer, sender)
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            self.viewers.pop(viewer.number, None)
            if not socket.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(socket.close(code=WSCloseCode.GOING_AWAY), 0.5)
            viewer.end()
            self.log.say(f"viewer {viewer.number} {why} ({len(self.viewers)} watching)")
        return socket

    async def _listen(self, viewer: _Viewer, sender: asyncio.Task[None]) -> str:
        """Read what the page sends (nothing, but pings and its closing) until it goes;
        why it went."""
        dropped = 0
        reader = asyncio.ensure_future(viewer.socket.receive())
        try:
            while True:
                done, _ = await asyncio.wait({reader, sender},
                                             return_when=asyncio.FIRST_COMPLETED)
                if sender in done:
                    failed = sender.exception()
                    if isinstance(failed, TimeoutError):
                        return "was closed: it stopped reading"
                    return f"was gone ({type(failed).__name__})"
                message = reader.result()
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                    return "left"
                if message.type is WSMsgType.ERROR:
                    return f"was closed ({outside(message.data, 60)})"
                dropped += 1
                kind = "text" if message.type is WSMsgType.TEXT else "binary"
                sample = message.data if message.type is WSMsgType.TEXT else b""
                self.log.say(f"viewer {viewer.number}: a {kind} message dropped (the page "
                             f"sends none){': ' + outside(sample, 40) if sample else ''}")
                if dropped >= _DROPPED_BEFORE_CLOSING:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(viewer.socket.close(
                            code=KEEPS_SENDING, message=b"the page sends nothing"), 1)
                    return "was closed: it kept sending"
                reader = asyncio.ensure_future(viewer.socket.receive())
        finally:
            reader.cancel()

    async def _send(self, viewer: _Viewer) -> None:
        """The newest picture to this viewer at each change (and now): only the newest
        matters, so a slow one skips what it missed; one that cannot take it within
        ``send_timeout`` has stopped reading, and the sender ends (the viewer closes)."""
        seen = 0
        while True:
            if not self.feed.ready:
                await self.feed.changed(0)
            seen = self.feed.version
            await asyncio.wait_for(viewer.socket.send_str(self.feed.message()),
                                   self.options.send_timeout)
            # A minute without a change: the picture again, so the timer never drifts.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.feed.changed(seen), 60)

    # ----- running -----------------------------------------------------------------------

    def stop(self) -> None:
        self._stopping.set()

    async def run(self, listening: Callable[[], None]) -> None:
        """Serve until :meth:`stop` or a SIGINT/SIGTERM; ``listening`` is called once the
        port is bound (an OSError before that: the port is taken, say). Stopping closes
        every viewer (at most a second each, all at once) and the port."""
        runner = web.AppRunner(self.application(), access_log=None, handle_signals=False,
                               shutdown_timeout=0.5)
        await runner.setup()
        feed = asyncio.create_task(self.feed.run())
        loop = asyncio.get_running_loop()
        try:
            site = web.TCPSite(runner, self.options.host, self.options.port)
            await site.start()
            for stop in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(stop, self.stop)
            listening()
            await self._stopping.wait()
            self.log.say(f"stopping: closing {len(self.viewers)} viewers")
            await asyncio.gather(*(self._close(viewer) for viewer in list(self.viewers.values())),
                                 return_exceptions=True)
        finally:
            feed.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await feed
            with contextlib.suppress(Exception):
                await asyncio.wait_for(runner.cleanup(), 1)

    async def _close(self, viewer: _Viewer) -> None:
        """Say goodbye (half a second at most), then cut the connection."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(viewer.socket.close(code=WSCloseCode.GOING_AWAY,
                                                       message=b"the GM stopped serving"), 0.5)
        viewer.end()
