"""gm-console player-view and serve (issues 16, 28): refusals on the command line, and
serve end to end with real clients on 127.0.0.1: the private link, Host and Origin, the
table full, every malformed request and message from the attack on the old server, and
ctrl+c, with the server's processes counted before and after and its output read for
tracebacks."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from console.cli import main
from console.service import CampaignService
from console.store import CampaignStore


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_campaign_that_is_not_there(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    for command in ("player-view", "serve"):
        code, _, err = run(capsys, command, "Nope", "--saves", str(tmp_path))
        assert code == 2 and "no campaign 'Nope'" in err and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "said"), [
    (["--port", "0"], "--port: a port from 1 to 65535, not '0'"),
    (["--port", "70000"], "a port from 1 to 65535"),
    (["--port", "99999999999999999999"], "a port from 1 to 65535"),
    (["--host", ""], "--host: a host name or address"),
    (["--host", "a b"], "--host: a host name or address"),
    (["--max-viewers", "0"], "--max-viewers: a number of screens from 1 to 256, not '0'"),
    (["--max-viewers", "many"], "--max-viewers: a number of screens"),
])
def test_bad_serve_options(capsys: pytest.CaptureFixture[str], argv: list[str],
                           said: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", *argv])
    assert stopped.value.code == 2 and said in capsys.readouterr().err


def test_serve_without_the_web_extra_says_how_to_get_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    CampaignStore.create(tmp_path, "Dock").close()
    monkeypatch.setitem(sys.modules, "console.cli.web_server", None)  # import fails
    code, _, err = run(capsys, "serve", "Dock", "--saves", str(tmp_path))
    assert code == 2 and "pip install 'metascape-gm-console[web]'" in err


# ----- serve, end to end ---------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _campaign(saves: Path) -> None:
    store = CampaignStore.create(saves, "Dock")
    gm = CampaignService(store)
    gm.sessions.toggle()
    gm.tracker.new_encounter("Ambush")
    gm.tracker.join_pc("Vera", vit_max=18)
    gm.tracker.add_npc("Skrak", 10, 12)
    gm.tracker.add_npc("Lurker", 12, 12)
    gm.tracker.toggle_hidden(next(c.id for c in gm.running().combatants if c.name == "Lurker"))
    gm.tracker.call_for_nish({1: 14})
    store.close()


class Server:
    """``gm-console serve`` in a process of its own, its banner read, its output kept."""

    def __init__(self, saves: Path, *more: str) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "console", "serve", "Dock", "--saves", str(saves),
             "--port", str(self.port), *more],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.process.stdout is not None
        self.banner = ""
        while "nothing is shown" not in self.banner and "no key" not in self.banner:
            line = self.process.stdout.readline()
            assert line, f"the server did not start: {self.banner}"
            self.banner += line
        found = re.search(r"key=([\w-]+)", self.banner)
        self.key = found.group(1) if found else None
        self.origin = f"http://127.0.0.1:{self.port}"
        self.output = ""

    @property
    def link(self) -> str:
        return f"{self.origin}/" + (f"?key={self.key}" if self.key else "")

    def children(self) -> list[int]:
        """The server's child processes (it should never have any)."""
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                    if int(parent) == self.process.pid:
                        found.append(int(entry.name))
        return found

    def stop(self) -> float:
        """ctrl+c; the seconds it took to end. Its whole output is then in ``output``."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            rest, _ = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            rest, _ = self.process.communicate()
        took = time.monotonic() - started
        self.output = self.banner + rest
        return took


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Server]:
    _campaign(tmp_path)
    server = Server(tmp_path, "--max-viewers", "16")
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.stop()


def _quiet(server: Server) -> None:
    """No traceback, nothing raw from outside, no process left."""
    assert "Traceback" not in server.output and "\x00" not in server.output.replace(
        "\\x00", "")
    assert "\x1b" not in server.output
    assert server.children() == []


async def _picture(server: Server, session: aiohttp.ClientSession) -> dict[str, Any]:
    """What a browser gets: the page, then its websocket's first picture."""
    async with session.get(server.link) as page:
        assert page.status == 200
        assert "default-src 'none'" in page.headers["Content-Security-Policy"]
    async with session.ws_connect(f"{server.origin}/ws?key={server.key}",
                                  headers={"Origin": server.origin}) as ws:
        message = await ws.receive_json(timeout=10)
        assert message["type"] == "picture"
        return message  # type: ignore[no-any-return]


def test_the_link_with_its_key_shows_the_players_view(served: Server) -> None:
    assert f"http://127.0.0.1:{served.port}/?key=" in served.banner
    assert served.key is not None and len(served.key) == 22  # 128 bits
    assert "this computer only" in served.banner.lower()

    async def look() -> dict[str, Any]:
        async with aiohttp.ClientSession() as session:
            return await _picture(served, session)

    message = asyncio.run(look())
    names = [row["name"] for row in message["picture"]["rows"]]
    assert names == ["Vera", "Skrak"]  # the hidden Lurker left out
    assert isinstance(message["elapsed"], float)  # the turn's timer, counting
    took = served.stop()
    assert took < 2
    _quiet(served)


def test_without_the_key_a_refusal_and_no_process(served: Server) -> None:
    assert served.children() == []

    async def knock() -> list[int]:
        statuses = []
        async with aiohttp.ClientSession() as session:
            for query in ("", "?key=", f"?key={served.key[:-1]}", f"?key={served.key}x",
                          "?key=%00", "?key=" + "A" * 5000):
                async with session.get(f"{served.origin}/{query}") as page:
                    statuses.append(page.status)
                    if page.status == 403:
                        assert "This link needs its key" in await page.text()
                with contextlib.suppress(aiohttp.WSServerHandshakeError):
                    async with session.ws_connect(f"{served.origin}/ws{query}",
                                                  headers={"Origin": served.origin}):
                        statuses.append(101)
        return statuses

    assert set(asyncio.run(knock())) <= {403, 400, 414, 431}
    assert served.children() == []
    served.stop()
    _quiet(served)
    assert served.output.count("refused 127.0.0.1") >= 6


def test_a_foreign_origin_or_host_is_refused(served: Server) -> None:
    async def knock() -> list[int]:
        statuses = []
        async with aiohttp.ClientSession() as session:
            for origin in ("http://evil.example", "null", f"https://127.0.0.1:{served.port}",
                           f"http://127.0.0.1:{served.port}.evil.example", None):
                headers = {} if origin is None else {"Origin": origin}
                try:
                    async with session.ws_connect(f"{served.origin}/ws?key={served.key}",
                                                  headers=headers):
                        statuses.append(101)
                except aiohttp.WSServerHandshakeError as refusal:
                    statuses.append(refusal.status)
            for host in ("evil.example", f"evil.example:{served.port}", "127.0.0.1:1",
                         f"localhost.evil.example:{served.port}", f"127.0.0.2:{served.port}"):
                async with session.get(served.link, headers={"Host": host}) as page:
                    statuses.append(page.status)
            async with session.get(served.link, headers={"Host": f"localhost:{served.port}"}
                                   ) as page:
                assert page.status == 200  # the names it listens on are answered
            async with session.get(f"{served.origin}/static/") as listing:
                statuses.append(listing.status)
        return statuses

    assert asyncio.run(knock()) == [403] * 5 + [421] * 5 + [404]
    served.stop()
    _quiet(served)
    assert "evil.example" in served.output  # said, escaped and cut


def test_forty_viewers_sixteen_served_the_rest_told_the_table_is_full(served: Server) -> None:
    async def crowd() -> tuple[list[str], int]:
        told: list[str] = []
        async with aiohttp.ClientSession() as session:
            sockets = []
            for _ in range(40):
                ws = await session.ws_connect(f"{served.origin}/ws?key={served.key}",
                                              headers={"Origin": served.origin})
                sockets.append(ws)
                message = await ws.receive_json(timeout=10)
                told.append(message["type"])
            async with session.get(served.link) as page:
                full_page = page.status
                assert "The table is full" in await page.text()
            closed = [ws.close_code for ws in sockets[16:]]
            for ws in sockets[16:]:
                await ws.receive(timeout=5)  # the close that follows "full"
            closed = [ws.close_code for ws in sockets[16:]]
            assert set(closed) == {4001}, closed
            assert served.children() == []
            for ws in sockets:
                await ws.close()
        return told, full_page

    told, full_page = asyncio.run(crowd())
    assert told == ["picture"] * 16 + ["full"] * 24 and full_page == 503
    served.stop()
    _quiet(served)
    assert served.output.count("the table is full") == 25


# Everything the attack on the old server sent, each of which left a traceback there.
_RAW_REQUESTS = [
    b"GET /ws?key=KEY HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: http://127.0.0.1:PORT"
    b"\r\n\r\n",  # a websocket asked without the upgrade
    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: \x00\r\n\r\n",
    b"GET /?key=KEY HTTP/1.1\r\nHost: 127.0.0.1\x00:PORT\r\n\r\n",
    b"GET /?key=KEY HTTP/1.1\r\nHost: [::1\r\n\r\n",
    b"GET /?key=KEY HTTP/1.1\r\nHost: 127.0.0.1:99999999999999999999\r\n\r\n",
    b"GET /?key=KEY HTTP/1.1\r\n\r\n",  # no Host at all
    b"GET /?key=KEY HTTP/1.1\r\nHost: \x1b[31mred:PORT\r\n\r\n",
    b"GARBAGE\r\n\r\n",
    b"GET /?width=100000&height=100000&key=KEY HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
    b"GET /?width=-1&key=KEY HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
    b"GET /static/../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
]

# Envelopes textual-serve read; here the page sends nothing, so each is one dropped line.
_MESSAGES = ["not json", "[]", "{}", '["resize"]', '["resize", {"width": "wide"}]',
             '["resize", null]', '["resize", {"width": -1, "height": -1}]',
             '["resize", {"width": 1e300, "height": 1e300}]',
             '["resize", {"width": 3000, "height": 3000}]', '["stdin", "\\u0011"]',
             "\x1b]0;owned\x07"]


def test_every_malformed_request_and_message_is_one_line_and_no_traceback(
        served: Server) -> None:
    def raw(request: bytes) -> bytes:
        data = request.replace(b"PORT", str(served.port).encode()).replace(
            b"KEY", (served.key or "").encode())
        with socket.create_connection(("127.0.0.1", served.port), timeout=5) as client:
            client.sendall(data)
            return client.recv(200)

    answers = [raw(request) for request in _RAW_REQUESTS]
    statuses = [answer.split(b" ")[1] if answer.startswith(b"HTTP/") else answer
                for answer in answers]
    assert statuses[0] == b"400"  # /ws without the upgrade
    assert all(status in (b"400", b"403", b"404", b"421") for status in statuses[1:9])
    assert statuses[9:11] == [b"200", b"200"]  # sizes are no longer the server's business
    assert statuses[11] == b"404"

    async def envelopes() -> list[int | None]:
        codes = []
        async with aiohttp.ClientSession() as session:
            for start in range(0, len(_MESSAGES), 5):
                async with session.ws_connect(f"{served.origin}/ws?key={served.key}",
                                              headers={"Origin": served.origin}) as ws:
                    await ws.receive_json(timeout=10)
                    batch = _MESSAGES[start:start + 5]
                    for text in batch:
                        await ws.send_str(text)
                    if len(batch) < 5:  # not yet enough to be closed for: one more, then go
                        await ws.send_bytes(b"\x00\xff binary")
                        await asyncio.sleep(0.3)
                        await ws.close()
                    while not ws.closed:
                        await ws.receive(timeout=10)
                    codes.append(ws.close_code)
            # A client dropping mid-frame: half a frame header, then gone.
            ws = await session.ws_connect(f"{served.origin}/ws?key={served.key}",
                                          headers={"Origin": served.origin})
            ws._writer.transport.write(b"\x81\xfe\x7f")  # type: ignore[attr-defined]
            ws._response.connection.transport.abort()  # type: ignore[union-attr]
        return codes

    codes = asyncio.run(envelopes())
    assert codes == [4002, 4002, 1000]  # five dropped, then closed: it kept sending
    time.sleep(0.5)
    assert served.children() == []
    took = served.stop()
    assert took < 2
    _quiet(served)
    dropped = [line for line in served.output.splitlines() if "message dropped" in line]
    assert len(dropped) == 5 + 5 + 2  # one line each, up to the fifth that closes it
    assert served.output.count("it kept sending") == 2
    assert "\\x1b]0;owned" in served.output  # said as an escape, never sent raw


def test_ctrl_c_stops_within_two_seconds_with_viewers_watching(served: Server) -> None:
    async def watch() -> float:
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(f"{served.origin}/ws?key={served.key}",
                                                headers={"Origin": served.origin})
                       for _ in range(16)]
            for ws in sockets:
                assert (await ws.receive_json(timeout=10))["type"] == "picture"
            took = await asyncio.to_thread(served.stop)
            for ws in sockets:
                assert (await ws.receive(timeout=5)).type in (
                    aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            return took

    assert asyncio.run(watch()) < 2
    assert served.process.returncode == 0
    _quiet(served)


def test_open_serves_without_a_key_on_this_computer_only(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    _campaign(tmp_path)
    code, _, err = run(capsys, "serve", "Dock", "--saves", str(tmp_path), "--open",
                       "--host", "0.0.0.0")
    assert code == 2 and "--open serves the players' view without a key" in err
    server = Server(tmp_path, "--open")
    try:
        assert server.key is None and "no key" in server.banner

        async def look() -> dict[str, Any]:
            async with aiohttp.ClientSession() as session:
                return await _picture(server, session)

        assert asyncio.run(look())["picture"]["rows"][0]["name"] == "Vera"
    finally:
        server.stop()
    _quiet(server)


def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    _campaign(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, "-m", "console", "serve", "Dock", "--saves", str(tmp_path),
             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            _, err = server.communicate(timeout=30)
        finally:
            if server.poll() is None:
                server.kill()
    assert server.returncode == 2
    assert err.strip().splitlines()[-1] == (
        f"gm-console: port {port} is already in use on 127.0.0.1: choose another with --port")
