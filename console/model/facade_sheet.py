"""A Façade character in the campaign (issue 31): his attributes, weapons, armor and health
tracks (:class:`FacadeSheet`) and what a fight does to him (:class:`FacadeHealth`: hits by
location, Limit Pools, Simple Combat's damage waiting for the end of the turn); his skills
are ``console.model.skills``, which a Metalface sheet keeps too. The rules are
``console.rules.facade_combat``; this module validates what is saved and reads the forms'
short texts ("Broadsword 3D Swords str 4", "Leather Armor 2B/1C/2D red 3 T,A").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from typing import Any

from console.model.errors import ModelError
from console.model.fields import check_keys, need_between, need_int, need_list, need_mapping
from console.model.text import need_name
from console.records import record
from console.rules.errors import RulesError
from console.rules.facade_combat.damage import DamageType, Layer, WeaponDamage, parse_damage
from console.rules.facade_combat.health import (
    TRACK_RANGES,
    Hit,
    Location,
    Penalties,
    Tracks,
    notation,
    penalties,
    taken,
)
from console.rules.facade_combat.limits import POOL_MAX
from console.rules.facade_combat.traits import (
    ATTRIBUTES,
    CATEGORIES,
    POOLS,
    SPECIFIC_MAX,
    SPECIFICS,
    attribute_name,
)

__all__ = [
    "CATEGORIES",
    "TRACK_RANGES",
    "FacadeArmor",
    "FacadeHealth",
    "FacadeSheet",
    "FacadeWeapon",
    "format_armor",
    "format_weapons",
    "parse_armor",
    "parse_weapons",
    "tracks_of",
]

STRENGTH_MAX = 20  # a weapon's Str. (the tables reach 7)
ARMOR_MAX = 30  # Protection or Reduction (the tables reach 16)
ITEMS_HELD = 50  # weapons or armor pieces on one sheet


# ----- weapons ---------------------------------------------------------------------------------


@record
class FacadeWeapon:
    """A weapon or a martial art as the seed's tables give it: its damage (``3D``,
    ``Strength/2 B``), the skill and attribute its attack rolls, its Str. (too heavy for a
    weaker wielder: Strain), the limbs it uses (arms, or legs for a kick) and, for Reduction,
    whether it shoots bullets, quarrels or longbow arrows (``bullet``) and is a gun."""

    name: str
    damage: str
    skill: str = ""
    attribute: str = "Agility"
    strength: int = 0
    legs: bool = False
    bullet: bool = False
    gun: bool = False

    def __post_init__(self) -> None:
        need_name(self.name, "weapon name")
        try:
            parsed = parse_damage(str(self.damage))
            object.__setattr__(self, "attribute", attribute_name(str(self.attribute)))
        except RulesError as error:
            raise ModelError(f"{self.name}: {error}") from None
        object.__setattr__(self, "damage", parsed.text)
        if self.skill:
            need_name(self.skill, f"{self.name}: skill")
        need_between(self.strength, f"{self.name}: Str.", 0, STRENGTH_MAX)
        for flag in ("legs", "bullet", "gun"):
            if not isinstance(getattr(self, flag), bool):
                raise ModelError(f"{self.name}: {flag} must be true or false")

    @property
    def parsed(self) -> WeaponDamage:
        return parse_damage(self.damage)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "damage": self.damage}
        defaults = {"skill": "", "attribute": "Agility", "strength": 0, "legs": False,
                    "bullet": False, "gun": False}
        data.update((key, getattr(self, key)) for key, default in defaults.items()
                    if getattr(self, key) != default)
        return data

    @classmethod
    def from_dict(cls, data: object) -> FacadeWeapon:
        raw = need_mapping(data, "weapon")
        check_keys(raw, "weapon", {"name", "damage", "skill", "attribute", "strength", "legs",
                                   "bullet", "gun"}, {"name", "damage"})
        return cls(raw["name"], raw["damage"], raw.get("skill", ""),
                   raw.get("attribute", "Agility"), raw.get("strength", 0),
                   raw.get("legs", False), raw.get("bullet", False), raw.get("gun", False))


_DAMAGE_WORD = re.compile(r"(?:^|\s)((?:\d{1,2}\s*[BCDL])|(?:str(?:ength)?\s*(?:/\s*\d|[+-]\s*\d)?"
                          r"\s+[BCDL]))(?=\s|$)", re.I | re.A)
_STR_WORD = re.compile(r"str\.?\s*(\d{1,2})", re.I | re.A)


def _attribute_word(word: str) -> str | None:
    """An attribute named in a weapon's text (``Strength``, or ``str`` .. ``stre`` at least
    three letters of it), or None."""
    return next((name for name in ATTRIBUTES if len(word) >= 3
                 and name.casefold().startswith(word)), None)


def _weapon(part: str) -> FacadeWeapon:
    match = _DAMAGE_WORD.search(part)
    if match is None or not part[:match.start(1)].strip():
        raise ModelError(f"{part[:40]}: write a weapon as its name, damage and skill, like "
                         "Broadsword 3D Swords str 4")
    name, damage, rest = part[:match.start(1)].strip(), match.group(1), part[match.end(1):]
    strength = 0
    found = _STR_WORD.search(rest)
    if found is not None:
        strength = int(found.group(1))
        rest = rest[:found.start()] + rest[found.end():]
    attribute, flags, words = "Agility", set(), []
    for word in rest.split():
        lowered = word.casefold()
        if lowered in {"legs", "bullet", "gun"}:
            flags.add(lowered)
        elif (named := _attribute_word(lowered)) is not None:
            attribute = named
        else:
            words.append(word)
    return FacadeWeapon(name, damage, " ".join(words), attribute, strength, "legs" in flags,
                        "bullet" in flags, "gun" in flags)


def parse_weapons(text: str) -> tuple[FacadeWeapon, ...]:
    """``Broadsword 3D Swords str 4; Kick Strength B Martial Arts legs; Big Handgun 3L
    Firearms bullet gun``: name, damage, the skill (and an attribute other than Agility),
    then ``str N`` (the table's Str.), ``legs``, ``bullet``, ``gun``."""
    weapons = tuple(_weapon(part.strip()) for part in text.split(";") if part.strip())
    if len(weapons) > ITEMS_HELD:
        raise ModelError(f"{len(weapons)} weapons; at most {ITEMS_HELD}")
    return weapons


def format_weapons(weapons: Iterable[FacadeWeapon]) -> str:
    parts = []
    for weapon in weapons:
        words = [weapon.name, weapon.damage]
        if weapon.skill:
            words.append(weapon.skill)
        if weapon.attribute != "Agility":
            words.append(weapon.attribute)
        if weapon.strength:
            words.append(f"str {weapon.strength}")
        words += [flag for flag in ("legs", "bullet", "gun") if getattr(weapon, flag)]
        parts.append(" ".join(words))
    return "; ".join(parts)


# ----- armor -----------------------------------------------------------------------------------


@record
class FacadeArmor:
    """A piece of armor as the seed's table gives it: Protection against B, C and D,
    Reduction, the locations it covers (T, L, A, H), and a Reduction against guns."""

    name: str
    bruising: int = 0
    crushing: int = 0
    deadly: int = 0
    reduction: int = 0
    covers: str = "T"
    against_guns: int | None = None

    def __post_init__(self) -> None:
        need_name(self.name, "armor name")
        for what in ("bruising", "crushing", "deadly", "reduction"):
            need_between(getattr(self, what), f"{self.name}: {what}", 0, ARMOR_MAX)
        if self.against_guns is not None:
            need_between(self.against_guns, f"{self.name}: Reduction against guns", 0, ARMOR_MAX)
        letters = "".join(sorted(set(str(self.covers).upper()) - {",", " "},
                                 key="TLAH".find))
        if not letters or not set(letters) <= set("TLAH"):
            raise ModelError(f"{self.name}: covers T, L, A or H (torso, legs, arms, head), "
                             f"not {self.covers!r}")
        object.__setattr__(self, "covers", letters)

    def covering(self, location: Location) -> bool:
        return location.letter in self.covers

    @property
    def layer(self) -> Layer:
        return Layer({DamageType.B: self.bruising, DamageType.C: self.crushing,
                      DamageType.D: self.deadly}, self.reduction, self.against_guns)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "protection": [
            self.bruising, self.crushing, self.deadly], "reduction": self.reduction,
            "covers": self.covers}
        if self.against_guns is not None:
            data["against_guns"] = self.against_guns
        return data

    @classmethod
    def from_dict(cls, data: object) -> FacadeArmor:
        raw = need_mapping(data, "armor")
        check_keys(raw, "armor", {"name", "protection", "reduction", "covers", "against_guns"},
                   {"name", "protection"})
        protection = need_list(raw["protection"], "armor protection")
        if len(protection) != 3:
            raise ModelError("armor protection: B, C and D")
        return cls(raw["name"], protection[0], protection[1], protection[2],
                   raw.get("reduction", 0), raw.get("covers", "T"), raw.get("against_guns"))


_PROTECTION = re.compile(r"(\d{1,2})\s*B\s*/\s*(\d{1,2})\s*C\s*/\s*(\d{1,2})\s*D", re.I | re.A)
_RED = re.compile(r"red\.?\s*(\d{1,2})", re.I | re.A)
_GUNS = re.compile(r"guns?\s*(\d{1,2})", re.I | re.A)
_COVERS = re.compile(r"[TLAH](?:\s*,\s*[TLAH])*", re.I | re.A)


def _armor(part: str) -> FacadeArmor:
    match = _PROTECTION.search(part)
    if match is None or not part[:match.start()].strip():
        raise ModelError(f"{part[:40]}: write armor as its name, Protection, Reduction and "
                         "cover, like Leather Armor 2B/1C/2D red 3 T,A")
    rest = part[match.end():]
    reduction = guns = None
    found = _RED.search(rest)
    if found is not None:
        reduction, rest = int(found.group(1)), rest[:found.start()] + rest[found.end():]
    found = _GUNS.search(rest)
    if found is not None:
        guns, rest = int(found.group(1)), rest[:found.start()] + rest[found.end():]
    covers = rest.strip() or "T"
    if not _COVERS.fullmatch(covers):
        raise ModelError(f"{part[:40]}: what it covers is T, L, A, H (like T,A), not {covers}")
    bruising, crushing, deadly = (int(group) for group in match.groups())
    return FacadeArmor(part[:match.start()].strip(), bruising, crushing, deadly,
                       reduction or 0, covers, guns)


def parse_armor(text: str) -> tuple[FacadeArmor, ...]:
    """``Leather Jacket 3B/1C/1D red 2 T,A; Kevlar Vest 2B/1C/1D red 2 guns 16 T``."""
    pieces = tuple(_armor(part.strip()) for part in text.split(";") if part.strip())
    if len(pieces) > ITEMS_HELD:
        raise ModelError(f"{len(pieces)} pieces of armor; at most {ITEMS_HELD}")
    return pieces


def format_armor(pieces: Iterable[FacadeArmor]) -> str:
    return "; ".join(
        f"{p.name} {p.bruising}B/{p.crushing}C/{p.deadly}D red {p.reduction}"
        + (f" guns {p.against_guns}" if p.against_guns is not None else "")
        + f" {','.join(p.covers)}" for p in pieces)


# ----- the sheet -------------------------------------------------------------------------------


def _attributes(data: object) -> dict[str, int]:
    raw = need_mapping(data, "attributes")
    unknown = sorted(set(raw) - set(ATTRIBUTES))
    if unknown:
        raise ModelError(f"attributes: unknown {', '.join(map(str, unknown))} (the seed's are "
                         f"{', '.join(ATTRIBUTES)})")
    return {name: need_between(raw.get(name, 3), name, 0, SPECIFIC_MAX) for name in ATTRIBUTES}


@record
class FacadeSheet:
    """A Façade character's numbers: the fifteen specific attributes (0-6; 3 is the human
    average), his weapons and armor, and the levels of each health track."""

    attributes: Mapping[str, int] = field(default_factory=dict)
    weapons: tuple[FacadeWeapon, ...] = ()
    armor: tuple[FacadeArmor, ...] = ()
    tracks: Tracks = field(default_factory=Tracks)

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", _attributes(self.attributes))
        for kind, items in ((FacadeWeapon, self.weapons), (FacadeArmor, self.armor)):
            if not all(isinstance(item, kind) for item in items):
                raise ModelError(f"{kind.__name__}s expected")
        object.__setattr__(self, "weapons", tuple(self.weapons))
        object.__setattr__(self, "armor", tuple(self.armor))
        if not isinstance(self.tracks, Tracks):
            raise ModelError("health tracks expected")

    def attribute(self, name: str) -> int:
        return self.attributes[name]

    def category(self, name: str) -> int:
        """A category: its three specific attributes added up."""
        return sum(self.attributes[specific] for specific in SPECIFICS[name])

    @property
    def action(self) -> int:
        """Action: his Initiative, and the difficulty of an attack on him."""
        return self.category("Action")

    def layers(self, location: Location) -> list[Layer]:
        """The armor where a blow to ``location`` lands."""
        return [piece.layer for piece in self.armor if piece.covering(location)]

    def with_changes(self, **changes: Any) -> FacadeSheet:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {"attributes": dict(self.attributes),
                "weapons": [w.to_dict() for w in self.weapons],
                "armor": [a.to_dict() for a in self.armor],
                "tracks": [self.tracks.bruising, self.tracks.crushing, self.tracks.deadly]}

    @classmethod
    def from_dict(cls, data: object) -> FacadeSheet:
        raw = need_mapping(data, "Façade sheet")
        check_keys(raw, "Façade sheet", {"attributes", "weapons", "armor", "tracks"}, set())
        tracks = need_list(raw.get("tracks", [9, 6, 3]), "health tracks")
        if len(tracks) != 3:
            raise ModelError("health tracks: Bruising, Crushing and Deadly levels")
        try:
            made = Tracks(*(need_int(t, "health track") for t in tracks))
        except RulesError as error:
            raise ModelError(str(error)) from None
        return cls(_attributes(raw.get("attributes", {})),
                   tuple(FacadeWeapon.from_dict(w) for w in need_list(raw.get("weapons", []),
                                                                        "weapons")),
                   tuple(FacadeArmor.from_dict(a) for a in need_list(raw.get("armor", []),
                                                                       "armor")),
                   made)


def tracks_of(bruising: int, crushing: int, deadly: int) -> Tracks:
    """Health tracks, refused with the model's error."""
    try:
        return Tracks(bruising, crushing, deadly)
    except RulesError as error:
        raise ModelError(str(error)) from None


# ----- what a fight does to him ----------------------------------------------------------------


def _hit(data: object) -> Hit:
    raw = need_list(data, "hit")
    if len(raw) != 3:
        raise ModelError("a hit is its location, type and levels")
    try:
        return Hit(Location(raw[0]), DamageType(raw[1]), need_int(raw[2], "hit levels"))
    except (ValueError, RulesError) as error:
        raise ModelError(f"hit {raw!r}: {error}") from None


@record
class FacadeHealth:
    """Hits noted by location (with the levels each still holds), the Limit Pools, and the
    hits of a Simple Combat turn, which land at its end."""

    hits: tuple[Hit, ...] = ()
    pools: Mapping[str, int] = field(default_factory=dict)
    pending: tuple[Hit, ...] = ()

    def __post_init__(self) -> None:
        for name, hits in (("hits", self.hits), ("pending", self.pending)):
            if not all(isinstance(hit, Hit) for hit in hits):
                raise ModelError(f"{name}: hits expected")
            if len(hits) > 1000:
                raise ModelError(f"{len(hits)} {name}; at most 1000")
        object.__setattr__(self, "hits", tuple(self.hits))
        object.__setattr__(self, "pending", tuple(self.pending))
        pools = dict(need_mapping(self.pools, "Limit Pools"))
        for name, level in pools.items():
            if name not in POOLS.values():
                raise ModelError(f"Limit Pool {name!r}: the pools are "
                                 f"{', '.join(POOLS.values())}")
            need_between(level, name, 0, POOL_MAX)
        # zero is the same as absent: one form only, for equality
        object.__setattr__(self, "pools", {k: v for k, v in pools.items() if v})

    def __bool__(self) -> bool:
        return bool(self.hits or self.pools or self.pending)

    def taken(self) -> dict[DamageType, int]:
        return taken(self.hits)

    @property
    def total(self) -> int:
        """"the Total Damage the character has taken" (first aid's difficulty)."""
        return sum(hit.levels for hit in self.hits)

    @property
    def penalties(self) -> Penalties:
        return penalties(self.hits)

    @property
    def notation(self) -> str:
        return notation(self.hits)

    def pool(self, name: str) -> int:
        return self.pools.get(name, 0)

    def with_changes(self, **changes: Any) -> FacadeHealth:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.hits:
            data["hits"] = [[h.location.value, h.type.value, h.levels] for h in self.hits]
        if self.pools:
            data["pools"] = dict(self.pools)
        if self.pending:
            data["pending"] = [[h.location.value, h.type.value, h.levels]
                               for h in self.pending]
        return data

    @classmethod
    def from_dict(cls, data: object) -> FacadeHealth:
        raw = need_mapping(data, "Façade health")
        check_keys(raw, "Façade health", {"hits", "pools", "pending"}, set())
        return cls(tuple(_hit(h) for h in need_list(raw.get("hits", []), "hits")),
                   dict(need_mapping(raw.get("pools", {}), "Limit Pools")),
                   tuple(_hit(h) for h in need_list(raw.get("pending", []), "pending hits")))


def need_sheet(value: object, what: str) -> FacadeSheet | None:
    if value is not None and not isinstance(value, FacadeSheet):
        raise ModelError(f"{what}: expected a Façade sheet")
    return value

