"""Test-only: the parsed CSS shared by every app the suite starts in one process.

Textual keeps the rules it parsed per stylesheet, and every app has its own: each of the
suite's hundreds of Pilot apps parsed the console's and Textual's CSS again, about a
quarter of an app's start (140 ms -> 108 ms of CPU each). The console runs one app per
process, so it has nothing to share; this is for the suite alone, installed by
``tests/conftest.py``.

The rules parsed depend on the CSS and on the stylesheet's variables (the theme's colours),
so both are in the key: apps with another theme, or a theme changed while one runs, parse
their own. A parse that fails is not kept, so an error is raised every time, as Textual
raises it. ``Stylesheet._parse_rules`` is Textual's private method; a Textual release
that changes it fails ``tests/ui/test_shared_css.py`` with a message saying so, and the
suite is only slower without this.
"""

from __future__ import annotations

import inspect
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

__all__ = ["EXPECTED_PARAMETERS", "install", "installed"]

EXPECTED_PARAMETERS = ("self", "css", "read_from", "is_default_rules", "tie_breaker",
                       "scope")

_RULES: dict[tuple[Any, ...], list[RuleSet]] = {}
_TEXTUAL_PARSE = Stylesheet._parse_rules


def _shared_parse_rules(self: Stylesheet, css: str, read_from: Any,
                        is_default_rules: bool = False, tie_breaker: int = 0,
                        scope: str = "") -> list[RuleSet]:
    key = (css, read_from, is_default_rules, tie_breaker, scope,
           tuple(sorted(self._variables.items())))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = _TEXTUAL_PARSE(self, css, read_from, is_default_rules,
                                             tie_breaker, scope)
    return rules


def install() -> bool:
    """Share parsed CSS between the process's apps, if Textual's method is the one this was
    written for (else leave Textual as it is, and say so by returning False)."""
    parameters = tuple(inspect.signature(_TEXTUAL_PARSE).parameters)
    if parameters != EXPECTED_PARAMETERS:
        return False
    Stylesheet._parse_rules = _shared_parse_rules  # type: ignore[method-assign]
    return True


def installed() -> bool:
    return Stylesheet._parse_rules is _shared_parse_rules  # type: ignore[comparison-overlap]
