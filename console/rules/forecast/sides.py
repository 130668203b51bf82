"""The two sides of a forecast fight, as the rules need them: a PC's ratings (what his
player rolls) and an NPC's set values, each with the wounds and state it starts from."""

from __future__ import annotations

from dataclasses import field, replace

from console.records import record
from console.rules.errors import RulesError
from console.rules.forecast.reading import Reading
from console.rules.ratings import Rating, RatingType

__all__ = ["Matchup", "NpcFighter", "PcFighter"]


@record
class PcFighter:
    name: str
    def_: Rating
    ar: Rating
    vit: int  # his Vitality maximum, in points
    vit_rating: Rating  # rolled for a death check (Vit vs CD)
    nish: Rating
    wp: Rating
    atk: Rating | None = None  # his first weapon's; None: he does not attack
    dmg: Rating | None = None
    healing: Rating | None = None  # None: every Vitality-drain check fails
    wounds: int = 0
    unconscious: bool = False
    dead: bool = False
    pass_out_check_done: bool = False
    drain_stopped: bool = False

    def __post_init__(self) -> None:
        if (self.atk is None) != (self.dmg is None):
            raise RulesError(f"{self.name}: a weapon needs both Atk and Dmg")
        if self.vit < 1 or self.wounds < 0:
            raise RulesError(f"{self.name}: Vit must be 1 or more and wounds 0 or more")


@record
class NpcFighter:
    name: str
    atk: int
    def_: int
    dmg: int  # in points of his body's type, as AR and Vit
    ar: int
    vit: int
    nish: int
    type: RatingType = RatingType.P
    attacks: int = 1
    wounds: int = 0
    dead: bool = False

    def __post_init__(self) -> None:
        for label, value in (("Atk", self.atk), ("Def", self.def_), ("Dmg", self.dmg),
                             ("AR", self.ar), ("Vit", self.vit), ("Nish", self.nish),
                             ("wounds", self.wounds)):
            if value < 0:
                raise RulesError(f"{self.name}: {label} cannot be negative")
        if self.attacks < 1:
            raise RulesError(f"{self.name}: attacks must be 1 or more")


@record
class Matchup:
    """Who fights whom. ``rounds_before``: rounds already fought (mid-fight); ``reading``:
    how Table 18 is read, and when the party flees."""

    pcs: tuple[PcFighter, ...]
    npcs: tuple[NpcFighter, ...]
    rounds_before: int = 0
    reading: Reading = field(default_factory=Reading)

    def __post_init__(self) -> None:
        if not self.pcs:
            raise RulesError("a forecast needs at least one PC")
        if not self.npcs:
            raise RulesError("a forecast needs at least one NPC")

    def with_one_more(self, npc: NpcFighter) -> Matchup:
        return replace(self, npcs=(*self.npcs, npc))

    def without(self, index: int) -> Matchup:
        return replace(self, npcs=self.npcs[:index] + self.npcs[index + 1:])
