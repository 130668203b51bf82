"""Helpers shared by the panes' help and the command palette."""

from __future__ import annotations

from textual.binding import Binding, BindingType

__all__ = ["cursor_ends", "described_bindings", "long_name"]


def described_bindings(owner: object) -> list[Binding]:
    """The bindings of ``owner`` (a widget, screen or app) that carry a description, less
    those its ``check_action`` hides (a MetaScape campaign's grab bag in a Façade one)."""
    check = getattr(owner, "check_action", None)

    def hidden(binding: Binding) -> bool:
        name = binding.action.split("(", 1)[0]
        return check is not None and check(name, ()) is False

    return [b for b in getattr(owner, "BINDINGS", [])
            if isinstance(b, Binding) and b.description and not hidden(b)]


def long_name(binding: Binding) -> str:
    """The palette's and help's name for a binding: its tooltip when the footer's
    description is shortened to fit (the footer is one line for a whole screen of keys)."""
    return binding.tooltip or binding.description


def cursor_ends(prefix: str) -> list[BindingType]:
    """home/end for a DataTable used as a list: DataTable's own scroll without moving the
    cursor, but in a list the cursor is the selection."""
    return [
        Binding("home", "scroll_top", "First", id=f"{prefix}.first", show=False),
        Binding("end", "scroll_bottom", "Last", id=f"{prefix}.last", show=False),
    ]
