"""The detail pane's odds: one exchange each way between the selected combatant and each
opponent in the fight, computed exactly by the dice engine (cached: a cursor move should
not redo the sums)."""

from __future__ import annotations

import functools

from rich.text import Text

from console.model import Combatant, Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.combat import NpcNumbers, npc_numbers
from console.model.stats import Stat
from console.model.vessels import (
    FATES,
    body_of,
    critical_damage_of,
    is_party_vessel,
    template_of,
    vessel_checks_due,
)
from console.rules.combat_odds import NpcAttackOdds, PcAttackOdds, npc_attack_odds, pc_attack_odds
from console.rules.errors import RulesError
from console.rules.ratings import Rating, RatingType
from console.rules.vehicle_damage import VesselCheckKind
from console.service import View
from console.service.combat import body_rating
from console.ui.formatting import percent, typed_stat_text

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
    return (combatant.status in (Status.ACTIVE, Status.UNCONSCIOUS)
            and not is_party_vessel(combatant))


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
        # Already past his Vit, "CD" would always be 100%: what the exchange risks is more
        # of it, the chance of any wound.
        already = vit is not None and sheet.wounds >= vit
        critical = (f", {percent(theirs.chance_wounded)} more CD" if already
                    else "" if not theirs.chance_critical
                    else f", {percent(theirs.chance_critical)} CD")
        lines.append(Text(f"  {npc.name} → {sheet.name}: {percent(theirs.chance_hit)} hit, "
                          f"~{float(theirs.expected_wounds):.1f} wnd{critical}",
                          style="red"))
    return lines


def vessel_lines(selected: Combatant, templates: dict[int, NpcTemplate],
                 encounter: Encounter) -> list[Text]:
    """A vehicle or ship: its hull, damage and critical damage in its own type's points,
    and what its critical damage means: an NPC's is crippled or destroyed (the GM's
    ruling), the party's owes the crew's checks."""
    template = template_of(selected, templates)
    body = body_of(selected, templates)
    if body not in (RatingType.V, RatingType.S):
        return []
    whose = "the party's vessel" if is_party_vessel(selected) else "an NPC's vessel"
    lines = [Text(f"{whose}, type {body.name} ({body.label}); figures in {body.label} points",
                  style="bold")]
    if template is not None:
        figures = [f"{label} {typed_stat_text(stat, body)}"
                   for label, stat in (("Dmg", template.dmg), ("AR", template.ar))
                   if stat is not None]
        if figures:
            lines.append(Text("  " + "  ·  ".join(figures)))
    if selected.vit_max is None:
        return lines
    cd = critical_damage_of(selected)
    hull = f"  hull {selected.vit_max} {body.name}, damage {selected.wounds} {body.name}"
    if not cd:
        return [*lines, Text(hull)]
    if not is_party_vessel(selected):
        lines.append(Text(f"{hull}, {cd} CD", style="yellow"))
        ruling = (f"{selected.status.value} (the GM's ruling)" if selected.status in FATES
                  else "the GM rules it crippled (u) or destroyed (d)")
        lines.append(Text(f"  never dead: {ruling}", style="yellow"))
        return lines
    lines.append(Text(f"{hull}, {cd} CD (its checks vs 5 x CD = {5 * cd})", style="yellow"))
    for kind in vessel_checks_due(encounter, selected):
        if kind is VesselCheckKind.HULL_BREACH:
            armor = template.ar if template is not None else None
            shown = ("armor" if armor is None
                     else f"armor {body_rating(armor, body)} (in {body.name} points)")
            lines.append(Text(f"  due now (k): hull breach: {shown} + repair hull (cat) "
                              f"vs {5 * cd}", style="bold yellow"))
        else:
            lines.append(Text(f"  due now (k): system failure: its rating + damage control "
                              f"(cat) vs {5 * cd}", style="bold yellow"))
    if selected.cascading:
        lines.append(Text("  cascade failure: a system-failure check every round until one "
                          "succeeds", style="yellow"))
    return lines


def exchange_lines(view: View, selected: Combatant, templates: dict[int, NpcTemplate],
                   most: int | None = SHOWN) -> list[Text]:
    """One line per opponent: the selected PC against each NPC, or each PC against the
    selected NPC; the first ``most`` of them (None: every one), and how many more."""
    encounter = view.encounter
    if encounter is None or is_party_vessel(selected):  # hit with A, not an exchange
        return []
    if not _fighting(selected):  # dead (or a vessel destroyed): out of the exchanges
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
    shown = len(pairs) if most is None else most
    for sheet, npc in pairs[:shown]:
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
    if len(pairs) > shown:
        lines.append(Text(f"... and {len(pairs) - shown} more (i: every one)", style="dim"))
    return lines
