"""Details of the selected combatant: his numbers, conditions and what comes due."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widgets import Static

from console.model import Combatant
from console.model.tracker import END, checks_due_for, current_turn, expiring_this_round
from console.rules.initiative import rounds_left
from console.ui.controller import View

__all__ = ["DetailPane"]


class DetailPane(Static):
    """What the GM needs about one combatant before he acts."""

    PANE_TITLE: ClassVar[str] = "Details"

    def show(self, view: View, combatant_id: int | None) -> None:
        self.update(self.render_for(view, combatant_id))

    def render_for(self, view: View, combatant_id: int | None) -> RenderableType:
        encounter = view.encounter
        if encounter is None:
            return Text("No encounter running. Press E to start one.", style="dim")
        lines: list[RenderableType] = [self._round_line(view)]
        combatant = encounter.combatant(combatant_id) if combatant_id is not None else None
        if combatant is not None:
            lines.extend(self._combatant_lines(view, combatant))
        ending = expiring_this_round(encounter)
        if ending:
            lines.append(Text("Ends with this round: " + ", ".join(c.name for c in ending),
                              style="yellow"))
        return Group(*lines)

    @staticmethod
    def _round_line(view: View) -> Text:
        encounter = view.encounter
        assert encounter is not None
        if encounter.round == 0:
            return Text(f"{encounter.name}: Nish not called yet (n)", style="bold")
        turn = current_turn(encounter, view.order)
        if encounter.current == END:
            now = "round over: call for Nish (n)"
        elif turn is not None:
            now = f"turn: {turn.label}"
        else:
            now = "no turn"
        return Text(f"{encounter.name}, round {encounter.round}, {encounter.mode.value}: {now}",
                    style="bold")

    @staticmethod
    def _combatant_lines(view: View, combatant: Combatant) -> list[RenderableType]:
        encounter = view.encounter
        assert encounter is not None
        lines: list[RenderableType] = []
        sheet = view.pcs.get(combatant.ref) if combatant.is_pc and combatant.ref else None
        head = Text(combatant.name, style="bold")
        if sheet is not None and sheet.nish is not None:
            head.append(f"  Nish rating {sheet.nish.canonical}")
        elif combatant.recorded_nish is not None:
            head.append(f"  recorded Nish {combatant.recorded_nish}")
        lines.append(head)
        for condition in encounter.conditions:
            if condition.target != combatant.id:
                continue
            if condition.until_round is None:
                lasting = "until removed"
            else:
                left = rounds_left(condition.until_round, encounter.round)
                lasting = f"through round {condition.until_round} ({left} to go)"
            lines.append(Text(f"  {condition.name}: {lasting}"))
        due = checks_due_for(encounter, combatant.id, view.pcs)
        if due:
            lines.append(Text("Before he acts:", style="bold red"))
            lines.extend(Text(f"  {check.describe()}", style="red") for check in due)
        return lines
