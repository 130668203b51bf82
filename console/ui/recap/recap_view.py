"""The recap and the calibration drawn for the terminal: rich Text built from their data,
never from Markdown, every text shown as it is (``console.model.text.shown``)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from console.model.calibration import LIKELY, Calibration
from console.model.lifecycle import ending_label
from console.model.recap import FightRecap, Recap, span_words
from console.model.recap_render import no_calibration, no_forecast
from console.model.table_settings import clock_text
from console.model.text import shown
from console.rules.advancement import rank_title
from console.rules.forecast import OUTCOMES, SHORT_LABELS, UNDECIDED

__all__ = ["calibration_chart", "recap_text"]

_BAR = 12  # the widest bar; narrower where the screen is


def _t(text: str, style: str = "") -> RenderableType:
    """One line of the recap; its leading spaces are an indent that its wrapped lines keep
    (a long forecast line ran on from the screen's edge)."""
    body = text.lstrip(" ")
    return _indented(Text(shown(body), style=style), len(text) - len(body))


def _indented(line: Text, indent: int) -> RenderableType:
    return Padding(line, (0, 0, 0, indent)) if indent else line


def _fight(fight: FightRecap, recap: Recap) -> list[RenderableType]:
    players = recap.players
    lines: list[RenderableType] = [_t(fight.name, "bold underline")]
    if not fight.begun:
        return [*lines, _t(f"  never begun (no {fight.words.initiative} called)", "dim")]
    state = ("still running" if fight.running else "ended: how not told" if fight.end is None
             else f"ended: {fight.end}")
    head = Text()
    head.append(state, style="bold")
    if fight.row is not None:
        head.append(f" · Table 18: {ending_label(fight.row)}")
    head.append(f" · {span_words(fight.seconds)}")
    if fight.continued:
        head.append(" · continued from the session before", style="dim")
    lines.append(_indented(head, 2))
    lines.append(_t(f"  PCs: {', '.join(fight.pcs) or '-'} · foes: "
                    f"{', '.join(fight.foes) or '-'}", "dim"))
    if fight.forecast is not None:
        forecast = fight.forecast
        # Table 18's rows in a few words, on one line (◀: the row reached).
        shares = " · ".join(f"{SHORT_LABELS[row]} {forecast.share(row):.0%}"
                            + (" ◀" if row == fight.row else "")
                            for row in (*OUTCOMES, UNDECIDED)
                            if forecast.share(row) >= 0.005 or row == fight.row)
        lines.append(_t(f"  forecast at the first Nish: {shares}", "cyan"))
    elif not players:
        lines.append(_t(f"  {no_forecast(recap, fight)}", "dim"))
    lines += [_t(f"  {said.text}") for said in fight.before]
    for round_ in fight.rounds:
        lines.append(_t(f"  {fight.words.round.capitalize()} {round_.number}", "bold"))
        lines += [_t(f"    {said.text}") for said in round_.before]
        for turn in round_.turns:
            head = Text()
            head.append(shown(", ".join(turn.actors)), style="bold")
            if turn.again:
                head.append(" (again)")
            if turn.seconds is not None:
                head.append(f" {clock_text(turn.seconds)}", style="dim")
            lines.append(_indented(head, 4))
            lines += [_t(f"      {said.text}") for said in turn.said]
    return lines


def recap_text(recap: Recap) -> RenderableType:
    """The whole recap, one line a fact."""
    time = recap.time
    lines: list[RenderableType] = [
        _t(f"Played {span_words(time.played)} on {recap.started_at.date().isoformat()}"
           + ("" if recap.stopped_at or recap.closed else " (still running)")),
        _t(time.sentence(), "dim"),
        Text(""),
    ]
    if not recap.fights:
        lines.append(_t("No fight this session.", "dim"))
    for fight in recap.fights:
        lines += [*_fight(fight, recap), Text("")]
    if recap.metascape:  # another system's points are said below, as its summary says them
        lines.append(_t("Adventure points", "bold underline"))
        if not recap.awards:
            lines.append(_t("  none this session", "dim"))
    elif recap.points:
        lines.append(_t("Points", "bold underline"))
    for award in recap.awards:
        if award.awarded is None:
            lines.append(_t(f"  {award.pc}: waiting for the close: "
                            + "; ".join(award.pending)))
            continue
        text = f"  {award.pc}: {award.awarded} AP (AP Total {award.total})"
        if (award.rank_before is not None and award.rank_after is not None
                and award.rank_after > award.rank_before):
            text += f"; reaches {rank_title(award.rank_after)} ({award.rolls} roll(s))"
        if award.mission:
            text += ("; mission: no allowance" if award.allowance is None
                     else f"; allowance {award.allowance} cr")
        lines.append(_t(text))
    lines += [_t(f"  {text}") for text in recap.points]
    if recap.advancement:
        lines.append(_t("Advancement", "bold underline"))
        lines += [_t(f"  {text}") for text in recap.advancement]
    return Group(*lines)


def _bar(share: float | None, width: int, style: str) -> Text:
    text = Text()
    if share is None:
        return text.append("-".rjust(width + 5), style="dim")
    filled = round(share * width)
    text.append("█" * filled, style=style)
    text.append(" " * (width - filled))
    text.append(f"{share:>5.0%}")
    return text


def calibration_chart(calibration: Calibration, width: int = 94,
                      system: str = "metascape") -> RenderableType:
    """Each row of Table 18 reached, as a bar beside the forecasts' mean and the book."""
    # The row's name (about 30), the counts, the book and padding take about 58 columns;
    # the two bars share the rest.
    bar = max(2, min(_BAR, (width - 58) // 2))
    other = no_calibration(system)
    if calibration.fights == 0 and other is not None:
        lines: list[RenderableType] = [_t(other, "dim")]
    elif calibration.fights == 0:
        lines = [_t(
            "No fight played to an end yet: ending a fight (ctrl+e, or E into the next) "
            "asks how it ended.", "dim")]
    else:
        table = Table(box=box.SIMPLE_HEAD, header_style="bold", padding=(0, 1))
        # The numbers keep their width; the row's name is what gives way on a narrow screen.
        label = max(10, min(30, width - 2 * (bar + 5) - 6 - 5 - 17))  # and padding
        table.add_column("Table 18", no_wrap=True, overflow="ellipsis", width=label)
        table.add_column("fights", justify="right", no_wrap=True, width=6)
        table.add_column("reached", no_wrap=True, width=bar + 5)
        table.add_column("forecast", no_wrap=True, width=bar + 5)
        table.add_column("book", justify="right", no_wrap=True, width=5)
        for row in calibration.rows:
            table.add_row(row.label, str(row.count), _bar(row.share, bar, "green"),
                          _bar(row.forecast, bar, "cyan"),
                          "-" if row.book is None else f"{row.book:.0%}")
        lines = [table]
        if calibration.forecasts:
            lines.append(_t(
                f"The row reached was one its forecast gave at least {LIKELY:.0%} in "
                f"{calibration.likely} of {calibration.forecasts} fights "
                f"({calibration.likely_share or 0:.0%})."))
    if calibration.not_counted and other is None:  # another game's fights reach no row
        lines.append(_t(f"Not counted: {calibration.not_counted} fight(s) ended without "
                        "saying how, or with no PC in them.", "dim"))
    return Group(*lines)
