"""The recap and the calibration written out: Markdown, or one self-contained HTML page.

Both are written from the recap's data (``console.model.recap``), never from each other.
Every text they embed (a name, a condition, a campaign) is escaped for its format: in
Markdown each character that would start markup is backslashed, in HTML every text and
attribute goes through ``html.escape``. The page links nothing outside itself (its style
is inline, it has no script, no image, no font to fetch) and reads well printed.
"""

from __future__ import annotations

import html
import re

from console.model.calibration import LIKELY, Calibration
from console.model.recap import FightRecap, Recap, TurnRecap, span_words
from console.model.table_settings import clock_text
from console.rules.advancement import rank_title
from console.rules.forecast import LABELS, OUTCOMES
from console.rules.systems import SYSTEMS

__all__ = ["calibration_markdown", "md", "no_calibration", "no_forecast", "recap_html",
           "recap_markdown"]

# Characters that start markup inside a line: emphasis, code, links, HTML, tables, entities,
# headings. A line of the recap never begins with a name, so a list marker cannot start one.
_MARKUP = re.compile(r"([\\`*_\[\]<>|~#&])")


def md(text: str) -> str:
    """``text`` as Markdown shows it literally: every character that could start markup
    inside a line backslashed, a line break a space."""
    return _MARKUP.sub(r"\\\1", " ".join(text.splitlines()))


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _time_lines(recap: Recap) -> list[str]:
    time = recap.time
    day = recap.started_at.date().isoformat()
    state = "" if recap.stopped_at is not None or recap.closed else " (still running)"
    return [f"Played {span_words(time.played)} on {day}{state}.", time.sentence()]


def _end_line(fight: FightRecap) -> str:
    if not fight.begun:
        return f"Never begun (no {fight.words.initiative} called)."
    parts = []
    if fight.running:
        parts.append("Still running")
    elif fight.end is None:
        parts.append("Ended (how not told)")
    else:
        parts.append(f"Ended: {fight.end}")
    if fight.row_label is not None:
        parts.append(f"Table 18: {fight.row_label}")
    rounds = sum(1 for _ in fight.rounds)
    parts.append(f"{rounds} {fight.words.round}{'' if rounds == 1 else 's'} this session")
    parts.append(span_words(fight.seconds))
    if fight.continued:
        parts.append("continued from the session before")
    return "; ".join(parts) + "."


def _forecast_cells(fight: FightRecap) -> list[tuple[str, str]]:
    """(outcome, share) of the forecast the fight kept; the row it reached marked."""
    forecast = fight.forecast
    if forecast is None:
        return []
    cells = []
    for row in (*OUTCOMES, "undecided"):
        label = LABELS.get(row, "undecided")
        cell = _share(forecast.share(row))
        cells.append((label + (" ◀ reached" if row == fight.row else ""), cell))
    return cells


def _turn_head(turn: TurnRecap) -> str:
    who = ", ".join(turn.actors)
    again = " (again)" if turn.again else ""
    took = "" if turn.seconds is None else f" ({clock_text(turn.seconds)})"
    return f"{who}{again}{took}"


def _award_text(line_pc: str, awarded: int | None, total: int | None, rank_before: int | None,
                rank_after: int | None, rolls: int, mission: bool, allowance: int | None,
                pending: tuple[str, ...]) -> str:
    if awarded is None:
        return f"{line_pc}: waiting for the close: " + "; ".join(pending)
    text = f"{line_pc}: {awarded} AP (AP Total {total})"
    if rank_before is not None and rank_after is not None and rank_after > rank_before:
        text += (f"; reaches {rank_title(rank_after)} ({rolls} rank improvement roll(s) "
                 "at 10L)")
    if mission:
        text += "; mission completed: " + ("no allowance on the sheet" if allowance is None
                                           else f"allowance {allowance} cr")
    return text


def no_forecast(recap: Recap, fight: FightRecap) -> str:
    """Why a fight begun has no forecast beside it: a Façade fight (whatever the campaign
    plays now), or the fight of a campaign playing another game."""
    if fight.facade or recap.system not in ("metascape", "facade"):
        return "No forecast: it plays MetaScape's fights only"
    return ("No forecast kept (its first Nish came before this console kept one, or "
            "someone lacked the numbers)")


def _awards(recap: Recap) -> list[str]:
    return [_award_text(a.pc, a.awarded, a.total, a.rank_before, a.rank_after, a.rolls,
                        a.mission, a.allowance, a.pending) for a in recap.awards]


def _title(recap: Recap) -> str:
    who = " (for the players)" if recap.players else ""
    return f"{recap.campaign}: session {recap.session}{who}"


# ----- Markdown -------------------------------------------------------------------------


def recap_markdown(recap: Recap) -> str:
    lines = [f"# {md(_title(recap))}", ""]
    lines += [md(line) for line in _time_lines(recap)]
    lines.append("")
    if not recap.fights:
        lines += ["## Fights", "", "None.", ""]
    for fight in recap.fights:
        lines += [f"## {md(fight.name)}", "", md(_end_line(fight)), ""]
        if fight.pcs or fight.foes:
            lines += [f"PCs: {md(', '.join(fight.pcs)) or '—'}. "
                      f"Foes: {md(', '.join(fight.foes)) or '—'}.", ""]
        cells = _forecast_cells(fight)
        if cells:
            assert fight.forecast is not None
            lines += [f"Forecast at the first Nish ({fight.forecast.runs:,} runs):", "",
                      "| outcome | share |", "|---|--:|"]
            lines += [f"| {md(label)} | {share} |" for label, share in cells]
            lines.append("")
        elif fight.begun and not recap.players:
            lines += [f"{no_forecast(recap, fight)}.", ""]
        lines += [f"- {md(said.text)}" for said in fight.before]
        if fight.before:
            lines.append("")
        for round_ in fight.rounds:
            lines += [f"### {fight.words.round.capitalize()} {round_.number}", ""]
            lines += [f"- {md(said.text)}" for said in round_.before]
            for turn in round_.turns:
                lines.append(f"- **{md(_turn_head(turn))}**")
                lines += [f"  - {md(said.text)}" for said in turn.said]
            lines.append("")
    if recap.metascape:  # another system's points are its own section, below
        lines += ["## Adventure points", ""]
        awards = _awards(recap)
        lines += [f"- {md(text)}" for text in awards] or ["None this session."]
        lines.append("")
    if recap.advancement:
        lines += ["## Advancement", "", *[f"- {md(text)}" for text in recap.advancement], ""]
    if recap.points:
        lines += ["## Points", "", *[f"- {md(text)}" for text in recap.points], ""]
    if not recap.players and any(f.row is not None for f in recap.fights):
        lines += ["## How Table 18 is read", "",
                  *[f"- {md(text)}" for text in recap.reading], ""]
    return "\n".join(lines).rstrip() + "\n"


def no_calibration(system: str) -> str | None:
    """Why a campaign playing another game has no forecasts to set against its fights (None:
    it plays MetaScape)."""
    if system == "metascape":
        return None
    return (f"No forecast in a {SYSTEMS[system].title} campaign: the forecast plays "
            "MetaScape's fights only, and its fights reach no row of Table 18.")


def calibration_markdown(campaign: str, calibration: Calibration,
                         system: str = "metascape") -> str:
    lines = [f"# {md(campaign)}: the forecasts against what happened", ""]
    other = no_calibration(system)
    if calibration.fights == 0 and other is not None:
        return "\n".join([*lines, other]) + "\n"
    if calibration.fights == 0:
        lines.append("No fight has been played to an end the GM told yet.")
    else:
        lines += [f"{calibration.fights} fight(s) played to an end "
                  f"({calibration.forecasts} with a forecast kept at the first Nish).", "",
                  "| Table 18 | fights | share | forecast (mean) | book |",
                  "|---|--:|--:|--:|--:|"]
        lines += [f"| {md(row.label)} | {row.count} | {_share(row.share)} | "
                  f"{_share(row.forecast)} | {_share(row.book)} |"
                  for row in calibration.rows]
        lines.append("")
        if calibration.forecasts:
            lines.append(f"The row reached was one its forecast gave at least "
                         f"{LIKELY:.0%} in {calibration.likely} of {calibration.forecasts} "
                         f"fights ({_share(calibration.likely_share)}).")
        lines.append("The book prints no figure for no damage and a character dying: it "
                     "leaves them 10% together.")
    if calibration.not_counted and other is None:  # another game's fights reach no row
        lines += ["", f"Not counted: {calibration.not_counted} fight(s) ended without "
                      "saying how, or with no PC in them."]
    return "\n".join(lines).rstrip() + "\n"


# ----- HTML -----------------------------------------------------------------------------

_STYLE = """
body { font: 15px/1.45 Georgia, 'Times New Roman', serif; max-width: 46em; margin: 2em auto;
       padding: 0 1em; color: #111; background: #fff; }
h1 { font-size: 1.6em; border-bottom: 2px solid #333; padding-bottom: .2em; }
h2 { font-size: 1.25em; margin-top: 1.8em; border-bottom: 1px solid #999; }
h3 { font-size: 1.05em; margin: 1.1em 0 .3em; }
table { border-collapse: collapse; margin: .5em 0 1em; }
td, th { border: 1px solid #bbb; padding: .15em .6em; text-align: left; }
td.n { text-align: right; }
ul.turns { list-style: none; padding-left: 0; }
ul.turns > li { margin: .25em 0; }
ul.turns ul { margin: .1em 0 .3em 1.2em; padding-left: 1em; }
.who { font-weight: bold; }
.note { color: #444; font-style: italic; }
@media print { body { margin: 0; max-width: none; font-size: 11pt; }
  h2 { break-after: avoid; } section.fight { break-inside: avoid-page; }
  li { break-inside: avoid; } }
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def recap_html(recap: Recap) -> str:
    """One self-contained page: nothing outside it is requested (see the module
    docstring)."""
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{_e(_title(recap))}</title>", f"<style>{_STYLE}</style>", "</head>",
           "<body>", f"<h1>{_e(_title(recap))}</h1>"]
    out += [f"<p>{_e(line)}</p>" for line in _time_lines(recap)]
    if not recap.fights:
        out += ["<h2>Fights</h2>", "<p>None.</p>"]
    for fight in recap.fights:
        out += ['<section class="fight">', f"<h2>{_e(fight.name)}</h2>",
                f"<p>{_e(_end_line(fight))}</p>"]
        if fight.pcs or fight.foes:
            out.append(f"<p>PCs: {_e(', '.join(fight.pcs)) or '—'}. "
                       f"Foes: {_e(', '.join(fight.foes)) or '—'}.</p>")
        cells = _forecast_cells(fight)
        if cells:
            assert fight.forecast is not None
            out.append(f"<p>Forecast at the first Nish ({fight.forecast.runs:,} runs):</p>")
            out.append("<table><tr><th>outcome</th><th>share</th></tr>" + "".join(
                f'<tr><td>{_e(label)}</td><td class="n">{_e(share)}</td></tr>'
                for label, share in cells) + "</table>")
        if fight.before:
            out.append("<ul>" + "".join(f"<li>{_e(s.text)}</li>" for s in fight.before)
                       + "</ul>")
        for round_ in fight.rounds:
            out.append(f"<h3>{fight.words.round.capitalize()} {round_.number}</h3>")
            items = [f"<li>{_e(s.text)}</li>" for s in round_.before]
            for turn in round_.turns:
                inner = "".join(f"<li>{_e(s.text)}</li>" for s in turn.said)
                items.append(f'<li><span class="who">{_e(_turn_head(turn))}</span>'
                             + (f"<ul>{inner}</ul>" if inner else "") + "</li>")
            out.append('<ul class="turns">' + "".join(items) + "</ul>")
        out.append("</section>")
    if recap.metascape:
        out.append("<h2>Adventure points</h2>")
        awards = _awards(recap)
        out.append("<ul>" + "".join(f"<li>{_e(text)}</li>" for text in awards) + "</ul>"
                   if awards else "<p>None this session.</p>")
    if recap.advancement:
        out += ["<h2>Advancement</h2>",
                "<ul>" + "".join(f"<li>{_e(text)}</li>" for text in recap.advancement)
                + "</ul>"]
    if recap.points:
        out += ["<h2>Points</h2>",
                "<ul>" + "".join(f"<li>{_e(text)}</li>" for text in recap.points) + "</ul>"]
    if not recap.players and any(f.row is not None for f in recap.fights):
        out += ["<h2>How Table 18 is read</h2>", '<ul class="note">' + "".join(
            f"<li>{_e(text)}</li>" for text in recap.reading) + "</ul>"]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"
