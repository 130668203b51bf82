"""A screen has its size classes from the start (console.ui.screens.breakpoints): the ones
Textual gives it at its first resize, so that resize restyles nothing."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Label

from console.ui.app import GMConsoleApp
from console.ui.screens.breakpoints import SizedAtOnce, size_classes

WIDE = [(0, "-narrow"), (80, "-wide"), (120, "-very-wide")]  # Textual's documented example


def test_the_largest_breakpoint_reached_in_each_direction() -> None:
    tall = GMConsoleApp.VERTICAL_BREAKPOINTS
    assert size_classes(WIDE, tall, Size(160, 48)) == {"-very-wide", "-tall"}
    assert size_classes(WIDE, tall, Size(100, 30)) == {"-wide", "-medium"}
    assert size_classes(WIDE, tall, Size(79, 29)) == {"-narrow", "-short"}
    assert size_classes(None, [(10, "-big")], Size(80, 9)) == set()  # none reached
    assert size_classes([(80, "-b"), (0, "-a")], [], Size(80, 1)) == {"-b"}  # any order


class Sized(SizedAtOnce, Screen[None]):
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-low"), (30, "-high")]

    def __init__(self) -> None:
        super().__init__(classes="own")
        self.mounted_with: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Label("sized")

    def on_mount(self) -> None:
        self.mounted_with = set(self.classes)


class Breakpointed(App[None]):
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = WIDE


@pytest.mark.parametrize(("size", "expected"), [
    ((160, 48), {"own", "-very-wide", "-high"}),
    ((100, 30), {"own", "-wide", "-high"}),
    ((80, 24), {"own", "-wide", "-low"}),
])
async def test_a_screen_is_made_with_the_classes_its_first_resize_gives(
        size: tuple[int, int], expected: set[str]) -> None:
    app = Breakpointed()
    async with app.run_test(size=size) as pilot:
        screen = Sized()
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.mounted_with == expected  # before its first resize
        # If this fails, Textual gives a screen its size classes another way: read
        # Screen._on_resize and _get_breakpoint_classes, and follow them in breakpoints.py.
        assert set(screen.classes) == expected


async def test_made_outside_an_app_it_has_only_its_own_classes() -> None:
    assert set(Sized().classes) == {"own"}
