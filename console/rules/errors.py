"""Errors raised by the rules core.

Every error carries a message meant for the GM: it names the input and what is wrong
with it, so the UI and the command line can show it as it is.
"""

__all__ = ["FacesError", "RatingError", "RulesError"]


class RulesError(ValueError):
    """Input the rules cannot accept; the message says why."""


class RatingError(RulesError):
    """A rating, value, level or adjustment that does not exist on the staircase."""


class FacesError(RulesError):
    """A sequence of dice faces that cannot have come from a real roll."""
