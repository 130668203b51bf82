"""The awarder of a campaign playing another system (issue 18): pure functions from a session
and a PC's sheet to the next state, by ``console.rules.systems.points``.

An award counts on the sheet at once (the PC's points earned) and is recorded in the
session, where it can be given a reason or taken back while nothing has used it: neither a
trade nor a mission's end may be left standing on points taken back. A mission's end grants
the milestones the points earned have reached and refills the pools.

Each function returns an :class:`~console.model.outcome.Outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from console.model.characters import PlayerCharacter
from console.model.errors import ModelError
from console.model.outcome import Outcome
from console.model.sessions import Session
from console.model.system_points import EntryKind, PointsEntry, SystemPoints
from console.rules.systems.points import POOL_SIZE, PointsRules

__all__ = [
    "check_session",
    "describe_entry",
    "end_mission",
    "give_points",
    "session_points",
    "set_entry_reason",
    "set_pools",
    "standing",
    "take_back_points",
    "trade_points",
    "use_pool",
]


def check_session(session: Session, rules: PointsRules) -> None:
    if session.number == 0:
        raise ModelError(f"no session is running: S on the main screen starts one before "
                         f"giving {rules.unit}")


def _sheet(pc: PlayerCharacter, points: SystemPoints) -> PlayerCharacter:
    return pc.with_changes(points=points)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def session_points(session: Session, pc_id: int) -> int:
    """Points ``pc_id`` was awarded in ``session``."""
    return sum(e.points for e in session.points
               if e.kind is EntryKind.AWARD and e.pc_id == pc_id)


def standing(rules: PointsRules, points: SystemPoints) -> str:
    """A PC's points in a few words: "SP 47 · next skill point at 50"."""
    text = f"{rules.unit} {points.earned}"
    if rules.trades:
        text += f" ({points.unspent} to trade)"
    found = rules.next_milestone(points.earned)
    if found is not None:
        milestone, needed = found
        text += f" · next {milestone.label} at {points.earned + needed}"
    return text


# ----- awards -------------------------------------------------------------------------------

def give_points(session: Session, pc: PlayerCharacter, rules: PointsRules, award: str,
                typed: int, reason: str = "") -> Outcome:
    """An award: ``typed`` is what the GM typed (successful actions, SP for a performance,
    EP); the rule says what it is worth."""
    check_session(session, rules)
    rule = rules.award(award)
    worth = rule.points(typed)
    reason = reason.strip()
    earned = pc.points.earned + worth
    sheet = _sheet(pc, pc.points.with_changes(earned=earned))
    entry = PointsEntry(pc.id, EntryKind.AWARD, rule.key, worth, typed, reason)
    what = (f"{_plural(typed, 'successful action')}: " if rule.each != 1
            else f"{rule.label.capitalize()}: " if rule.label != rules.unit else "")
    notices = [f"{what}{worth} {rules.unit} to {pc.name}"
               f"{f' ({reason})' if reason else ''}; {standing(rules, sheet.points)}"]
    tonight = session_points(session, pc.id) + worth
    if rules.per_session is not None and tonight > rules.per_session[1]:
        low, high = rules.per_session
        notices.append(f"{pc.name} has {tonight} {rules.unit} this session: more than the "
                       f"book's {low}-{high}")
    return Outcome.told(session.with_changes(points=(*session.points, entry)), sheet,
                        notices=notices)


def _award_at(session: Session, index: int) -> PointsEntry:
    if not 0 <= index < len(session.points) or \
            session.points[index].kind is not EntryKind.AWARD:
        raise ModelError("no such award in this session")
    return session.points[index]


def take_back_points(session: Session, pcs: Mapping[int, PlayerCharacter], rules: PointsRules,
                     index: int) -> Outcome:
    """Take back an award of this session, if nothing has been built on it since."""
    entry = _award_at(session, index)
    rest = session.with_changes(points=session.points[:index] + session.points[index + 1:])
    pc = pcs.get(entry.pc_id)
    if pc is None:  # the PC has left the campaign: only the record goes
        return Outcome.told(rest, notices=(f"Taken back: {entry.points} {rules.unit} to "
                                           f"PC #{entry.pc_id}",))
    points = pc.points
    left = points.earned - entry.points
    if left < points.spent:
        raise ModelError(f"{pc.name} has traded {points.spent} of his {points.earned} "
                         f"{rules.unit}: undo the trade (ctrl+z) before taking these back")
    if left < points.counted:
        raise ModelError(f"{pc.name}'s mission end counted these {rules.unit}: undo it "
                         "(ctrl+z) before taking them back")
    sheet = _sheet(pc, points.with_changes(earned=left))
    return Outcome.told(rest, sheet, notices=(
        f"Taken back: {entry.points} {rules.unit} to {pc.name}; "
        f"{standing(rules, sheet.points)}",))


def set_entry_reason(session: Session, index: int, reason: str, pc_name: str,
                     rules: PointsRules) -> Outcome:
    """Give an award made in a hurry its reason afterwards."""
    entry = _award_at(session, index)
    changed = PointsEntry(entry.pc_id, entry.kind, entry.what, entry.points, entry.count,
                          reason.strip())
    points = list(session.points)
    points[index] = changed
    return Outcome.told(session.with_changes(points=tuple(points)), notices=(
        f"Reason for {pc_name}'s {entry.points} {rules.unit}: {reason.strip() or 'none'}",))


# ----- what the points bring ----------------------------------------------------------------

def trade_points(session: Session, pc: PlayerCharacter, rules: PointsRules, trade: str,
                 wanted: int) -> Outcome:
    """Unspent points traded for ``wanted`` of something (Façade: 4 SP for 2 EP)."""
    check_session(session, rules)
    chosen = rules.trade(trade)
    cost = rules.trade_cost(chosen, wanted)
    points = pc.points
    if cost > points.unspent:
        raise ModelError(f"{wanted} {chosen.label} cost {cost} {rules.unit}; {pc.name} has "
                         f"{points.unspent} to trade")
    gained = dict(points.gained)
    gained[chosen.key] = gained.get(chosen.key, 0) + wanted
    sheet = _sheet(pc, points.with_changes(spent=points.spent + cost, gained=gained))
    entry = PointsEntry(pc.id, EntryKind.TRADE, chosen.key, cost, wanted)
    return Outcome.told(session.with_changes(points=(*session.points, entry)), sheet, notices=(
        f"{pc.name} trades {cost} {rules.unit} for {wanted} {chosen.label} "
        f"({sheet.points.unspent} {rules.unit} left to trade)",))


def end_mission(session: Session, pcs: Sequence[PlayerCharacter],
                rules: PointsRules) -> Outcome:
    """The PCs who complete a mission: the milestones their points have reached are granted
    (to place on the sheet now) and their pools are full again."""
    check_session(session, rules)
    if not rules.missions:
        raise ModelError(f"a mission's end changes nothing in {rules.system}")
    if not pcs:
        raise ModelError("nobody completes the mission: choose the PCs")
    entries: list[PointsEntry] = []
    sheets: list[PlayerCharacter] = []
    alerts: list[str] = []
    labels = {m.key: m.label for m in rules.milestones}
    for pc in pcs:
        points = pc.points
        grants = rules.grants(points.earned, points.gained)
        gained = dict(points.gained)
        for key, count in grants.items():
            gained[key] = gained.get(key, 0) + count
        sheets.append(_sheet(pc, points.with_changes(counted=points.earned, gained=gained,
                                                     used={})))
        got = [f"+{_plural(count, labels[key])}" for key, count in grants.items() if count]
        entries += [PointsEntry(pc.id, EntryKind.GRANT, key, 0, count)
                    for key, count in grants.items() if count]
        if got:
            alerts.append(f"{pc.name}: {', '.join(got)} to place on the sheet "
                          f"({rules.unit} {points.earned})")
    refilled = " and ".join(p.label for p in rules.pools)
    names = ", ".join(pc.name for pc in pcs)
    nothing = "" if alerts else "; no new " + " or ".join(f"{m}s" for m in labels.values())
    notices = [f"A mission completed by {names}"
               + (f": {refilled} refilled" if refilled else "") + nothing, *alerts]
    return Outcome.told(session.with_changes(points=(*session.points, *entries)), *sheets,
                        notices=notices, alerts=alerts)


# ----- pools ----------------------------------------------------------------------------------

def set_pools(pc: PlayerCharacter, rules: PointsRules, sizes: Mapping[str, int]) -> Outcome:
    """The pools' sizes from the sheet's values (Faith 4, Blessing 2); what was used this
    mission stays used, as far as the new size allows."""
    pools = dict(pc.points.pools)
    used = dict(pc.points.used)
    for key, size in sizes.items():
        pool = rules.pool(key)
        pools[key] = POOL_SIZE.check(size, pool.label)
        used[key] = min(used.get(key, 0), size)
    sheet = _sheet(pc, pc.points.with_changes(pools=pools, used=used))
    said = ", ".join(f"{p.label} {sheet.points.pools.get(p.key, 0)}" for p in rules.pools)
    return Outcome.told(sheet, notices=(f"{pc.name}: {said}",))


def use_pool(session: Session, pc: PlayerCharacter, rules: PointsRules, pool: str,
             face: int | None = None, skill: str = "") -> Outcome:
    """One use of a pool: a faith roll (``face``, the d6 the player rolled, for the skill put
    on faith) or a blessing's reroll."""
    check_session(session, rules)
    chosen = rules.pool(pool)
    points = pc.points
    size = points.pools.get(chosen.key, 0)
    if points.left(chosen.key) < 1:
        raise ModelError(
            f"{pc.name} has no {chosen.label} left this mission ({points.used.get(chosen.key, 0)}"
            f" used of {size}); it comes back at the mission's end" if size else
            f"{pc.name} has no {chosen.label}: set his {chosen.label} value first")
    skill = skill.strip()
    bonus = 0
    if chosen.bonus is not None:
        if face is None:
            raise ModelError(f"a {chosen.label} roll: type the d6 the player rolled")
        bonus = chosen.bonus(face)
    used = dict(points.used)
    used[chosen.key] = used.get(chosen.key, 0) + 1
    sheet = _sheet(pc, points.with_changes(used=used))
    entry = PointsEntry(pc.id, EntryKind.POOL, chosen.key, 0, bonus, skill)
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

def describe_entry(entry: PointsEntry, rules: PointsRules) -> str:
    """One line of the session's points record, without the PC's name."""
    reason = f" ({entry.reason})" if entry.reason else ""
    if entry.kind is EntryKind.AWARD:
        rule = next((a for a in rules.awards if a.key == entry.what), None)
        if rule is not None and rule.each != 1:
            return f"{entry.points} {rules.unit} for {_plural(entry.count, 'successful action')}"\
                   f"{reason}"
        label = rule.label if rule is not None and rule.label != rules.unit else ""
        return f"{entry.points} {rules.unit}{f' for a {label}' if label else ''}{reason}"
    if entry.kind is EntryKind.TRADE:
        trade = next((t for t in rules.trades if t.key == entry.what), None)
        label = trade.label if trade is not None else entry.what
        return f"traded {entry.points} {rules.unit} for {entry.count} {label}"
    if entry.kind is EntryKind.GRANT:
        milestone = next((m for m in rules.milestones if m.key == entry.what), None)
        label = milestone.label if milestone is not None else entry.what
        return f"mission's end: +{_plural(entry.count, label)}"
    pool = next((p for p in rules.pools if p.key == entry.what), None)
    label = pool.label if pool is not None else entry.what
    if pool is not None and pool.bonus is not None:
        return f"{label} roll{f' for {entry.reason}' if entry.reason else ''}: +{entry.count}"
    return f"used a {label}{reason}"
