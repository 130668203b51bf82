"""What the prep screen draws (issue 29): an adventure with its mix of Table 18's rows beside
the book's as a chart, a scene, an encounter with its boxed text, its GM notes (key words
highlighted) and its foes, and an encounter's forecast with its what-ifs. Pure: rich
renderables from the model and the forecasts, text as text (never markup)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from console.model.adventures import Adventure, PreparedEncounter, Scene, key_words, reflow
from console.model.npcs import NpcTemplate
from console.model.stat_lines import format_stat_line
from console.model.text import counted, shown
from console.records import record
from console.rules.forecast import (
    BOOK,
    LABELS,
    OUTCOMES,
    SHORT_LABELS,
    UNPRINTED,
    Forecast,
    Matchup,
    Mix,
)
from console.service.forecast import Prepared, WhatIf

__all__ = [
    "EncounterForecast",
    "adventure_view",
    "encounter_view",
    "mix_chart",
    "notes_text",
    "scene_view",
    "wounded",
]

HEAVY = ("heavy_win", "heavy_flee", "rout", "death", "party_down")
# Table 18's rows in a few words (SHORT_LABELS) where the screen is narrow (a 100-column
# terminal's details are some 56 columns wide).
NARROW = 80
TINY = 60  # under it, an encounter's table shows whole percents under short headings


TINY_LABELS = {"untouched": "none", "slight": "slight", "moderate": "moderate",
               "heavy_win": "hvy won", "heavy_flee": "hvy fled", "rout": "fled+loss",
               "death": "PC dies", "party_down": "all down"}


def _label(row: str, width: int) -> Text:
    return Text(TINY_LABELS[row] if width < TINY else SHORT_LABELS[row] if width < NARROW
                else LABELS[row])


@record
class EncounterForecast:
    """An encounter's forecast as the prep screen keeps it: with one foe fewer and one more,
    and the GM's own what-if (a foe's count or values changed), with what it changed."""

    matchup_of: Prepared
    what_if: WhatIf
    custom: Forecast | None = None
    custom_label: str = ""


def _percent(share: float) -> str:
    return f"{share * 100:.1f}%"


def notes_text(notes: str) -> Text:
    """GM notes with their key words (``**word**``) highlighted, the marks left out, their
    paragraphs reflowed to the screen's width."""
    text = Text()
    for piece, key in key_words(reflow(notes)):
        text.append(shown(piece, notes=True), style="bold reverse" if key else "")
    return text


def _heading(title: str, detail: str = "") -> Text:
    text = Text(shown(title), style="bold")
    if detail:
        text.append(f"  {detail}", style="dim")
    return text


def foe_lines(encounter: PreparedEncounter, roster: Mapping[int, NpcTemplate]) -> list[Text]:
    lines = []
    for foe in encounter.foes:
        template = roster.get(foe.template)
        if template is None:
            lines.append(Text("- (a template gone from the roster)", style="red"))
            continue
        lines.append(Text("- " + shown(format_stat_line(
            template, foe.count if foe.count > 1 else None, foe.hidden))))
    return lines


def _block(label: str, body: RenderableType | None) -> list[RenderableType]:
    if body is None:
        return []
    return [Text(label, style="bold underline"), body]


def scene_view(adventure: Adventure, scene: Scene, roster: Mapping[int, NpcTemplate]
               ) -> RenderableType:
    at_table = "  ◆ the table is here" if adventure.at_scene == scene.id else ""
    parts: list[RenderableType] = [
        _heading(scene.name, f"{adventure.title}{at_table}")]
    if scene.notes:
        parts.append(notes_text(scene.notes))
    parts.append(Text(""))
    for encounter in scene.encounters:
        played = "" if encounter.played is None else f"  ✓ played (session {encounter.played})"
        parts.append(Text(shown(encounter.heading) + played, style="bold"))
        parts.extend(foe_lines(encounter, roster) or [Text("  no foes", style="dim")])
    if not scene.encounters:
        parts.append(Text("No encounters yet: n adds one.", style="dim"))
    return Group(*parts)


def encounter_view(adventure: Adventure, scene: Scene, encounter: PreparedEncounter,
                   roster: Mapping[int, NpcTemplate], forecast: EncounterForecast | None,
                   width: int) -> RenderableType:
    """Its heading, its foes, its forecast once asked (first, as it was asked for: a small
    terminal shows it without scrolling), its boxed text and GM notes."""
    played = "" if encounter.played is None else f" · played in session {encounter.played}"
    parts: list[RenderableType] = [
        _heading(encounter.heading, f"{adventure.title} · {scene.name}{played}")]
    parts += _block("Foes (p: stat lines)", Group(*foe_lines(encounter, roster))
                    if encounter.foes else Text("none: p pastes or types stat lines",
                                                style="dim"))
    if forecast is None:
        parts.append(Text("f: forecast it against the party as it stands now", style="dim"))
    else:
        parts.append(encounter_table(forecast, width))
    if encounter.boxed:
        parts.append(Panel(Text(shown(reflow(encounter.boxed), notes=True), style="italic"),
                           title="boxed text (U at the table shows it to the players)",
                           title_align="left", box=box.ROUNDED, border_style="cyan"))
    else:
        parts.append(Text("No boxed text.", style="dim"))
    parts += _block("GM notes", notes_text(encounter.notes) if encounter.notes
                    else Text("none", style="dim"))
    return Group(*parts)


def _cell(result: Forecast | None, row: str, bar: int = 0, tiny: bool = False) -> Text:
    if result is None:
        return Text("-", style="dim")
    share = result.outcomes[row]
    text = Text()
    if bar:
        filled = round(share * bar)
        text.append("█" * filled, style="red" if row in ("rout", "death") else "green")
        text.append(" " * (bar - filled + 1))
    text.append(f"{share * 100:3.0f}%" if tiny else f"{_percent(share):>6}")
    return text


def encounter_table(found: EncounterForecast, width: int) -> RenderableType:
    """Table 18's rows: the book, this encounter (with a bar), one foe fewer, one more, and
    the GM's what-if."""
    what_if = found.what_if
    custom = found.custom
    bar = max(0, min(16, width - (74 if custom else 64)))
    table = Table(box=box.SIMPLE_HEAD, header_style="bold",
                  padding=(0, 1) if width >= NARROW else (0, 0, 0, 1))
    tiny = width < TINY
    table.add_column("Table 18", no_wrap=True)
    table.add_column("book", justify="right", no_wrap=True)
    table.add_column("now", justify="right" if tiny else "left", no_wrap=True)
    table.add_column("-1" if tiny else "-1 foe", justify="right", no_wrap=True)
    table.add_column("+1" if tiny else "+1 foe", justify="right", no_wrap=True)
    if custom is not None:
        table.add_column("if" if tiny else "what if", justify="right", no_wrap=True,
                         style="bold yellow")
    for row in OUTCOMES:
        book = BOOK[row]
        cells = [_label(row, width),
                 Text("-" if book is None else f"{float(book) * 100:.0f}%"),
                 _cell(what_if.now, row, bar, tiny), _cell(what_if.fewer, row, tiny=tiny),
                 _cell(what_if.more, row, tiny=tiny)]
        if custom is not None:
            cells.append(_cell(custom, row, tiny=tiny))
        table.add_row(*cells)
    matchup = found.matchup_of.matchup
    npcs = 0 if matchup is None else len(matchup.npcs)
    pcs = 0 if matchup is None else len(matchup.pcs)
    hurt = wounded(matchup)
    lines: list[RenderableType] = [
        Text(""),
        Text(f"Forecast: {pcs} PCs as their sheets stand now against {npcs} foes, "
             f"{what_if.now.runs:,} fights"
             # The progress counted every column's: say the two beside it too.
             + (f" (-1 and +1 foe: {what_if.more.runs:,} each)" if what_if.fewer is not None
                else f" (+1 foe: {what_if.more.runs:,})"),
             style="bold"),
        table]
    if hurt:
        lines.insert(2, Text(f"with their wounds now: {hurt}", style="yellow"))
    if custom is not None:
        lines.append(Text(f"what if: {shown(found.custom_label)} (k keeps it, w another)",
                          style="yellow"))
    lines.append(Text("-1 foe: the last one listed left out; +1: one more of him. w: what "
                      "if a foe's count or values changed", style="dim"))
    lines.append(Text(""))
    return Group(*lines)


def mix_chart(mix: Mix, what_if: Mix | None, width: int) -> RenderableType:
    """The adventure's mix beside the book's column, a bar for each (the book's dim), and
    the mix with the encounter's what-if kept, if there is one."""
    label_width = 12 if width < NARROW else 26
    bar = max(3, min(30, (width - label_width - 26 - (8 if what_if else 0)) // 2))
    table = Table(box=box.SIMPLE_HEAD, header_style="bold",
                  padding=(0, 1) if width >= NARROW else (0, 0, 0, 1))
    table.add_column("Table 18", no_wrap=True)
    table.add_column("book", no_wrap=True)
    table.add_column("this adventure" if width >= NARROW else "mix", no_wrap=True)
    if what_if is not None:
        table.add_column("what if", justify="right", no_wrap=True, style="bold yellow")
    for row in OUTCOMES:
        book = BOOK[row]
        book_text = Text()
        if book is None:
            book_text.append(" " * (bar + 1) + "     -", style="dim")
        else:
            filled = round(float(book) * bar)
            book_text.append("▒" * filled + " " * (bar - filled + 1), style="dim")
            book_text.append(f"{float(book) * 100:5.0f}%")
        share = mix.outcomes[row]
        filled = round(share * bar)
        over = book is not None and share > float(book) + 0.05
        under = book is not None and share < float(book) - 0.05
        ours = Text("█" * filled + " " * (bar - filled + 1),
                    style="red" if row in HEAVY and over else "yellow" if under else "green")
        ours.append(f"{_percent(share):>6}")
        cells = [_label(row, width), book_text, ours]
        if what_if is not None:
            cells.append(Text(_percent(what_if.outcomes[row])))
        table.add_row(*cells)
    both = mix.outcomes["untouched"] + mix.outcomes["death"]
    heavy = sum(mix.outcomes[row] for row in HEAVY)
    book_heavy = sum(float(BOOK[row] or 0) for row in HEAVY)
    verdict = (f"Heavy or worse: {_percent(heavy)} of the fights (the book: about "
               f"{book_heavy * 100:.0f}% and part of the unprinted 10%)")
    encounters = counted(mix.encounters, "encounter")
    lines: list[RenderableType] = [
        Text(""),
        Text(f"The adventure's mix: {encounters}, each one vote spread by its forecast"
             if width >= NARROW else f"The mix of {encounters}", style="bold"),
        table,
        Text(verdict, style="bold red" if heavy > book_heavy + 0.15 else ""),
        Text(f"Rows 1 and 7 print no figure: {float(UNPRINTED) * 100:.0f}% together in the "
             f"book; {_percent(both)} here.", style="dim")]
    if mix.undecided:
        lines.append(Text(f"Undecided after the last round: {_percent(mix.undecided)}",
                          style="yellow"))
    return Group(*lines)


def wounded(matchup: Matchup | None) -> str:
    """The PCs a forecast counts as wounded (it takes the party as its sheets stand: a
    forecast made mid-fight counts the fight's wounds), "" for none. A new GM read a
    bloodier forecast than a fresh one's without knowing why."""
    if matchup is None:
        return ""
    return ", ".join(f"{shown(pc.name)} {pc.wounds}" for pc in matchup.pcs if pc.wounds)


def adventure_view(adventure: Adventure, encounters: Sequence[tuple[str, Forecast | None, str]],
                   mix: Mix | None, what_if: Mix | None, width: int,
                   forecast_stale: bool, hurt: str = "") -> RenderableType:
    """The adventure: its title, each encounter's forecast in one line and the mix (first,
    once asked for: a small terminal shows them without scrolling), its background."""
    count = sum(1 for _ in adventure.encounters())
    at = adventure.scene(adventure.at_scene) if adventure.at_scene else None
    parts: list[RenderableType] = [
        _heading(adventure.title, f"{len(adventure.scenes)} scene"
                 f"{'s' * (len(adventure.scenes) != 1)} · {count} encounter{'s' * (count != 1)}"
                 + (f" · the table is at {at.name}" if at else ""))]
    if not encounters:
        parts.append(Text("f: forecast every encounter against the party as it stands now, "
                          "and the adventure's mix of Table 18's rows", style="dim"))
    for name, found, why in encounters:
        if found is None:
            parts.append(Text(f"{shown(name)}: not forecast ({why})", style="dim"))
            continue
        heavy = sum(found.outcomes[row] for row in HEAVY)
        narrow = width < NARROW
        line = Text(f"{shown(name)}: ")
        line.append(f"{'heavy+' if narrow else 'heavy or worse'} {_percent(heavy)}",
                    style="red" if heavy > 0.5 else "yellow" if heavy > 0.25 else "green")
        line.append(f", {'dies' if narrow else 'a PC dies'} "
                    f"{_percent(found.outcomes['death'])}")
        parts.append(line)
    if hurt and encounters:
        parts.append(Text(f"Against the party with its wounds now: {hurt}", style="yellow"))
    if forecast_stale:
        parts.append(Text("The adventure changed since: f forecasts it again.",
                          style="yellow"))
    if mix is not None:
        parts.append(mix_chart(mix, what_if, width))
    if adventure.background:
        parts += [Text(""), *_block("Background", notes_text(adventure.background))]
    return Group(*parts)
