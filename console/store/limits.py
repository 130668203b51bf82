"""Limits the store enforces that the command line also names (without loading the store)."""

__all__ = ["MAX_IMPORT_BYTES"]

# The largest export read: a 500-session campaign exports to a few megabytes; past this,
# it is not an export.
MAX_IMPORT_BYTES = 64 * 1024 * 1024
