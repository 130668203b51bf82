"""The players' page in a browser works with no internet and says nothing a browser does
differently (issue 27): its assets name no other server, and no terminal key."""

from __future__ import annotations

import re
from importlib import resources

ASSETS = ("players.html", "players.css", "players.js")


def _text(name: str) -> str:
    return (resources.files("console.cli") / "web_page" / name).read_text(encoding="utf-8")


def test_the_page_asks_no_other_server() -> None:
    for name in ASSETS:
        text = _text(name)
        # A font, a script or a style from elsewhere: an address, an import, a url().
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", text,
                             re.IGNORECASE), name
        assert not re.search(r"<(link|script|img|iframe)[^>]*\b(src|href)=", text,
                             re.IGNORECASE), name


def test_the_page_names_no_terminal_key() -> None:
    for name in ASSETS:
        assert "ctrl+q" not in _text(name).lower(), name
