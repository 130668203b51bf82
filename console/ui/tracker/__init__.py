"""The initiative tracker pane and the detail pane beside it."""
