"""Helpers shared by the panes' help and the command palette."""

from __future__ import annotations

from textual.binding import Binding

__all__ = ["described_bindings"]


def described_bindings(owner: object) -> list[Binding]:
    """The bindings of ``owner`` (a widget, screen or app) that carry a description."""
    return [b for b in getattr(owner, "BINDINGS", []) if isinstance(b, Binding) and b.description]
