"""The initiative tracker: the round's order, the current actor, ties, holds and states."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable

from console.model import Combatant, Encounter, PlayerCharacter, Side, Status
from console.model.encounters import Hold, Shock
from console.rules.critical_damage import critical_damage
from console.rules.initiative import RoundOrder, Turn
from console.ui.controller import View
from console.ui.pane import cursor_ends

__all__ = ["TrackerPane"]

COLUMNS = ("turn", "nish", "name", "side", "state", "vit", "conditions")
# Fixed widths: DataTable sizes a column from what it held when first drawn.
_WIDTHS = {"turn": 2, "nish": 8, "name": 18, "side": 4, "state": 15, "vit": 22,
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


class TrackerPane(DataTable[Text | str]):
    """The round in Nish order. Rows are combatants; a turn may hold several (a wave)."""

    PANE_TITLE: ClassVar[str] = "Tracker"
    HELP: ClassVar[str] = """\
## Initiative tracker

Call for Nish (`n`) at the start of every round: type each PC's rolled result, or press
`ctrl+r` in the entry to roll his Nish rating. NPCs act on their recorded Nish. Play goes
highest first; tied combatants (bracketed) act at once, in the order you set with
`shift+up/down`.

`space` hands the turn on to the highest turn with someone still to act (those who have
acted are dimmed), so a Nish corrected mid-round, a kill or a newcomer never skips or
repeats anyone. `b` steps back to the turn before, `enter` makes the selected combatant's
turn the current one. `h` saves a PC's Initiative (all of it, passing the turn; `H` for
part), `o` lets a held combatant act now. Saved Initiative is lost at the next call for Nish.
A result a rating cannot give, or one under a 0.5% chance, is questioned once: `enter`
again keeps it.

`m` switches individual / wave / group Initiative. `s` marks shock (failed: Nish 0;
critical: no Nish this round). `u` unconscious, `d` dead, `x` removes, `e` edits a
Nish, `c` adds a condition with a duration: "one round" lasts until the end of the next
round. The detail pane shows what expires when and the checks a critically wounded PC owes.

`A` starts an attack on the selected combatant: on an NPC, a PC attacks him (weapon,
Table 15 modifiers, the player's Atk and damage results; wounding damage = damage - AR, and
critical damage kills him unless you keep him up); on a PC, an NPC attacks him (Table 14
modifiers, his Def result, then his AR result; wounds go on his sheet). Every prompt shows
the exact chance from the dice engine. `k` takes a critically wounded PC's checks, `+`
heals him (or applies the kill rule), `V` rolls a damaged vehicle's or ship's system
failure (Tables 9/11 and 10). `B` works out an explosion's damage square by square.

`z` puts a hazard on the selected combatant. Lasting ones (drowning, suffocation, vacuum, a
hull breach, falling, freezing, heat, fatigue, panic, sleep, hunger, thirst) move on once a
round, on his Nish: before he acts the console shows the check due and its difficulty
(with his chance); `Z` takes the player's result and applies what follows (wounds, passing
out, death). With nothing due, `Z` ends the hazard (air is back: the revive Dif and the
brain-damage Dif are shown). `T` lets days, hours or minutes pass for the hazards that run
outside the rounds. One-off checks (poison, radiation, brain damage, fear,
materialization) ask their question, take the result and roll the book's table on a
failure.
"""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "send('call_nish')", "Call for Nish", id="tracker.call_nish"),
        Binding("space", "send('next_turn')", "Next turn", id="tracker.next"),
        Binding("b", "send('previous_turn')", "Back a turn", id="tracker.previous", show=False),
        Binding("enter", "send('jump')", "Their turn now", id="tracker.jump", show=False),
        Binding("h", "send('hold')", "Hold", id="tracker.hold"),
        Binding("H", "send('hold_part')", "Hold part", id="tracker.hold_part", show=False),
        Binding("o", "send('act_now')", "Act now", id="tracker.act_now"),
        Binding("a", "send('add')", "Add", id="tracker.add"),
        Binding("e", "send('edit_nish')", "Edit Nish", id="tracker.edit_nish", show=False),
        Binding("s", "send('shock')", "Shock", id="tracker.shock"),
        Binding("u", "send('unconscious')", "Unconscious", id="tracker.unconscious", show=False),
        Binding("d", "send('dead')", "Dead", id="tracker.dead", show=False),
        Binding("x", "send('remove')", "Remove", id="tracker.remove", show=False),
        Binding("c", "send('condition')", "Condition", id="tracker.condition"),
        Binding("m", "send('mode')", "Mode", id="tracker.mode"),
        Binding("A", "send('attack')", "Attack", id="tracker.attack"),
        Binding("k", "send('checks')", "Checks", id="tracker.checks", show=False),
        Binding("plus", "send('heal')", "Heal", id="tracker.heal", show=False),
        Binding("V", "send('vessel')", "System failure", id="tracker.vessel", show=False),
        Binding("B", "send('blast')", "Explosion", id="tracker.blast", show=False),
        Binding("z", "send('hazard')", "Hazard", id="tracker.hazard"),
        Binding("Z", "send('hazard_check')", "Hazard check", id="tracker.hazard_check",
                show=False),
        Binding("T", "send('hazard_time')", "Time passes", id="tracker.hazard_time",
                show=False),
        Binding("shift+up", "send('tie_up')", "Earlier in tie", id="tracker.tie_up", show=False),
        Binding("shift+down", "send('tie_down')", "Later in tie", id="tracker.tie_down",
                show=False),
        *cursor_ends("tracker"),
    ]

    class Action(Message):
        """The GM pressed a tracker key; the screen carries it out."""

        def __init__(self, action: str, combatant_id: int | None) -> None:
            self.action = action
            self.combatant_id = combatant_id
            super().__init__()

    class Selected(Message):
        def __init__(self, combatant_id: int | None) -> None:
            self.combatant_id = combatant_id
            super().__init__()

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)  # type: ignore[arg-type]
        self._row_keys: list[int] = []
        self._current: str | None = None  # the turn the cursor last followed

    def on_mount(self) -> None:
        for column in COLUMNS:
            label = column.capitalize() if column != "turn" else ""
            self.add_column(label, key=column, width=_WIDTHS[column])

    # ----- showing ------------------------------------------------------------------------

    def rows_for(self, view: View) -> list[tuple[int, tuple[Text | str, ...]]]:
        encounter = view.encounter
        if encounter is None:
            return []
        order = view.order
        by_id = {c.id: c for c in encounter.combatants}
        current = order.position(encounter.current)
        conditions = self._conditions_by_target(encounter)
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
                add(by_id[member], turn, self._marker(order, index, position, current))
        for key in order.waiting:
            add(by_id[key], None, Text("…", style="dim"))
        for key in order.out:
            add(by_id[key], None, Text("✝", style="red"))
        return rows

    @staticmethod
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

    @staticmethod
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

    def show(self, view: View) -> None:
        """Bring the table up to date, in place when the order is unchanged."""
        rows = self.rows_for(view)
        keys = [key for key, _ in rows]
        selected = self.selected_id
        if keys == self._row_keys:
            for key, cells in rows:
                for column, cell in zip(COLUMNS, cells, strict=True):
                    if self.get_cell(str(key), column) != cell:
                        self.update_cell(str(key), column, cell)
        else:
            self.clear()
            for key, cells in rows:
                self.add_row(*cells, key=str(key))
            self._row_keys = keys
            if selected in keys:
                self.move_cursor(row=keys.index(selected))
        # When the turn moves on, the cursor (and so the detail pane) follows the actor.
        current = view.encounter.current if view.encounter is not None else None
        if current != self._current:
            self._current = current
            acting = [t.members[0] for t in view.order.turns if t.key == current]
            if acting and acting[0] in keys:
                self.move_cursor(row=keys.index(acting[0]))

    @property
    def selected_id(self) -> int | None:
        if not self._row_keys or self.cursor_row < 0 or self.cursor_row >= len(self._row_keys):
            return None
        return self._row_keys[self.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.post_message(self.Selected(self.selected_id))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.post_message(self.Action("jump", self.selected_id))

    # ----- keys ---------------------------------------------------------------------------

    def action_send(self, action: str) -> None:
        """Every tracker key: the screen carries the action out on the selected combatant."""
        self.post_message(self.Action(action, self.selected_id))
