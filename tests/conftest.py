"""Suite-wide: tests marked ``serial`` run on one xdist worker, one after another, and
``-n auto`` starts two workers per core.

The crash test kills writer processes at random moments; sharing a worker keeps two such
tests from racing each other for the two cores (what it checks holds under any load: an
acknowledged operation survives, whatever the timing).
"""

from __future__ import annotations

import os

import pytest

# keep_bytecode, imported for what it sets: whether the test modules and the console they
# load write their bytecode (tests/keep_bytecode.py). Nothing before it loads the console.
from tests import keep_bytecode, shared_css  # noqa: F401


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
