"""Start to first frame, in a real terminal (a pseudo-terminal), against a bare Textual app.

    python benchmarks/startup.py [--runs 5] [--sessions 500] [--templates 3000]
                                 [--compare OTHER_CHECKOUT]

Each run starts a process on a fresh pseudo-terminal of 160x48 and times, from the spawn,
the first frame it draws (the first output holding the screen's own text: the footer's
keys, "Undo" for the console, "Step" for the bare app), then quits it with ctrl+q. The
console (``python -m console``, this checkout's code) opens a long campaign
(``--sessions`` closed sessions, ``--templates`` NPC templates; see long_campaign.py); the
bare app is frames.BareApp (a Header, a 100-row DataTable, a Footer). Runs alternate;
``--compare`` adds another checkout's console to the rotation (before and after a change,
side by side on the same machine). Also timed: ``gm-console --help`` and
``gm-console odds 8M 16`` to their exit.

Each checkout's ``console`` package is compiled to bytecode first, as ``pip install``
does and as Textual in the virtualenv is: a machine with PYTHONDONTWRITEBYTECODE set (as
the development machines are) otherwise compiles every module of the console from source
at every start, about 45 ms of it, and never Textual's.
Targets (issue 26): the console <= 1.3x the bare app.
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from long_campaign import NAME, build  # noqa: E402

TARGET = 1.3
BARE = (f"import sys; sys.path.insert(0, {str(HERE)!r}); "
        "from frames import BareApp; BareApp().run()")


ROOT = HERE.parent
MARKER = b"Undo"  # the console's footer: ctrl+z Undo


def first_frame(argv: list[str], marker: bytes, cwd: Path, root: Path = ROOT) -> float:
    """Seconds from spawning ``argv`` on a new 160x48 terminal to output holding ``marker``
    (``root``: the checkout whose ``console`` package it runs)."""
    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 48, 160, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "160", "LINES": "48",
           "PYTHONPATH": str(root)}
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdin=child, stdout=child, stderr=child, cwd=cwd,
                               env=env, start_new_session=True)
    os.close(child)
    seen = b""
    found = None
    deadline = started + 30
    try:
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([parent], [], [], 0.05)
            if not ready:
                continue
            try:
                seen += os.read(parent, 1 << 16)
            except OSError:
                break
            if marker in seen:
                found = time.perf_counter() - started
                break
        os.write(parent, b"\x11")  # ctrl+q: a clean quit (the campaign's lock released)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
    finally:
        os.close(parent)
    if found is None:
        raise SystemExit(f"no frame with {marker!r} from {argv}: {seen[-300:]!r}")
    return found


def to_exit(argv: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(argv, cwd=cwd, capture_output=True, check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--templates", type=int, default=3000)
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT",
                        help="another checkout of the console, timed in the same rotation")
    args = parser.parse_args()
    console = [sys.executable, "-m", "console"]
    for checkout in (ROOT, args.compare):
        if checkout is not None:
            compileall.compile_dir(Path(checkout) / "console", quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder) / "saves"
        started = time.perf_counter()
        build(saves, args.sessions, args.templates)
        print(f"built {args.sessions} sessions, {args.templates} templates in "
              f"{time.perf_counter() - started:.0f} s")
        bare: list[float] = []
        opened: list[float] = []
        other: list[float] = []
        campaign = [NAME, "--saves", str(saves)]
        for _ in range(args.runs):
            bare.append(first_frame([sys.executable, "-c", BARE], b"Step", Path(folder)))
            opened.append(first_frame([*console, *campaign], MARKER, Path(folder)))
            if args.compare is not None:
                other.append(first_frame([*console, *campaign], MARKER, Path(folder),
                                         args.compare.resolve()))
        help_ms = statistics.median(to_exit([*console, "--help"], Path(folder))
                                    for _ in range(args.runs))
        odds_ms = statistics.median(to_exit([*console, "odds", "8M", "16"], Path(folder))
                                    for _ in range(args.runs))
    floor = statistics.median(bare)
    print(f"start to first frame, median of {args.runs}: bare app {floor * 1e3:.0f} ms")
    for label, found in (("this checkout", opened), (f"{args.compare}", other)):
        if not found:
            continue
        ratio = statistics.median(found) / floor
        verdict = "ok" if ratio <= TARGET else "OVER"
        print(f"console on the long campaign ({label}): {statistics.median(found) * 1e3:.0f} "
              f"ms: {ratio:.2f}x the bare app (target <= {TARGET}x: {verdict})")
    print(f"gm-console --help to exit: {help_ms * 1e3:.0f} ms; gm-console odds 8M 16: "
          f"{odds_ms * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
