"""The key gate (``console.ui.key_gate``): keys held while a flow holds it, handed back in
the order typed, and none overtaking another while they come through."""

from __future__ import annotations

from typing import Any

from textual import events

from console.ui.key_gate import Hold, KeyGate, escape_then


class Posted:
    """Stands for the app: what the gate posts to it."""

    def __init__(self) -> None:
        self.keys: list[events.Key] = []

    def post_message(self, key: events.Key) -> bool:
        self.keys.append(key)
        return True


def typed(key: str, at: float) -> events.Key:
    made = events.Key(key, key)
    made.time = at
    return made


def gate_on(app: Posted) -> KeyGate:
    return KeyGate(app)  # type: ignore[arg-type]


def test_keys_wait_for_the_flow_and_come_back_in_the_order_typed() -> None:
    app = Posted()
    gate = gate_on(app)
    hold = Hold(gate)
    # Kept in the order typed, whichever reached the gate first (one handed back by a form
    # that closed under it may come after a later one).
    assert not gate.admit(typed("b", 2.0), None)
    assert not gate.admit(typed("a", 1.0), None)
    assert app.keys == []
    hold.dialog_ready()
    assert [(k.key, k.time) for k in app.keys] == [("a", 1.0), ("b", 2.0)]
    # A key typed meanwhile waits behind them, even with nothing holding the gate.
    late = typed("c", 3.0)
    assert not gate.admit(late, None)
    assert gate.admit(app.keys[0], None) and gate.admit(app.keys[1], None)
    assert [k.key for k in app.keys] == ["a", "b", "c"]
    assert gate.admit(app.keys[2], None)
    assert gate.admit(typed("d", 4.0), None)  # nothing waiting: straight through


def test_a_flow_holds_again_between_its_dialogs_and_lets_go_when_it_ends() -> None:
    app = Posted()
    gate = gate_on(app)
    hold = Hold(gate)
    hold.dialog_ready()
    assert gate.admit(typed("x", 1.0), None)
    hold.dialog_closed()  # the dialog's answer: the flow goes on to its next step
    assert not gate.admit(typed("1", 2.0), None)
    hold.end()
    assert [k.key for k in app.keys] == ["1"]
    hold.dialog_closed()  # a flow that has ended holds nothing any more
    assert not gate.holding


def test_a_key_back_from_the_widgets_is_held_only_by_a_flow_begun_since() -> None:
    app = Posted()
    gate = gate_on(app)
    tracker = object()
    key: Any = typed("space", 1.0)
    assert gate.admit(key, tracker)
    key._set_forwarded()  # what Textual does as it hands the key to the focused widget
    assert gate.admit(key, tracker)  # back for its binding, no flow: its binding runs
    key = typed("space", 2.0)
    assert gate.admit(key, tracker)
    key._set_forwarded()
    hold = Hold(gate)
    assert not gate.admit(key, tracker)  # a flow began since it was typed: a later key, kept
    hold.end()
    assert [(k.key, k.is_forwarded) for k in app.keys] == [("space", False)]


def test_a_key_back_after_the_focus_moved_on_goes_to_the_widget_focused_now() -> None:
    """The grab bag's 2 focuses its reason: the letters typed after it had gone to the list
    of PCs before 2's binding ran; they come back and are typed again, into the reason."""
    app = Posted()
    gate = gate_on(app)
    pcs, reason = object(), object()
    key: Any = typed("h", 1.0)
    assert gate.admit(key, pcs)
    key._set_forwarded()
    assert not gate.admit(key, reason)  # the focus moved on: posted again, as typed now
    assert [(k.key, k.time) for k in app.keys] == [("h", 1.0)]
    assert gate.admit(app.keys[0], reason)


def test_an_alt_letter_is_the_escape_and_the_letter_typed_at_its_moment() -> None:
    merged = events.Key("alt+shift+k", "K")
    merged.time = 5.0
    pair = escape_then(merged)
    assert pair is not None
    assert [(key.key, key.character, key.time) for key in pair] == [
        ("escape", "\x1b", 5.0), ("K", "K", 5.0)]
    assert escape_then(events.Key("alt+é", "é")) is not None
    for other in (events.Key("k", "k"), events.Key("alt+delete", None),
                  events.Key("escape", "\x1b"), events.Key("en_dash", "\u2013")):
        assert escape_then(other) is None
    back: Any = events.Key("alt+k", "k")
    back._set_forwarded()  # back from the widgets for its binding: read once, as typed
    assert escape_then(back) is None


def test_the_console_binds_no_alt_key() -> None:
    """What makes reading an alt key as escape-then-letter safe: none is the GM's."""
    from textual.dom import DOMNode

    import console.ui.app  # noqa: F401  (every screen and widget class defined)

    classes: list[type] = [DOMNode]
    found = []
    while classes:
        node = classes.pop()
        classes += node.__subclasses__()
        if node.__module__.startswith("console."):
            for binding in node.__dict__.get("BINDINGS", []):
                keys = binding.key if hasattr(binding, "key") else binding[0]
                found += [key for key in keys.split(",") if key.strip().startswith("alt+")]
    assert found == []
