"""The tracker's cells for a Façade fight: a combatant's health as his tracks keep it, and
his actions this turn."""

from __future__ import annotations

from rich.text import Text

from console.model.facade_fight import Fighter, out_of_deadly
from console.model.facade_sheet import FacadeSheet
from console.rules.facade_combat.actions import Kind, Stance, TurnActions
from console.rules.facade_combat.damage import DamageType

__all__ = ["actions_text", "facade_numbers", "health_text"]


def health_text(who: Fighter, *, penalties: bool = True) -> Text:
    """"2B 1/3D -1 l-1": the levels taken of Bruising and Crushing (when any), of Deadly
    against his levels, then the penalty on every physical action (what a narrow column
    keeps), on those with the arms and the legs; "+1B" (dim): Simple Combat's hits still to
    land."""
    taken = who.health.taken()
    if who.sheet is None and not who.health:
        # No Façade numbers (added by hand, or a PC's sheet without them): no levels to
        # count hits against ("0D" read as a figure); hits the GM notes show as they come.
        return Text("no numbers", style="dim")
    deadly = f"{taken[DamageType.D]}/{who.sheet.tracks.deadly}D" if who.sheet else (
        f"{taken[DamageType.D]}D")
    style = "bold red" if out_of_deadly(who) else "yellow" if taken[DamageType.D] else ""
    text = Text("".join(f"{taken[kind]}{kind.value} " for kind in (DamageType.B, DamageType.C)
                        if taken[kind]))
    text.append(deadly, style=style)
    found = who.health.penalties if penalties else None
    if found is not None and found.physical:
        text.append(f" -{found.physical}", style="bold yellow")
    # Besides, on actions with the arms or the legs ("a-1", "l-1"; the details say it all).
    for letter, more in (() if found is None else (("a", found.arms), ("l", found.legs))):
        if more:
            text.append(f" {letter}-{more}", style="yellow")
    if who.health.pending:
        waiting = " ".join(f"+{hit.levels}{hit.type.value}" for hit in who.health.pending)
        text.append(f" {waiting}", style="dim")
    return text


def actions_text(actions: TurnActions) -> Text:
    """His actions this turn: A and P while he has them, dots once spent; a full stance."""
    if actions.stance is not Stance.NORMAL:
        label = "full A" if actions.stance is Stance.FULLY_ACTIVE else "full P"
        return Text(label, style="cyan")
    text = Text()
    for kind, letter in ((Kind.ACTIVE, "A"), (Kind.PASSIVE, "P")):
        text.append(letter if actions.can(kind) else "·",
                    style="green" if actions.can(kind) else "dim")
    return text


def facade_numbers(sheet: FacadeSheet | None) -> tuple[str, str]:
    """A roster row's Action and health levels ("9/6/3"), or dashes before his numbers."""
    if sheet is None:
        return "-", "-"
    tracks = sheet.tracks
    return str(sheet.action), f"{tracks.bruising}/{tracks.crushing}/{tracks.deadly}"
