"""The session log pane."""
