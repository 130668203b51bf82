"""Keys typed ahead of a dialog: held from the key that starts a flow until its dialog can
take them, then handed over in the order they were typed.

A flow (``console.ui.flow``) runs in a worker, which starts on a later turn of the event
loop, and its dialog can take keys a frame after that. Keys typed meanwhile (a GM types
``D``, ctrl+u and a roll in one burst, and a terminal delivers them in one read) would reach
the main screen's panes, or a form that has just closed. So the app hands every key to its
gate first (:class:`GatedApp`). While a flow holds the gate (:class:`Hold`: from the key
that starts it until its dialog is ready, and again from each of its dialogs' closing until
the next is ready or the flow ends), the gate keeps the keys in the order they were typed
(each key's time). Once nothing holds it, it posts them to the app again, as the terminal
would have; a key that arrives before they have all come through waits behind them, so
none overtakes another. Inside a form, its fields take each key in that order
(``console.ui.widgets.field_input``).

A key the app has already passed on comes back to it once the widgets under the focus had
it (Textual runs a key's binding then): one that comes back after a flow began since is
kept too, as a later key; one that comes back after the focus moved on since the app
passed it on (an earlier key of the burst moved it: the grab bag's ``2`` focuses the
reason) goes to the widget focused now, as if typed now. Its place among the others was
fixed when it was typed.

An escape followed within the terminal's escape delay by a letter reaches Textual as one
key, alt with that letter (Textual waits ``ESCDELAY``, 100 ms, after an escape for the rest
of a sequence; tmux merges the two within its ``escape-time``). The console binds no alt
key, so both were lost: the GM's escape closed nothing, and his next key did nothing. The
gate reads such a key as the two the GM typed (:func:`escape_then`), in order. Not the
others: Textual reads an escape before ``b`` or ``f`` as ctrl+left or ctrl+right, and
before a digit or a sign as another character (``1``: "¡"), which may be typed as it is;
and when another escape sequence (an arrow) follows the letter within the delay, Textual
reads the escape as "^" and the letter as itself, which nothing after its parser can tell
from "^" typed.
"""

from __future__ import annotations

import bisect
from collections import deque
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App

from console.model.text import first_refused
from console.ui.textual_private import PASTED_ESCAPE

if TYPE_CHECKING:
    _App = App[Any]
else:
    _App = object

__all__ = ["GatedApp", "Hold", "KeyGate", "again", "escape_then", "refused_paste", "typed"]


def refused_paste(text: str) -> str | None:
    """Why a paste is not taken (None: it is): a character that steers a terminal, an escape
    among them (``textual_private.WholePasteParser`` gives one as SUB), refused whole."""
    # A terminal sends a pasted line break as CR (and Windows text as CR LF): line breaks.
    found = first_refused(text.replace(PASTED_ESCAPE, "\x1b").replace("\r", "\n"),
                          notes=True)
    if found is None:
        return None
    return (f"Nothing pasted: the text holds {found}, which is not text to show (text "
            "copied with its colours carries escapes; copy it as plain text)")


def again(key: events.Key, app: App[Any]) -> events.Key:
    """The same key, typed at the same moment, not yet seen by anyone, sent as by the
    terminal: from the app (a message bubbles up only to the parent of the one that sent
    it, and a key made in a dialog's handler would stop at that dialog, its binding never
    run)."""
    copy = events.Key(key.key, key.character)
    copy.time = key.time
    copy.set_sender(app)
    return copy


def typed(keys: list[events.Key], most: int = 40) -> str:
    """Keys as a GM reads what he typed: characters run together as text ("and the relay"),
    any other key by its name ("30 enter enter"); only the last ``most`` characters, after
    "… ", when longer."""
    words: list[str] = []
    text = ""
    for key in keys:
        if key.is_printable and key.character:
            text += key.character
            continue
        if text:
            words.append(text)
            text = ""
        words.append(key.key)
    if text:
        words.append(text)
    shown = " ".join(words)
    return shown if len(shown) <= most else "… " + shown[-(most - 2):]


def escape_then(key: events.Key) -> tuple[events.Key, events.Key] | None:
    """The escape and the letter typed right after it, for the alt key Textual made of the
    two (``alt+k``, ``alt+shift+k``); None for any other key. Read so only as typed, not
    when it comes back for its binding."""
    character = key.character
    if (key.is_forwarded or not key.key.startswith("alt+") or character is None
            or len(character) != 1 or not character.isalnum()):
        return None
    escape = events.Key("escape", "\x1b")
    typed = events.Key(character, character)  # the name Textual gives a lone letter
    escape.time = typed.time = key.time
    return escape, typed


class KeyGate:
    """The one place where keys wait (see the module docstring)."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._holders: list[object] = []
        self._kept: list[events.Key] = []  # in the order typed
        self._sent: list[events.Key] = []  # posted again, not yet back here
        # The keys passed on lately, each with the widget focused then (None: the screen).
        # A key an input takes never comes back: only the newest are looked for.
        self._passed: deque[tuple[events.Key, object]] = deque(maxlen=64)

    @property
    def holding(self) -> bool:
        return bool(self._holders)

    def hold(self, holder: object) -> None:
        if not any(held is holder for held in self._holders):
            self._holders.append(holder)

    def release(self, holder: object) -> None:
        self._holders = [held for held in self._holders if held is not holder]
        self._send_kept()

    def admit(self, key: events.Key, focused: object) -> bool:
        """True: the app handles ``key`` now (``focused``: the widget it goes to, None for
        the screen); False: the gate keeps it for later."""
        if not key.is_forwarded:  # typed (or posted again): its turn among the others
            for index, sent in enumerate(self._sent):
                if sent is key:
                    del self._sent[index]
                    self._send_kept()
                    self._passed.append((key, focused))
                    return True
            if self._holders or self._sent:
                self.keep(key)
                return False
            self._passed.append((key, focused))
            return True
        # Back from the widgets under the focus, for its binding: only a flow begun since
        # it was typed holds it (it is a later key than the one that began the flow).
        if self._holders:
            self.keep(key)
            return False
        for index, (passed, target) in enumerate(self._passed):
            if passed is key:
                del self._passed[index]
                if target is not focused:  # the focus moved on before it was read
                    self.keep(key)
                    return False
                break
        return True

    def set_aside(self, holder: object) -> list[events.Key]:
        """The keys kept while ``holder`` holds the gate, taken out, not to be sent: what
        they were typed for will not come (an attack missed before its damage step)."""
        if not any(held is holder for held in self._holders):
            return []
        kept, self._kept = self._kept, []
        return kept

    def keep(self, key: events.Key) -> None:
        """Keep ``key`` in its place among the keys kept (a form that closed under it hands
        it back here)."""
        at = bisect.bisect_right([kept.time for kept in self._kept], key.time)
        self._kept.insert(at, key if not key.is_forwarded else again(key, self._app))
        self._send_kept()

    def _send_kept(self) -> None:
        if self._holders or self._sent or not self._kept:
            return
        kept, self._kept = self._kept, []
        for key in kept:
            copy = again(key, self._app)
            self._sent.append(copy)
            self._app.post_message(copy)


class Hold:
    """One flow's hold on the keys: from its start, and from each of its dialogs' closing,
    until its next dialog is ready or it ends."""

    def __init__(self, gate: KeyGate) -> None:
        self._gate = gate
        self.running = True
        gate.hold(self)

    def dialog_ready(self) -> None:
        self._gate.release(self)

    def dialog_closed(self) -> None:
        if self.running:  # what the GM types next is for the flow's next step
            self._gate.hold(self)

    def set_aside(self) -> list[events.Key]:
        """The keys typed for the flow's next step, which will not come: taken out."""
        return self._gate.set_aside(self)

    def end(self) -> None:
        self.running = False
        self._gate.release(self)


class GatedApp(_App):
    """Mixed into the console's app: every key passes its :class:`KeyGate` first."""

    _key_gate: KeyGate | None = None

    @property
    def key_gate(self) -> KeyGate:
        if self._key_gate is None:
            self._key_gate = KeyGate(self)
        return self._key_gate

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Paste) and not event.is_forwarded:
            refused = refused_paste(event.text)
            if refused is not None:  # the edge: outside text with what steers a terminal
                self.notify(refused, severity="warning")
                return
        if isinstance(event, events.Key):
            if (pair := escape_then(event)) is not None:
                for key in pair:  # their turn among the keys, as if typed apart
                    self.key_gate.keep(key)
                return
            if not self.key_gate.admit(event, self.focused):
                return
        await super().on_event(event)
