"""The detail pane in a Façade campaign (issue 31): a combatant's Initiative and actions,
his attributes and skills, his health as the seed's sheet keeps it (tracks, hits by
location, penalties), what his Limit Pools do, his weapons with their chance to land a blow
on each foe (exact, his penalties counted) and his armor; and a roster entry's numbers (a
Metalface PC's skills and professional rank too)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from console.model import Combatant, PlayerCharacter, Status
from console.model.errors import ModelError
from console.model.facade_attacks import attack_trait
from console.model.facade_fight import Fighter, fighter, no_numbers_advice
from console.model.facade_sheet import FacadeSheet, format_armor
from console.model.facade_turns import initiative_state
from console.model.skills import Skills, format_skills
from console.rules.facade_combat.traits import CATEGORIES, POOLS
from console.service import View
from console.ui.facade.cells import actions_text, health_text
from console.ui.formatting import percent

__all__ = ["facade_lines", "facade_sheet_lines", "metalface_lines"]

# Said of the one selected, without a pronoun: "click now", not "his click now".
_WHERE = {"free": "no turn running", "now": "the click now",
          "later": "still to come: may interrupt (j)", "passed": "the click has passed: "
          "only defends", "none": "no Initiative this turn"}


def _numbers(sheet: FacadeSheet) -> Text:
    return Text("  ·  ".join(f"{name} {sheet.category(name)}" for name in CATEGORIES))


def facade_sheet_lines(sheet: FacadeSheet | None, skills: Skills) -> list[RenderableType]:
    """A roster entry's Façade numbers."""
    if sheet is None:
        return [Text("no Façade numbers yet (e)", style="dim")]
    tracks = sheet.tracks
    lines: list[RenderableType] = [
        _numbers(sheet),
        Text(f"health levels {tracks.bruising}B / {tracks.crushing}C / {tracks.deadly}D"),
    ]
    if skills:
        lines.append(Text(f"skills: {format_skills(skills)}"))
    lines.extend(Text(f"  {w.name} {w.damage}  {w.attribute} + {w.skill or 'no skill'}"
                      + (f"  Str. {w.strength}" if w.strength else "")) for w in sheet.weapons)
    if sheet.armor:
        lines.append(Text(f"armor: {format_armor(sheet.armor)}"))
    return lines


def metalface_lines(sheet: PlayerCharacter) -> list[RenderableType]:
    """A Metalface PC's core skills and his professional rank (the highest skill's)."""
    if not sheet.skills:
        return [Text("professional rank Unskilled (no core skills yet: e)", style="dim")]
    return [Text(f"professional rank {sheet.skills.rank}  ·  core skills: "
                 f"{format_skills(sheet.skills)}")]


def _foes(view: View, who: Fighter) -> list[Fighter]:
    encounter = view.encounter
    assert encounter is not None
    side = who.combatant.side
    return [fighter(encounter, c.id, view.pcs, view.npcs) for c in encounter.combatants
            if c.side is not side and c.status is Status.ACTIVE]


def facade_lines(view: View, combatant: Combatant) -> list[RenderableType]:
    """What the GM needs about a Façade combatant before he acts."""
    encounter = view.encounter
    assert encounter is not None
    who = fighter(encounter, combatant.id, view.pcs, view.npcs)
    sheet = who.sheet
    head = Text(f"Initiative {combatant.nish if combatant.nish is not None else '-'}"
                f" (Action {who.action if who.action is not None else '?'}), "
                f"{_WHERE[initiative_state(encounter, combatant.id)]}  ·  actions: ")
    head.append_text(actions_text(combatant.actions))
    lines: list[RenderableType] = [head]
    if sheet is None:
        lines.append(Text(f"no Façade numbers: {no_numbers_advice(who)}", style="yellow"))
        return lines
    lines.append(_numbers(sheet))
    health = Text("health ")
    health.append_text(health_text(who, penalties=False))
    if who.health.hits:
        health.append(f"  ·  {who.health.notation}")
    penalties = who.health.penalties
    if penalties.on(arms=True, legs=True):
        health.append(f"  ·  penalties {penalties}", style="yellow")
    lines.append(health)
    pools = [f"{pool} {who.health.pool(pool)}/{sheet.category(category)}"
             for category, pool in POOLS.items() if who.health.pool(pool)]
    if pools:
        lines.append(Text("Limit: " + ", ".join(pools)))
    lines.extend(Text(f"  {found.text}", style="bold red" if found.fails else "red")
                 for found in who.effects())
    foes = _foes(view, who)
    for index, weapon in enumerate(sheet.weapons):
        line = Text(f"  {weapon.name} {weapon.damage}: ")
        odds = []
        for foe in foes[:4]:
            if foe.sheet is None:
                continue
            try:
                trait = attack_trait(who, foe, who.weapon(index))
            except ModelError:
                continue
            landing = 1 - trait.levels()["failure"]
            odds.append(f"{foe.name} {trait.total} vs {trait.difficulty} {percent(landing)}")
        line.append(" · ".join(odds) if odds else f"{weapon.attribute} + "
                    f"{weapon.skill or 'no skill'}", style="" if odds else "dim")
        lines.append(line)
    if sheet.armor:
        lines.append(Text(f"armor: {format_armor(sheet.armor)}", style="dim"))
    return lines
