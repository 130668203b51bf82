"""The one refusal the service raises: a command that could not be carried out."""

from __future__ import annotations

__all__ = ["ActionRefused"]


class ActionRefused(Exception):
    """A GM command that could not be carried out; the message says why, fit to show him.

    Whatever the rules, the model or the store refused becomes this, with their message;
    the campaign is left as it was.
    """
