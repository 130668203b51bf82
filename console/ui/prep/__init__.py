"""The prep screen and the prepared encounters at the table (issue 29)."""
