"""A headless Chromium driven over its DevTools protocol (aiohttp's websocket client, no
other dependency): open a page as a player would, read its text, take its picture.

Debian's ``chromium`` package; the flags are those that work on this machine's closed
network (no background connections, no sandbox as root). Tests that need it are skipped,
saying why, where it is not installed.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

__all__ = ["CHROMIUM", "Browser"]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--hide-scrollbars", "--remote-debugging-port=0", "--window-size=1280,720"]


class Browser:
    """One Chromium, one tab at a time. ``async with Browser() as browser``."""

    def __init__(self) -> None:
        assert CHROMIUM is not None
        # Chromium's helpers may still be writing into the profile as it is removed: what
        # they leave is not the test's business (the group is killed first, below).
        self._profile = tempfile.TemporaryDirectory(prefix="chromium-",
                                                    ignore_cleanup_errors=True)
        self._process: subprocess.Popen[bytes] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self._tab: str | None = None

    async def __aenter__(self) -> Browser:
        assert CHROMIUM is not None
        self._process = subprocess.Popen(
            [CHROMIUM, *_FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        active = Path(self._profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not active.exists() or len(active.read_text().split()) < 2:
            assert time.monotonic() < deadline, "chromium did not open its DevTools port"
            await asyncio.sleep(0.1)
        port, path = active.read_text().split()[:2]
        self._session = aiohttp.ClientSession()
        self._socket = await self._session.ws_connect(f"ws://127.0.0.1:{port}{path}",
                                                      max_msg_size=0)
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._session is not None:
            await self._session.close()
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            # Its helpers (renderer, crash handler) are in its session: none outlives it.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._process.pid, signal.SIGKILL)
        self._profile.cleanup()

    async def _call(self, method: str, params: dict[str, Any] | None = None,
                    session: str | None = None) -> dict[str, Any]:
        assert self._socket is not None
        number = next(self._ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        await self._socket.send_json(message)
        while True:
            reply = await self._socket.receive_json(timeout=30)
            if reply.get("id") == number:
                assert "error" not in reply, reply
                return reply.get("result", {})  # type: ignore[no-any-return]

    async def open(self, url: str) -> None:
        """A new tab on ``url`` (the one before closed)."""
        if self._tab is not None:
            await self._call("Target.closeTarget", {"targetId": self._tab})
        target = await self._call("Target.createTarget", {"url": url})
        self._tab = target["targetId"]
        attached = await self._call("Target.attachToTarget",
                                    {"targetId": self._tab, "flatten": True})
        self._page = attached["sessionId"]

    async def evaluate(self, expression: str) -> Any:
        result = await self._call("Runtime.evaluate",
                                  {"expression": expression, "returnByValue": True},
                                  self._page)
        return result.get("result", {}).get("value")

    async def text_once(self, *wanted: str, seconds: float = 15) -> str:
        """The page's text once every one of ``wanted`` is in it."""
        deadline = time.monotonic() + seconds
        text = ""
        while time.monotonic() < deadline:
            text = await self.evaluate("document.body ? document.body.innerText : ''") or ""
            if all(part in text for part in wanted):
                return str(text)
            await asyncio.sleep(0.1)
        raise AssertionError(f"never saw {wanted} on the page: {text!r}")

    async def value_once(self, expression: str, wanted: object, seconds: float = 15) -> None:
        """Wait until ``expression`` evaluates to ``wanted`` on the page."""
        deadline = time.monotonic() + seconds
        found: object = None
        while time.monotonic() < deadline:
            found = await self.evaluate(expression)
            if found == wanted:
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"{expression} is {found!r}, never {wanted!r}")

    async def picture(self, path: Path) -> None:
        shot = await self._call("Page.captureScreenshot", {"format": "png"}, self._page)
        path.write_bytes(base64.b64decode(shot["data"]))
