"""The awarder of a campaign playing another system (issue 18): pure functions from a session
and a PC's sheet to the next state, by ``console.rules.systems.points``.

An award counts on the sheet at once (the PC's points earned) and is recorded in the
session, where it can be given a reason or taken back while no trade has spent it. A
mission's end frees the points its completers have earned for spending (Metalface) and
refills every PC's pools. A PC's points belong to the system they were earned in: a
campaign that changes its system leaves them as they are, untouched, until it changes back.

Each function returns an :class:`~console.model.outcome.Outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from console.model.characters import PlayerCharacter
from console.model.errors import ModelError
from console.model.outcome import Outcome
from console.model.sessions import Session
from console.model.system_points import EntryKind, PointsEntry, SystemPoints
from console.rules.systems.points import POINTS_RULES, POOL_SIZE, PointsRules

__all__ = [
    "check_award",
    "check_session",
    "describe_bought",
    "describe_entry",
    "end_mission",
    "give_points",
    "session_points",
    "set_entry_reason",
    "set_pools",
    "spendable",
    "standing",
    "take_back_points",
    "trade_points",
    "use_pool",
]


def check_session(session: Session, rules: PointsRules) -> None:
    if session.number == 0:
        raise ModelError(f"no session is running: S on the main screen starts one before "
                         f"giving {rules.unit}")


def _points(pc: PlayerCharacter, rules: PointsRules) -> SystemPoints:
    """His points, refused when they are another system's (the campaign changed since)."""
    points = pc.points
    if points.system and points.system != rules.name:
        theirs = POINTS_RULES[points.system]
        raise ModelError(f"{pc.name}'s {points.earned} {theirs.unit} are {theirs.system}'s; "
                         f"this campaign plays {rules.system} now (the dice calculator, D, "
                         "sets the system back)")
    return points.with_changes(system=rules.name)


def _sheet(pc: PlayerCharacter, points: SystemPoints) -> PlayerCharacter:
    return pc.with_changes(points=points)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _amount(count: int, label: str) -> str:
    """"4 SP", but "1 skill point", "2 skill points"."""
    return f"{count} {label}" if label.isupper() else _plural(count, label)


def _entry(rules: PointsRules, pc: PlayerCharacter, kind: EntryKind, what: str,
           points: int = 0, count: int = 0, reason: str = "") -> PointsEntry:
    return PointsEntry(rules.name, pc.id, kind, what, points, count, reason)


def session_points(session: Session, pc_id: int, rules: PointsRules) -> int:
    """The points of ``rules``' system ``pc_id`` was awarded in ``session``."""
    return sum(e.points for e in session.points
               if e.kind is EntryKind.AWARD and e.pc_id == pc_id and e.system == rules.name)


def spendable(rules: PointsRules, points: SystemPoints) -> int:
    """What he may spend now: his points, or (Metalface) those of completed missions."""
    return (points.counted if rules.spend_after_mission else points.earned) - points.spent


def standing(rules: PointsRules, points: SystemPoints) -> str:
    """A PC's points in a few words: "SP 47 (30 to spend)"."""
    text = f"{rules.unit} {points.earned}"
    if rules.trades:
        text += f" ({spendable(rules, points)} to spend)"
    return text


# ----- awards -------------------------------------------------------------------------------

def give_points(session: Session, pc: PlayerCharacter, rules: PointsRules, award: str,
                typed: int, reason: str = "") -> Outcome:
    """An award: ``typed`` is what the GM typed (successful actions, SP for a performance,
    EP); the rule says what it is worth."""
    check_session(session, rules)
    rule = rules.award(award)
    worth = rule.points(typed)
    points = _points(pc, rules)
    reason = reason.strip()
    sheet = _sheet(pc, points.with_changes(earned=points.earned + worth))
    entry = _entry(rules, pc, EntryKind.AWARD, rule.key, worth, typed, reason)
    what = (f"{rule.counted(typed)}: " if rule.per
            else f"{rule.label.capitalize()}: " if rule.label != rules.unit else "")
    notices = [f"{what}{worth} {rules.unit} to {pc.name}"
               f"{f' ({reason})' if reason else ''}; {standing(rules, sheet.points)}"]
    tonight = session_points(session, pc.id, rules) + worth
    if rules.per_session is not None and tonight > rules.per_session[1]:
        low, high = rules.per_session
        notices.append(f"{pc.name} has {tonight} {rules.unit} this session: more than the "
                       f"book's {low}-{high}")
    return Outcome.told(session.with_changes(points=(*session.points, entry)), sheet,
                        notices=notices)


def _award_at(session: Session, index: int) -> PointsEntry:
    if not 0 <= index < len(session.points) or \
            session.points[index].kind is not EntryKind.AWARD:
        raise ModelError("no such award in this session: a reason or a take-back is for "
                         "awards (undo, ctrl+z, takes back the rest)")
    return session.points[index]


def check_award(session: Session, index: int) -> None:
    """Refuse what is not an award of this session (before a form is shown for it)."""
    _award_at(session, index)


def take_back_points(session: Session, pcs: Mapping[int, PlayerCharacter],
                     index: int) -> Outcome:
    """Take back an award of this session, if no spending has used it since. An award made
    before one of the PC's missions' ends was freed by it: what that mission freed (and
    what he may spend) goes down with it."""
    entry = _award_at(session, index)
    rules = POINTS_RULES[entry.system]
    lines = list(session.points)
    del lines[index]
    pc = pcs.get(entry.pc_id)
    if pc is None:  # the PC has left the campaign: only the record goes
        return Outcome.told(session.with_changes(points=tuple(lines)), notices=(
            f"Taken back: {entry.points} {rules.unit} to PC #{entry.pc_id}",))
    points = _points(pc, rules)
    left = points.earned - entry.points
    counted = points.counted
    freed_by = next((i for i, line in enumerate(lines) if i >= index
                     and line.pc_id == pc.id and line.kind is EntryKind.MISSION
                     and line.system == entry.system), None)
    if freed_by is not None:
        counted = max(counted - entry.points, 0)
        mission = lines[freed_by]
        lines[freed_by] = PointsEntry(mission.system, mission.pc_id, mission.kind, mission.what,
                                      max(mission.points - entry.points, 0), mission.count,
                                      mission.reason)
    counted = min(counted, left)
    if left < points.spent or (rules.spend_after_mission and counted < points.spent):
        raise ModelError(f"{pc.name} has spent {points.spent} of {pc.pronoun.their} "
                         f"{points.earned} {rules.unit}: undo the spending (ctrl+z) before "
                         "taking these back")
    sheet = _sheet(pc, points.with_changes(earned=left, counted=counted))
    return Outcome.told(session.with_changes(points=tuple(lines)), sheet, notices=(
        f"Taken back: {entry.points} {rules.unit} to {pc.name}; "
        f"{standing(rules, sheet.points)}",))


def set_entry_reason(session: Session, index: int, reason: str, pc_name: str) -> Outcome:
    """Give an award made in a hurry its reason afterwards."""
    entry = _award_at(session, index)
    changed = PointsEntry(entry.system, entry.pc_id, entry.kind, entry.what, entry.points,
                          entry.count, reason.strip())
    points = list(session.points)
    points[index] = changed
    return Outcome.told(session.with_changes(points=tuple(points)), notices=(
        f"Reason for {pc_name}'s {entry.points} {POINTS_RULES[entry.system].unit}: "
        f"{reason.strip() or 'none'}",))


# ----- what the points buy ------------------------------------------------------------------

def trade_points(session: Session, pc: PlayerCharacter, rules: PointsRules, trade: str,
                 wanted: int) -> Outcome:
    """Points spent on ``wanted`` of something (Façade: 4 SP for 2 EP; Metalface: a skill
    point for 10 SP of a completed mission)."""
    check_session(session, rules)
    chosen = rules.trade(trade)
    cost = rules.trade_cost(chosen, wanted)
    points = _points(pc, rules)
    free = spendable(rules, points)
    if cost > free:
        waiting = points.earned - points.counted if rules.spend_after_mission else 0
        later = (f" ({waiting} more wait for {pc.pronoun.their} next mission's end)"
                 if waiting else "")
        raise ModelError(f"{wanted} {chosen.label} cost {cost} {rules.unit}; {pc.name} has "
                         f"{free} to spend{later}")
    gained = dict(points.gained)
    gained[chosen.key] = gained.get(chosen.key, 0) + wanted
    sheet = _sheet(pc, points.with_changes(spent=points.spent + cost, gained=gained))
    entry = _entry(rules, pc, EntryKind.TRADE, chosen.key, cost, wanted)
    return Outcome.told(session.with_changes(points=(*session.points, entry)), sheet, notices=(
        f"{pc.name} spends {cost} {rules.unit} on {_amount(wanted, chosen.label)} "
        f"({spendable(rules, sheet.points)} {rules.unit} left to spend)",))


def _buys(rules: PointsRules, free: int) -> str:
    options = [_amount(n, t.label) for t in rules.trades if (n := rules.affordable(t, free))]
    return " or ".join(options)


def end_mission(session: Session, completing: Sequence[PlayerCharacter],
                party: Sequence[PlayerCharacter], rules: PointsRules) -> Outcome:
    """A mission's end: the points ``completing`` have earned may be spent (Metalface), and
    every PC of the ``party`` has his pools back ("fully returned at the end of every
    mission", whoever completed it)."""
    check_session(session, rules)
    if not rules.missions:
        raise ModelError(f"a mission's end changes nothing in {rules.system}")
    if not completing:
        raise ModelError("nobody completes the mission: choose the PCs")
    done = {pc.id for pc in completing}
    entries: list[PointsEntry] = []
    sheets: list[PlayerCharacter] = []
    alerts: list[str] = []
    for pc in {**{p.id: p for p in party}, **{p.id: p for p in completing}}.values():
        if pc.id in done:
            points = _points(pc, rules)  # refused if they are another system's
        elif pc.points.system in ("", rules.name):
            points = pc.points
        else:
            continue  # another system's pools: not this mission's to refill
        changes: dict[str, object] = {}
        if rules.pools and points.used:
            changes["used"] = {}
        if pc.id in done and rules.spend_after_mission:
            changes["counted"] = points.earned
            freed = points.earned - points.counted
            entries.append(_entry(rules, pc, EntryKind.MISSION, "", freed))
            free = points.earned - points.spent
            buys = _buys(rules, free)
            if buys:
                alerts.append(f"{pc.name} may spend {free} {rules.unit} now: {buys} (t)")
        elif pc.id in done:
            entries.append(_entry(rules, pc, EntryKind.MISSION, ""))
        if changes or pc.points.system != points.system:
            sheets.append(_sheet(pc, points.with_changes(**changes)))
    names = ", ".join(pc.name for pc in completing)
    said = f"A mission completed by {names}"
    if rules.pools:
        said += f"; {' and '.join(p.label for p in rules.pools)} refilled for the party"
    if rules.spend_after_mission and not alerts:
        said += f"; not yet enough {rules.unit} to spend"
    return Outcome.told(session.with_changes(points=(*session.points, *entries)), *sheets,
                        notices=(said, *alerts), alerts=alerts)


# ----- pools ----------------------------------------------------------------------------------

def set_pools(pc: PlayerCharacter, rules: PointsRules, sizes: Mapping[str, int]) -> Outcome:
    """The pools' sizes from the sheet's values (Faith 4, Blessing 2); what was used this
    mission stays used, as far as the new size allows."""
    points = _points(pc, rules)
    pools = dict(points.pools)
    used = dict(points.used)
    for key, size in sizes.items():
        pool = rules.pool(key)
        pools[key] = POOL_SIZE.check(size, pool.label)
        used[key] = min(used.get(key, 0), size)
    sheet = _sheet(pc, points.with_changes(pools=pools, used=used))
    said = ", ".join(f"{p.label} {sheet.points.pools.get(p.key, 0)}" for p in rules.pools)
    return Outcome.told(sheet, notices=(f"{pc.name}: {said}",))


def use_pool(session: Session, pc: PlayerCharacter, rules: PointsRules, pool: str,
             face: int | None = None, skill: str = "") -> Outcome:
    """One use of a pool: a faith roll (``face``, the d6 the player rolled, for the skill put
    on faith) or a blessing's reroll."""
    check_session(session, rules)
    chosen = rules.pool(pool)
    points = _points(pc, rules)
    size = points.pools.get(chosen.key, 0)
    if points.left(chosen.key) < 1:
        raise ModelError(
            f"{pc.name} has no {chosen.label} left this mission ({points.used.get(chosen.key, 0)}"
            f" used of {size}); it comes back at the mission's end" if size else
            f"{pc.name} has no {chosen.label}: set {pc.pronoun.their} {chosen.label} value "
            "first (o)")
    skill = skill.strip()
    bonus = 0
    if chosen.bonus is not None:
        if face is None:
            raise ModelError(f"a {chosen.label} roll: type the d6 the player rolled")
        bonus = chosen.bonus(face)
    used = dict(points.used)
    used[chosen.key] = used.get(chosen.key, 0) + 1
    sheet = _sheet(pc, points.with_changes(used=used))
    entry = _entry(rules, pc, EntryKind.POOL, chosen.key, 0, bonus, skill)
    left = f"{chosen.label} {sheet.points.left(chosen.key)} of {size} left"
    if chosen.bonus is not None:
        gives = f"+{bonus} to {skill or 'the skill'}" if bonus else "no bonus"
        said = (f"{pc.name} acts on {chosen.label}{f' in {skill}' if skill else ''}: "
                f"rolled {face}, {gives} ({left})")
    else:
        said = f"{pc.name} uses a {chosen.label}{f': {skill}' if skill else ''} ({left})"
    return Outcome.told(session.with_changes(points=(*session.points, entry)), sheet,
                        notices=(said,))


# ----- reading the record -------------------------------------------------------------------

def describe_bought(rules: PointsRules, points: SystemPoints) -> list[str]:
    """What his points have bought: "3 skill points", "4 SP"."""
    return [_amount(points.gained[t.key], t.label) for t in rules.trades
            if points.gained.get(t.key)]


def describe_entry(entry: PointsEntry) -> str:
    """One line of the session's points record, in its own system's units, without the
    PC's name."""
    rules = POINTS_RULES[entry.system]
    reason = f" ({entry.reason})" if entry.reason else ""
    if entry.kind is EntryKind.AWARD:
        rule = next((a for a in rules.awards if a.key == entry.what), None)
        if rule is not None and rule.per:
            return f"{entry.points} {rules.unit} for {rule.counted(entry.count)}{reason}"
        label = rule.label if rule is not None and rule.label != rules.unit else ""
        return f"{entry.points} {rules.unit}{f' for a {label}' if label else ''}{reason}"
    if entry.kind is EntryKind.TRADE:
        trade = next((t for t in rules.trades if t.key == entry.what), None)
        label = trade.label if trade is not None else entry.what
        return f"spent {entry.points} {rules.unit} on {_amount(entry.count, label)}"
    if entry.kind is EntryKind.MISSION:
        freed = f": {entry.points} {rules.unit} may be spent" if entry.points else ""
        return f"completed a mission{freed}"
    pool = next((p for p in rules.pools if p.key == entry.what), None)
    label = pool.label if pool is not None else entry.what
    if pool is not None and pool.bonus is not None:
        return f"{label} roll{f' for {entry.reason}' if entry.reason else ''}: +{entry.count}"
    return f"used a {label}{reason}"
