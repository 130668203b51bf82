"""Player characters (Rule Book: character sheet, Adventure Points, Advancement)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field, replace
from typing import Any, ClassVar, TypeVar

from console.model.errors import ModelError
from console.model.facade_sheet import FacadeHealth, FacadeSheet, need_sheet
from console.model.fields import (
    check_keys,
    need_int,
    need_list,
    need_mapping,
)
from console.model.pronouns import THEY, Pronoun, need_pronoun
from console.model.skills import Skills
from console.model.stats import Stat, opt_stat
from console.model.system_points import SystemPoints
from console.model.text import need_line, need_name, need_notes
from console.records import record

__all__ = ["PC_STATS", "Allowance", "PlayerCharacter", "Weapon"]

# Sheet stats the console uses, as (attribute, key in the save file, label for messages).
# ``def``/``str`` are Python names, hence the trailing underscore on the attributes.
PC_STATS: tuple[tuple[str, str, str], ...] = (
    ("nish", "nish", "Nish"),
    ("def_", "def", "Def"),
    ("ar", "ar", "AR"),
    ("nar", "nar", "NAR"),
    ("vit_max", "vit_max", "Vit max"),
    ("wp", "wp", "WP"),
    ("fr", "fr", "FR"),
    ("healing", "healing", "Healing"),
    ("str_", "str", "Str"),
    ("dex", "dex", "Dex"),
    ("shock", "shock", "Shock"),
    ("cha", "cha", "Cha"),  # Charisma: it picks the group leader for group Initiative
)


@record
class Weapon:
    """A weapon on a PC's sheet with its Atk and Dmg ratings (or values)."""

    name: str
    atk: Stat | None = None
    dmg: Stat | None = None
    notes: str = ""

    def __post_init__(self) -> None:
        need_name(self.name, "weapon name")
        object.__setattr__(self, "atk", opt_stat(self.atk, f"{self.name} Atk"))
        object.__setattr__(self, "dmg", opt_stat(self.dmg, f"{self.name} Dmg"))
        need_line(self.notes, f"{self.name} notes")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "atk": None if self.atk is None else self.atk.text,
            "dmg": None if self.dmg is None else self.dmg.text,
            "notes": self.notes,
        }

    @classmethod
    def from_dict(cls, data: object) -> Weapon:
        raw = need_mapping(data, "weapon")
        check_keys(raw, "weapon", {"name", "atk", "dmg", "notes"}, {"name"})
        return cls(raw["name"], raw.get("atk"), raw.get("dmg"), raw.get("notes", ""))


@record
class Allowance:
    """Mission allowance (Dha): ``base + per_rank x rank`` credits (bio warrior: 750 + 110)."""

    base: int = 0
    per_rank: int = 0

    def __post_init__(self) -> None:
        need_int(self.base, "allowance base", minimum=0)
        need_int(self.per_rank, "allowance per rank", minimum=0)

    def amount(self, rank: int) -> int:
        """The full allowance at ``rank``; the GM pays half to all of it."""
        return self.base + self.per_rank * rank

    def to_dict(self) -> dict[str, Any]:
        return {"base": self.base, "per_rank": self.per_rank}

    @classmethod
    def from_dict(cls, data: object) -> Allowance:
        raw = need_mapping(data, "allowance")
        check_keys(raw, "allowance", {"base", "per_rank"}, {"base", "per_rank"})
        return cls(raw["base"], raw["per_rank"])


@record
class PlayerCharacter:
    """One PC. Stats are ``None`` until the GM enters them.

    ``ap_total`` never goes down; ``unused_ap`` is what is left to spend (handicap AP can
    push it above the total, so the two are not cross-checked). Use :meth:`new` for a new
    character: it starts with 100 AP + the player's rank in both.
    """

    TABLE: ClassVar[str] = "pcs"

    id: int
    name: str
    player: str = ""
    player_rank: int = 0
    nish: Stat | None = None
    def_: Stat | None = None
    ar: Stat | None = None
    nar: Stat | None = None
    vit_max: Stat | None = None
    wp: Stat | None = None
    fr: Stat | None = None
    healing: Stat | None = None
    str_: Stat | None = None
    dex: Stat | None = None
    shock: Stat | None = None
    cha: Stat | None = None
    ship_captain: bool = False  # leads the party in group Initiative
    weapons: tuple[Weapon, ...] = ()
    wounds: int = 0
    # Vitality drain stopped (a Healing success, or any healing) until new damage: the rule
    # outlasts the fight it happened in, so it is his, not his place in a fight's.
    drain_stopped: bool = False
    ap_total: int = 100
    unused_ap: int = 100
    rank: int = 0
    missions_completed: int = 0
    allowance: Allowance = field(default_factory=Allowance)
    notes: str = ""
    improved_this_mission: tuple[str, ...] = ()  # abilities raised +1d since the last mission
    rank_rolls: int = 0  # rank improvement rolls granted by a rank-up and not yet rolled
    points: SystemPoints = field(default_factory=SystemPoints)  # another system's (issue 18)
    # A campaign playing another system (issue 31): his skills (Façade's totals, Metalface's
    # core skills), his Façade sheet, and what fights have done to him in Façade's terms.
    skills: Skills = field(default_factory=Skills)
    facade: FacadeSheet | None = None
    facade_health: FacadeHealth = field(default_factory=FacadeHealth)
    pronoun: Pronoun = THEY  # how every line about him refers to him (model.pronouns)

    def __post_init__(self) -> None:
        need_int(self.id, "PC id", minimum=1)
        need_name(self.name, "PC name")
        who = self.name
        need_line(self.player, f"{who}: player")
        need_int(self.player_rank, f"{who}: player rank", minimum=0)
        for attribute, _key, label in PC_STATS:
            object.__setattr__(
                self, attribute, opt_stat(getattr(self, attribute), f"{who}: {label}")
            )
        weapons = tuple(self.weapons)
        for weapon in weapons:
            if not isinstance(weapon, Weapon):
                raise ModelError(f"{who}: weapons must be Weapon, not {type(weapon).__name__}")
        object.__setattr__(self, "weapons", weapons)
        if not isinstance(self.ship_captain, bool):
            raise ModelError(f"{who}: ship captain must be true or false")
        need_int(self.wounds, f"{who}: wounds", minimum=0)
        if not isinstance(self.drain_stopped, bool):
            raise ModelError(f"{who}: drain stopped must be true or false")
        need_int(self.ap_total, f"{who}: AP Total", minimum=0)
        need_int(self.unused_ap, f"{who}: Unused AP", minimum=0)
        need_int(self.rank, f"{who}: rank", minimum=0)
        if self.rank > 30:
            raise ModelError(f"{who}: rank must be 0 to 30, not {self.rank}")
        need_int(self.missions_completed, f"{who}: missions completed", minimum=0)
        if not isinstance(self.allowance, Allowance):
            raise ModelError(f"{who}: allowance must be an Allowance")
        need_notes(self.notes, f"{who}: notes")
        improved = tuple(self.improved_this_mission)
        for ability in improved:
            need_name(ability, f"{who}: abilities improved this mission")
        object.__setattr__(self, "improved_this_mission", improved)
        need_int(self.rank_rolls, f"{who}: rank improvement rolls", minimum=0)
        if not isinstance(self.points, SystemPoints):
            raise ModelError(f"{who}: points must be SystemPoints")
        if not isinstance(self.skills, Skills):
            raise ModelError(f"{who}: skills expected")
        need_sheet(self.facade, f"{who}: Façade sheet")
        if not isinstance(self.facade_health, FacadeHealth):
            raise ModelError(f"{who}: Façade health expected")
        object.__setattr__(self, "pronoun", need_pronoun(self.pronoun, who))

    @classmethod
    def new(cls, id: int, name: str, player: str = "", player_rank: int = 0,
            **fields: Any) -> PlayerCharacter:
        """A new character: 100 AP + the player's rank in both AP Total and Unused AP."""
        start = 100 + player_rank
        return cls(id=id, name=name, player=player, player_rank=player_rank,
                   ap_total=start, unused_ap=start, **fields)

    def with_changes(self, **changes: Any) -> PlayerCharacter:
        """A copy with some fields changed (validated like a new one)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "player": self.player,
            "player_rank": self.player_rank,
        }
        for attribute, key, _label in PC_STATS:
            stat = getattr(self, attribute)
            data[key] = None if stat is None else stat.text
        data.update(
            ship_captain=self.ship_captain,
            weapons=[weapon.to_dict() for weapon in self.weapons],
            wounds=self.wounds,
            ap_total=self.ap_total,
            unused_ap=self.unused_ap,
            rank=self.rank,
            missions_completed=self.missions_completed,
            allowance=self.allowance.to_dict(),
            notes=self.notes,
            improved_this_mission=list(self.improved_this_mission),
            rank_rolls=self.rank_rolls,
            points=self.points.to_dict(),
            pronoun=self.pronoun.text,
        )
        # Another system's fields only when it has filled them: a MetaScape PC's document
        # is as it was before them.
        if self.skills:
            data["skills"] = self.skills.to_dict()
        if self.facade is not None:
            data["facade"] = self.facade.to_dict()
        if self.facade_health:
            data["facade_health"] = self.facade_health.to_dict()
        if self.drain_stopped:  # only when set: a sheet is as it was before it otherwise
            data["drain_stopped"] = True
        return data

    _KEYS: ClassVar[frozenset[str]] = frozenset(
        {"id", "name", "player", "player_rank", "ship_captain", "weapons", "wounds", "ap_total",
         "unused_ap", "rank", "missions_completed", "allowance", "notes",
         "improved_this_mission", "rank_rolls", "points", "skills", "facade",
         "facade_health", "pronoun", "drain_stopped"}
        | {key for _, key, _ in PC_STATS}
    )

    @classmethod
    def from_dict(cls, data: object) -> PlayerCharacter:
        raw = need_mapping(data, "PC")
        check_keys(raw, f"PC {raw.get('name', '?')}", set(cls._KEYS), {"id", "name"})
        stats = {attribute: raw.get(key) for attribute, key, _ in PC_STATS}
        return cls(
            id=raw["id"],
            name=raw["name"],
            player=raw.get("player", ""),
            player_rank=raw.get("player_rank", 0),
            ship_captain=raw.get("ship_captain", False),
            weapons=tuple(
                Weapon.from_dict(item) for item in need_list(raw.get("weapons", []), "weapons")
            ),
            wounds=raw.get("wounds", 0),
            drain_stopped=raw.get("drain_stopped", False),
            ap_total=raw.get("ap_total", 100),
            unused_ap=raw.get("unused_ap", 100),
            rank=raw.get("rank", 0),
            missions_completed=raw.get("missions_completed", 0),
            allowance=Allowance.from_dict(raw.get("allowance", {"base": 0, "per_rank": 0})),
            notes=raw.get("notes", ""),
            improved_this_mission=tuple(need_list(raw.get("improved_this_mission", []),
                                                  "abilities improved this mission")),
            rank_rolls=raw.get("rank_rolls", 0),
            points=_points(raw.get("points", {}), raw["name"]),
            skills=_named(Skills.from_dict, raw.get("skills", []), raw["name"]),
            facade=(None if raw.get("facade") is None
                    else _named(FacadeSheet.from_dict, raw["facade"], raw["name"])),
            facade_health=_named(FacadeHealth.from_dict, raw.get("facade_health", {}),
                                 raw["name"]),
            pronoun=raw.get("pronoun", THEY.text),
            **stats,
        )


T = TypeVar("T")


def _named(read: Callable[[object], T], data: object, who: object) -> T:
    """``read(data)``, its refusal naming whose sheet it was."""
    try:
        return read(data)
    except ModelError as error:
        raise ModelError(f"{who}: {error}") from None


def _points(data: object, who: object) -> SystemPoints:
    try:
        return SystemPoints.from_dict(data)
    except ModelError as error:
        raise ModelError(f"{who}: {error}") from None
