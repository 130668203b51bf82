"""The suite keeps its bytecode (tests/conftest.py imports this before the console).

The development machines set PYTHONDONTWRITEBYTECODE: under it every xdist worker compiled
the console and rewrote every test module's asserts again at each run (collecting took
5.8 s a worker, 2.5 s with the bytecode kept), and each test that starts `python -m
console` compiled the console again. The suite keeps its bytecode beside the sources, as
Python does by default (__pycache__ is ignored by git); what the console does is not changed
by it. A deliberate `python -B` is obeyed, in the xdist workers too (they start as
`python -c`: told by the environment they inherit).
"""

from __future__ import annotations

import os
import sys

__all__ = ["asked_for_no_bytecode"]

_NO_BYTECODE = "GM_CONSOLE_TESTS_NO_BYTECODE"


def asked_for_no_bytecode(argv: list[str]) -> bool:
    """-B among the interpreter's own options, alone or combined (-qB)."""
    options = iter(argv[1:])
    for arg in options:
        if arg == "--check-hash-based-pycs":  # the one long option with a value
            next(options, None)
        elif arg.startswith("--"):
            continue
        elif not arg.startswith("-") or arg == "-":
            return False  # the script: what follows is its own
        else:
            for at, letter in enumerate(arg[1:], start=2):
                if letter == "B":
                    return True
                if letter in "cm":  # the rest is the command or the module's arguments
                    return False
                if letter in "XW":  # a value follows: the rest, or the next argument
                    if at == len(arg):
                        next(options, None)
                    break
    return False


if asked_for_no_bytecode(sys.orig_argv):
    os.environ[_NO_BYTECODE] = "1"
if os.environ.get(_NO_BYTECODE) != "1":
    sys.dont_write_bytecode = False
