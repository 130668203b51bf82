"""A screen that has its size classes (the app's breakpoints: "-short", "-medium", "-tall")
from the start, not from its first resize.

Textual gives a screen its breakpoint classes when the screen's first Resize arrives, which
is after its first frame: every new dialog was styled and laid out twice, and drawn in
full twice (about 50 ms of a dialog's 90-180 ms to appear over a 100-row tracker). A
screen made with the classes it will get finds them unchanged at that resize, and Textual
restyles nothing. The rule is Textual's documented one (``App.HORIZONTAL_BREAKPOINTS``,
``VERTICAL_BREAKPOINTS``, or the screen's own): in each direction, the class of the
largest breakpoint the size reaches. ``tests/ui/test_breakpoints.py`` fails if a
Textual release gives a screen other classes than these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.geometry import Size
from textual.types import NoActiveAppError

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[Any]
else:
    _Screen = object

__all__ = ["SizedAtOnce", "size_classes"]

Breakpoints = list[tuple[int, str]]


def _reached(dimension: int, breakpoints: Breakpoints) -> set[str]:
    reached = [(point, name) for point, name in breakpoints if dimension >= point]
    return {max(reached)[1]} if reached else set()


def size_classes(horizontal: Breakpoints | None, vertical: Breakpoints | None,
                 size: Size) -> set[str]:
    """The breakpoint classes a screen of ``size`` has."""
    return _reached(size.width, horizontal or []) | _reached(size.height, vertical or [])


class SizedAtOnce(_Screen):
    """Mixed into a screen (before Textual's Screen): made in a running app, it has the
    app's size classes already."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Given as the screen's classes (Screen's name, id, classes), not added after:
        # added to a screen made, they would restyle it once more.
        if len(args) < 3:
            made_with = kwargs.get("classes") or ""
            try:
                made_at = self.size_classes_at(self.app.size)
            except (NoActiveAppError, AttributeError):
                # Made outside a running app (a test of its parts): Textual then looks for
                # the app up the screen's parents, which a screen not yet made lacks.
                made_at = set()
            kwargs["classes"] = " ".join(sorted(made_at)) + " " + made_with
        super().__init__(*args, **kwargs)

    def size_classes_at(self, size: Size) -> set[str]:
        """The breakpoint classes this screen has at ``size`` (its own breakpoints, or the
        app's)."""
        app = self.app
        horizontal = self.HORIZONTAL_BREAKPOINTS
        vertical = self.VERTICAL_BREAKPOINTS
        return size_classes(app.HORIZONTAL_BREAKPOINTS if horizontal is None else horizontal,
                            app.VERTICAL_BREAKPOINTS if vertical is None else vertical,
                            size)
