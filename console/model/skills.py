"""A character's skills by name and level (issue 31): a Façade character's skill totals
(Broad + Focus + Specialty, 0-12), a Metalface character's core skills, whose highest gives
his professional rank (seed 000: "a character's professional rank is defined by the highest
core skills that the character possess")."""

from __future__ import annotations

import re
from typing import Any

from console.model.errors import ModelError
from console.model.fields import need_between, need_list
from console.model.text import need_name
from console.records import record
from console.rules.facade_combat.traits import SKILL_MAX
from console.rules.systems.metalface import professional_rank

__all__ = ["SKILLS_HELD", "Skills", "format_skills", "parse_skills"]

SKILLS_HELD = 100
SKILL_HELD = 99  # a saved skill's level at most (Façade's totals are 0-12, Metalface 0-6+)


@record
class Skills:
    """Skills by name and level, in the order given (Façade's skill totals: Broad + Focus +
    Specialty; Metalface's core skills)."""

    levels: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        items = tuple(tuple(pair) for pair in need_list(self.levels, "skills"))
        if len(items) > SKILLS_HELD:
            raise ModelError(f"{len(items)} skills; at most {SKILLS_HELD}")
        seen: set[str] = set()
        for pair in items:
            if len(pair) != 2:
                raise ModelError("a skill is a name and a level")
            name, level = pair
            need_name(name, "skill name")
            need_between(level, f"skill {name}", 0, SKILL_HELD)
            if str(name).casefold() in seen:
                raise ModelError(f"skill {name} is listed twice")
            seen.add(str(name).casefold())
        object.__setattr__(self, "levels", items)

    def level(self, name: str) -> int:
        """The level of a skill (0: not on the sheet, which any roll may still default to)."""
        folded = name.strip().casefold()
        return next((level for skill, level in self.levels if skill.casefold() == folded), 0)

    def has(self, name: str) -> bool:
        folded = name.strip().casefold()
        return any(skill.casefold() == folded for skill, _ in self.levels)

    @property
    def highest(self) -> int:
        return max((level for _, level in self.levels), default=0)

    @property
    def rank(self) -> str:
        """Metalface's professional rank, from the highest skill (Unskilled .. Elite)."""
        return professional_rank(self.highest)

    def __bool__(self) -> bool:
        return bool(self.levels)

    def to_dict(self) -> list[list[Any]]:
        return [[name, level] for name, level in self.levels]

    @classmethod
    def from_dict(cls, data: object) -> Skills:
        return cls(tuple(tuple(need_list(pair, "skill")) for pair in need_list(data, "skills")))


_SKILL = re.compile(r"(.+?)\s+(\d{1,2})")


def parse_skills(text: str, highest: int = SKILL_MAX) -> Skills:
    """``Swords 5, Dodge 3, Martial Arts 2``."""
    found = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        match = _SKILL.fullmatch(part)
        if match is None:
            raise ModelError(f"{part[:30]}: write a skill as its name and level, like Swords 5")
        level = int(match.group(2))
        if level > highest:
            raise ModelError(f"{match.group(1)}: a skill level is 0 to {highest}, not {level}")
        found.append((match.group(1).strip(), level))
    return Skills(tuple(found))


def format_skills(skills: Skills) -> str:
    return ", ".join(f"{name} {level}" for name, level in skills.levels)
