"""A FieldInput is made with the classes Input gives itself (console.ui.widgets.field_input):
none is added after, so Textual does not style it again before it is even on screen."""

from __future__ import annotations

import pytest
from textual.app import App

from console.ui.widgets.field_input import FieldInput


@pytest.mark.parametrize("made", [
    {"value": "3:40", "compact": True},
    {"compact": True},
    {"value": "7"},
    {},
    {"value": "x", "compact": True, "classes": "own"},
])
async def test_an_input_keeps_the_classes_it_was_made_with(made: dict[str, object]) -> None:
    app = App[None]()
    async with app.run_test() as pilot:
        field = FieldInput(**made)  # type: ignore[arg-type]
        given = set(field.classes)
        await app.screen.mount(field)
        field.focus()
        await pilot.press("a", "backspace")  # typed in: Input checks the text again
        # If this fails, Input gives itself other classes as it is made or as it is
        # typed in: follow them in FieldInput.MADE_WITH.
        assert set(field.classes) == given
        assert ("-textual-compact" in given) is bool(made.get("compact"))
        assert "own" in given or "classes" not in made
