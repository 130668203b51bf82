"""Suite-wide: tests marked ``serial`` run on one xdist worker, one after another.

The crash test kills writer processes at random moments; sharing a worker keeps two such
tests from racing each other for the two cores (what it checks holds under any load: an
acknowledged operation survives, whatever the timing).
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("serial") is not None:
            item.add_marker(pytest.mark.xdist_group("serial"))


@pytest.fixture(autouse=True)
def machine_settings(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The console's per-machine settings (the theme) in a folder of the test's own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
