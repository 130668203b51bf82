"""Combat from the tracker: attacks both ways, critical damage, healing, vessels."""
