"""The only module that touches Textual's private parts: what the console needs and
Textual's public API does not offer, each use with why it is here and what happens without it.

Every use below serves one design, a dialog that opens in one frame: a dialog draws the
screen under it as a still picture, tinted once (``console.ui.dialogs.dialog``), instead of
Textual drawing that screen again through the dialog at every repaint (a dialog took five
to eight full frames and 250-500 ms to appear over a 100-row tracker); the rest keeps that
picture true (a resize, a clock, the toasts).

- :func:`tinted_still`: Textual's own renderer of the screen under a modal one
  (``textual.renderables.background_screen.BackgroundScreen``, which reads the screen's
  private compositor). Without it a dialog falls back to Textual's translucent modal screen:
  slower, never wrong. :func:`tinted_lines` tints a few lines the same way (its
  ``process_segments``), for a clock under a dialog that changes the picture every second.
  Without it the dialog takes its whole picture again at each tick: slower, never wrong.
- :class:`StillBackgroundApp`: Textual asks the app's private ``_background_screens`` which
  screens show through the top one, and repaints the top screen whenever one of them
  refreshes. Under a screen that paints all of itself it answers none. Without it the main
  screen's refreshes repaint an open dialog in full: slower, never wrong.
- :func:`lay_out_at`: the screen's private ``_screen_resized``, by which Textual lays out at
  a new terminal size the screens it counts as visible. The app counts none under a dialog,
  so a dialog lays the screens under it out itself when the terminal is resized, and its
  still picture is taken again at the new size. Without it the picture under an open
  dialog stays the one of the old size until the dialog closes: never wrong once closed.
  :func:`without_toasts` uses it too: Textual shows the toasts on the screen on top only,
  and leaves the ones on a covered screen as they were, so a dialog's picture of that
  screen showed a toast twice (in the picture, and live on the dialog), and kept it after
  it had expired. The picture is taken with that screen's toasts laid away. Without it a
  toast under a dialog is shown until the dialog closes: never wrong once closed.
  :func:`toasts_hidden_till_shown` serves the dialog's own toasts: Textual gives each new
  screen a toast rack that is shown, and hides it once the screen is up if no toast is
  live, which lays the dialog out and paints it whole a second time (15-30 ms after its
  first frame). A dialog starts with it hidden; Textual shows it as a toast comes. Without
  it a dialog is painted twice as it opens: slower, never wrong.

- :func:`remove_closed`: a closed dialog is removed as Textual removes any widget
  (``App._prune``), but without the blanket "lay the parent out again" Textual asks once
  the removal is done. A screen's parent is the app, so that request lays out and repaints
  in full the screen now on top, again: the screen under the dialog had already been
  repainted as it came back on top (Textual's ``ScreenResume``) and laid out if the
  terminal's size had changed, and a widget whose size changes asks for its own layout.
  Over a 100-row tracker the second layout and paint came 25-45 ms after the first frame
  that showed the saved change, the same picture drawn twice more (three frames, 22 KB).
  Without it a dialog is removed the public way: slower, never wrong.

One use serves the edge where outside text comes in, not the dialogs:

- :func:`keep_pastes_whole`: Textual's terminal parser (``textual._xterm_parser``, made by
  the Linux driver) reads an escape inside a bracketed paste (text copied with its colours)
  as the start of a key: what follows it in the paste came as key presses, ahead of the
  paste (an escape then a line break pressed enter; two escapes, escape), and "AB" + ESC +
  "CD" pasted read "^CDAB". The parser the driver makes here gives each such escape to the
  paste as SUB (U+001A), so the paste stays one paste, which the app then refuses whole
  (``console.ui.key_gate.GatedApp``). Without it pasting such text presses keys.

``tests/ui/test_textual_private.py`` fails, naming the use and this module, when the
installed Textual changes any of them; it also checks that no other module of the console uses
a private name of the Textual classes it builds on. ``pyproject.toml`` pins Textual to the
releases the suite has run on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from rich.console import RenderableType
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.await_remove import AwaitRemove
from textual.color import Color
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip

__all__ = ["PASTED_ESCAPE", "StillBackgroundApp", "WholePasteParser", "keep_pastes_whole",
           "lay_out_at", "paints_all_of_itself", "remove_closed", "tinted_lines",
           "tinted_still", "toasts_hidden_till_shown", "without_toasts"]

ReturnType = TypeVar("ReturnType")


def tinted_still(screen: Screen[Any], tint: Color) -> RenderableType | None:
    """``screen`` as Textual draws it under a modal screen, tinted; None if this Textual
    no longer has the renderer (the dialog then lets Textual draw what is under it)."""
    try:
        from textual.renderables.background_screen import BackgroundScreen
    except ImportError:
        return None
    return BackgroundScreen(screen, tint)


def tinted_lines(lines: list[Strip], tint: Color) -> list[Strip] | None:
    """``lines`` (a widget's, under a dialog) tinted as :func:`tinted_still` tints the whole
    screen; None if this Textual no longer has the renderer."""
    try:
        from textual.renderables.background_screen import BackgroundScreen
    except ImportError:
        return None
    tinted = getattr(BackgroundScreen, "process_segments", None)
    if not callable(tinted):
        return None
    return [Strip(list(tinted(line, tint)), line.cell_length) for line in lines]


def lay_out_at(screen: Screen[Any], size: Size) -> bool:
    """Lay ``screen`` out at ``size`` now, as Textual does a visible screen at a resize;
    False if this Textual no longer can."""
    resized = getattr(screen, "_screen_resized", None)
    if not callable(resized):
        return False
    resized(size)
    return True


def without_toasts(screen: Screen[Any]) -> None:
    """``screen``, covered, laid out again with its toasts put away, if it shows any
    (Textual shows them again, current, when ``screen`` is on top again)."""
    for rack in screen.query_children("#textual-toastrack"):
        if rack.display and rack.children:
            rack.display = False
            lay_out_at(screen, screen.app.size)


def toasts_hidden_till_shown(screen: Screen[Any]) -> None:
    """``screen``, new, with its toast rack hidden while it has no toast: Textual shows it
    when a toast comes, as it would have."""
    for rack in screen.query_children("#textual-toastrack"):
        if not rack.children:
            rack.display = False


def remove_closed(screen: Screen[Any]) -> AwaitRemove | None:
    """Remove ``screen``, closed, from the app without asking for the layout of the screen
    now on top; None if this Textual no longer can (the caller removes it the public way)."""
    prune = getattr(screen.app, "_prune", None)
    if not callable(prune):
        return None
    removal = prune(screen, parent=None)
    return removal if isinstance(removal, AwaitRemove) else None


def paints_all_of_itself(screen: Screen[Any]) -> bool:
    """A screen through which no screen under it shows: one that draws its own picture of
    what is under it (``paints_under``, a dialog), or an opaque one (the awards screen)."""
    return bool(getattr(screen, "paints_under", False)) or screen.styles.background.a >= 1


class StillBackgroundApp(App[ReturnType]):
    """An app under whose dialogs no screen counts as visible."""

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """Textual treats the screens under the top one as visible (Textual 8 looks only at
        the opacity of the screens under it, not at the top one's) and repaints the top
        one in full whenever one of them refreshes."""
        stack = self.screen_stack
        if stack and paints_all_of_itself(stack[-1]):
            return []
        return super()._background_screens


# ----- the edge: pastes ---------------------------------------------------------------------

_ESC = "\x1b"
_PASTE_START, _PASTE_END = "\x1b[200~", "\x1b[201~"
PASTED_ESCAPE = "\x1a"  # SUB, "substitute": what an escape inside a paste is given as


class WholePasteParser(XTermParser):
    """Textual's terminal parser, its bracketed pastes whole: inside one, every escape but
    the paste's end marker is :data:`PASTED_ESCAPE`. The end marker may arrive split
    between reads: its part at a read's end waits for the next read."""

    def __init__(self, debug: bool = False) -> None:
        self._in_paste = False
        self._held = ""  # inside a paste: the start of an end marker, held for the next read
        super().__init__(debug)

    def feed(self, data: str) -> Iterable[Message]:
        if not data:
            return super().feed(data)  # the end of the input
        whole = self._whole(data)
        # All of it held (the start of the end marker): nothing to parse yet. An empty feed
        # would tell Textual's parser the input has ended.
        return super().feed(whole) if whole else iter(())

    def _whole(self, data: str) -> str:
        text, self._held = self._held + data, ""
        out: list[str] = []
        at = 0
        while at < len(text):
            if not self._in_paste:
                # A paste's start marker is looked for within one read only: keys typed one
                # by one (escape, "[", "2", "0", "0", "~") that Textual reads as keys must
                # not start a paste here (every later escape would then be SUB, which reads
                # as ctrl+z). A start split between two reads is parsed as Textual parses it.
                found = text.find(_PASTE_START, at)
                if found < 0:
                    out.append(text[at:])
                    break
                end = found + len(_PASTE_START)
                out.append(text[at:end])
                at, self._in_paste = end, True
                continue
            found = text.find(_PASTE_END, at)
            if found < 0:
                last = text.rfind(_ESC, at)
                if last >= 0 and _PASTE_END.startswith(text[last:]):
                    out.append(text[at:last].replace(_ESC, PASTED_ESCAPE))
                    self._held = text[last:]
                else:
                    out.append(text[at:].replace(_ESC, PASTED_ESCAPE))
                break
            out.append(text[at:found].replace(_ESC, PASTED_ESCAPE) + _PASTE_END)
            at, self._in_paste = found + len(_PASTE_END), False
        return "".join(out)


def keep_pastes_whole() -> bool:
    """The Linux driver makes a :class:`WholePasteParser` (False: this Textual's driver no
    longer makes its parser by that name; pastes are then parsed as Textual parses them)."""
    from textual.drivers import linux_driver

    if not hasattr(linux_driver, "XTermParser"):
        return False
    setattr(linux_driver, "XTermParser", WholePasteParser)  # noqa: B010 (a module's name)
    return True
