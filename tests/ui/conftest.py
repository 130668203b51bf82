"""Fixtures for driving the console with Textual's Pilot on a real campaign folder."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from textual.pilot import Pilot

from console.store import CampaignStore
from console.ui.app import GMConsoleApp

SIZE = (160, 48)
START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


class FakeClock:
    """Time that moves only when a test says so (one minute per tick by default)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: int = 1) -> None:
        self.now += timedelta(minutes=minutes)


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    CampaignStore.create(folder, "Iron Reach").close()
    return folder


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def open_app(saves: Path, clock: FakeClock) -> Iterator[object]:
    """Call it to get an app on the campaign; every store it opened is closed afterwards."""
    stores: list[CampaignStore] = []

    def make() -> GMConsoleApp:
        store = CampaignStore.open(saves, "Iron Reach")
        stores.append(store)
        return GMConsoleApp(store, rng=random.Random(7), clock=clock)

    yield make
    for store in stores:
        store.close()


def keys(text: str) -> list[str]:
    """The key presses that type ``text`` into an input."""
    names = {" ": "space", "'": "apostrophe", "-": "minus", ".": "full_stop"}
    return [names.get(ch, ch) for ch in text]


async def type_in(pilot: Pilot[None], *entries: str) -> None:
    """Type each entry and press enter after it ("" just presses enter)."""
    for entry in entries:
        await pilot.press(*keys(entry), "enter")
    await pilot.pause()
