"""The tracker's rows: who acts when, and each combatant's Nish, state, Vit and conditions
as cells (the round's order itself is the model's)."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from console.model import Combatant, Encounter, PlayerCharacter, Side, Status
from console.model.encounters import Hold, Shock
from console.rules.critical_damage import critical_damage
from console.rules.initiative import RoundOrder, Turn
from console.service import View

__all__ = ["COLUMNS", "WIDTHS", "tracker_rows"]

COLUMNS = ("turn", "nish", "name", "side", "state", "vit", "conditions")
# Fixed widths: DataTable sizes a column from what it held when first drawn.
WIDTHS = {"turn": 2, "nish": 8, "name": 18, "side": 4, "state": 15, "vit": 22,
           "conditions": 20}
_TIE_MARKS = ("┌", "│", "└")


def _number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def _nish_text(turn: Turn | None, combatant: Combatant) -> str:
    """The number a combatant acts on; a wave's average with his own Nish beside it."""
    if turn is None:
        return "—" if combatant.shock is Shock.CRITICAL or combatant.nish is None else (
            str(combatant.nish))
    acting = _number(turn.nish)
    own = combatant.nish if combatant.shock is Shock.NONE else 0
    if own is not None and Fraction(own) != turn.nish:
        return f"{acting} ({own})"
    return acting


def _state_text(combatant: Combatant) -> Text:
    parts: list[tuple[str, str]] = []
    if combatant.hold is not Hold.NONE:
        parts.append(("held" if combatant.hold is not Hold.PART else "held (part)", "bold cyan"))
    elif combatant.status is not Status.ACTIVE:
        style = {"unconscious": "yellow", "dead": "red", "removed": "dim"}.get(
            combatant.status.value, "")
        parts.append((combatant.status.value, style))
    if combatant.shock is Shock.FAILED:
        parts.append(("shock: Nish 0", "magenta"))
    elif combatant.shock is Shock.CRITICAL:
        parts.append(("shock: no Nish", "bold magenta"))
    text = Text()
    for index, (label, style) in enumerate(parts):
        if index:
            text.append(", ")
        text.append(label, style=style)
    return text


def _vit_text(combatant: Combatant, sheet: PlayerCharacter | None) -> Text:
    wounds = sheet.wounds if sheet is not None else combatant.wounds
    vit = (int(sheet.vit_max.value) if sheet is not None and sheet.vit_max is not None
           else combatant.vit_max)
    if vit is None:
        return Text(f"{wounds} wnd" if wounds else "", style="dim")
    cd = critical_damage(wounds, vit)
    width = 10
    filled = min(width, round(width * wounds / vit)) if vit else width
    bar = Text("█" * filled, style="red" if cd is not None else "yellow")
    bar.append("░" * (width - filled), style="green")
    bar.append(f" {wounds}/{vit}")
    if cd is not None:
        bar.append(f" CD {cd}", style="bold red")
    return bar


def tracker_rows(view: View) -> list[tuple[int, tuple[Text | str, ...]]]:
    """(combatant id, cells) for every row: the round's turns in order, then those
    waiting for a Nish, then the dead and removed."""
    encounter = view.encounter
    if encounter is None:
        return []
    order = view.order
    by_id = {c.id: c for c in encounter.combatants}
    current = order.position(encounter.current)
    conditions = _conditions_by_target(encounter)
    rows: list[tuple[int, tuple[Text | str, ...]]] = []

    acted = set(encounter.acted)

    def add(combatant: Combatant, turn: Turn | None, marker: Text) -> None:
        sheet = view.pcs.get(combatant.ref) if combatant.is_pc and combatant.ref else None
        # Who has had his turn this round is dimmed: the rest are still to act.
        style = "bold" if combatant.is_pc else ""
        name = Text(combatant.name, style=f"{style} dim" if combatant.id in acted else style)
        rows.append((combatant.id, (
            marker,
            _nish_text(turn, combatant),
            name,
            "PC" if combatant.side is Side.PC else "NPC",
            _state_text(combatant),
            _vit_text(combatant, sheet),
            conditions.get(combatant.id, ""),
        )))

    for index, turn in enumerate(order.turns):
        for position, member in enumerate(turn.members):
            add(by_id[member], turn, _marker(order, index, position, current))
    for key in order.waiting:
        add(by_id[key], None, Text("…", style="dim"))
    for key in order.out:
        add(by_id[key], None, Text("✝", style="red"))
    return rows


def _marker(order: RoundOrder, index: int, position: int, current: int | None) -> Text:
    turn = order.turns[index]
    text = Text()
    text.append("▶" if index == current else " ", style="bold green")
    if turn.tie is not None:
        tied = [i for i, t in enumerate(order.turns) if t.tie == turn.tie]
        mark = (_TIE_MARKS[0] if index == tied[0] else
                _TIE_MARKS[2] if index == tied[-1] else _TIE_MARKS[1])
        text.append(mark, style="cyan")
    elif len(turn.members) > 1:
        text.append("┃" if position else "┏", style="blue")
    return text


def _conditions_by_target(encounter: Encounter) -> dict[int, str]:
    found: dict[int, list[str]] = {}
    for hazard in encounter.hazards:
        found.setdefault(hazard.target, []).append(str(hazard.state.get("hazard", "")))
    for condition in encounter.conditions:
        if condition.target is None:
            continue
        label = condition.name
        if condition.until_round is not None:
            label += f" →r{condition.until_round}"  # lasts through that round
        found.setdefault(condition.target, []).append(label)
    return {key: ", ".join(labels) for key, labels in found.items()}
