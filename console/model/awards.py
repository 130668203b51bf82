"""The AP awarder's bookkeeping: pure functions from a session and its PCs to the next state.

During play the GM records grab-bag awards, adventure bonuses and veteran's pocket gifts in
the session; they wait there until the close of the session, when :func:`apply_close` adds
them and the time, group and journal awards to every present PC at once (``console.rules``
does the arithmetic). Improvements, handicaps and rank improvement rolls are in
``console.model.improvements``.

Each function returns an :class:`~console.model.outcome.Outcome`: the changed session, the
changed sheets and what to tell the GM.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from datetime import datetime, timedelta
from fractions import Fraction

from console.model.characters import Allowance, PlayerCharacter
from console.model.errors import ModelError
from console.model.outcome import Outcome
from console.model.session_close import (
    CloseRow,
    SessionClose,
)
from console.model.sessions import ApAward, AwardKind, Session
from console.records import record
from console.rules.advancement import (
    MAX_RANK,
    ApLedger,
    ap_for_rank,
    mission_allowance,
    rank_for_ap,
    rank_title,
)
from console.rules.ap_awards import (
    AdventureBonus,
    GrabBagAward,
    GrabBagFairness,
    PcState,
    PocketAward,
    PreviewRow,
    TimeRounding,
    check_veteran_pocket,
    close_session,
    grab_bag_fairness,
    journal_award,
    next_journal_reader,
    time_ap,
)

__all__ = [
    "PENDING_KINDS",
    "CloseChoices",
    "ClosePreview",
    "ap_history",
    "apply_close",
    "campaign_grab_bag",
    "check_open",
    "check_rank",
    "fairness",
    "give_adventure_bonus",
    "give_grab_bag",
    "give_pocket",
    "journal_history",
    "kind_name",
    "missions_for_rank",
    "pending_awards",
    "played_time",
    "player_of",
    "preview_close",
    "remove_award",
    "set_reason",
    "settle_rank",
    "suggest_reader",
]

# Awards recorded during play and applied at the close; the rest are made by the close.
PENDING_KINDS = (AwardKind.GRAB_BAG, AwardKind.ADVENTURE, AwardKind.VETERAN)


def player_of(pc: PlayerCharacter) -> str:
    """Who plays ``pc``: his player's name, or the PC's own name when none is recorded."""
    return pc.player.strip() or pc.name


def missions_for_rank(pc: PlayerCharacter) -> int:
    """Missions completed, as far as rank goes. A sheet with a rank but no missions counted
    (kept before the console counted them) has plainly completed one: a rank is only
    reached after the first mission, and it must not be lost at the next close."""
    return pc.missions_completed or (1 if pc.rank > 0 else 0)


def check_rank(rank: int, ap_total: int, missions_completed: int) -> None:
    """A rank copied from a paper sheet, against Table 8: it must be the rank his AP Total
    gives (a rank above 0 means a mission was completed, as ``missions_for_rank`` reads a
    sheet). A ModelError says which AP Total the rank needs."""
    if not 0 <= rank <= MAX_RANK:
        raise ModelError(f"rank: 0 to {MAX_RANK} (Table 8), not {rank}")
    missions = missions_completed or (1 if rank > 0 else 0)
    found = rank_for_ap(ap_total, missions_completed=missions)
    if found == rank:
        return
    low = ap_for_rank(rank)
    high = ap_for_rank(rank + 1) - 1 if rank < MAX_RANK else None
    needs = f"AP Total {low} or more" if high is None else f"AP Total {low} to {high}"
    raise ModelError(f"rank: {rank} needs {needs} by Table 8; AP Total {ap_total} is "
                     f"rank {found}")


def settle_rank(pc: PlayerCharacter) -> PlayerCharacter:
    """The sheet with its rank recomputed from AP Total and missions (Table 8)."""
    return pc.with_changes(rank=rank_for_ap(pc.ap_total, missions_completed=missions_for_rank(pc)))


def played_time(session: Session, now: datetime) -> timedelta:
    """Real play time: as settled at the close, else by the session clock (start to stop,
    or to ``now`` while it runs)."""
    if session.closing is not None:
        return timedelta(minutes=session.closing.played_minutes)
    end = session.stopped_at or now
    return max(end - session.started_at, timedelta(0))


# ----- during play ------------------------------------------------------------------------

def check_open(session: Session) -> None:
    """Refuse awards outside a running session or after its close was applied."""
    if session.number == 0:
        raise ModelError("no session is running: start one with S before giving AP")
    if session.closed:
        raise ModelError(f"session {session.number}'s awards have been applied: start the "
                         "next session (S) to give more, or undo the close (ctrl+z)")


def _with_award(session: Session, award: ApAward, notice: str) -> Outcome:
    check_open(session)
    return Outcome.told(session.with_changes(ap_awards=(*session.ap_awards, award)),
                        notices=(notice,))


def _because(reason: str) -> str:
    return f" ({reason})" if reason else ""


def give_grab_bag(session: Session, pc: PlayerCharacter, points: int,
                  reason: str = "") -> Outcome:
    """A grab-bag token: 1 AP, 2 for unusually good play, 3 for exceptional."""
    reason = reason.strip()
    GrabBagAward(pc.name, player_of(pc), points, reason)  # checks 1, 2 or 3
    return _with_award(session, ApAward(pc.id, points, AwardKind.GRAB_BAG, reason),
                       f"Grab bag: {points} AP to {pc.name}{_because(reason)}")


def give_adventure_bonus(session: Session, pc: PlayerCharacter, amount: int,
                         reason: str) -> Outcome:
    """An AP bonus the adventure lists, recorded when it is earned."""
    reason = reason.strip()
    AdventureBonus(pc.name, amount, reason)  # checks a whole number of 1 or more
    return _with_award(session, ApAward(pc.id, amount, AwardKind.ADVENTURE, reason),
                       f"Adventure bonus: {amount} AP to {pc.name}{_because(reason)}")


def _pocket_awards(session: Session, pcs: Mapping[int, PlayerCharacter]) -> list[PocketAward]:
    return [PocketAward(a.giver, _name(pcs, a.pc_id), _player(pcs, a.pc_id), a.amount, a.reason)
            for a in session.ap_awards if a.kind is AwardKind.VETERAN]


def _player_ranks(pcs: Iterable[PlayerCharacter]) -> dict[str, int]:
    ranks: dict[str, int] = {}
    for pc in pcs:
        ranks[player_of(pc)] = max(ranks.get(player_of(pc), 0), pc.player_rank)
    return ranks


def _ranks_at_close(session: Session, pcs: Mapping[int, PlayerCharacter]) -> dict[str, int]:
    """Player ranks for re-checking the pocket at the close. Each gift was checked when it
    was made; a giver whose PC has since left, or whose rank was lowered, keeps what he
    gave then (what is given is given)."""
    ranks = _player_ranks(pcs.values())
    for award in session.ap_awards:
        if award.kind is AwardKind.VETERAN:
            given = sum(a.amount for a in session.ap_awards
                        if a.kind is AwardKind.VETERAN and a.giver == award.giver)
            ranks[award.giver] = max(ranks.get(award.giver, 0), given)
    return ranks


def give_pocket(session: Session, pcs: Mapping[int, PlayerCharacter], enabled: bool,
                veteran: str, pc: PlayerCharacter, amount: int, reason: str = "") -> Outcome:
    """Veteran's pocket: a ranked player gives AP to another player's PC.

    Never to himself, and no more than his player rank over the session.
    """
    if not enabled:
        raise ModelError("the veteran's pocket is not used in this campaign: switch it on "
                         "in the awards screen (P) first")
    veteran = veteran.strip()
    reason = reason.strip()
    new = PocketAward(veteran, pc.name, player_of(pc), amount, reason)
    check_veteran_pocket([*_pocket_awards(session, pcs), new], _player_ranks(pcs.values()))
    return _with_award(session, ApAward(pc.id, amount, AwardKind.VETERAN, reason, veteran),
                       f"Veteran's pocket: {veteran} gives {amount} AP to {pc.name}"
                       f"{_because(reason)}")


def pending_awards(session: Session) -> list[tuple[int, ApAward]]:
    """Awards recorded during play, with their place in the session's list."""
    return [(i, a) for i, a in enumerate(session.ap_awards) if a.kind in PENDING_KINDS]


def _pending_at(session: Session, index: int) -> ApAward:
    check_open(session)
    if not 0 <= index < len(session.ap_awards) or \
            session.ap_awards[index].kind not in PENDING_KINDS:
        raise ModelError("no such award in this session")
    return session.ap_awards[index]


def set_reason(session: Session, index: int, reason: str, pc_name: str) -> Outcome:
    """Give an award recorded in a hurry (two keys) its reason afterwards."""
    award = _pending_at(session, index)
    changed = ApAward(award.pc_id, award.amount, award.kind, reason.strip(), award.giver)
    awards = list(session.ap_awards)
    awards[index] = changed
    return Outcome.told(session.with_changes(ap_awards=tuple(awards)),
                        notices=(f"Reason for {pc_name}'s {award.amount} AP "
                              f"{_KIND_NAMES[award.kind]}: {reason.strip() or 'none'}",))


def remove_award(session: Session, index: int, pc_name: str) -> Outcome:
    """Take back an award recorded during play (before the close applies it)."""
    award = _pending_at(session, index)
    awards = session.ap_awards[:index] + session.ap_awards[index + 1:]
    return Outcome.told(session.with_changes(ap_awards=awards),
                        notices=(f"Taken back: {award.amount} AP {_KIND_NAMES[award.kind]} "
                              f"to {pc_name}",))


_KIND_NAMES = {
    AwardKind.TIME: "for time", AwardKind.GROUP: "group bonus",
    AwardKind.ADVENTURE: "adventure bonus", AwardKind.JOURNAL: "for the journal",
    AwardKind.GRAB_BAG: "grab bag", AwardKind.VETERAN: "veteran's pocket",
    AwardKind.OTHER: "other",
}


def kind_name(kind: AwardKind) -> str:
    return _KIND_NAMES[kind]


# ----- the campaign so far ----------------------------------------------------------------

def _name(pcs: Mapping[int, PlayerCharacter], pc_id: int) -> str:
    pc = pcs.get(pc_id)
    return pc.name if pc is not None else f"PC #{pc_id}"


def _player(pcs: Mapping[int, PlayerCharacter], pc_id: int) -> str:
    pc = pcs.get(pc_id)
    return player_of(pc) if pc is not None else f"PC #{pc_id}"


def _grab_bags(session: Session, pcs: Mapping[int, PlayerCharacter]) -> list[GrabBagAward]:
    return [GrabBagAward(_name(pcs, a.pc_id), _player(pcs, a.pc_id), a.amount, a.reason)
            for a in session.ap_awards if a.kind is AwardKind.GRAB_BAG]


def fairness(session: Session, sessions: Sequence[Session],
             pcs: Mapping[int, PlayerCharacter], now: datetime) -> GrabBagFairness:
    """Grab-bag points per player this session and over ``sessions`` (all, this one too)."""
    players = list(dict.fromkeys(player_of(pc) for pc in pcs.values()))
    campaign = [g for past in sessions for g in _grab_bags(past, pcs)]
    return grab_bag_fairness(players, _grab_bags(session, pcs), campaign,
                             played_time(session, now))


def campaign_grab_bag(sessions: Sequence[Session], now: datetime) -> tuple[int, timedelta]:
    """Grab-bag points and real play time over ``sessions``: the campaign's pace."""
    points = sum(a.amount for past in sessions for a in past.ap_awards
                 if a.kind is AwardKind.GRAB_BAG)
    played = sum((played_time(past, now) for past in sessions), timedelta(0))
    return points, played


def journal_history(sessions: Sequence[Session], pcs: Mapping[int, PlayerCharacter]) -> list[str]:
    """The players who read the journal, oldest session first."""
    readers = []
    for past in sessions:
        if past.closing is not None and past.closing.journal_pc is not None:
            row = past.closing.row(past.closing.journal_pc)
            readers.append(row.player if row is not None
                           else _player(pcs, past.closing.journal_pc))
    return readers


def suggest_reader(present: Sequence[PlayerCharacter],
                   sessions: Sequence[Session],
                   pcs: Mapping[int, PlayerCharacter]) -> PlayerCharacter | None:
    """Whose player should read the journal next, by the rotation in ``console.rules``."""
    if not present:
        return None
    players = list(dict.fromkeys(player_of(pc) for pc in present))
    chosen = next_journal_reader(players, journal_history(sessions, pcs))
    return next(pc for pc in present if player_of(pc) == chosen)


def ap_history(sessions: Sequence[Session], pc_id: int) -> list[tuple[int, int]]:
    """(session number, AP Total after its close) for every closed session the PC was in."""
    points = []
    for past in sessions:
        row = past.closing.row(pc_id) if past.closing is not None else None
        if row is not None:
            points.append((past.number, row.total_after))
    return points


# ----- the close of a session -------------------------------------------------------------

@record
class CloseChoices:
    """What the GM decides at the close of a session."""

    played: timedelta
    rounding: TimeRounding
    group_bonus: int
    present: tuple[int, ...]  # PC ids at the table
    journal_pc: int | None = None
    journal_self: int | None = None  # the reader's self-assessment, 1-10
    journal_gm: int | None = None  # the GM's own figure when he strongly disagrees
    missions: tuple[int, ...] = ()  # PC ids who complete a mission now
    share: Fraction = Fraction(1)  # of the mission allowance, from 1/2 to 1


@record
class ClosePreview:
    """The close-of-session table before anything is applied."""

    hourly: int
    journal_ap: int
    rows: tuple[PreviewRow, ...]
    # PC name -> credits, for those completing a mission who have an allowance on the sheet.
    allowances: dict[str, int | None] = field(default_factory=dict)


def _present(pcs: Mapping[int, PlayerCharacter], choices: CloseChoices) -> list[PlayerCharacter]:
    if not choices.present:
        raise ModelError("no PCs at the table: mark who played")
    unknown = [i for i in choices.present if i not in pcs]
    if unknown:
        raise ModelError(f"no PC with id {unknown[0]} in the roster")
    return [pcs[i] for i in dict.fromkeys(choices.present)]


def preview_close(session: Session, pcs: Mapping[int, PlayerCharacter],
                  choices: CloseChoices) -> ClosePreview:
    """Every present PC's awards, new AP, rank and allowance; nothing is applied."""
    check_open(session)
    present = _present(pcs, choices)
    here = {pc.id for pc in present}
    for award in session.ap_awards:
        if award.kind in PENDING_KINDS and award.pc_id not in here:
            raise ModelError(f"{_name(pcs, award.pc_id)} has awards this session but is not "
                             "marked present")
    for pc_id in choices.missions:
        if pc_id not in here:
            raise ModelError(f"{_name(pcs, pc_id)} completes a mission but is not marked "
                             "present")
    journal = None
    journal_ap = 0
    if choices.journal_pc is not None:
        if choices.journal_pc not in here:
            raise ModelError(f"the journal reader {_name(pcs, choices.journal_pc)} is not "
                             "marked present")
        if choices.journal_self is None:
            raise ModelError("the journal reader's self-assessment (1-10) is needed")
        journal_ap = journal_award(choices.journal_self, choices.journal_gm)
        journal = (pcs[choices.journal_pc].name, journal_ap)
    pending = [a for a in session.ap_awards if a.kind in PENDING_KINDS]
    rows = close_session(
        [PcState(pc.name, player_of(pc), ApLedger(pc.ap_total, pc.unused_ap),
                 missions_for_rank(pc)) for pc in present],
        choices.played, choices.rounding, choices.group_bonus,
        adventure_bonuses=[AdventureBonus(_name(pcs, a.pc_id), a.amount, a.reason)
                           for a in pending if a.kind is AwardKind.ADVENTURE],
        journal=journal,
        grab_bag=_grab_bags(session, pcs),
        pocket=_pocket_awards(session, pcs),
        player_ranks=_ranks_at_close(session, pcs),
        missions_completed_now=[pcs[i].name for i in choices.missions],
    )
    allowances: dict[str, int | None] = {}
    for pc, row in zip(present, rows, strict=True):
        if pc.id in choices.missions and pc.allowance != Allowance():
            # Paid at the rank he held on the mission, not one this close's AP brings:
            # an Initiate finishing his first mission is paid as an Initiate.
            allowances[pc.name] = mission_allowance(pc.allowance.base, pc.allowance.per_rank,
                                                    row.rank.old_rank, choices.share)
    return ClosePreview(time_ap(choices.played, choices.rounding), journal_ap, rows, allowances)


def apply_close(session: Session, pcs: Mapping[int, PlayerCharacter], choices: CloseChoices,
                now: datetime) -> Outcome:
    """Apply the previewed awards: AP to every present PC, rank-ups, missions, allowances.

    The session is stopped (if it was running) and keeps the record of the close.
    """
    preview = preview_close(session, pcs, choices)
    present = _present(pcs, choices)
    changed: list[PlayerCharacter] = []
    close_rows: list[CloseRow] = []
    made: list[ApAward] = []
    notices: list[str] = []
    alerts: list[str] = []
    for pc, row in zip(present, preview.rows, strict=True):
        done = pc.id in choices.missions
        sheet = pc.with_changes(
            ap_total=row.new_ledger.total, unused_ap=row.new_ledger.unused,
            rank=row.rank.new_rank, missions_completed=pc.missions_completed + done,
            rank_rolls=pc.rank_rolls + row.rank_improvement_rolls,
            improved_this_mission=() if done else pc.improved_this_mission,
        )
        changed.append(sheet)
        allowance = preview.allowances.get(pc.name)
        close_rows.append(CloseRow(
            pc.id, pc.name, player_of(pc), row.time, row.group, row.adventure, row.journal,
            row.grab_bag, row.pocket, row.old_ledger.total, row.new_ledger.total,
            row.old_ledger.unused, row.new_ledger.unused, row.rank.old_rank,
            row.rank.new_rank, row.rank_improvement_rolls, done, allowance))
        for kind, amount in ((AwardKind.TIME, row.time), (AwardKind.GROUP, row.group),
                             (AwardKind.JOURNAL, row.journal)):
            if amount:
                made.append(ApAward(pc.id, amount, kind, ""))
        if row.rank.new_rank > row.rank.old_rank:
            alerts.append(
                f"{pc.name} reaches {rank_title(row.rank.new_rank)}: "
                f"{row.rank_improvement_rolls} rank improvement roll(s) at 10L, to use now")
        if done:
            paid = ("no allowance on the sheet" if allowance is None
                    else f"allowance {allowance} cr")
            notices.append(f"{pc.name} completes a mission: {paid}")
    closing = SessionClose(
        closed_at=now, played_minutes=int(choices.played.total_seconds() // 60),
        rounding=choices.rounding.name, hourly=preview.hourly,
        group_bonus=choices.group_bonus, journal_pc=choices.journal_pc,
        journal_ap=preview.journal_ap, allowance_share=str(choices.share),
        rows=tuple(close_rows))
    closed = session.with_changes(
        closing=closing, ap_awards=(*session.ap_awards, *made),
        stopped_at=session.stopped_at or max(now, session.started_at))
    given = sum(r.awarded for r in close_rows)
    count = len(close_rows)
    notices.insert(0, f"Session {session.number} closed: {given} AP to {count} "
                      f"PC{'s' if count != 1 else ''}")
    return Outcome.told(closed, *changed, notices=(notices[0], *alerts, *notices[1:]),
                        alerts=alerts)
