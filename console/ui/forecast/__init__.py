"""The encounter forecast screen (issue 17)."""
