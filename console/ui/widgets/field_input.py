"""Inputs of a form that take a fast typist's keys in the order typed.

Textual hands each key to the focused input as a message, and runs a key's binding only
when the key has come back up to the app, looking for it from the widget focused *then*.
A form moves the focus on enter, so in a burst ("Prone", enter, "2", enter; or ctrl+u,
"10H", enter, ctrl+u, "30" in the dice calculator, as a quick GM or a terminal multiplexer
sends them) a key reached a field the form had left, and a binding (ctrl+u) ran in
whichever field had the focus by the time it came back: "2" landed in the first field,
ctrl+u emptied the last. Here each key is acted on the moment the field reads it: enter
and tab move on at once (``Screen.set_focus``, not the deferred ``focus()``), a key bound
in the form (ctrl+u, ctrl+s, escape, ctrl+r ...) runs its binding there and then, and a key
that reaches a field the focus has left is passed on to the focused field, in the order
typed. One that arrives after its form has closed goes back to the app's key gate
(``console.ui.key_gate``), for what is on screen now. After a mistake said under a form,
the keys typed before it was said are not typed on (:class:`Mistakes`): the rest of a
burst was meant for the fields after the one the GM must now look at again.

The handler is ``on_key``: Textual calls it before the handlers of the classes it builds on,
and ``prevent_default`` keeps Input's own (typing the character) from running after it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual import events
from textual.widgets import Input

from console.ui.key_gate import GatedApp, again
from console.ui.safety import Guarded

__all__ = ["Completing", "FieldInput", "FieldScreen", "GoesOn", "Mistakes"]


@runtime_checkable
class FieldScreen(Protocol):
    """A screen of FieldInputs that takes each enter as the field reads it."""

    def field_entered(self, field: Input) -> None: ...


@runtime_checkable
class Completing(Protocol):
    """A screen whose fields may complete what was typed in part on tab."""

    def complete_field(self, field: Input) -> bool: ...


@runtime_checkable
class Mistakes(Protocol):
    """A screen that says its fields' mistakes: when it last said one, on the clock of
    Textual's events (``Message.time``), or None."""

    @property
    def mistake_said_at(self) -> float | None: ...

    def set_aside(self, key: events.Key) -> None:
        """``key``, typed before the mistake was said, is not typed on: say so."""


@runtime_checkable
class SaysUnder(Protocol):
    """A screen with a line under its fields for what it has to say (a form's mistakes)."""

    def show_error(self, message: str) -> None: ...


@runtime_checkable
class GoesOn(Protocol):
    """A screen that asked whether to discard what was typed: any key but escape in one of
    its fields answers "go on" (``console.ui.dialogs.discarding``). A field takes most keys
    before the screen sees them (a move to the next field, ctrl+t), so it tells it."""

    def go_on(self) -> None: ...


class FieldInput(Guarded, Input):
    # Every field a box of its own, empty or not: a compact Input has the dialog's own
    # background, so an empty one was invisible. A placeholder is an example, never a value:
    # italic and faint, so "750+110" cannot be taken for something typed.
    DEFAULT_CSS = """
    FieldInput.-textual-compact {
        background: $foreground 12%;
        &:focus { background: $foreground 20%; }
    }
    FieldInput > .input--placeholder { color: $text-muted 60%; text-style: italic; }
    """
    # The classes Input gives itself, given at once: Textual styles an input anew at each
    # class added, though it is not on screen yet (about 1.5 ms each; a form opens with up
    # to eight fields). The one it gives once it has checked a starting text: no
    # FieldInput has validators, so every text is valid. And compact's: Input's reactive
    # takes its class away as it starts from its default, then adds it back, two stylings;
    # here the reactive starts False, as its default, and is then set True with its class,
    # unstyled (styled once, as it is mounted).
    # tests/ui/test_field_input_classes.py fails if Input's classes change.
    CHECKED = "-valid"
    COMPACT = "-textual-compact"

    def __init__(self, value: str | None = None, *args: Any, classes: str | None = None,
                 compact: bool = False, **kwargs: Any) -> None:
        made_with = [*([self.CHECKED] if value else []), *(classes or "").split()]
        super().__init__(value, *args, classes=" ".join(made_with), **kwargs)
        if compact:
            self.set_reactive(Input.compact, True)
            self.add_class(self.COMPACT, update=False)

    async def on_key(self, event: events.Key) -> None:
        screen = self.screen
        if event.key != "escape" and isinstance(screen, GoesOn) and screen.is_active:
            screen.go_on()  # down, tab, ctrl+t ... left the question armed
        if not screen.is_active:  # typed after its form closed: for what is on top now
            self._taken(event)
            if isinstance(self.app, GatedApp):
                self.app.key_gate.keep(event)
            return
        if (isinstance(screen, Mistakes) and (said := screen.mistake_said_at) is not None
                and event.time <= said):
            self._taken(event)  # typed before the mistake was said: not typed on
            screen.set_aside(event)
            return
        meant = screen.focused
        if isinstance(meant, Input) and meant is not self:
            self._taken(event)
            meant.post_message(again(event, self.app))
            return
        if event.key == "enter" and isinstance(screen, FieldScreen):
            self._taken(event)
            screen.field_entered(self)
            return
        if event.key == "tab" and isinstance(screen, Completing) and screen.complete_field(self):
            self._taken(event)  # a name typed in part, completed: the field stays
            return
        # up and down move between a form's fields too: an input of one line has no use for
        # them, and a GM who pressed up typed on into the same field ("14" + "12"). They
        # stop at the first and the last field (up on the first had gone round to the
        # last, and what was typed next landed in the NPC's Dmg); tab goes round.
        if event.key in ("tab", "shift+tab", "down", "up"):
            fields = [f for f in screen.query(FieldInput) if f.focusable]
            if self in fields:
                self._taken(event)
                step = 1 if event.key in ("tab", "down") else -1
                at = fields.index(self) + step
                if event.key in ("up", "down"):
                    at = min(max(at, 0), len(fields) - 1)
                screen.set_focus(fields[at % len(fields)])
                return
        if event.is_printable:
            if (self.max_length and len(self.value) >= self.max_length
                    and self.selection.is_empty and isinstance(screen, SaysUnder)):
                # Input drops it without a word: a name stopped at 60 characters, unsaid.
                screen.show_error(f"{self.max_length} characters at most here: what is "
                                  "typed past them is not kept")
            return  # Input's own handling: the character typed where the cursor is
        # A bound key (ctrl+u, ctrl+s, escape ...): its binding now, before the next key.
        self._taken(event)
        active = screen.active_bindings.get(event.key)
        if active is not None and active.enabled:
            await self.app.run_action(active.binding.action, active.node)

    @staticmethod
    def _taken(event: events.Key) -> None:
        event.stop()
        event.prevent_default()
