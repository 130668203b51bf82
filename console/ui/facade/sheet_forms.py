"""The roster's forms in a Façade campaign (issue 31): a PC's or a template's attributes
(three numbers a category, as the seed's sheet lists them), skills, weapons, armor and
health tracks; and a Metalface PC's core skills. Each field is read by the model's own
parsers, so a bad entry gets the model's message under the form."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from console.model import NpcTemplate, PlayerCharacter
from console.model.facade_sheet import (
    FacadeSheet,
    format_armor,
    format_weapons,
    parse_armor,
    parse_weapons,
    tracks_of,
)
from console.model.skills import Skills, format_skills, parse_skills
from console.model.text import NAME_MAX, NOTES_MAX
from console.rules.facade_combat.health import Tracks
from console.rules.facade_combat.traits import CATEGORIES, SPECIFIC_MAX, SPECIFICS
from console.ui.dialogs.form_dialog import Field, FormDialog
from console.ui.dialogs.sheet_forms import pronoun_field, unique_name

__all__ = ["facade_npc_form", "facade_npc_from_form", "facade_pc_form", "facade_pc_from_form",
           "metalface_skills_field"]

_DEFAULT = FacadeSheet()


def _category(name: str) -> Callable[[str], dict[str, int]]:
    names = SPECIFICS[name]

    def parse(text: str) -> dict[str, int]:
        parts = text.replace(",", " ").split()
        if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
            raise ValueError(f"{name}: three numbers, {', '.join(names)} (0-{SPECIFIC_MAX}), "
                             f"like 3 4 3")
        values = [int(p) for p in parts]
        if any(v > SPECIFIC_MAX for v in values):
            raise ValueError(f"{name}: each attribute 0 to {SPECIFIC_MAX}")
        return dict(zip(names, values, strict=True))

    return parse


def _tracks(text: str) -> Tracks:
    parts = text.replace("/", " ").split()
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError("health: Bruising, Crushing and Deadly levels, like 9/6/3")
    return tracks_of(*(int(p) for p in parts))


def _facade_fields(sheet: FacadeSheet | None, skills: Skills) -> list[Field]:
    shown = sheet or _DEFAULT
    fields = [Field(name.lower(), f"{name}: {' '.join(SPECIFICS[name])}", _category(name),
                    value=" ".join(str(shown.attribute(a)) for a in SPECIFICS[name]))
              for name in CATEGORIES]
    tracks = shown.tracks
    fields += [
        Field("skills", "Skills (totals 0-12)", parse_skills,
              value=format_skills(skills), placeholder="Swords 4, Dodge 3"),
        Field("weapons", "Weapons: name damage skill", parse_weapons,
              value=format_weapons(shown.weapons), placeholder="Broadsword 3D Swords str 4"),
        Field("armor", "Armor: name prot. red cover", parse_armor,
              value=format_armor(shown.armor),
              placeholder="Leather Armor 2B/1C/2D red 3 T,A"),
        Field("tracks", "Health levels B/C/D", _tracks,
              value=f"{tracks.bruising}/{tracks.crushing}/{tracks.deadly}"),
    ]
    return fields


_HINT = ("weapons: name, damage (3D, 4C, 2L, Strength/2 B), skill, then str N (its Str.), "
         "legs, bullet, gun; armor: Protection B/C/D, red N, guns N, covers T L A H; ';' "
         "between items")


def _sheet(values: dict[str, Any]) -> tuple[FacadeSheet, Skills]:
    attributes: dict[str, int] = {}
    for name in CATEGORIES:
        attributes.update(values.pop(name.lower()))
    sheet = FacadeSheet(attributes, values.pop("weapons"), values.pop("armor"),
                        values.pop("tracks"))
    return sheet, values.pop("skills")


def facade_pc_form(title: str, pc: PlayerCharacter | None,
                   taken: Collection[str] = ()) -> FormDialog:
    fields = [
        Field("name", "Name", unique_name(taken), value=pc.name if pc else "",
              max_length=NAME_MAX),
        # No player rank: MetaScape's (its starting AP, the veteran's pocket, Nish's ties);
        # Façade has none. One a sheet carries from a MetaScape campaign is kept.
        Field("player", "Player", str, value=pc.player if pc else "", max_length=NAME_MAX),
        pronoun_field(pc),
        *_facade_fields(pc.facade if pc else None, pc.skills if pc else Skills()),
        Field("notes", "Notes", str, value=pc.notes if pc else "", max_length=NOTES_MAX),
    ]
    return FormDialog(title, fields, _HINT)


def facade_pc_from_form(values: dict[str, Any], pc: PlayerCharacter | None,
                        pc_id: int) -> PlayerCharacter:
    values = dict(values)
    sheet, skills = _sheet(values)
    if pc is None:
        return PlayerCharacter.new(pc_id, facade=sheet, skills=skills, **values)
    return pc.with_changes(facade=sheet, skills=skills, **values)


def facade_npc_form(title: str, template: NpcTemplate | None,
                    taken: Collection[str] = ()) -> FormDialog:
    fields = [
        Field("name", "Name", unique_name(taken, "a template"),
              value=template.name if template else "", max_length=NAME_MAX),
        *_facade_fields(template.facade if template else None,
                        template.skills if template else Skills()),
        Field("tags", "Tags (comma separated)",
              lambda text: tuple(t.strip() for t in text.split(",") if t.strip()),
              value=", ".join(template.tags) if template else ""),
        Field("notes", "Notes", str, value=template.notes if template else "",
              max_length=NOTES_MAX),
    ]
    return FormDialog(title, fields, _HINT)


def facade_npc_from_form(values: dict[str, Any], template: NpcTemplate | None,
                         template_id: int) -> NpcTemplate:
    values = dict(values)
    sheet, skills = _sheet(values)
    if template is None:
        return NpcTemplate(template_id, facade=sheet, skills=skills, **values)
    return template.with_changes(facade=sheet, skills=skills, **values)


def metalface_skills_field(pc: PlayerCharacter | None) -> Field:
    """A Metalface PC's core skills (0-6): his professional rank is his highest's."""
    return Field("skills", "Core skills (0-6)", lambda text: parse_skills(text, 6),
                 value=format_skills(pc.skills) if pc else "", placeholder="Doctor 5, Pilot 2")
