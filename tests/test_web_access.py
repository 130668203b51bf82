"""Who may see the players' view (issue 28): the key, the Host, the Origin, as rules of
their own; the server's lines in the GM's terminal; and, in process with a short
heartbeat, a viewer whose browser stops reading is closed and cut."""

from __future__ import annotations

import asyncio
import io
import json
import socket
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from console.cli.web_access import (
    host_allowed,
    is_loopback,
    key_matches,
    link,
    machine_names,
    new_key,
    origin_allowed,
    split_host,
)
from console.cli.web_log import ServerLog, outside
from console.model.player_view import PlayerPicture

NAMES = frozenset({"gm-laptop", "gm-laptop.local"})


def test_a_key_is_128_bits_new_at_each_start_and_compared_whole() -> None:
    keys = {new_key() for _ in range(200)}
    assert len(keys) == 200 and all(len(key) == 22 for key in keys)
    key = next(iter(keys))
    assert key_matches(key, key)
    for wrong in (None, "", key[:-1], key + "x", key.upper() if key != key.upper() else "x",
                  "\udcff" * 22, "é" * 22):
        assert not key_matches(wrong, key)


@pytest.mark.parametrize(("header", "local", "allowed"), [
    ("127.0.0.1:8000", "127.0.0.1", True),
    ("localhost:8000", "127.0.0.1", True),
    ("LOCALHOST:8000", "127.0.0.1", True),
    ("localhost:8000", "192.168.1.20", False),  # "localhost" from the network: a trick
    ("192.168.1.20:8000", "192.168.1.20", True),
    ("192.168.1.21:8000", "192.168.1.20", False),
    ("gm-laptop:8000", "192.168.1.20", True),
    ("gm-laptop.local:8000", "192.168.1.20", True),
    ("gm-laptop.local.:8000", "192.168.1.20", True),
    ("evil.example:8000", "192.168.1.20", False),
    ("gm-laptop.evil.example:8000", "192.168.1.20", False),
    ("127.0.0.1:8001", "127.0.0.1", False),
    ("127.0.0.1", "127.0.0.1", False),  # port 80 implied
    ("[::1]:8000", "::1", True),
    ("[::1]:8000", "127.0.0.1", False),
    ("127.0.0.1:8000", "::ffff:127.0.0.1", True),
    ("[::1:8000", "::1", False),
    ("127.0.0.1:99999", "127.0.0.1", False),
    ("127.0.0.1:0", "127.0.0.1", False),
    ("127.0.0.1\x00:8000", "127.0.0.1", False),
    ("127.1:8000", "127.0.0.1", False),
    ("user@127.0.0.1:8000", "127.0.0.1", False),
    ("", "127.0.0.1", False),
    (".", "127.0.0.1", False),
    ("..:8000", "127.0.0.1", False),
    ("localhost.:8000", "127.0.0.1", True),
    (None, "127.0.0.1", False),
])
def test_host_is_answered_only_for_this_servers_names_and_addresses(
        header: str | None, local: str, allowed: bool) -> None:
    assert host_allowed(header, local, 8000, NAMES) is allowed


@example(".")
@given(st.text(max_size=60))
def test_any_host_header_is_read_or_refused_never_an_error(header: str) -> None:
    parsed = split_host(header)
    if parsed is not None:
        host, port = parsed
        assert host and host == host.lower() and (port is None or 1 <= port <= 65535)
    host_allowed(header, "127.0.0.1", 8000, NAMES)


@given(st.from_regex(r"\A[a-z][a-z0-9-]{0,20}(\.[a-z]{2,6})?\Z"), st.integers(1, 65535))
def test_a_name_and_port_read_back(name: str, port: int) -> None:
    assert split_host(f"{name}:{port}") == (name, port)


@pytest.mark.parametrize(("origin", "allowed"), [
    ("http://127.0.0.1:8000", True),
    ("HTTP://127.0.0.1:8000", True),
    ("https://127.0.0.1:8000", False),
    ("http://127.0.0.1:8001", False),
    ("http://evil.example", False),
    ("null", False),
    ("", False),
    (None, False),
])
def test_the_websocket_is_opened_only_by_the_servers_own_page(origin: str | None,
                                                              allowed: bool) -> None:
    assert origin_allowed(origin, "127.0.0.1:8000") is allowed


def test_links_names_and_loopback() -> None:
    assert link("192.168.1.20", 8000, "K") == "http://192.168.1.20:8000/?key=K"
    assert link("::1", 80, None) == "http://[::1]/"
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("[::1]")
    assert not is_loopback("0.0.0.0") and not is_loopback("gm-laptop")
    names = machine_names("table.example")
    assert "table.example" in names and "localhost" not in names
    assert socket.gethostname().lower() in names
    assert "127.0.0.1" not in machine_names("127.0.0.1")


def test_the_servers_lines_are_escaped_cut_and_limited() -> None:
    out = io.StringIO()
    ticks = iter(range(1000))
    log = ServerLog(out, burst=3, window=100, clock=lambda: float(next(ticks)))
    log.say(f"refused: Host {outside('evil' + chr(27) + '[2J' + 'x' * 200)}")
    assert "\x1b" not in out.getvalue() and "\\x1b[2J" in out.getvalue()
    assert out.getvalue().count("x") <= 81 and "…" in out.getvalue()
    for index in range(5):
        log.say(f"line {index}")
    assert out.getvalue().count("\n") == 3  # the burst: the rest counted, not printed
    log._window_start = -1000.0  # the window passes
    log.say("after")
    assert "(3 more lines left out) after" in out.getvalue()


# ----- in process: a browser that stops reading ------------------------------------------

class _Still:
    """A campaign that never changes: one picture with a turn timer running."""

    def __init__(self) -> None:
        since = datetime.now(UTC) - timedelta(seconds=30)
        self.shown = PlayerPicture("Dock", 1, 2, True, turn_since=since, turn_limit=40)

    def follow(self) -> bool:
        return False

    def picture(self) -> PlayerPicture:
        return self.shown


async def test_a_viewer_that_stops_reading_is_closed_and_cut(unused_tcp_port: int) -> None:
    from console.cli.web_feed import PictureFeed
    from console.cli.web_server import PlayersServer, ServerOptions

    out = io.StringIO()
    options = ServerOptions("127.0.0.1", unused_tcp_port, "K" * 22, heartbeat=0.4,
                            send_timeout=0.5)
    server = PlayersServer(PictureFeed(_Still()), options, ServerLog(out))
    up = asyncio.Event()
    running = asyncio.create_task(server.run(up.set))
    await asyncio.wait_for(up.wait(), 5)
    reader, writer = await asyncio.open_connection("127.0.0.1", unused_tcp_port)
    origin = f"http://127.0.0.1:{unused_tcp_port}"
    writer.write((f"GET /ws?key={'K' * 22} HTTP/1.1\r\nHost: 127.0.0.1:{unused_tcp_port}\r\n"
                  f"Origin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101")
    first = await reader.read(2048)  # the first picture, and then no more reading
    body = json.loads(first[first.index(b"{"):])
    assert body["type"] == "picture" and 29 < body["elapsed"] < 60
    assert (body["amber_at"], body["red_at"]) == (30, 40)
    assert len(server.viewers) == 1
    for _ in range(50):  # no pong to the heartbeat's ping: closed within 0.6 s or so
        await asyncio.sleep(0.1)
        if not server.viewers:
            break
    assert not server.viewers
    assert "viewer 1 was closed (No PONG received" in out.getvalue(), out.getvalue()
    rest = await asyncio.wait_for(reader.read(), 2)  # the server cut the connection
    assert rest == b"" or rest.startswith(b"\x88") or b"\x89" in rest  # close/ping, then EOF
    writer.close()
    server.stop()
    await asyncio.wait_for(running, 3)
    assert "Traceback" not in out.getvalue()


# ----- the link's QR code and the banner --------------------------------------------------

def test_the_qr_code_drawn_is_the_links_code() -> None:
    import segno

    from console.cli.qr_code import qr_lines

    text = "http://192.168.1.20:8000/?key=" + new_key()
    lines = qr_lines(text)
    assert set("".join(lines)) <= {" ", "█", "▀", "▄"}  # nothing that steers a terminal
    assert len({len(line) for line in lines}) == 1
    # Read the drawing back, two rows of modules a line (a block is a light module: the
    # code is drawn light on the terminal's dark background, its quiet zone light).
    top = {" ": 0, "▀": 1, "▄": 0, "█": 1}
    bottom = {" ": 0, "▀": 0, "▄": 1, "█": 1}
    rows: list[list[int]] = []
    for line in lines:
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    modules = [list(row) for row in segno.make(text, error="m").matrix_iter(border=2)]
    assert [[1 - m for m in row] for row in modules] == rows[:len(modules)]


def test_the_banner_says_the_link_and_draws_it_for_the_table() -> None:
    from console.cli.player_commands import _banner
    from console.cli.qr_code import qr_lines

    links = ["http://192.168.1.20:8000/?key=K", "http://10.0.0.5:8000/?key=K"]
    shown = _banner("Dock", links, False, False, 16, qr_lines).splitlines()
    assert shown[0] == ("Serving the players' view of 'Dock' to 16 screens at most. "
                        "ctrl+c stops it.")
    assert "  http://192.168.1.20:8000/?key=K" in shown and "  http://10.0.0.5:8000/?key=K" in shown
    assert qr_lines(links[0])[0] in shown  # the first address's code
    local = _banner("Dock", ["http://127.0.0.1:8000/?key=K"], True, False, 16, qr_lines)
    assert "█" not in local  # a phone cannot reach this computer's own address
