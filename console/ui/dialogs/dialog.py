"""The base of every dialog: a modal screen over a still picture of the screen under it.

Textual draws a translucent modal screen by rendering the whole screen under it again and
tinting every segment, on every repaint of the dialog, and every refresh of the screen
under it (its footer is rebuilt when the keys change) repaints the dialog in full: a dialog
took five to eight full frames and 250-500 ms to appear over a 100-row tracker. Nothing
under a modal dialog changes while it is up (the keys go to the dialog), so a dialog draws,
as its background, the screen under it tinted once, and the app stops treating that screen
as visible (``GMConsoleApp._background_screens``).
"""

from __future__ import annotations

from typing import TypeVar

from rich.segment import Segment
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RulesMap, Visual

__all__ = ["Dialog"]

T = TypeVar("T")


class _Still(Visual):
    """The screen under a dialog, tinted, rendered once per size as ready-made lines."""

    def __init__(self, under: Screen[object], tint: Color) -> None:
        self.under = under
        self._tinted = BackgroundScreen(under, tint)
        self._size: tuple[int, int | None] | None = None
        self._strips: list[Strip] = []

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        if (width, height) != self._size:
            console = self.under.app.console
            lines = console.render_lines(
                self._tinted, console.options.update(width=width, height=height), pad=True)
            self._strips = [Strip(line, width) for line in lines]
            self._size = (width, height)
        return self._strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._size[1] or 0 if self._size is not None else 0


class Dialog(ModalScreen[T]):
    """A modal dialog over the main screen (or another dialog)."""

    TINT = 0.6  # how much of the theme's background lies over the screen under the dialog

    _still: _Still | None = None

    def render(self) -> Visual | Segment | str:  # type: ignore[override]
        under = self._under()
        if under is None:
            return super().render()  # type: ignore[return-value]
        if self._still is None or self._still.under is not under:
            tint = Color.parse(self.app.get_css_variables()["background"]).with_alpha(self.TINT)
            self._still = _Still(under, tint)
        return self._still

    def _under(self) -> Screen[object] | None:
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0:
            return stack[stack.index(self) - 1]
        return None
