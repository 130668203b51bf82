"""Escape on a dialog the GM has typed into asks before throwing it away.

Escape on a changed dialog says "Discard what you typed? escape again to discard; any other
key goes on". A second escape discards; anything else (a character, enter, tab) withdraws
the question, and the next escape asks again. A field or text area takes most keys before
the dialog sees them (a character, enter, tab, down, ctrl+t), so it tells the dialog of
each (``FieldInput`` and the writing form's blocks, through ``field_input.GoesOn``); the
dialogs take a change to a field's text as going on too, for a paste, which is no key.
Before this was one mixin, the close of session had no question (nine fields lost to one
escape), and the others asked only once: a GM who went on typing and then pressed escape
lost everything at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[Any]
else:
    _Screen = object

__all__ = ["AsksBeforeDiscarding"]


class AsksBeforeDiscarding(_Screen):
    """Mixed into a dialog: its ``escape`` binding runs ``action_cancel``; its fields call
    :meth:`go_on` for any other key, and the dialog for a field changed by a paste."""

    DISCARD_QUESTION = "Discard what you typed? escape again to discard; any other key goes on"
    _discarding = False  # the question is up

    def typed_anything(self) -> bool:
        """True once the GM changed what the dialog opened with."""
        raise NotImplementedError

    def say_discarding(self, asking: bool) -> None:
        """Put the question up (``asking``), or take it down for what was said before."""
        raise NotImplementedError

    def action_cancel(self) -> None:
        if self.typed_anything() and not self._discarding:
            self._discarding = True
            self.say_discarding(True)
            return
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        if event.key != "escape":
            self.go_on()

    def go_on(self) -> None:
        """The GM goes on after the question: it is withdrawn, the next escape asks again."""
        if self._discarding:
            self._discarding = False
            self.say_discarding(False)
