"""The base of every dialog: a modal screen over a still picture of the screen under it.

Textual draws a translucent modal screen by rendering the whole screen under it again and
tinting every segment, on every repaint of the dialog, and every refresh of the screen
under it (its footer is rebuilt when the keys change) repaints the dialog in full: a dialog
took five to eight full frames and 250-500 ms to appear over a 100-row tracker. Nothing
under a modal dialog changes while it is up (the keys go to the dialog), so a dialog draws,
as its background, the screen under it tinted once, and the app stops treating that screen
as visible. Both rest on Textual's private parts, kept in ``console.ui.textual_private``.
"""

from __future__ import annotations

from typing import TypeVar

from rich.console import RenderableType
from rich.segment import Segment
from textual import events
from textual.color import Color
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RulesMap, Visual

from console.ui.safety import Guarded
from console.ui.textual_private import tinted_still

__all__ = ["Dialog"]

T = TypeVar("T")


class _Still(Visual):
    """The screen under a dialog, tinted, rendered once per size as ready-made lines."""

    def __init__(self, under: Screen[object], tinted: RenderableType) -> None:
        self.under = under
        self._tinted = tinted
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


class Dialog(Guarded, ModalScreen[T]):
    """A modal dialog over the main screen (or another dialog).

    Keys typed before the dialog can take them (a GM types "p", the name and enter in one
    burst, faster than the form is built) are kept, not lost: the app hands them to the
    dialog (:meth:`keep_early`) until it is on screen with its first field focused, and
    the dialog then takes them in order (:meth:`take_early_keys`)."""

    TINT = 0.6  # how much of the theme's background lies over the screen under the dialog
    paints_under = True  # it draws what is under it: no screen shows through (textual_private)

    _still: _Still | None = None
    _ready = False
    _early: list[events.Key] | None = None

    def keep_early(self, event: events.Key) -> bool:
        """Keep ``event`` for later if the dialog cannot take keys yet."""
        if self._ready:
            return False
        if self._early is None:
            self._early = []
        self._early.append(event)
        return True

    def on_mount(self) -> None:
        self.call_after_refresh(self._now_ready)

    def _now_ready(self) -> None:
        self._ready = True
        early, self._early = self._early or [], None
        if early:
            self.take_early_keys(early)

    def take_early_keys(self, keys: list[events.Key]) -> None:
        """Keys typed before the dialog was ready, in order. By default each goes to the
        focused widget as if typed now; a form reads them as its fields would."""
        target = self.focused or self
        for key in keys:
            target.post_message(events.Key(key.key, key.character))

    def render(self) -> Visual | Segment | str:  # type: ignore[override]
        under = self._under()
        if under is None:
            return super().render()  # type: ignore[return-value]
        if self._still is None or self._still.under is not under:
            tint = Color.parse(self.app.get_css_variables()["background"]).with_alpha(self.TINT)
            tinted = tinted_still(under, tint)
            if tinted is None:  # this Textual cannot draw it: let it draw what is under
                self.paints_under = False
                return super().render()  # type: ignore[return-value]
            self._still = _Still(under, tinted)
        return self._still

    def _under(self) -> Screen[object] | None:
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0:
            return stack[stack.index(self) - 1]
        return None
