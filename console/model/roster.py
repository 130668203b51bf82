"""The roster's bookkeeping: numbered copies of a template, duplicates, search, weapon lists.

Pure functions, like the tracker's: the UI records their results as store actions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from console.model.characters import PlayerCharacter, Weapon
from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.errors import ModelError
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.model.stats import opt_stat
from console.model.text import NAME_MAX
from console.model.turns import settle
from console.rules.ratings import RatingType

__all__ = [
    "MAX_SPAWN",
    "duplicate_template",
    "format_weapons",
    "matches",
    "parse_weapons",
    "spawn_copies",
    "templates_in_use",
    "whole_value",
]

MAX_SPAWN = 50  # more than a GM would ever spawn at once; a typo guard for "500"


def whole_value(template: NpcTemplate, stat: str) -> int | None:
    """A template stat as the whole number the tracker uses: Nish in Personal points (8M ->
    16; 0.6 -> 0), Vit in points of the body's type (Table 12: 10MV on a vehicle is 20); a
    Façade template's Nish is his Action."""
    if stat == "nish" and template.facade is not None:
        return template.facade.action  # a Façade template's Initiative is his Action
    value = getattr(template, stat)
    if value is None:
        return None
    if stat == "vit":
        return int(value.points(RatingType[template.body_type.value]))
    return int(value.value)


def _numbered(base: str, taken: set[str], count: int) -> list[str]:
    """``base 1`` .. ``base N``, continuing after the copies already in the fight."""
    pattern = re.compile(rf"{re.escape(base)} (\d+)")
    used = [int(m.group(1)) for name in taken if (m := pattern.fullmatch(name))]
    start = max(used, default=0) + 1
    return [f"{base} {number}" for number in range(start, start + count)]


def spawn_copies(encounter: Encounter, template: NpcTemplate, count: int, *,
                 shared_nish: bool = True, hidden: bool = False) -> Outcome:
    """Add ``count`` numbered copies of ``template`` ("Skrak 1" .. "Skrak 4"), each with his
    own wounds. With ``shared_nish`` they form a group that keeps one Nish (editing one
    edits all), so they act together; otherwise each keeps his own once edited. ``hidden``
    copies (an ambush) stay off the players' view until the GM reveals them."""
    if not 1 <= count <= MAX_SPAWN:
        raise ModelError(f"spawn 1 to {MAX_SPAWN} copies, not {count}")
    taken = {c.name for c in encounter.combatants}
    names = _numbered(template.name, taken, count)
    next_id = max((c.id for c in encounter.combatants), default=0) + 1
    group = next_id if shared_nish and count > 1 else None
    nish = whole_value(template, "nish")
    copies = tuple(
        Combatant(next_id + offset, name, Side.NPC, ref=template.id,
                  nish=nish if encounter.round > 0 else None, recorded_nish=nish,
                  vit_max=whole_value(template, "vit"), group=group, hidden=hidden)
        for offset, name in enumerate(names)
    )
    changed = encounter.with_changes(combatants=encounter.combatants + copies)
    shown = names[0] if count == 1 else f"{names[0]} .. {names[-1]}"
    secretly = " (hidden from the players)" if hidden else ""
    return settle(encounter, changed, (f"{shown} join the encounter{secretly}" if count > 1
                                       else f"{shown} joins the encounter{secretly}",))


def templates_in_use(encounter: Encounter | None, template_id: int) -> list[str]:
    """Names of the running encounter's combatants made from a template."""
    if encounter is None:
        return []
    return [c.name for c in encounter.combatants
            if c.side is Side.NPC and c.ref == template_id and c.status is not Status.REMOVED]


def duplicate_template(template: NpcTemplate, new_id: int, names: Iterable[str]) -> NpcTemplate:
    """A copy under a free name: "Skrak (copy)", "Skrak (copy 2)" ..."""
    taken = set(names)

    def copy(label: str) -> str:  # a long name gives way to the label, which must show
        return f"{template.name[:NAME_MAX - len(label) - 1].rstrip()} {label}"

    name = copy("(copy)")
    number = 2
    while name in taken:
        name = copy(f"(copy {number})")
        number += 1
    return template.with_changes(id=new_id, name=name)


def matches(query: str, name: str, tags: Iterable[str] = ()) -> bool:
    """Roster search: every word of the query is in the name or one of the tags, any case."""
    words = query.casefold().split()
    if not words:  # no search: the whole roster, 3,000 templates at every opening
        return True
    haystack = [name.casefold(), *(tag.casefold() for tag in tags)]
    return all(any(word in text for text in haystack) for word in words)


_WEAPON = re.compile(r"(.+?)\s+(\S+)\s*/\s*(\S+)")


def parse_weapons(text: str) -> tuple[Weapon, ...]:
    """``blaster 8M/10L; knife 6L/6M`` -> weapons with Atk and Dmg (values or ratings)."""
    weapons = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        match = _WEAPON.fullmatch(part)
        if match is None:
            raise ModelError(f"{part[:30]}: write a weapon as name Atk/Dmg, like blaster 8M/10L")
        atk, dmg = (None if text == "-" else opt_stat(text, f"{match.group(1).strip()} {what}")
                    for text, what in zip(match.group(2, 3), ("Atk", "Dmg"), strict=True))
        weapons.append(Weapon(match.group(1).strip(), atk, dmg))
    return tuple(weapons)


def format_weapons(pc: PlayerCharacter) -> str:
    """The text :func:`parse_weapons` reads back into the same weapons."""
    return "; ".join(
        f"{w.name} {w.atk.text if w.atk else '-'}/{w.dmg.text if w.dmg else '-'}"
        for w in pc.weapons
    )
