"""The forms for an NPC template and a player character's sheet.

Each field is read by the model's own parsers (a stat is a value like 15 or a rating like
8M), so a bad entry gets the model's message, under the form, before anything is saved.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from console.model import Allowance, NpcTemplate, PlayerCharacter
from console.model.awards import check_rank, settle_rank
from console.model.characters import PC_STATS
from console.model.npcs import NPC_STATS, BodyType
from console.model.pronouns import PRONOUN_CHOICES, THEY, Pronoun
from console.model.roster import format_weapons, parse_weapons
from console.model.stats import Stat
from console.model.text import NAME_MAX, NOTES_MAX
from console.rules.limits import AP, MISSIONS, PLAYER_RANK, POINTS, RANKS, WOUNDS
from console.ui.dialogs.form_dialog import (
    Field,
    FormDialog,
    optional_int,
    required_text,
    whole_number,
)

__all__ = ["npc_form", "npc_from_form", "pc_form", "pc_from_form", "unique_name"]


def _stat(label: str) -> Callable[[str], Stat | None]:
    def parse(text: str) -> Stat | None:
        if not text.strip():
            return None
        try:
            stat = Stat(text)
        except ValueError as error:
            raise ValueError(f"{label}: {error}") from None
        if stat.value > POINTS.high:
            raise ValueError(f"{label}: {stat.text} is out of range: {POINTS.describe()}")
        return stat

    return parse


def _body_type(text: str) -> BodyType:
    cleaned = text.strip().upper() or "P"
    try:
        return BodyType(cleaned)
    except ValueError:
        raise ValueError(
            f"type: P (Personal), V (Vehicle) or S (Ship), not {text.strip()}"
        ) from None


def _tags(text: str) -> tuple[str, ...]:
    return tuple(tag.strip() for tag in text.split(",") if tag.strip())


def _shown(stat: Stat | None) -> str:
    return "" if stat is None else stat.text


def npc_form(title: str, template: NpcTemplate | None,
             taken: Collection[str] = ()) -> FormDialog:
    """The NPC template form; ``taken``: the names it may not take (the others')."""
    fields = [Field("name", "Name", unique_name(taken, "a template"),
                    value=template.name if template else "", max_length=NAME_MAX)]
    for attribute, _key, label in NPC_STATS:
        fields.append(Field(attribute, f"{label} (value or rating)", _stat(label),
                            value=_shown(getattr(template, attribute)) if template else ""))
    fields += [
        Field("body_type", "Type: P, V or S", _body_type,
              value=template.body_type.value if template else "P"),
        Field("tags", "Tags (comma separated)", _tags,
              value=", ".join(template.tags) if template else ""),
        Field("notes", "Notes", str, value=template.notes if template else "",
              max_length=NOTES_MAX),
    ]
    return FormDialog(title, fields)


def npc_from_form(values: dict[str, Any], template_id: int) -> NpcTemplate:
    return NpcTemplate(template_id, **values)


def unique_name(taken: Collection[str], what: str = "a PC") -> Callable[[str], str]:
    """A name field's reading: required, and none of ``taken`` (any case or spacing)."""
    folded = {name.strip().casefold(): name for name in taken}
    required = required_text("name")

    def parse(text: str) -> str:
        name = required(text)
        if name.strip().casefold() in folded:
            raise ValueError(f"{what} called {folded[name.strip().casefold()]} is already in "
                             "the roster")
        return name

    return parse


def pc_form(title: str, pc: PlayerCharacter | None, taken: Collection[str] = (),
            extra: Sequence[Field] = ()) -> FormDialog:
    """The PC sheet form; ``taken`` are the other PCs' names (a PC's name is unique);
    ``extra``: the campaign's system's fields (a Metalface PC's core skills)."""
    fields = [
        Field("name", "Name", unique_name(taken), value=pc.name if pc else "",
              max_length=NAME_MAX),
        Field("player", "Player", str, value=pc.player if pc else "", max_length=NAME_MAX),
        Field("player_rank", "Player rank", whole_number("player rank", PLAYER_RANK),
              value=str(pc.player_rank) if pc else "0"),
        pronoun_field(pc),
    ]
    for attribute, _key, label in PC_STATS:
        fields.append(Field(attribute, f"{label} (rating or value)", _stat(label),
                            value=_shown(getattr(pc, attribute)) if pc else ""))
    fields += [
        Field("weapons", "Weapons: name Atk/Dmg; ...", parse_weapons,
              value=format_weapons(pc) if pc else "", placeholder="blaster 8M/10L; knife 6L/6M"),
        Field("wounds", "Wounds", whole_number("wounds", WOUNDS),
              value=str(pc.wounds) if pc else "0"),
        Field("allowance", "Mission allowance: base+per rank", _allowance,
              value=_allowance_text(pc.allowance) if pc else "", placeholder="750+110"),
        # Blank AP boxes keep the sheet's (a new character starts with 100 + player rank);
        # typed ones bring in a character made before the console.
        Field("ap_total", "AP Total", optional_int("AP Total", AP),
              value=str(pc.ap_total) if pc else "", placeholder="100 + player rank"),
        Field("unused_ap", "Unused AP", optional_int("Unused AP", AP),
              value=str(pc.unused_ap) if pc else "", placeholder="as AP Total"),
        Field("missions_completed", "Missions completed",
              whole_number("missions completed", MISSIONS),
              value=str(pc.missions_completed) if pc else "0"),
        # A paper character's rank as he stands, checked against his AP Total (Table 8);
        # blank: the rank his AP Total gives.
        Field("rank", "Rank (blank: by AP Total)", optional_int("rank", RANKS),
              value=str(pc.rank) if pc else ""),
        *extra,
        Field("notes", "Notes", str, value=pc.notes if pc else "", max_length=NOTES_MAX),
    ]
    # The sheet is built once as the form closes, so what the model refuses (a rank his AP
    # Total does not give) is said in the form, which stays open as typed. A new PC is
    # built on a stand-in id here; the campaign gives him his own as he is saved.
    return FormDialog(title, fields,
                      check=lambda values: pc_from_form(values, pc, pc.id if pc else 1))


def _allowance(text: str) -> Allowance:
    """"750+110": base credits plus credits per rank (blank: none recorded)."""
    cleaned = text.replace(" ", "")
    if not cleaned:
        return Allowance()
    base, plus, per_rank = cleaned.partition("+")
    if not base.isdigit() or (plus and not per_rank.isdigit()) or len(cleaned) > 15:
        raise ValueError(f"mission allowance: base+per rank, such as 750+110, not {text.strip()}")
    return Allowance(int(base), int(per_rank or 0))


def _allowance_text(allowance: Allowance) -> str:
    if allowance == Allowance():
        return ""
    return f"{allowance.base}+{allowance.per_rank}"


def pc_from_form(values: dict[str, Any], pc: PlayerCharacter | None, pc_id: int) -> PlayerCharacter:
    """A new sheet (100 AP + player rank) or the old one with the form's fields; the rank
    follows from AP Total and missions completed (Table 8)."""
    values = dict(values)
    total, unused = values.pop("ap_total"), values.pop("unused_ap")
    rank = values.pop("rank", None)
    sheet = PlayerCharacter.new(pc_id, **values) if pc is None else pc.with_changes(**values)
    if total is not None:
        sheet = sheet.with_changes(ap_total=total, unused_ap=total if unused is None else unused)
    elif unused is not None:
        sheet = sheet.with_changes(unused_ap=unused)
    if rank is not None:
        check_rank(rank, sheet.ap_total, sheet.missions_completed)
        sheet = sheet.with_changes(rank=rank)
    return settle_rank(sheet)


def pronoun_field(pc: PlayerCharacter | None) -> Field:
    """How every line about him refers to him, on every system's PC form."""
    return Field("pronoun", f"Pronoun ({'/'.join(PRONOUN_CHOICES)}/typed)",
                 _pronoun, value=pc.pronoun.text if pc else THEY.text)


def _pronoun(text: str) -> Pronoun:
    return Pronoun.parse(text)
