"""Errors raised by the campaign model."""

from __future__ import annotations

__all__ = ["ModelError"]


class ModelError(ValueError):
    """A field value the model cannot hold; the message names the field and the problem."""
