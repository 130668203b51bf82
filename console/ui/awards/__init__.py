"""The session AP awarder: grab bag, adventure bonuses, the veteran's pocket, the close of
session, spending AP, rank improvement rolls and the session summary."""
