"""A FieldInput is made with the classes Input gives itself (console.ui.widgets.field_input):
it is styled once less than a plain Input while being made for a starting text, and has
the classes a plain Input has once mounted."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Input

from console.ui.widgets.field_input import FieldInput


@pytest.mark.parametrize("made", [
    {"value": "3:40", "compact": True},
    {"compact": True},
    {"value": "7"},
    {"value": ""},
    {},
    {"placeholder": "p", "compact": True, "max_length": 5},
    {"value": "x", "compact": True, "classes": "own"},
])
async def test_an_input_is_made_with_the_classes_a_plain_input_has_once_mounted(
        made: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    app = App[None]()
    async with app.run_test() as pilot:
        restyled: list[object] = []
        with monkeypatch.context() as counting:
            counting.setattr(Input, "update_node_styles",
                             lambda self, animate=True: restyled.append(self))
            field = FieldInput(**made)  # type: ignore[arg-type]
            plain = Input(**made)  # type: ignore[arg-type]
        # Styled once less while being made for a starting text, once less if compact,
        # never more: Input added no class it did not have already.
        saved = (1 if made.get("value") else 0) + (1 if made.get("compact") else 0)
        assert restyled.count(field) == restyled.count(plain) - saved
        given = set(field.classes)
        await app.screen.mount(field, plain)
        await pilot.pause()
        # If this fails, Input gives itself other classes as it is made: follow them in
        # FieldInput.__init__.
        assert given == set(field.classes) == set(plain.classes)
        assert field.compact == plain.compact
        for typed in (field, plain):
            typed.focus()
            await pilot.press("a", "backspace")  # typed in: Input checks the text again
        assert set(field.classes) == set(plain.classes)
