"""The session's recap: a story of the evening the table can read, built from facts.

Read from the session's log entries in effect (an undone one is not), each with its events
(``console.model.fight_events``), the session's encounters (each with the forecast it kept
at its first Nish and its end, ``console.model.fight_end``) and its awards:

- the date, the play time and the evening's time split: time in fights (from a fight's
  first Nish to its end) against the rest, beside the book's "50% of reality time in actual
  combat, 25% heavily involved in encounters (non-combat), and 25% in verbal roleplaying";
- each fight: its rounds, and in each round the turns in the order they were taken (who
  acted, how long the turn took, what happened in it: ``console.model.recap_lines``), how
  it ended (won, fled, other), its Table 18 row and the forecast it had at the start;
- the AP awarded, rank-ups and allowances (as the session's summary has them).

The players' version (``players=True``) leaves out what their view never shows: a fight
never begun, the fights' names ("Fight 1"), anyone hidden from them and never revealed, an
NPC's numbers, GM notes, the Table 18 row and the forecast, and an award's reason. The
renderers (``console.model.recap_render``) write it as Markdown, HTML or JSON; nothing in
it is read back from text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from datetime import datetime, timedelta
from typing import Any

from console.model.action_log import LogEntry
from console.model.awards import kind_name, pending_awards
from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter, Side, Status
from console.model.fight_end import KeptForecast
from console.model.fight_events import FightEnded, FightEvent, RoundBegan, Shown, TurnBegan
from console.model.fight_words import FightWords, fight_words
from console.model.lifecycle import ending_label
from console.model.points_awards import describe_entry
from console.model.recap_lines import UNSEEN, Said, Teller, unseen_ids
from console.model.session_summary import format_duration
from console.model.sessions import Session
from console.model.table_settings import PlayersSettings
from console.model.turn_timer import turn_lengths
from console.records import record
from console.rules.advancement import rank_title
from console.rules.forecast import OUTCOMES, Reading
from console.rules.systems import SYSTEMS

__all__ = ["BOOK_SPLIT", "AwardLine", "FightRecap", "Recap", "RoundRecap", "TimeSplit",
           "TurnRecap", "session_recap", "span_words"]

# The Rule Book's split of an evening: "50% of reality time in actual combat, 25% heavily
# involved in encounters (non-combat), and 25% in verbal roleplaying".
BOOK_SPLIT = (("combat", 0.50), ("encounters (non-combat)", 0.25),
              ("verbal roleplaying", 0.25))


@record
class TurnRecap:
    """One turn as it was taken: who acted, whether it was gone back to (``b``), how long
    it took (None: not kept) and what happened in it."""

    key: str
    actors: tuple[str, ...]
    again: bool = False
    seconds: float | None = None
    said: tuple[Said, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.key, "actors": list(self.actors), "again": self.again,
                "seconds": self.seconds, "happened": [s.to_json() for s in self.said]}


@record
class RoundRecap:
    number: int
    turns: tuple[TurnRecap, ...]
    before: tuple[Said, ...] = ()  # between the call for Nish and the first turn

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "before": [s.to_json() for s in self.before],
                "turns": [t.to_json() for t in self.turns]}


@record
class FightRecap:
    """One fight of the session. ``end``: won, fled or other (None: still running, or
    ended without saying); ``row``: the Table 18 row reached; ``forecast``: the shares it
    kept at its first Nish (both None in the players' version)."""

    number: int
    name: str
    begun: bool
    continued: bool  # carried into this session from the one before
    running: bool
    pcs: tuple[str, ...]
    foes: tuple[str, ...]
    before: tuple[Said, ...]
    rounds: tuple[RoundRecap, ...]
    end: str | None
    row: str | None
    forecast: KeptForecast | None
    seconds: float
    facade: bool = False  # a Façade fight, whatever the campaign plays now

    @property
    def words(self) -> FightWords:
        return fight_words(self.facade)

    @property
    def row_label(self) -> str | None:
        return None if self.row is None else ending_label(self.row)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "name": self.name, "begun": self.begun,
            "continued": self.continued, "running": self.running, "pcs": list(self.pcs),
            "foes": list(self.foes), "before": [s.to_json() for s in self.before],
            "rounds": [r.to_json() for r in self.rounds], "end": self.end,
            "row": self.row, "row_label": self.row_label,
            "forecast": None if self.forecast is None else self.forecast.to_dict(),
            "seconds": round(self.seconds, 1),
        }


@record
class TimeSplit:
    """The evening's play time and the time in fights (seconds)."""

    played: float
    fights: float
    initiative: str = "Nish"  # what the game calls the number its fights begin by calling

    @property
    def rest(self) -> float:
        return max(0.0, self.played - self.fights)

    @property
    def fight_share(self) -> float:
        return 0.0 if self.played <= 0 else min(1.0, self.fights / self.played)

    def to_json(self) -> dict[str, Any]:
        return {"played": round(self.played, 1), "fights": round(self.fights, 1),
                "rest": round(self.rest, 1), "fight_share": round(self.fight_share, 4),
                "book": {part: share for part, share in BOOK_SPLIT}}

    def sentence(self) -> str:
        """The split in words, beside the book's: one sentence for every way it is shown."""
        book = ", ".join(f"{share:.0%} {part}" for part, share in BOOK_SPLIT)
        return (f"In fights (from the first {self.initiative} to the end): "
                f"{span_words(self.fights)} "
                f"({self.fight_share:.0%}); the rest: {span_words(self.rest)} "
                f"({1 - self.fight_share:.0%}). The book: {book}.")


def span_words(seconds: float) -> str:
    """A span as hours and minutes; a span under a minute says so, where "0 h 00 min"
    beside a share of 90% would read as a contradiction."""
    if 0 < seconds < 60:
        return "under a minute"
    return format_duration(timedelta(seconds=seconds))


@record
class AwardLine:
    """One PC's AP this session: awarded at the close (None: not closed yet, ``pending``
    then says what is waiting), rank before and after, the rolls a rank-up brings, the
    allowance of a completed mission."""

    pc: str
    awarded: int | None
    total: int | None = None
    rank_before: int | None = None
    rank_after: int | None = None
    rolls: int = 0
    mission: bool = False
    allowance: int | None = None
    pending: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"pc": self.pc, "awarded": self.awarded, "total": self.total,
                "rank_before": None if self.rank_before is None else rank_title(
                    self.rank_before),
                "rank_after": None if self.rank_after is None else rank_title(self.rank_after),
                "rolls": self.rolls, "mission": self.mission, "allowance": self.allowance,
                "pending": list(self.pending)}


@record
class Recap:
    campaign: str
    session: int
    players: bool
    started_at: datetime
    stopped_at: datetime | None
    closed: bool
    time: TimeSplit
    fights: tuple[FightRecap, ...]
    awards: tuple[AwardLine, ...]
    points: tuple[str, ...] = ()  # another system's points, as the summary says them
    reading: tuple[str, ...] = field(default_factory=lambda: Reading().lines())
    # The dice system the campaign plays: MetaScape's has adventure points and the
    # forecast; another's has its own points, and no forecast is ever kept for its fights.
    system: str = "metascape"
    # What the AP bought this session: rank improvement rolls, abilities improved, handicaps.
    advancement: tuple[str, ...] = ()

    @property
    def metascape(self) -> bool:
        return self.system == "metascape"

    def to_json(self) -> dict[str, Any]:
        return {
            "campaign": self.campaign, "session": self.session, "players": self.players,
            "date": self.started_at.date().isoformat(),
            "started_at": self.started_at.isoformat(),
            "stopped_at": None if self.stopped_at is None else self.stopped_at.isoformat(),
            "closed": self.closed, "time": self.time.to_json(),
            "fights": [f.to_json() for f in self.fights],
            "awards": [a.to_json() for a in self.awards], "points": list(self.points),
            "system": self.system, "advancement": list(self.advancement),
            "reading": None if self.players else list(self.reading),
        }


# ----- building it ----------------------------------------------------------------------


class _Fight:
    """One fight being read from the log: its rounds and turns as they were taken."""

    def __init__(self, encounter: Encounter, teller: Teller) -> None:
        self.encounter = encounter
        self.teller = teller
        self.before: list[Said] = []
        self.rounds: list[tuple[int, list[Said], list[dict[str, Any]]]] = []
        self.started: datetime | None = None
        self.ended: datetime | None = None
        self.first_round: int | None = None

    def round(self, number: int) -> None:
        self.rounds.append((number, [], []))
        if self.first_round is None:
            self.first_round = number

    def turn(self, event: TurnBegan) -> None:
        if not self.rounds or self.rounds[-1][0] != event.round:
            self.round(event.round)
        turns = self.rounds[-1][2]
        if event.goes_on and turns:
            # A mode switch re-shaped the turn in progress: still one turn, now under the
            # new key, and those in it now are those who act in it (the turn's end marks
            # them all as having acted), as the last switch before its end left it.
            turns[-1]["key"] = event.turn
            turns[-1]["actors"] = event.actors
            return
        again = any(turn["key"] == event.turn for turn in turns)
        turns.append({"key": event.turn, "actors": event.actors, "again": again,
                      "seconds": None, "said": []})

    def add(self, said: list[Said]) -> None:
        if not said:
            return
        if not self.rounds:
            # Who joined before the first Nish is the fight's cast, listed apart.
            self.before.extend(s for s in said if s.kind != "joined")
        elif self.rounds[-1][2]:
            self.rounds[-1][2][-1]["said"].extend(said)
        else:
            self.rounds[-1][1].extend(said)

    def lasted(self, key: str, seconds: float) -> None:
        """The turn in progress (``key``) ended after ``seconds``."""
        if self.rounds and self.rounds[-1][2] and self.rounds[-1][2][-1]["key"] == key:
            self.rounds[-1][2][-1]["seconds"] = seconds

    def built(self) -> tuple[RoundRecap, ...]:
        teller = self.teller
        rounds = []
        for number, before, turns in self.rounds:
            kept = []
            for turn in turns:
                actors = tuple(teller.name(a) for a in turn["actors"] if teller.seen(a))
                key, seconds = turn["key"], turn["seconds"]
                if not actors:
                    if not turn["said"]:
                        continue  # only those the players never saw acted, and nothing seen
                    # What they saw of it (an attack on one of them), not whose turn it was
                    # (its key names a combatant) nor how long it took: the players' view
                    # hides an unseen one's turn and its timer.
                    actors, key, seconds = (UNSEEN,), "unseen", None
                kept.append(TurnRecap(key, actors, turn["again"], seconds,
                                      tuple(turn["said"])))
            rounds.append(RoundRecap(number, tuple(kept), tuple(before)))
        return tuple(rounds)


def session_recap(campaign: str, session: Session, encounters: Sequence[Encounter],
                  entries: Sequence[LogEntry], pcs: Mapping[int, PlayerCharacter],
                  settings: PlayersSettings | None = None, *, players: bool = False,
                  now: datetime | None = None, system: str = "metascape") -> Recap:
    """The recap of ``session`` from its ``encounters`` and its log ``entries`` in effect;
    ``pcs`` names PCs no longer in the close record; ``settings``: what the players' view
    shows (its words are the players' version's); ``now``: the time of a session still
    running (its play time so far)."""
    settings = settings or PlayersSettings()
    end_of_play = session.stopped_at or now or session.started_at
    if session.stopped_at is None and entries:
        end_of_play = max(end_of_play, entries[-1].at)
    revealed: dict[int, set[int]] = {}
    for entry in entries:
        for event in entry.events:
            if isinstance(event, Shown) and not event.hidden:
                revealed.setdefault(event.fight, set()).add(event.who)
    fights: dict[int, _Fight] = {}
    for encounter in sorted(encounters, key=lambda e: e.id):
        unseen = unseen_ids(encounter, revealed.get(encounter.id, ()))
        fights[encounter.id] = _Fight(encounter, Teller(encounter, settings, players=players,
                                                        unseen=unseen))
    for entry in entries:
        for length in turn_lengths([entry]):
            if length.encounter in fights:
                fights[length.encounter].lasted(length.turn, length.seconds)
        touched = dict.fromkeys(e.fight for e in entry.events if e.fight in fights)
        for fight_id in touched:
            _read_entry(fights[fight_id], [e for e in entry.events if e.fight == fight_id],
                        entry.at)
    recaps: list[FightRecap] = []
    total = 0.0
    for fight in fights.values():
        recap = _fight_recap(fight, session, end_of_play, players, len(recaps) + 1)
        if players and not recap.begun:
            continue  # a fight never begun is the GM's preparation
        recaps.append(recap)
        total += recap.seconds
    played = _played(session, end_of_play)
    names = {pc_id: pc.name for pc_id, pc in pcs.items()}
    if session.closing is not None:
        names.update({row.pc_id: row.name for row in session.closing.rows})
    return Recap(campaign, session.number, players, session.started_at, session.stopped_at,
                 session.closed, TimeSplit(played, total, _initiative(recaps, system)),
                 tuple(recaps),
                 _awards(session, names, players),
                 tuple(f"{names.get(e.pc_id, '?')}: {describe_entry(e)}"
                       for e in session.points), system=system,
                 advancement=tuple(entry.describe(names.get(entry.pc_id, "?"))
                                   for entry in session.advancement))


def _read_entry(fight: _Fight, events: list[FightEvent], at: datetime) -> None:
    """One entry's events of ``fight``, in order: what happened is told into the turn in
    progress, a round or a turn begun opens the next."""
    chunk: list[FightEvent] = []
    for event in [*events, None]:
        if event is not None and not isinstance(event, RoundBegan | TurnBegan | FightEnded):
            chunk.append(event)
            continue
        fight.add(fight.teller.tell(chunk))
        chunk = []
        if isinstance(event, RoundBegan):
            if fight.started is None:
                fight.started = at
            fight.round(event.round)
        elif isinstance(event, TurnBegan):
            fight.turn(event)
        elif isinstance(event, FightEnded):
            fight.ended = at


def _initiative(fights: Sequence[FightRecap], system: str) -> str:
    """What the session's fights began by calling: their own word when they agree (a
    campaign that changed its system keeps its earlier sessions' words), else the one its
    system calls now."""
    words = {fight.words.initiative for fight in fights if fight.begun}
    return words.pop() if len(words) == 1 else fight_words(
        SYSTEMS[system].lowest_first).initiative


def _played(session: Session, end_of_play: datetime) -> float:
    if session.closing is not None:  # the GM may have corrected the clock at the close
        return session.closing.played_minutes * 60.0
    return max(0.0, (end_of_play - session.started_at).total_seconds())


def _fight_recap(fight: _Fight, session: Session, end_of_play: datetime, players: bool,
                 number: int) -> FightRecap:
    encounter = fight.encounter
    teller = fight.teller
    begun = encounter.round > 0
    # A fight carried in from the last session was under way at this one's start.
    continued = begun and (fight.first_round is None or fight.first_round > 1)
    start = session.started_at if continued else fight.started
    finish = fight.ended if fight.ended is not None else (
        end_of_play if encounter.active else None)
    seconds = 0.0 if start is None or finish is None else max(
        0.0, (finish - start).total_seconds())
    shown = [c for c in encounter.combatants
             if c.status is not Status.REMOVED and teller.seen(c.id)]
    ending = encounter.ending
    return FightRecap(
        number=number, name=f"Fight {number}" if players else encounter.name, begun=begun,
        continued=continued, running=encounter.active,
        pcs=tuple(teller.name(c.id) for c in shown if c.side is Side.PC),
        foes=tuple(teller.name(c.id) for c in shown if c.side is Side.NPC),
        before=tuple(fight.before), rounds=fight.built(),
        end=None if ending is None else ending.how.value,
        row=None if ending is None or players else ending.row,
        forecast=None if players else encounter.forecast, seconds=seconds,
        facade=encounter.lowest_first)


def _awards(session: Session, names: Mapping[int, str], players: bool
            ) -> tuple[AwardLine, ...]:
    closing = session.closing
    if closing is not None:
        return tuple(AwardLine(row.name, row.awarded, row.total_after, row.rank_before,
                               row.rank_after, row.rolls if row.rank_after > row.rank_before
                               else 0, row.mission_done, row.allowance)
                     for row in closing.rows)
    waiting: dict[int, list[str]] = {}
    for _, award in pending_awards(session):
        why = "" if players or not award.reason else f" ({award.reason})"
        waiting.setdefault(award.pc_id, []).append(
            f"{award.amount} AP {kind_name(award.kind)}{why}")
    return tuple(AwardLine(names.get(pc_id, "?"), None, pending=tuple(lines))
                 for pc_id, lines in waiting.items())


def forecast_shares(forecast: KeptForecast) -> dict[str, float]:
    """Each outcome's share with the undecided one, for a table beside the end."""
    return {**{row: forecast.outcomes[row] for row in OUTCOMES},
            "undecided": forecast.undecided}
