"""The recovery view: a damaged campaign shown with its backups, mended with one key."""
