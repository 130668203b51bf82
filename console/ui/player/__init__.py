"""The players' view: a calm, read-only screen of the fight for the table."""
