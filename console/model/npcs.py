"""NPC templates: the set values an adventure lists for an NPC (Rule Book: Diceless GMing)."""

from __future__ import annotations

from dataclasses import field, replace
from enum import StrEnum
from typing import Any, ClassVar

from console.model.errors import ModelError
from console.model.facade_sheet import FacadeSheet, need_sheet
from console.model.fields import check_keys, need_int, need_list, need_mapping
from console.model.skills import Skills
from console.model.stats import Stat, opt_stat
from console.model.text import TAGS_HELD, need_name, need_notes
from console.records import record

__all__ = ["NPC_STATS", "BodyType", "NpcTemplate"]

NPC_STATS: tuple[tuple[str, str, str], ...] = (
    ("atk", "atk", "Atk"),
    ("def_", "def", "Def"),
    ("dmg", "dmg", "Dmg"),
    ("ar", "ar", "AR"),
    ("vit", "vit", "Vit"),
    ("nish", "nish", "Nish"),
    ("mr", "mr", "MR"),
)


class BodyType(StrEnum):
    """The type of the NPC's body: its damage, armor and Vit are read at this type."""

    P = "P"
    V = "V"
    S = "S"


@record
class NpcTemplate:
    """A reusable NPC: every stat a value (``15``) or a rating (``8M``), or ``None``."""

    TABLE: ClassVar[str] = "npcs"

    id: int
    name: str
    atk: Stat | None = None
    def_: Stat | None = None
    dmg: Stat | None = None
    ar: Stat | None = None
    vit: Stat | None = None
    nish: Stat | None = None
    mr: Stat | None = None
    body_type: BodyType = BodyType.P
    notes: str = ""
    tags: tuple[str, ...] = ()
    # A Façade campaign's template (issue 31): his Façade numbers and skills.
    skills: Skills = field(default_factory=Skills)
    facade: FacadeSheet | None = None

    def __post_init__(self) -> None:
        # Run for every template of the roster when a campaign opens (3,000 in the long
        # campaign of benchmarks/startup.py): a field's message is built only when it fails.
        need_int(self.id, "NPC id", minimum=1)
        need_name(self.name, "NPC name")
        for attribute, _key, label in NPC_STATS:
            object.__setattr__(self, attribute, opt_stat(getattr(self, attribute), label,
                                                         self.name))
        body_type = _BODY_TYPES.get(self.body_type) if isinstance(self.body_type, str) else None
        if body_type is None:
            raise ModelError(f"{self.name}: type must be P, V or S, not {self.body_type!r}")
        object.__setattr__(self, "body_type", body_type)
        need_notes(self.notes, f"{self.name}: notes")
        tags = tuple(self.tags)
        for tag in tags:
            need_name(tag, f"{self.name}: tag")
        if len(tags) > TAGS_HELD:
            raise ModelError(f"{self.name}: {len(tags)} tags; at most {TAGS_HELD}")
        object.__setattr__(self, "tags", tags)
        if not isinstance(self.skills, Skills):
            raise ModelError(f"{self.name}: skills expected")
        need_sheet(self.facade, f"{self.name}: Façade sheet")

    def with_changes(self, **changes: Any) -> NpcTemplate:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name}
        for attribute, key, _label in NPC_STATS:
            stat = getattr(self, attribute)
            data[key] = None if stat is None else stat.text
        data.update(body_type=self.body_type.value, notes=self.notes, tags=list(self.tags))
        if self.skills:  # another system's, only when filled (a MetaScape template as before)
            data["skills"] = self.skills.to_dict()
        if self.facade is not None:
            data["facade"] = self.facade.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: object) -> NpcTemplate:
        raw = need_mapping(data, "NPC")
        if not raw.keys() <= _KEYS or "id" not in raw or "name" not in raw:
            check_keys(raw, f"NPC {raw.get('name', '?')}", _KEYS, {"id", "name"})
        try:
            # The roster's MetaScape templates have none: one empty Skills serves them all.
            skills = (_NO_SKILLS if "skills" not in raw or raw["skills"] == []
                      else Skills.from_dict(raw["skills"]))
            facade = None if raw.get("facade") is None else FacadeSheet.from_dict(raw["facade"])
        except ModelError as error:
            raise ModelError(f"NPC {raw.get('name', '?')}: {error}") from None
        return cls(
            skills=skills,
            facade=facade,
            id=raw["id"],
            name=raw["name"],
            body_type=raw.get("body_type", "P"),
            notes=raw.get("notes", ""),
            tags=tuple(need_list(raw.get("tags", []), "tags")),
            **{attribute: raw.get(key) for attribute, key, _ in NPC_STATS},
        )


_KEYS = frozenset({"id", "name", "body_type", "notes", "tags", "skills", "facade",
                   *(key for _, key, _ in NPC_STATS)})
_BODY_TYPES = {kind.value: kind for kind in BodyType}
_NO_SKILLS = Skills()
