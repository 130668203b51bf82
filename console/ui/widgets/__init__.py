"""Widgets the panes share."""
