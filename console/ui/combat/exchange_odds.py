"""The detail pane's odds: one exchange each way between the selected combatant and each
opponent in the fight, computed exactly by the dice engine (cached: a cursor move should
not redo the sums)."""

from __future__ import annotations

import functools

from rich.text import Text

from console.model import Combatant, NpcTemplate, PlayerCharacter, Side, Status
from console.model.combat import NpcNumbers, npc_numbers
from console.model.stats import Stat
from console.rules.combat_odds import NpcAttackOdds, PcAttackOdds, npc_attack_odds, pc_attack_odds
from console.rules.errors import RulesError
from console.rules.ratings import Rating, RatingType
from console.rules.vehicle_damage import hull_breach_check
from console.service import View
from console.ui.formatting import percent

__all__ = ["SHOWN", "exchange_lines", "vessel_lines"]

SHOWN = 4  # opponents listed; more would push the rest of the pane off screen


@functools.lru_cache(maxsize=1024)
def _pc_odds(atk: Rating, dmg: Rating, npc_def: int, npc_ar: int, vit: int, wounds: int,
             npc_type: RatingType) -> PcAttackOdds:
    return pc_attack_odds(atk, dmg, npc_def, npc_ar, vit, npc_wounds=wounds, npc_type=npc_type)


@functools.lru_cache(maxsize=1024)
def _npc_odds(pc_def: Rating, pc_ar: Rating, atk: int, dmg: int, dmg_type: RatingType,
              wounds: int | None, vit: int | None) -> NpcAttackOdds:
    return npc_attack_odds(pc_def, pc_ar, atk, dmg, dmg_type=dmg_type, pc_wounds=wounds,
                           pc_vit_max=vit)


def _fighting(combatant: Combatant) -> bool:
    return combatant.status in (Status.ACTIVE, Status.UNCONSCIOUS)


def _rolled(stat: Stat | None) -> Rating | None:
    """What the player rolls for a sheet stat: its rating, or a value read by Table 7."""
    try:
        return stat.as_rating() if stat is not None else None
    except RulesError:
        return None


def _pair(sheet: PlayerCharacter, npc: Combatant, numbers: NpcNumbers) -> list[Text]:
    """Up to two lines for one PC and one NPC, each naming who attacks whom: the PC's first
    weapon on the NPC, and the NPC on the PC; a direction without the stats is left out."""
    lines = []
    weapon = sheet.weapons[0] if sheet.weapons else None
    atk, dmg = (_rolled(weapon.atk), _rolled(weapon.dmg)) if weapon else (None, None)
    if (atk is not None and dmg is not None and numbers.def_ is not None
            and numbers.ar is not None and numbers.vit):
        mine = _pc_odds(atk, dmg, numbers.def_, numbers.ar, numbers.vit, npc.wounds,
                        numbers.type)
        lines.append(Text(f"  {sheet.name} → {npc.name}: {percent(mine.chance_hit)} hit, "
                          f"~{float(mine.expected_wounds):.1f} wnd, "
                          f"{percent(mine.chance_kill)} down", style="green"))
    pc_def, pc_ar = _rolled(sheet.def_), _rolled(sheet.ar)
    if (pc_def is not None and pc_ar is not None and numbers.atk is not None
            and numbers.dmg is not None):
        vit = int(sheet.vit_max.value) if sheet.vit_max is not None else None
        theirs = _npc_odds(pc_def, pc_ar, numbers.atk, numbers.dmg, numbers.type,
                           sheet.wounds if vit is not None else None, vit)
        critical = ("" if not theirs.chance_critical
                    else f", {percent(theirs.chance_critical)} CD")
        lines.append(Text(f"  {npc.name} → {sheet.name}: {percent(theirs.chance_hit)} hit, "
                          f"~{float(theirs.expected_wounds):.1f} wnd{critical}",
                          style="red"))
    return lines


def vessel_lines(selected: Combatant, templates: dict[int, NpcTemplate]) -> list[Text]:
    """A vehicle or ship past its hull points: the crew's checks due and their Dif."""
    template = templates.get(selected.ref) if selected.ref is not None else None
    numbers = npc_numbers(selected, template)
    if numbers.type not in (RatingType.V, RatingType.S) or numbers.vit is None:
        return []
    cd = selected.wounds - numbers.vit
    if cd < 1:
        return []
    armor = template.ar if template is not None else None
    if armor is None:
        return [Text(f"{cd} CD: hull-breach and system-failure checks due (give it an AR)",
                     style="yellow")]
    rating = armor.as_rating()
    breach = hull_breach_check(rating, None, cd)
    return [
        Text(f"{cd} critical damage, each round until a success:", style="bold yellow"),
        Text(f"  hull breach: armor {rating} (+ repair hull, combine cat) vs "
             f"{breach.difficulty}", style="yellow"),
        Text(f"  system failure: vessel rating + damage control vs {breach.difficulty}; "
             "on a failure V rolls the system (Tables 9/11, 10)", style="yellow"),
    ]


def exchange_lines(view: View, selected: Combatant,
                   templates: dict[int, NpcTemplate]) -> list[Text]:
    """One line per opponent: the selected PC against each NPC, or each PC against the
    selected NPC."""
    encounter = view.encounter
    if encounter is None:
        return []
    lines: list[Text] = []
    missing = 0
    if selected.side is Side.PC:
        sheet = view.pcs.get(selected.ref) if selected.ref is not None else None
        pairs = [(sheet, npc) for npc in encounter.combatants
                 if npc.side is Side.NPC and _fighting(npc)]
    else:
        pairs = [(view.pcs.get(pc.ref) if pc.ref is not None else None, selected)
                 for pc in encounter.combatants if pc.side is Side.PC and _fighting(pc)]
    for sheet, npc in pairs[:SHOWN]:
        template = templates.get(npc.ref) if npc.ref is not None else None
        try:
            both = [] if sheet is None else _pair(sheet, npc, npc_numbers(npc, template))
        except RulesError:
            both = []
        if not both:
            missing += 1
            continue
        lines.extend(both)
    if missing:
        lines.append(Text(f"{missing} without the ratings and values the odds need",
                          style="dim"))
    if len(pairs) > SHOWN:
        lines.append(Text(f"... and {len(pairs) - SHOWN} more", style="dim"))
    return lines
