"""A Façade campaign's fights on screen (issue 31): the tracker's cells, the details, the
sheet forms and the flows of its keys (the turn, the contest, actions and interrupts,
attacks, pools, first aid)."""
