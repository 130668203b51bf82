"""What the table sees: the GM's choices for the players' view and the turn timer."""
