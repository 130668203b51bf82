"""Suite-wide: tests marked ``serial`` run on one xdist worker, one after another, and
``-n auto`` starts two workers per core.

The crash test kills writer processes at random moments; sharing a worker keeps two such
tests from racing each other for the two cores (what it checks holds under any load: an
acknowledged operation survives, whatever the timing).
"""

from __future__ import annotations

import os
import sys

# Set before anything else is imported (the imports below load the console). The development
# machines set PYTHONDONTWRITEBYTECODE: under it every xdist worker compiled the console and
# rewrote every test module's asserts again at each run (collecting took 5.8 s a worker,
# 2.5 s with the bytecode kept), and each test that starts `python -m console` compiled the
# console again. The suite keeps its bytecode beside the sources, as Python does by default
# (__pycache__ is ignored by git); what the console does is not changed by it. A deliberate
# `python -B` is kept (the flag is on the command line, not in the environment).
if "-B" not in sys.orig_argv:
    sys.dont_write_bytecode = False

import pytest

from tests import shared_css


def pytest_configure(config: pytest.Config) -> None:
    # Each Pilot app's CSS parsed once a process, not once an app (tests/shared_css.py).
    shared_css.install()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    # A Pilot test waits on the app's timers and screen updates a good part of its time:
    # two workers a core kept the two cores busy (whole suite on 2 cores: 80 s -> 64 s).
    return 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("serial") is not None:
            item.add_marker(pytest.mark.xdist_group("serial"))


@pytest.fixture(autouse=True)
def machine_settings(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The console's per-machine settings (the theme) in a folder of the test's own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
