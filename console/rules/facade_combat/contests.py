"""Façade's contests in a fight (seed 002): an attack's margin against the target's Action
(and his defense), an active contest's level of success, and a 0 attribute.

"Whoever rolls higher is the winner, and the loser's result should be subtracted from the
winner's to find the level of success": the level is that difference read on the success
chart, (winner - loser) / 3 rounded down. "A character with a 0 attribute automatically
fails any active contest involving that attribute, even if he has a trait total due to
skills."
"""

from __future__ import annotations

from console.records import record
from console.rules.systems import facade

__all__ = ["Attack", "active_level", "attack_margin", "counts", "needs_defense"]


def active_level(winner: int, loser: int) -> int:
    """The winner's level of success in an active contest (0 Minimal .. 9 Epic)."""
    found = facade.level(max(winner, loser), min(winner, loser))
    assert isinstance(found, int)
    return found


def counts(roll: int, attribute: int) -> int:
    """A roll in an active contest: 0 (an automatic failure) when the attribute it involves
    is 0, "even if he has a trait total due to skills"."""
    return 0 if attribute == 0 else roll


def needs_defense(roll: int, action: int) -> bool:
    """A defense is rolled "after it is determined that the attacker would be successful
    without the Defense": only a roll that lands something (a near miss's scratch too)."""
    return roll - action >= -2


@record
class Attack:
    """An attack read against the target: ``margin`` over the difficulty it met."""

    roll: int
    action: int
    defense: int | None = None  # the defender's roll, when he defended

    @property
    def difficulty(self) -> int:
        return self.action if self.defense is None else max(self.action, self.defense)

    @property
    def margin(self) -> int:
        return self.roll - self.difficulty

    @property
    def failed(self) -> bool:
        """A failed roll (a near miss too): the attacker gains Limit."""
        return self.margin < 0

    @property
    def defended(self) -> bool:
        """The defense made the difference: it beat his Action."""
        return self.defense is not None and self.defense > self.action


def attack_margin(roll: int, action: int, defense: int | None = None) -> int:
    return Attack(roll, action, defense).margin
