"""Store fixtures. Like tinydb's own suite, API tests run on both MemoryStorage and real
JSON files (``store`` is parametrised); tests about files use ``saves`` directly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from console.store import CampaignStore


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path / "saves"


@pytest.fixture(params=["memory", "json"])
def store(request: pytest.FixtureRequest, saves: Path) -> Iterator[CampaignStore]:
    """A new campaign with small log chunks (3) so sealing is exercised by short tests."""
    if request.param == "memory":
        opened = CampaignStore.in_memory("Test", chunk_size=3)
    else:
        opened = CampaignStore.create(saves, "Test", chunk_size=3)
    yield opened
    opened.close()
