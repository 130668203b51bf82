"""A pane draws again only when what it draws from is another object (or number, text)."""

from __future__ import annotations

from console.ui.widgets.drawn_from import DrawnFrom


def test_the_same_objects_are_not_drawn_again_and_others_are() -> None:
    drawn = DrawnFrom()
    fight, sheets = {"id": 1}, {}
    assert drawn.changed(fight, sheets, 1234567, "sk")
    assert not drawn.changed(fight, sheets, 1234567, "s" + "k")  # equal number and text
    assert drawn.changed({"id": 1}, sheets, 1234567, "sk")  # an equal but new fight
    assert drawn.changed({"id": 1}, sheets)  # fewer sources
    assert not drawn.changed(*drawn._sources)  # type: ignore[misc]
