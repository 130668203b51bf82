"""The suite keeps its bytecode unless `python -B` asked otherwise (tests/keep_bytecode.py): the
interpreter's own options are read, alone or combined, and never the script's."""

from __future__ import annotations

import pytest

from tests.keep_bytecode import asked_for_no_bytecode


@pytest.mark.parametrize(("argv", "asked"), [
    (["python", "-B", "-m", "pytest"], True),
    (["python", "-qB", "-m", "pytest"], True),
    (["python", "-X", "importtime", "-B", "-m", "pytest"], True),
    (["python", "-Ximporttime", "-Bq", "-m", "pytest"], True),
    (["python", "--check-hash-based-pycs", "always", "-B", "-m", "pytest"], True),
    (["python", "-m", "pytest"], False),
    (["python", "-m", "pytest", "-B"], False),  # pytest's argument, not Python's
    (["python", "-mpytest", "-B"], False),
    (["python", "-W", "B", "-m", "pytest"], False),  # a warning filter's value
    (["python", "-WB", "-m", "pytest"], False),
    (["python", "-u", "-c", "import sys", "-B"], False),  # an xdist worker's start
    (["python", "script.py", "-B"], False),
])
def test_only_the_interpreter_s_own_b_counts(argv: list[str], asked: bool) -> None:
    assert asked_for_no_bytecode(argv) is asked
