"""gm-console player-view and serve (issue 16): refusals on the command line, and serve
end to end: a real server on 127.0.0.1, its page, and the websocket the page opens, which
carries the players' view with the combatants' names."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

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


def _start(saves: Path, port: int, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "console", "serve", "Dock", "--saves", str(saves),
         "--port", str(port), *more],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})


def _banner(server: subprocess.Popen[str]) -> str:
    assert server.stdout is not None
    line = server.stdout.readline()  # printed once the server listens
    assert line, server.stderr.read() if server.stderr else "no output"
    return line


def _stop(server: subprocess.Popen[str]) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


_ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b.")


async def _first_screen(port: int, want: set[str], seconds: float = 30) -> str:
    """Open the page and its websocket as the browser does; the text of what the app sent
    once every name in ``want`` has arrived."""
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/") as page:
            assert page.status == 200
            assert f"ws://127.0.0.1:{port}/ws" in await page.text()
        async with session.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30") as ws:
            await ws.send_json(["resize", {"width": 100, "height": 30}])
            received = ""
            deadline = time.monotonic() + seconds
            while not all(name in received for name in want):
                left = deadline - time.monotonic()
                assert left > 0, f"never saw {want}: {received[-400:]!r}"
                message = await ws.receive(timeout=left)
                if message.type == aiohttp.WSMsgType.BINARY:
                    received += _ESCAPES.sub("", message.data.decode("utf-8", "replace"))
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.ERROR):
                    pytest.fail(f"the websocket closed: {received[-400:]!r}")
            await ws.close()
            return received


def test_serve_end_to_end(tmp_path: Path) -> None:
    _campaign(tmp_path)
    port = _free_port()
    server = _start(tmp_path, port)
    try:
        banner = _banner(server)
        assert f"at http://127.0.0.1:{port}/ (this computer only" in banner
        screen = asyncio.run(_first_screen(port, {"Vera", "Skrak", "unhurt", "ROUND"}))
        assert "Lurker" not in screen  # hidden from the players
    finally:
        _stop(server)
    assert server.returncode in (0, -signal.SIGINT)


def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    _campaign(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = _start(tmp_path, port)
        try:
            _, err = server.communicate(timeout=30)
        finally:
            if server.poll() is None:
                _stop(server)
    assert server.returncode == 2
    assert err.strip().splitlines()[-1] == (
        f"gm-console: port {port} is already in use on 127.0.0.1: choose another with --port")
