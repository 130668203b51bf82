"""The players' order board: the round's turns as big, calm rows, drawn from a picture."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from console.model.player_view import PlayerPicture, PlayerRow
from console.ui.widgets.plain import Static

__all__ = ["OrderBoard", "order_table"]

_MARKS = {"now": ("▶", "bold green"), "next": ("▷", "green"), "": (" ", "")}
_HEALTH_STYLES = {"unhurt": "green", "hurt": "yellow", "badly hurt": "bold red3",
                  "critical": "bold red", "down": "dim red"}


def _health(row: PlayerRow) -> Text:
    if not row.is_pc:
        return Text(row.health, style=_HEALTH_STYLES.get(row.health, ""))
    return Text(row.health, style="bold red" if "critical damage" in row.health else "")


def _notes(row: PlayerRow) -> Text:
    text = Text()
    for index, state in enumerate(row.states):
        text.append(", " if index else "", style="")
        text.append(state, style="bold yellow")
    for index, condition in enumerate(row.conditions):
        text.append(", " if index or row.states else "")
        text.append(condition, style="cyan")
    return text


def order_table(picture: PlayerPicture, height: int) -> Table:
    """The order as a table; a blank line between rows when they fit twice over (a screen
    across the room reads easier with air between the names)."""
    roomy = 2 * len(picture.rows) + 2 <= height
    table = Table(box=box.SIMPLE_HEAD, expand=True, leading=1 if roomy else 0,
                  padding=(0, 1), header_style="dim")
    table.add_column("", width=1, no_wrap=True)
    table.add_column(picture.labels[0], width=4, justify="right", no_wrap=True)
    table.add_column("Name", ratio=2, no_wrap=True, overflow="ellipsis")
    # "13 of 20 Vit left" whole, never wrapped into "13 of 20 Vit / left".
    table.add_column("Health", min_width=12, no_wrap=True)
    table.add_column("", ratio=3, overflow="ellipsis", no_wrap=True)
    for row in picture.rows:
        mark, mark_style = _MARKS.get(row.mark, _MARKS[""])
        # The turn in progress stands out as a band across the whole row.
        style = "bold on grey23" if row.mark == "now" else "dim" if row.acted else ""
        name = Text(row.name, style="bold" if row.is_pc else "")
        table.add_row(Text(mark, style=mark_style), "" if row.nish is None else str(row.nish),
                      name, _health(row), _notes(row), style=style)
    return table


class OrderBoard(Static):
    """The rows of the picture it was last given; redrawn only when that changes."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._picture: PlayerPicture | None = None

    def show(self, picture: PlayerPicture) -> None:
        if picture != self._picture:
            self._picture = picture
            self.refresh()

    def render(self) -> RenderableType:
        picture = self._picture
        if picture is None:
            return Text("Reading the campaign…", style="dim")
        if not picture.fighting:
            return Text("No fight right now.", style="bold")
        if not picture.rows and not picture.unplaced:
            return Text("No one in the fight yet.", style="dim")
        table = order_table(picture, self.size.height)
        parts: list[RenderableType] = [table] if picture.rows else []
        if picture.unplaced:
            # NPCs whose place the GM keeps until they act: by name, in no order.
            waiting = Text("Yet to act: ", style="dim")
            waiting.append(", ".join(row.name for row in picture.unplaced), style="")
            parts += [Text(""), waiting] if picture.rows else [waiting]
        if picture.legend:  # what a PC's health in numbers means
            parts.append(Text("\n".join(picture.legend), style="dim"))
        return parts[0] if len(parts) == 1 else Group(*parts)
