"""`gm-console serve` under a crowd: N browsers' worth of websocket clients on 127.0.0.1.

    python benchmarks/serve.py [--viewers 50] [--saves DIR] [--textual-serve]

Starts the real command on the demo campaign, opens N viewers at once as a browser does
(the page, then its websocket from the page's origin), and prints: the time from the
first connection to each viewer's first picture (median, worst), the processes the
server runs (itself and every descendant), and their memory (RSS, summed) while all N
watch. Nothing is sent anywhere but to 127.0.0.1, and everything started is stopped.

``--textual-serve`` measures the design it replaced (textual-serve: a Textual app per
browser), given a checkout of that code on PYTHONPATH with textual-serve installed; its
first picture is the first frame holding a combatant's name.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

FIRST_NAME = "Brice"  # the demo's first PC: in every first picture


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def _rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


async def _viewer(port: int, link: str, old: bool, started: float,
                  firsts: list[float], hold: asyncio.Event) -> None:
    origin = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as session:
        async with session.get(link) as page:
            assert page.status == 200, page.status
        query = "?width=100&height=30" if old else "?" + link.split("?", 1)[1]
        async with session.ws_connect(f"{origin}/ws{query}", headers={"Origin": origin},
                                      heartbeat=None, max_msg_size=0) as ws:
            if old:
                await ws.send_json(["resize", {"width": 100, "height": 30}])
            seen = ""
            while True:
                message = await ws.receive(timeout=300)
                if message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                    data = message.data
                    seen += data if isinstance(data, str) else data.decode("utf-8", "replace")
                    if FIRST_NAME in seen:
                        firsts.append(time.monotonic() - started)
                        break
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.ERROR):
                    raise RuntimeError(f"closed before its first picture: {seen[-200:]!r}")
            await hold.wait()


async def _crowd(port: int, link: str, viewers: int, old: bool,
                 server: subprocess.Popen[str]) -> tuple[list[float], int, float]:
    firsts: list[float] = []
    hold = asyncio.Event()
    started = time.monotonic()
    tasks = [asyncio.create_task(_viewer(port, link, old, started, firsts, hold))
             for _ in range(viewers)]
    while len(firsts) < viewers:
        failed = [t for t in tasks if t.done() and t.exception() is not None]
        if failed:
            raise failed[0].exception()  # type: ignore[misc]
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)  # all watching: count and weigh
    pids = _tree(server.pid)
    memory = _rss_mb(pids)
    hold.set()
    await asyncio.gather(*tasks)
    return firsts, len(pids), memory


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--saves", type=Path)
    parser.add_argument("--textual-serve", action="store_true", dest="old")
    args = parser.parse_args()
    saves = args.saves or Path(tempfile.mkdtemp(prefix="serve-bench-"))
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if not (saves / "Demo").exists():
        subprocess.run([sys.executable, "-m", "console", "--saves", str(saves), "demo"],
                       check=True, env=env, stdout=subprocess.DEVNULL)
    port = _free_port()
    extra = [] if args.old else ["--max-viewers", str(max(16, args.viewers))]
    server = subprocess.Popen([sys.executable, "-m", "console", "serve", "Demo", "--saves",
                               str(saves), "--port", str(port), *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=env)
    try:
        assert server.stdout is not None
        banner = ""
        while "ctrl+c" not in banner.lower() or (not args.old and "key=" not in banner):
            line = server.stdout.readline()
            if not line:
                raise RuntimeError(f"the server did not start: {banner}")
            banner += line
        found = re.search(r"http://127\.0\.0\.1:\d+/(\?key=[\w-]+)?", banner)
        link = found.group(0) if found else f"http://127.0.0.1:{port}/"
        idle = _rss_mb(_tree(server.pid))
        firsts, processes, memory = asyncio.run(
            _crowd(port, link, args.viewers, args.old, server))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            for pid in reversed(_tree(server.pid)):
                os.kill(pid, signal.SIGKILL)
            server.wait()
    design = "textual-serve (a Textual app per browser)" if args.old else "one picture for all"
    print(f"{design}: {args.viewers} viewers")
    print(f"  first picture: median {statistics.median(firsts):.2f} s, "
          f"worst {max(firsts):.2f} s (from the first connection)")
    print(f"  processes while they watch: {processes} (the server and its descendants)")
    print(f"  memory while they watch: {memory:.0f} MB RSS summed (idle: {idle:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
