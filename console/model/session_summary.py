"""A session's summary as Markdown: awards per PC with reasons, rank-ups, allowances,
improvements and the encounters fought (in a campaign playing another system, its points,
trades, missions' ends and pool uses instead of the AP). Shown in the app and exported next
to the saves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta

from console.model.awards import kind_name, pending_awards
from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter, Side, Status
from console.model.points_awards import describe_entry
from console.model.sessions import Session
from console.model.system_points import EntryKind
from console.rules.advancement import rank_title
from console.rules.systems.points import POINTS_RULES, PointsRules

__all__ = ["format_duration", "session_summary"]


def format_duration(span: timedelta) -> str:
    minutes = int(span.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def _cell(text: str) -> str:
    # A pipe in a reason would split a Markdown table cell.
    return text.replace("|", "/").replace("\n", " ")


def session_summary(campaign: str, session: Session, encounters: Sequence[Encounter],
                    pcs: Mapping[int, PlayerCharacter], points: PointsRules | None = None) -> str:
    """The summary of ``session``; ``pcs`` names PCs no longer in the close record;
    ``points``: the campaign's system's awarder when it is not MetaScape."""
    lines = [f"# {campaign}: session {session.number}", ""]
    day = session.started_at.date().isoformat()
    if session.closing is not None:
        # The GM may have corrected the clock at the close (a long break, a late start).
        played = format_duration(timedelta(minutes=session.closing.played_minutes))
        lines.append(f"Played {played} on {day}.")
    elif session.stopped_at is None:
        lines.append(f"Started {day}; still running.")
    else:
        played = format_duration(session.stopped_at - session.started_at)
        lines.append(f"Played {played} on {day}.")
    lines.append("")
    names = {pc_id: pc.name for pc_id, pc in pcs.items()}
    closing = session.closing
    if closing is not None:
        names.update({row.pc_id: row.name for row in closing.rows})
    if points is None or session.ap_awards or session.closing is not None:
        lines += _awards(session, names)
        lines += _advancement(session, names)
    lines += _points(session, names, points)
    lines += _encounters(encounters)
    return "\n".join(lines).rstrip() + "\n"


def _awards(session: Session, names: Mapping[int, str]) -> list[str]:
    closing = session.closing
    if closing is None:
        lines = ["## Awards", "", "Not applied yet (the close of session is still to come)."]
        pending = pending_awards(session)
        if pending:
            lines += ["", "Recorded so far:", ""]
            lines += [f"- {names.get(a.pc_id, '?')}: {a.amount} AP {kind_name(a.kind)}"
                      f"{_why(a.reason, a.giver)}" for _, a in pending]
        return [*lines, ""]
    rounding = closing.time_rounding.value
    lines = [
        "## Awards", "",
        f"Time rounded {rounding}: **{closing.hourly} AP** each. "
        f"Group bonus: **{closing.group_bonus} AP**.",
    ]
    if closing.journal_pc is not None:
        lines.append(f"Journal read by {names.get(closing.journal_pc, '?')}: "
                     f"**{closing.journal_ap} AP**.")
    lines += [
        "",
        "| PC | Player | Time | Group | Adventure | Journal | Grab bag | Pocket | Awarded "
        "| AP Total | Unused AP | Rank |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|",
    ]
    for r in closing.rows:
        rank = rank_title(r.rank_after)
        if r.rank_after != r.rank_before:
            rank = f"{rank_title(r.rank_before)} → **{rank}**"
        lines.append(
            f"| {_cell(r.name)} | {_cell(r.player)} | {r.time} | {r.group} | {r.adventure} "
            f"| {r.journal} | {r.grab_bag} | {r.pocket} | **{r.awarded}** "
            f"| {r.total_before} → {r.total_after} | {r.unused_before} → {r.unused_after} "
            f"| {rank} |")
    reasons = [(a, names.get(a.pc_id, "?")) for _, a in pending_awards(session)]
    if reasons:
        lines += ["", "### Why", ""]
        lines += [f"- {name}: {a.amount} AP {kind_name(a.kind)}{_why(a.reason, a.giver)}"
                  for a, name in reasons]
    ups = [r for r in closing.rows if r.rank_after > r.rank_before]
    if ups:
        lines += ["", "### Rank-ups", ""]
        lines += [f"- {r.name} reaches {rank_title(r.rank_after)}: {r.rolls} rank improvement "
                  "roll(s) at 10L" for r in ups]
    missions = [r for r in closing.rows if r.mission_done]
    if missions:
        share = "" if closing.allowance_share == "1" else f" ({closing.allowance_share} share)"
        lines += ["", f"### Missions completed{share}", ""]
        lines += [f"- {r.name}: " + ("no allowance on the sheet" if r.allowance is None
                                     else f"allowance {r.allowance} cr") for r in missions]
    return [*lines, ""]


def _why(reason: str, giver: str) -> str:
    parts = [f"from {giver}"] if giver else []
    if reason:
        parts.append(f"“{reason}”")
    return f" ({', '.join(parts)})" if parts else ""


def _advancement(session: Session, names: Mapping[int, str]) -> list[str]:
    if not session.advancement:
        return []
    return ["## Advancement", "",
            *[f"- {entry.describe(names.get(entry.pc_id, '?'))}"
              for entry in session.advancement], ""]


def _points(session: Session, names: Mapping[int, str],
            current: PointsRules | None) -> list[str]:
    """Each system's points given in the session (its own units), or none for the
    campaign's."""
    systems = list(dict.fromkeys(e.system for e in session.points))
    if not systems:
        if current is None:
            return []
        return [f"## {current.unit_name.capitalize()} ({current.unit})", "",
                "None this session.", ""]
    lines: list[str] = []
    for system in systems:
        rules = POINTS_RULES[system]
        entries = [e for e in session.points if e.system == system]
        earned: dict[int, int] = {}
        for entry in entries:
            if entry.kind is EntryKind.AWARD:
                earned[entry.pc_id] = earned.get(entry.pc_id, 0) + entry.points
        lines += [f"## {rules.unit_name.capitalize()} ({rules.unit})", ""]
        if earned:
            lines += ["| PC | " + rules.unit + " |", "|---|--:|"]
            lines += [f"| {_cell(names.get(pc_id, '?'))} | **{amount}** |"
                      for pc_id, amount in earned.items()]
            lines.append("")
        lines += [f"- {names.get(e.pc_id, '?')}: {describe_entry(e)}" for e in entries]
        lines.append("")
    return lines


def _encounters(encounters: Sequence[Encounter]) -> list[str]:
    if not encounters:
        return ["## Encounters", "", "None.", ""]
    lines = ["## Encounters", ""]
    for encounter in sorted(encounters, key=lambda e: e.id):
        rounds = f"{encounter.round} round{'s' if encounter.round != 1 else ''}"
        down = [f"{c.name} ({c.status.value})" for c in encounter.combatants
                if c.status in (Status.UNCONSCIOUS, Status.DEAD)]
        pcs = [c.name for c in encounter.combatants if c.side is Side.PC]
        state = "" if not encounter.active else ", still running"
        line = f"- **{_cell(encounter.name)}**: {rounds}{state}"
        if pcs:
            line += f"; PCs: {', '.join(pcs)}"
        if down:
            line += f"; down: {', '.join(down)}"
        lines.append(line)
    return [*lines, ""]
