"""The hazard wizard: drowning, vacuum, falling, cold and heat, checked on the victim's Nish."""
