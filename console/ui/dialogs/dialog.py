"""The base of every dialog: a modal screen over a still picture of the screen under it.

Textual draws a translucent modal screen by rendering the whole screen under it again and
tinting every segment, on every repaint of the dialog, and every refresh of the screen
under it (its footer is rebuilt when the keys change) repaints the dialog in full: a dialog
took five to eight full frames and 250-500 ms to appear over a 100-row tracker. Nothing
under a modal dialog changes while it is up (the keys go to the dialog), so a dialog draws,
as its background, the screen under it tinted once, and the app stops treating that screen
as visible. Both rest on Textual's private parts, kept in ``console.ui.textual_private``.

What under a dialog changes by itself (the header's turn timer, each second) is copied into
that picture as it changes (:func:`show_through`): the rest of the picture stays as drawn.
"""

from __future__ import annotations

import weakref
from typing import Any, Protocol, TypeVar, runtime_checkable

from rich.console import RenderableType
from rich.segment import Segment
from textual import events
from textual.await_complete import AwaitComplete
from textual.await_remove import AwaitRemove
from textual.color import Color
from textual.geometry import Region, Size
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.style import Style
from textual.types import NoActiveAppError
from textual.visual import RenderOptions, RulesMap, Visual
from textual.widget import Widget

from console.ui.key_gate import Hold
from console.ui.paint_hold import PaintHold
from console.ui.safety import Guarded, on
from console.ui.screens.breakpoints import SizedAtOnce
from console.ui.textual_private import (
    lay_out_at,
    remove_closed,
    tinted_lines,
    tinted_still,
    toasts_hidden_till_shown,
    without_toasts,
)

__all__ = ["Dialog", "show_through"]

T = TypeVar("T")


class _Still(Visual):
    """The screen under a dialog, tinted, rendered once per size as ready-made lines."""

    def __init__(self, under: Screen[object], tinted: RenderableType, tint: Color) -> None:
        self.under = under
        self._tinted = tinted
        self.tint = tint
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

    def patch(self, region: Region, lines: list[Strip]) -> bool:
        """The rows of ``region`` show ``lines`` (tinted already) from now on; False if the
        picture is not drawn yet (it will be, as it is now)."""
        if self._size is None:
            return False
        strips = list(self._strips)  # a new list: the one handed out stays as it was
        for row, line in enumerate(lines):
            y = region.y + row
            if 0 <= y < len(strips):
                old = strips[y]
                strips[y] = Strip.join([old.crop(0, region.x), line.crop(0, region.width),
                                        old.crop(region.right, old.cell_length)])
        self._strips = strips
        return True

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._size[1] or 0 if self._size is not None else 0


@runtime_checkable
class Versioned(Protocol):
    """A screen that says when its picture may have changed (the main screen: a change of
    the campaign, or of what the GM has selected)."""

    @property
    def drawn_version(self) -> object: ...


# The still last drawn under each flow's dialog: its next dialog over the same screen shows
# it again when nothing has changed under it since (the flow holds the keys between its
# dialogs, and what it saves moves the screen's version), instead of drawing the whole
# screen again (7-14 ms over a 100-row tracker).
_LAST_STILL: weakref.WeakKeyDictionary[Hold, tuple[Screen[object], object, _Still]] = \
    weakref.WeakKeyDictionary()


class Dialog(Guarded, SizedAtOnce, ModalScreen[T]):
    """A modal dialog over the main screen (or another dialog).

    A flow opens it (``Flows.ask``) and holds the keys typed meanwhile (``Hold``): the
    dialog lets them through once it is on screen with its first field focused, and holds
    them again as it closes, for the flow's next step (``console.ui.key_gate``)."""

    TINT = 0.6  # how much of the theme's background lies over the screen under the dialog
    paints_under = True  # it draws what is under it: no screen shows through (textual_private)

    _still: _Still | None = None
    _laid_out_at: Size | None = None
    _styled_when_pushed = False
    hold: Hold | None = None  # the hold of the flow that opened it, if any
    paint_hold: PaintHold | None = None  # that flow's hold on painting (console.ui.paint_hold)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Whether its stylesheets are read already (the console reads them all just after
        # its first frame): then pushing it styles it whole as it is registered. Pushed
        # first, its own stylesheet is read after that, and only its restyle as it comes
        # on top gives the dialog itself its rules (centred, not at the top left).
        try:
            sheet = self.app.stylesheet
        except NoActiveAppError:
            return
        self._styled_when_pushed = not self.CSS and all(
            sheet.has_source(str(path)) for path in self.css_path)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Run before Screen's own handler (a subclass's first): Textual restyles a screen
        # whole each time it comes on top, so it catches what changed while it was under
        # another. The first time, just pushed with its stylesheets read before, it was
        # styled as it was registered, a moment ago: styled again for nothing, 5 to 10 ms
        # of every dialog's opening.
        if self._styled_when_pushed:
            self._styled_when_pushed = False
            event.refresh_styles = False

    def on_mount(self) -> None:
        self._laid_out_at = self.app.size  # the size of the screens under it, as pushed
        toasts_hidden_till_shown(self)
        under = self._under()
        if under is not None:
            # Its toasts show on the dialog, live: in the picture of it they would show
            # twice, and stay once expired. Put away before the picture is first taken.
            without_toasts(under)
        self.call_after_refresh(self._takes_keys)

    def _takes_keys(self) -> None:
        if self.hold is not None and self.is_active:
            self.hold.dialog_ready()

    @on(events.Resize)
    def _follow_the_terminal(self, event: events.Resize) -> None:
        """The terminal resized while the dialog is open: the screens under it are laid out
        at the new size (Textual lays out only the screens it counts as visible, and the
        app counts none under a dialog), and each dialog among them, and this one, takes
        its picture of what is under it again. Twice: laid out, a screen under it handles
        the resize (its size classes, the main screen's narrow layout), which asks for a
        layout Textual makes only for the screen on top. (Not at the dialog's own first
        resize: what is under it was laid out at this size.)"""
        if event.size == self._laid_out_at:
            return
        self._laid_out_at = event.size
        self._lay_out_under(event.size)
        self.call_after_refresh(self._lay_out_under, event.size)

    def _lay_out_under(self, size: Size) -> None:
        stack = self.app.screen_stack
        if self not in stack or size != self.app.size:
            return  # closed meanwhile, or resized again (its own resize follows)
        for under in stack[:stack.index(self)]:
            lay_out_at(under, size)
            if isinstance(under, Dialog):
                under.forget_still()
        self.forget_still()

    def forget_still(self, region: Region | None = None) -> None:
        """Take the picture of what is under the dialog again (shown at once in ``region``,
        or in the whole dialog)."""
        self._still = None
        if self.hold is not None:
            _LAST_STILL.pop(self.hold, None)
        self.refresh(*(() if region is None else (region,)))

    def _show_through(self, widget: Widget, region: Region) -> None:
        """``widget``, on the screen right under the dialog, as it is now, in the picture."""
        still = self._still
        if still is None or still.under is not widget.screen:
            return  # no picture yet, or Textual draws what is under: it shows as it is
        lines = tinted_lines(widget.render_lines(Region(0, 0, *region.size)), still.tint)
        if lines is None:
            self.forget_still(region)
        elif still.patch(region, lines):
            self.refresh(region)

    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if self.hold is not None:
            self.hold.dialog_closed()
        if result is not None and self.paint_hold is not None:
            self.paint_hold.hold()  # what the flow does with the answer shows with it
        return super().dismiss(result)

    def remove(self) -> AwaitRemove:
        """Removed once closed, without Textual laying out the screen under it again: it was
        repainted as it came back on top (``console.ui.textual_private.remove_closed``)."""
        removal = remove_closed(self)
        return super().remove() if removal is None else removal

    def render(self) -> Visual | Segment | str:  # type: ignore[override]
        under = self._under()
        if under is None:
            return super().render()  # type: ignore[return-value]
        if self._still is None or self._still.under is not under:
            tint = Color.parse(self.app.get_css_variables()["background"]).with_alpha(self.TINT)
            version = (under.drawn_version if isinstance(under, Versioned) else None, tint)
            last = _LAST_STILL.get(self.hold) if self.hold is not None else None
            if last is not None and last[0] is under and last[1] == version \
                    and version[0] is not None:
                self._still = last[2]
                return self._still
            tinted = tinted_still(under, tint)
            if tinted is None:  # this Textual cannot draw it: let it draw what is under
                self.paints_under = False
                return super().render()  # type: ignore[return-value]
            self._still = _Still(under, tinted, tint)
            if self.hold is not None:
                _LAST_STILL[self.hold] = (under, version, self._still)
        return self._still

    def _under(self) -> Screen[object] | None:
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0:
            return stack[stack.index(self) - 1]
        return None


def show_through(widget: Widget) -> None:
    """``widget`` changed by itself (a clock) while dialogs cover its screen: the dialog
    over that screen copies it into its picture, and each dialog over that one takes its
    whole picture again (a dialog over a dialog is rare and short), so the one on top shows
    it as it is now. Nothing is laid out, and only the widget's rows are painted again."""
    stack = widget.app.screen_stack
    screen = widget.screen
    region = widget.region
    if screen not in stack or not region:
        return
    above = stack[stack.index(screen) + 1:]
    for place, dialog in enumerate(above):
        if not isinstance(dialog, Dialog):
            return  # a screen of Textual's own (the palette) draws what is under it
        if place == 0:
            dialog._show_through(widget, region)
        else:
            dialog.forget_still(region)
