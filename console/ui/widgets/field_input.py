"""Inputs of a form that keep up with a fast typist.

Textual hands each key to the focused input as a message, and an input's enter travels up
to its screen as another: keys typed right after an enter ("Prone", enter, "2", enter in
one burst, as a quick GM or a terminal multiplexer sends them) reached the old field before
the form had moved on, and "2" landed in the wrong field. Here enter and tab are acted on
the moment the field reads them, the form moves the focus at once (``Screen.set_focus``,
not the deferred ``focus()``), and a key that reaches a field the focus has already left
is passed on to the focused field, in the order typed.

The handler is ``on_key``: Textual calls it before the handlers of the classes it builds on,
and ``prevent_default`` keeps Input's own (typing the character) from running after it.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual import events
from textual.widgets import Input

from console.ui.safety import Guarded

__all__ = ["FieldInput", "FieldScreen"]


@runtime_checkable
class FieldScreen(Protocol):
    """A screen of FieldInputs that takes each enter as the field reads it."""

    def field_entered(self, field: Input) -> None: ...


class FieldInput(Guarded, Input):
    def on_key(self, event: events.Key) -> None:
        screen = self.screen
        meant = screen.focused
        if isinstance(meant, Input) and meant is not self:
            event.stop()
            event.prevent_default()
            meant.post_message(events.Key(event.key, event.character))
            return
        if event.key == "enter" and isinstance(screen, FieldScreen):
            event.stop()
            event.prevent_default()
            screen.field_entered(self)
            return
        if event.key in ("tab", "shift+tab"):
            fields = [f for f in screen.query(FieldInput) if f.focusable]
            if self in fields:
                event.stop()
                event.prevent_default()
                step = 1 if event.key == "tab" else -1
                screen.set_focus(fields[(fields.index(self) + step) % len(fields)])
                return
        # Anything else: Input's own handling (a character typed, a cursor key).
