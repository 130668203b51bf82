"""A block of text in a writing form (``writing_dialog``): here apart, so that the flows
that name them load the form (and Textual's text area) only when one opens."""

from __future__ import annotations

from console.model.text import NOTES_MAX
from console.records import record

__all__ = ["Block"]


@record
class Block:
    """A block of text: its name in the answers, its label, what it holds at first, the
    most it may hold, and how many lines it is given on screen (a share of what is left)."""

    name: str
    label: str
    value: str = ""
    max_length: int = NOTES_MAX
    weight: int = 1
