"""How the simulated fights are played: simple, stated policies, the same in every run.

These are the forecast's assumptions; the console shows them beside its figures, because
a forecast is only as good as its picture of how the table fights.
"""

from __future__ import annotations

__all__ = ["MAX_ROUNDS", "TACTICS"]

MAX_ROUNDS = 30  # a fight still undecided after this many rounds is counted undecided

TACTICS: tuple[str, ...] = (
    "Every round the PCs roll Nish; NPCs act on their set Nish; highest first, and a tie "
    "acts at once (all its attacks land together).",
    "Each PC makes one attack a round with the first weapon on the sheet, on the NPC it is "
    "likeliest to bring down (ties: the most wounded).",
    "NPCs spread their attacks: their blows go round the standing PCs in turn, from a PC "
    "drawn at random each round. They never strike a PC who is down.",
    "An NPC dies at any critical damage (a vehicle or ship is crippled or destroyed: out of "
    "the fight either way). A PC's critical-damage checks are rolled as the "
    "book says: at the damage, then each round on the PC's Nish before acting; an unconscious "
    "PC wakes on a successful unconsciousness check. A PC with no Healing rating fails "
    "every Vitality-drain check.",
    "The party flees by the reading's flight rule (down: unconscious or dead); with no PC "
    "standing the fight is lost: every PC down, counted apart when none of them died.",
    f"A fight still undecided after {MAX_ROUNDS} rounds, no one dead, is counted apart as "
    "undecided: Table 18 has no row for it.",
    "Mid-fight, the forecast starts from the wounds, critical damage and states as they "
    "stand, with the round in progress played again from its start.",
)
