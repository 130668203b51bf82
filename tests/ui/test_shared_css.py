"""The suite's shared parsed CSS (tests/shared_css.py) is installed, and an app styled
from it is styled as one that parsed its own: the same rules, the same colours, for the
theme it runs and after the theme changes."""

from __future__ import annotations

from importlib.metadata import version

from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.widgets import Button, Label

from tests import shared_css

CHANGED = ("the installed Textual ({}) changed Stylesheet._parse_rules, which "
           "tests/shared_css.py wraps (expected parameters {}): the suite runs without it, "
           "slower; update tests/shared_css.py or remove it")


class Styled(App[None]):
    CSS = "Label { color: $accent; background: $panel; } #b { width: 30; }"

    def compose(self) -> ComposeResult:
        yield Label("styled")
        yield Button("b", id="b")


def test_the_shared_css_is_installed() -> None:
    assert shared_css.installed(), CHANGED.format(version("textual"),
                                                  shared_css.EXPECTED_PARAMETERS)


async def _styles(theme: str, then: str | None = None) -> tuple[object, ...]:
    app = Styled()
    app.theme = theme
    async with app.run_test() as pilot:
        if then is not None:
            app.theme = then
            await pilot.pause()
        label, button = app.query_one(Label), app.query_one(Button)
        return (label.styles.color, label.styles.background, button.styles.width,
                button.styles.background)


async def _parsed_alone(theme: str, then: str | None = None) -> tuple[object, ...]:
    shared = Stylesheet._parse_rules
    Stylesheet._parse_rules = shared_css._TEXTUAL_PARSE  # type: ignore[method-assign]
    try:
        return await _styles(theme, then)
    finally:
        Stylesheet._parse_rules = shared  # type: ignore[method-assign]


async def test_an_app_styled_from_shared_rules_is_styled_as_one_that_parsed_its_own() -> None:
    for theme, then in (("textual-dark", None), ("textual-light", None),
                        ("textual-dark", "nord")):
        shared = await _styles(theme, then)
        assert shared == await _parsed_alone(theme, then), (theme, then)
    # Themes differ, so a rule parsed for one theme was not given to another.
    assert await _styles("textual-dark") != await _styles("textual-light")
