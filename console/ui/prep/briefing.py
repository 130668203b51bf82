"""The GM's briefing at the table (issue 29, ``G``): the running fight's prepared encounter,
its boxed text (and whether the players' view shows it), its GM notes with their key words
highlighted, and its foes. ``r`` shows the boxed text on the players' view (or takes it
off); ``escape`` closes. Opened by itself when a prepared encounter is launched."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll

from console.model.adventures import reflow
from console.model.text import shown
from console.service import CampaignService
from console.ui.dialogs.dialog import Dialog
from console.ui.prep.views import foe_lines, notes_text
from console.ui.widgets.plain import Label, Static

__all__ = ["BriefingDialog", "briefing"]


def briefing(service: CampaignService) -> RenderableType:
    """The running fight's prepared encounter, for the GM's eyes."""
    source = service.prep.source()
    fight = service.encounter()
    if source is None or fight is None:
        return Text("No prepared encounter is running.", style="dim")
    adventure, encounter = source
    found = adventure.find(encounter.id)
    scene = found[0].name if found else ""
    revealed = bool(fight.read_aloud)
    state = ("on the players' view now (r takes it off)" if revealed
             else "not shown to the players (r shows it)")
    parts: list[RenderableType] = [
        Text(shown(f"{adventure.title} · {scene}"), style="dim")]
    if encounter.boxed:
        parts.append(Panel(Text(shown(reflow(encounter.boxed), notes=True), style="italic"),
                           title=f"boxed text: {state}", title_align="left",
                           box=box.ROUNDED, border_style="green" if revealed else "cyan"))
    else:
        parts.append(Text("No boxed text.", style="dim"))
    parts.append(Text("GM notes", style="bold underline"))
    parts.append(notes_text(encounter.notes) if encounter.notes
                 else Text("none", style="dim"))
    if encounter.foes:
        parts.append(Text("Foes", style="bold underline"))
        parts.extend(foe_lines(encounter, service.npcs()))
    return Group(*parts)


class BriefingDialog(Dialog[bool]):
    CSS_PATH = Path(__file__).with_name("prep.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "dismiss(True)", "Boxed text to the players (on/off)",
                id="briefing.reveal"),
        Binding("escape,G", "dismiss(False)", "Close", id="briefing.close"),
    ]

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service

    def compose(self) -> ComposeResult:
        source = self.service.prep.source()
        title = source[1].heading if source else "Briefing"
        with Vertical(id="briefing"):
            yield Label(f"Briefing: {title}", classes="title")
            with VerticalScroll(id="briefing-body"):
                yield Static(briefing(self.service), id="briefing-text")
            yield Static("r: the boxed text on the players' view, or off it · escape: close "
                         "(G opens this again)", classes="hint")
