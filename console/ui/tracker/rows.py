"""The tracker's rows: who acts when, and each combatant's Nish, state, Vit and conditions
as cells (the round's order itself is the model's)."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from console.model import Combatant, Encounter, PlayerCharacter, Side, Status
from console.model.checks_owed import checks_due_for
from console.model.combat import wounds_and_vit
from console.model.encounters import Hold, Shock
from console.model.facade_fight import Fighter, fighter
from console.model.player_view import shown_name
from console.model.table_settings import NpcNames
from console.model.turns import on_deck
from console.rules.critical_damage import critical_damage
from console.rules.hazards import saved_hazard_name
from console.rules.initiative import RoundOrder, Turn
from console.service import View
from console.ui.facade.cells import actions_text, health_text

__all__ = ["COLUMNS", "NARROW_WIDTHS", "WIDTHS", "RowCache", "facade_cells", "health_line",
           "state_text",
           "tracker_rows"]

COLUMNS = ("turn", "nish", "name", "side", "state", "vit", "conditions")
# Fixed widths, fitting the tracker's width at 160 columns; the conditions take what is
# left over. What still does not fit ends in "…", and `i` shows it whole (the details).
WIDTHS = {"turn": 2, "nish": 8, "name": 18, "side": 4, "state": 18, "vit": 19,
           "conditions": 18}
# In a narrow terminal (80 or 100 columns): the rest narrowed, the side left out if need
# be. The Vit cell shows its numbers first and then the bar, and a narrow one drops the
# bar whole (never a bar cut to "…"): "45/20 CD 25" fits; numbers that do not end in "…".
NARROW_WIDTHS = {"nish": 6, "name": 14, "state": 14, "vit": 11, "conditions": 12}
_BAR = 8
_SHORTEST_BAR = 3  # a bar of fewer cells tells nothing
_TIE_MARKS = ("┌", "│", "└")
_OUT_MARKS = {Status.CRIPPLED: ("✕", "yellow"), Status.DESTROYED: ("✕", "red")}


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


def state_text(combatant: Combatant, foe: str = "", *, owes: bool = False) -> Text:
    """His state in words; ``owes``: critical-damage checks not yet recorded (k), said
    last, so that a narrow cell cut short still shows his state first."""
    parts: list[tuple[str, str]] = []
    if foe:
        parts.append((foe, "cyan"))  # what the players call him ("Foe 2": P, N)
    if combatant.hold is not Hold.NONE:
        parts.append(("held" if combatant.hold is not Hold.PART else "held (part)", "bold cyan"))
    elif combatant.status is not Status.ACTIVE:
        style = {"unconscious": "yellow", "dead": "red", "removed": "dim",
                 "crippled": "yellow", "destroyed": "red"}.get(
            combatant.status.value, "")
        parts.append((combatant.status.value, style))
    if combatant.shock is Shock.FAILED:
        parts.append(("shock: Nish 0", "magenta"))
    elif combatant.shock is Shock.CRITICAL:
        parts.append(("shock: no Nish", "bold magenta"))
    if combatant.hidden:
        parts.append(("hidden", "italic dim"))  # from the players' view (v)
    if owes:
        parts.append(("checks due", "bold red"))
    text = Text()
    for index, (label, style) in enumerate(parts):
        if index:
            text.append(", ")
        text.append(label, style=style)
    return text


def health_line(combatant: Combatant, sheet: PlayerCharacter | None) -> Text | None:
    """The Wounds/Vit cell in words, for the details (``i`` covers the tracker): "wounds
    20 of Vit 16 · critical damage 4"; None for one unhurt with no Vit known."""
    wounds, vit = wounds_and_vit(combatant, sheet)
    if vit is None:
        return Text(f"wounds {wounds}") if wounds else None
    text = Text(f"wounds {wounds} of Vit {vit}")
    cd = critical_damage(wounds, vit)
    if cd is not None:
        text.append(f"  ·  critical damage {cd}", style="bold red")
    return text


def _vit_text(combatant: Combatant, sheet: PlayerCharacter | None) -> Text:
    wounds, vit = wounds_and_vit(combatant, sheet)
    if vit is None:
        return Text(f"{wounds} wnd" if wounds else "", style="dim")
    cd = critical_damage(wounds, vit)
    text = Text(f"{wounds}/{vit}")
    if cd is not None:
        text.append(f" CD {cd}", style="bold red")
    # The bars line up under each other, after 11 cells of numbers; longer numbers ("36/12
    # CD 24") keep a shorter bar within the cell, where a full one was cut off whole.
    numbers = max(11, text.cell_len + 1)
    width = min(_BAR, WIDTHS["vit"] - numbers)
    if width < _SHORTEST_BAR:
        return text
    filled = min(width, round(width * wounds / vit)) if vit else width
    text.append(" " * (numbers - text.cell_len))
    text.append("█" * filled, style="red" if cd is not None else "yellow")
    text.append("░" * (width - filled), style="green")
    return text


Cells = tuple[Text | str, ...]


class RowCache:
    """The cells last drawn for each combatant, with what they were drawn from: most keys
    change one or two rows of a hundred, and the rest are handed back as they were (the
    same objects, which the list compares first)."""

    def __init__(self) -> None:
        self._rows: dict[int, tuple[Combatant, PlayerCharacter | None, tuple[object, ...],
                                    Cells]] = {}

    def get(self, combatant: Combatant, sheet: PlayerCharacter | None,
            inputs: tuple[object, ...]) -> Cells | None:
        found = self._rows.get(combatant.id)
        if found is None or found[0] is not combatant or found[1] is not sheet:
            return None
        return found[3] if found[2] == inputs else None

    def put(self, combatant: Combatant, sheet: PlayerCharacter | None,
            inputs: tuple[object, ...], cells: Cells) -> None:
        self._rows[combatant.id] = (combatant, sheet, inputs, cells)

    def keep_only(self, ids: set[int]) -> None:
        for key in [key for key in self._rows if key not in ids]:
            del self._rows[key]


def tracker_rows(view: View, cache: RowCache | None = None) -> list[tuple[int, Cells]]:
    """(combatant id, cells) for every row: the round's turns in order, then those
    waiting for a Nish, then those out of action (dead, or a vessel crippled or
    destroyed)."""
    encounter = view.encounter
    if encounter is None:
        return []
    cache = cache if cache is not None else RowCache()
    order = view.order
    by_id = {c.id: c for c in encounter.combatants}
    current = order.position(encounter.current)
    deck = _on_deck(encounter, order)
    conditions = _conditions_by_target(encounter, encounter.words.round[0])
    ties = _tie_positions(order)
    rows: list[tuple[int, Cells]] = []
    acted = set(encounter.acted)
    foes = view.players.npc_names is NpcNames.FOES

    facade = view.system == "facade"

    def add(combatant: Combatant, turn: Turn | None, marker: tuple[str, ...]) -> None:
        sheet = view.pcs.get(combatant.ref) if combatant.is_pc and combatant.ref else None
        has_acted = combatant.id in acted
        noted = conditions.get(combatant.id, "")
        foe = (shown_name(combatant, view.players) if foes and not combatant.is_pc
               and not combatant.hidden else "")
        foe = "" if foe == combatant.name else foe
        template = (view.npcs.get(combatant.ref) if facade and not combatant.is_pc
                    and combatant.ref else None)
        inputs = (marker, None if turn is None else turn.nish, has_acted, noted, foe, facade,
                  template)
        cells = cache.get(combatant, sheet, inputs)
        if cells is None:
            # Checks he owes (a death check as a blow landed, his Nish's): in his row until
            # recorded, where the toast that said them went with the next key.
            owes = bool(combatant.checks_owed) and sheet is not None and bool(
                checks_due_for(encounter, combatant.id, view.pcs))
            cells = _cells(combatant, sheet, turn, marker, has_acted, noted, foe, owes)
            if facade:  # Façade's health and actions in place of Vit (issue 31)
                cells = facade_cells(cells, fighter(encounter, combatant.id, view.pcs,
                                                    view.npcs))
            cache.put(combatant, sheet, inputs, cells)
        rows.append((combatant.id, cells))

    for index, turn in enumerate(order.turns):
        for position, member in enumerate(turn.members):
            add(by_id[member], turn, _marker(order, index, position, current, ties, deck,
                                             done=member in acted))
    for key in order.waiting:
        add(by_id[key], None, ("…", "dim"))
    for key in order.out:  # dead ✝; a vessel never dies: crippled or destroyed ✕
        add(by_id[key], None, _OUT_MARKS.get(by_id[key].status, ("✝", "red")))
    cache.keep_only(set(by_id))
    return rows


def facade_cells(cells: Cells, who: Fighter) -> Cells:
    """A Façade combatant's row: his actions this turn before his state, his tracks in
    place of Vit."""
    state = actions_text(who.combatant.actions)
    shown = cells[COLUMNS.index("state")]
    if isinstance(shown, Text) and shown.plain:
        state.append(" ").append_text(shown)
    return tuple(state if index == COLUMNS.index("state") else
                 health_text(who) if index == COLUMNS.index("vit") else cell
                 for index, cell in enumerate(cells))


def _cells(combatant: Combatant, sheet: PlayerCharacter | None, turn: Turn | None,
           marker: tuple[str, ...], has_acted: bool, conditions: str, foe: str = "",
           owes: bool = False) -> Cells:
    # Who has had his turn this round is dimmed: the rest are still to act.
    style = "bold" if combatant.is_pc else ""
    name = Text(combatant.name, style=f"{style} dim" if has_acted else style)
    mark = Text()
    for text, mark_style in zip(marker[::2], marker[1::2], strict=True):
        mark.append(text, style=mark_style)
    return (
        mark,
        _nish_text(turn, combatant),
        name,
        "PC" if combatant.side is Side.PC else "NPC",
        state_text(combatant, foe, owes=owes),
        _vit_text(combatant, sheet),
        conditions,
    )


def _tie_positions(order: RoundOrder) -> dict[int, str]:
    """The bracket drawn beside each tied turn: first, middle or last of its tie."""
    by_tie: dict[object, list[int]] = {}
    for index, turn in enumerate(order.turns):
        if turn.tie is not None:
            by_tie.setdefault(turn.tie, []).append(index)
    marks: dict[int, str] = {}
    for tied in by_tie.values():
        for index in tied:
            marks[index] = (_TIE_MARKS[0] if index == tied[0] else
                            _TIE_MARKS[2] if index == tied[-1] else _TIE_MARKS[1])
    return marks


def _on_deck(encounter: Encounter, order: RoundOrder) -> int | None:
    """The position of the turn that comes after the one in progress."""
    after = on_deck(encounter, order)
    return None if after is None else order.position(after)


def _marker(order: RoundOrder, index: int, position: int, current: int | None,
            ties: dict[int, str], on_deck: int | None = None, *,
            done: bool = False) -> tuple[str, ...]:
    """The turn column as (text, style) pairs: the current-turn arrow (or the on-deck
    one for the turn that comes next), then the tie bracket or the wave's. ``done``: he
    has had his turn this round; a turn re-shaped by a mode switch may hold him, and an
    arrow beside him read as his acting again."""
    turn = order.turns[index]
    marker: tuple[str, ...] = ((" ", "") if done else
                               ("▶", "bold green") if index == current else
                               ("▷", "green") if index == on_deck else (" ", ""))
    if turn.tie is not None:
        marker += (ties[index], "cyan")
    elif len(turn.members) > 1:
        marker += ("┃" if position else "┏", "blue")
    return marker


def _conditions_by_target(encounter: Encounter, mark: str = "r") -> dict[int, str]:
    """Each one's hazards and conditions; a condition's last round after ``mark`` (r7:
    through round 7; Façade's t7, its turn)."""
    found: dict[int, list[str]] = {}
    for hazard in encounter.hazards:
        found.setdefault(hazard.target, []).append(saved_hazard_name(hazard.state))
    for condition in encounter.conditions:
        if condition.target is None:
            continue
        label = condition.name
        if condition.until_round is not None:
            label += f" →{mark}{condition.until_round}"  # lasts through that round
        found.setdefault(condition.target, []).append(label)
    return {key: ", ".join(labels) for key, labels in found.items()}
