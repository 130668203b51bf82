"""The awarder's small forms: each a list of fields whose parsers say what is wrong."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from console.model import PlayerCharacter, Stat
from console.model.characters import PC_STATS
from console.rules.advancement import RANK_IMPROVEMENT_RATING
from console.rules.limits import AWARD, IC, POINTS, RESULT
from console.ui.awards.pc_names import complete_pc, pick_pc
from console.ui.dialogs.form_dialog import Field, roll_doubt, whole_number

__all__ = [
    "ability_value",
    "adventure_fields",
    "handicap_fields",
    "improve_fields",
    "pocket_fields",
    "reason_fields",
    "roll_result_fields",
]


def _pc(pcs: Sequence[PlayerCharacter]) -> Callable[[str], PlayerCharacter]:
    return lambda text: pick_pc(text, pcs)


def ability_value(text: str) -> int:
    """An ability's value typed as a number (12) or a rating (6M, read as its value)."""
    if not text.strip():
        raise ValueError("ability value: type its value (12) or rating (6M)")
    value = Stat(text).value
    if value.denominator != 1:
        raise ValueError(f"ability value: {text.strip()} is {float(value)}; the AP cost "
                         "needs a whole value")
    if int(value) not in POINTS:
        raise ValueError(f"ability value: {text.strip()} is out of range: {POINTS.describe()}")
    return int(value)


def _ability(text: str) -> str:
    if not text.strip():
        raise ValueError("ability: type its name (Dex, Pilot ...)")
    return text.strip()


def adventure_fields(pcs: Sequence[PlayerCharacter], pc: PlayerCharacter | None) -> list[Field]:
    return [
        Field("pc", "PC", _pc(pcs), value=pc.name if pc else "", complete=complete_pc(pcs)),
        Field("amount", "AP (as the adventure lists)", whole_number("AP", AWARD)),
        Field("reason", "Reason", str, placeholder="what the PC did"),
    ]


def pocket_fields(pcs: Sequence[PlayerCharacter], pc: PlayerCharacter | None,
                  veterans: Sequence[str]) -> list[Field]:
    known = set(veterans)

    def veteran(text: str) -> str:
        name = text.strip()
        match = next((v for v in veterans if v.casefold() == name.casefold()), None)
        if match is None:
            listed = ", ".join(sorted(known)) or "none: no player has a player rank"
            raise ValueError(f"{name or 'nobody'} is not a ranked player (ranked: {listed})")
        return match

    return [
        Field("veteran", "Veteran (ranked player)", veteran,
              value=veterans[0] if len(veterans) == 1 else ""),
        Field("pc", "To PC (another player's)", _pc(pcs), value=pc.name if pc else "",
              complete=complete_pc(pcs)),
        Field("amount", "AP", whole_number("AP", AWARD)),
        Field("reason", "Reason", str),
    ]


def reason_fields(current: str) -> list[Field]:
    return [Field("reason", "Reason", str, value=current)]


def improve_fields(pc: PlayerCharacter) -> list[Field]:
    """Ability, value and IC; a stat on the sheet needs no value (the console knows it)."""
    known = ", ".join(f"{label} {stat.canonical}" for attribute, _key, label in PC_STATS
                      if (stat := getattr(pc, attribute)) is not None)
    return [
        Field("ability", f"Ability ({known or 'none on the sheet yet'})"
              if known else "Ability", _ability),
        Field("value", "Its value now (blank: the sheet's)", _optional_value),
        Field("ic", "Improvement cost (IC)", whole_number("IC", IC)),
    ]


def _optional_value(text: str) -> int | None:
    return None if not text.strip() else ability_value(text)


def handicap_fields() -> list[Field]:
    return [
        Field("amount", "AP for the handicap", whole_number("AP", AWARD)),
        Field("reason", "Handicap", str, placeholder="Code of honour"),
    ]


def roll_result_fields(who: str) -> list[Field]:
    """The 10L roll ``who`` (the PC's name) makes for a rank improvement."""
    return [Field("result", f"{who}'s 10L roll", whole_number("roll result", RESULT),
                  doubt=roll_doubt(RANK_IMPROVEMENT_RATING, who))]
