"""One open campaign: read (with a cache: a big fight or roster is parsed once per change,
not once per key), and changed in one place.

Every command, whatever its feature, ends in :meth:`CampaignCore.run`, which turns the
model's :class:`~console.model.outcome.Outcome` into one undoable store action. The feature
groups of commands (``console.service.tracker`` ...) are built on this core;
:class:`~console.service.campaign_service.CampaignService` puts them together.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from console.model import (
    Adventure,
    Campaign,
    Combatant,
    Encounter,
    LogEntry,
    ModelError,
    NpcTemplate,
    PlayerCharacter,
    Session,
    Side,
    fight_facts,
    turn_timer,
)
from console.model.checks_owed import checks_reminder
from console.model.fight_events import FightEvent
from console.model.left_running import left_running
from console.model.lifecycle import check_fight_open, running_encounter
from console.model.outcome import Document, Outcome, Removed
from console.model.player_view import number_foes
from console.model.table_settings import NpcNames
from console.model.tracker import round_order
from console.model.turns import reshaped
from console.records import record
from console.rules.errors import RulesError
from console.rules.initiative import RoundOrder
from console.service.clock import SteadyClock
from console.service.earlier_sessions import EarlierSessions
from console.service.errors import ActionRefused
from console.service.view import View
from console.store import CampaignStore
from console.store.errors import StoreError
from console.store.lock import LockHolder

__all__ = ["HISTORY_SHOWN", "CampaignCore", "Prepared"]

T = TypeVar("T")

# The tables a commit brings up to date in the cache from its own outcome (_prime).
_PRIMED = (Encounter.TABLE, PlayerCharacter.TABLE, NpcTemplate.TABLE, Session.TABLE,
           Campaign.TABLE, Adventure.TABLE)


@record
class _Run:
    """One :meth:`CampaignCore.run` worked out by :meth:`CampaignCore.prepare`."""

    name: str
    outcome: Outcome
    before: Encounter | None  # the running encounter before it (its turn may move)


@record
class Prepared:
    """A command worked out and checked by :meth:`CampaignCore.prepare`, nothing saved:
    :meth:`CampaignCore.commit` saves it as it was worked out (a form checks its answers
    this way, and the flow that opened it saves what the form checked)."""

    outcome: Outcome  # what the command will do
    command: Callable[[], Outcome]  # worked out again if the campaign moved meanwhile
    opno: int  # the campaign as it was worked out on
    runs: tuple[_Run, ...]



# Log entries read for the screen after each action; older ones stay in the log pane's
# scrollback, and all of them in the save files.
HISTORY_SHOWN = 50


class CampaignCore(EarlierSessions):
    """One open campaign: its reads, and the one way to change it."""

    def __init__(self, store: CampaignStore, rng: random.Random | None = None,
                 clock: Callable[[], datetime] | None = None) -> None:
        self._store = store
        self.rng = rng or random.Random()
        # Injected so tests and snapshots see fixed times; every logged action uses it. By
        # default a clock that never goes back (service/clock.py), from no earlier than
        # the newest time the campaign has recorded.
        self.clock = clock or SteadyClock(self._newest_time())
        self._cache: dict[str, tuple[int, Any]] = {}
        self._earlier_unread()
        self._order: tuple[Encounter, RoundOrder] | None = None  # see round_order
        self._dry: list[_Run] | None = None  # prepare: runs worked out, not saved
        # Who took his saved Initiative with `o`, in which round and turn: he is the one
        # acting (the attack form's attacker) while the round stays on that turn. Kept for
        # this console only: it is a form's default, not the campaign's record.
        self.acting_now: tuple[int, int, str | None] | None = None

    def _newest_time(self) -> datetime:
        """The latest time the current session records: its start, its stop, its newest
        log entry."""
        session = self._store.session()
        times = [session.started_at, *([session.stopped_at] if session.stopped_at else [])]
        times += [entry.at for entry in self._store.history(1)]
        return max(times)

    # ----- the campaign as it stands ------------------------------------------------------

    @property
    def name(self) -> str:
        return self._store.name

    @property
    def read_only(self) -> bool:
        return self._store.read_only

    @property
    def opno(self) -> int:
        """Operations committed so far: moves whenever anything is saved."""
        return self._store.opno

    @property
    def stale_lock(self) -> LockHolder | None:
        return self._store.stale_lock

    FOLLOW_EVERY = 0.25  # seconds between a follower's looks: a change shows within half of one

    def follow(self) -> Outcome | None:
        """A read-only console: take in what the writer has committed since the last look
        (cheap when nothing has). The documents that differ now, or None when the campaign
        was not read again."""
        if not self.read_only:
            return None
        held = self._held()
        if not self.guard(self._store.reload_if_changed):
            return None
        self._cache.clear()  # versions can repeat across a reload: start the reads afresh
        self._numbers = None
        return Outcome(changes=self._moved(held))

    def _cached(self, table: str, read: Callable[[], T]) -> T:
        version = self._store.table_version(table)
        found = self._cache.get(table)
        if found is None or found[0] != version:
            found = (version, read())
            self._cache[table] = found
        return found[1]

    def _prime(self, outcome: Outcome, versions: dict[str, int]) -> None:
        """After a commit, bring the cached tables it changed up to date from the outcome's
        own objects: what was written is their ``to_dict``, so reading it back would only
        parse a 100-combatant fight again to get the same object. A table whose cache was
        already stale (``versions``: before the commit) is left to be read afresh."""
        for table in (Encounter.TABLE, PlayerCharacter.TABLE, NpcTemplate.TABLE,
                      Adventure.TABLE):
            touched = [doc for doc in outcome.changes
                       if (doc.table if isinstance(doc, Removed) else doc.TABLE) == table]
            found = self._cache.get(table)
            if not touched or found is None or found[0] != versions[table]:
                continue
            docs = dict(found[1])
            for doc in touched:
                if isinstance(doc, Removed):
                    docs.pop(doc.id, None)
                else:
                    docs[doc.id] = doc
            self._cache[table] = (self._store.table_version(table), dict(sorted(docs.items())))
        singles: list[tuple[str, object | None]] = [
            (Session.TABLE, outcome.latest(Session)), (Campaign.TABLE, outcome.latest(Campaign))]
        for table, latest in singles:
            found = self._cache.get(table)
            if latest is not None and found is not None and found[0] == versions[table]:
                self._cache[table] = (self._store.table_version(table), latest)

    def encounters(self) -> dict[int, Encounter]:
        """This session's encounters by id."""
        return self._cached(Encounter.TABLE,
                            lambda: {e.id: e for e in self._store.encounters()})

    def encounter(self) -> Encounter | None:
        """The encounter being run: the newest active one of this session."""
        return running_encounter(self.encounters().values())

    def pcs(self) -> dict[int, PlayerCharacter]:
        return self._cached(PlayerCharacter.TABLE,
                            lambda: {pc.id: pc for pc in self._store.pcs()})

    def npcs(self) -> dict[int, NpcTemplate]:
        return self._cached(NpcTemplate.TABLE,
                            lambda: {npc.id: npc for npc in self._store.npcs()})

    def adventures(self) -> dict[int, Adventure]:
        """The prepared adventures by id."""
        return self._cached(Adventure.TABLE,
                            lambda: {a.id: a for a in self._store.adventures()})

    def sheet_of(self, combatant: Combatant) -> PlayerCharacter | None:
        """A PC combatant's sheet from the roster (None for NPCs and sheetless PCs)."""
        if combatant.side is not Side.PC or combatant.ref is None:
            return None
        return self.pcs().get(combatant.ref)

    def fresh(self, pc: PlayerCharacter) -> PlayerCharacter:
        """``pc``'s sheet as saved now: a form's PC was read when it opened, and a change
        is made to what the sheet holds, never to an older copy of it."""
        found = self.pcs().get(pc.id)
        if found is None:
            raise ActionRefused(f"{pc.name} is no longer in the roster")
        return found

    def session(self) -> Session:
        return self._cached(Session.TABLE, self._store.session)

    def campaign(self) -> Campaign:
        return self._cached(Campaign.TABLE, self._store.campaign)

    def round_order(self) -> RoundOrder:
        """The running encounter's round in Nish order, worked out once per version of the
        encounter (empty with none running)."""
        encounter = self.encounter()
        if encounter is None:
            return RoundOrder((), (), ())
        if self._order is None or self._order[0] is not encounter:
            self._order = (encounter, round_order(encounter))
        return self._order[1]

    def history(self) -> list[LogEntry]:
        """The newest entries of the session's log, oldest first (those after
        :attr:`head` are undone)."""
        return self._store.history(HISTORY_SHOWN)

    @property
    def head(self) -> int:
        """How many entries of the session's log are in effect."""
        return self._store.head

    def view(self) -> View:
        """The campaign for one drawing: each part read when a pane first asks for it."""
        return View(self)

    # ----- committing ---------------------------------------------------------------------

    @staticmethod
    def guard(work: Callable[[], T]) -> T:
        """Run ``work``; what the rules, the model or the store refuse becomes a refusal."""
        try:
            return work()
        except (ModelError, RulesError, StoreError) as error:
            raise ActionRefused(str(error)) from None

    def running(self) -> Encounter:
        """The encounter a fight command works on (refused when there is none)."""
        encounter = self.encounter()
        if encounter is None:
            raise ActionRefused("no encounter running: start one with E")
        return encounter

    def prepare(self, command: Callable[[], Outcome]) -> Prepared:
        """``command`` worked out and checked as :meth:`run` would, nothing saved: what a
        form asks before it closes (a refusal is said in the form, and raised here).
        :meth:`commit` then saves it without working it out again."""
        if self._dry is not None:
            raise RuntimeError("prepare inside prepare")
        self._dry = []
        try:
            outcome = command()
        finally:
            runs, self._dry = tuple(self._dry), None
        return Prepared(outcome, command, self.opno, runs)

    def commit(self, prepared: Prepared) -> Outcome:
        """Save what :meth:`prepare` worked out: as it was, when nothing has been saved
        since and it was one :meth:`run` whose outcome is the command's; otherwise the
        command is carried out again on the campaign as it is now."""
        runs = prepared.runs
        if not runs and prepared.opno == self.opno:
            return prepared.outcome  # it changes nothing: nothing to save
        if prepared.opno != self.opno or len(runs) != 1 \
                or runs[0].outcome is not prepared.outcome:
            return prepared.command()
        run = runs[0]
        return self._save(run.name, run.outcome, run.before)

    def run(self, name: str, command: Callable[[], Outcome]) -> Outcome:
        """Carry out one command: what it changes is saved as one undoable action, logged
        by its notices (or ``name``). A command that changes nothing saves nothing.

        When the turn in progress changes, the critical-damage checks its actors owe before
        acting are added to the alerts: a hand-off never lets one slip by.
        """
        before = self.encounter()
        earlier = self.encounters()
        now = self.clock()
        outcome = self._marked(self.guard(command), earlier, now)
        if not outcome.writes() and not outcome.events:
            return outcome
        if outcome.events or any(isinstance(doc, Encounter) for doc in outcome.changes):
            self.guard(lambda: check_fight_open(self.session()))
        if self._dry is not None:
            self._dry.append(_Run(name, outcome, before))
            return outcome
        return self._save(name, outcome, before, now)

    def _save(self, name: str, outcome: Outcome, before: Encounter | None,
              now: datetime | None = None) -> Outcome:
        """Save a worked-out command's outcome as one undoable action (see :meth:`run`);
        ``now``: the time the command marked its fight with (the turn's start)."""
        now = now or self.clock()
        writes = outcome.writes()
        description = "; ".join(line.strip() for line in outcome.notices) or name
        versions = {table: self._store.table_version(table) for table in _PRIMED}
        # Built by the model's constructors, which checked them: not parsed again.
        self.guard(lambda: self._store.apply(name, description, writes, now=now,
                                             built=True, events=outcome.events))
        self._prime(outcome, versions)
        after = self.encounter()
        if after is not None and (before is None or before.id != after.id
                                  or (before.current != after.current
                                      and not reshaped(before, after))):
            outcome = outcome.saying(alerts=checks_reminder(after, self.pcs()))
        return self.saved(outcome)

    def _marked(self, outcome: Outcome, earlier: dict[int, Encounter],
                now: datetime) -> Outcome:
        """``outcome`` with what every change to a fight keeps, whatever the command: the
        turn's start when the turn moved (the turn timer; the ended turn's length joins
        the notices, first); while the players' view calls NPCs "Foe 1", "Foe 2", a number
        for each NPC newly shown to them (console.model.player_view.number_foes; none
        written otherwise: a fight of a hundred NPCs would carry a kilobyte more at every
        key); and the fight's facts for the recap (console.model.fight_facts: its events
        after the command's own, and each PC marked once down or critically damaged). A
        PC's sheet changed in the running fight counts as a change to it."""
        changed: list[Encounter] = []
        said: list[str] = []
        events: list[FightEvent] = []
        campaign = outcome.latest(Campaign) or self.campaign()
        foes = campaign.players.npc_names is NpcNames.FOES
        fights = {e.id: e for e in outcome.changes if isinstance(e, Encounter)}
        sheets_before = self.pcs()
        sheets_after = sheets_before
        if outcome.pcs:
            sheets_after = {**sheets_before, **{pc.id: pc for pc in outcome.pcs}}
            running = self.encounter()
            refs = {pc.id for pc in outcome.pcs}
            if running is not None and running.id not in fights and any(
                    c.side is Side.PC and c.ref in refs for c in running.combatants):
                fights[running.id] = running
        for encounter in fights.values():
            before = earlier.get(encounter.id)
            stamped, lines = turn_timer.stamp(before, encounter, now, campaign.turn_timer)
            marked = fight_facts.mark(number_foes(stamped) if foes else stamped,
                                      sheets_after)
            events.extend(fight_facts.facts(before, marked, sheets_before, sheets_after))
            if marked is not encounter:
                changed.append(marked)
                said.extend(lines)
        if not changed and not events:
            return outcome
        return Outcome((*outcome.changes, *changed), (*said, *outcome.notices), outcome.alerts,
                       (*outcome.events, *events))

    def saved(self, outcome: Outcome) -> Outcome:
        """``outcome`` with what the store could save only in part (a file that waits, a
        backup not made): the GM reads exactly what is on disk."""
        return outcome.saying(alerts=self._store.take_warnings())

    def tidy(self) -> None:
        """The store's housekeeping after an action (old backups removed), kept out of the
        action itself: the console runs it once the action's frame is drawn."""
        self._store.tidy()

    def new_id(self, table: str) -> int:
        """The id for a new document. A new PC's is also past every PC the sessions'
        records name, so a deleted PC's awards and closes never become his."""
        fresh = self._store.new_id(table)
        if table == PlayerCharacter.TABLE:
            named = max(self._earlier_pc_top(), max(self.session().pc_ids(), default=0))
            fresh = max(fresh, named + 1)
        return fresh

    def undo(self) -> Outcome:
        return self._history("undo", self._store.undo)

    def redo(self) -> Outcome:
        return self._history("redo", self._store.redo)

    def _history(self, verb: str, step: Callable[[], LogEntry | None]) -> Outcome:
        """Undo or redo: the documents it changed back (or again), and what it was."""
        held = self._held()
        entry = self.guard(step)
        if entry is None:
            raise ActionRefused(f"nothing to {verb}")
        return self.saved(Outcome(changes=self._moved(held),
                                  notices=(f"{verb.capitalize()}: {entry.description}",)))

    # ----- what changed where no outcome says ---------------------------------------------

    def _held(self) -> dict[str, Any]:
        """What the cache holds now, table by table: taken before an operation that
        changes the campaign outside a command's outcome (see :meth:`_moved`)."""
        return {table: found[1] for table, found in self._cache.items()}

    def _moved(self, held: dict[str, Any]) -> tuple[Document | Removed, ...]:
        """The documents that differ from what the cache ``held``, as they now are (a
        removed one as :class:`Removed`). Only tables read before are compared: nothing
        drawn from the others can be out of date. A table whose version did not move is
        the cached object itself, known unchanged at once."""
        moved: list[Document | Removed] = []
        keyed: list[tuple[str, Callable[[], dict[int, Any]]]] = [
            (Encounter.TABLE, self.encounters), (PlayerCharacter.TABLE, self.pcs),
            (NpcTemplate.TABLE, self.npcs)]
        for table, read in keyed:
            if table not in held:
                continue
            before: dict[int, Any] = held[table]
            now = read()
            if now is before:
                continue
            moved += [doc for key, doc in now.items()
                      if before.get(key) is not doc and before.get(key) != doc]
            moved += [Removed(table, key) for key in before if key not in now]
        singles: list[tuple[str, Callable[[], Document]]] = [
            (Session.TABLE, self.session), (Campaign.TABLE, self.campaign)]
        for table, one in singles:
            if table in held:
                doc = one()
                if doc is not held[table] and doc != held[table]:
                    moved.append(doc)
        return tuple(moved)

    # ----- what the service layer alone reaches in the store -------------------------------

    def start_session(self, first: Callable[[Session], Outcome] | None = None
                      ) -> tuple[Session, Outcome]:
        """Start the next session with ``first(new session)``'s changes committed in the
        same operation (console.store.sessions): the session, and what ``first`` did with
        every document that differs now (the new session, its encounters)."""
        done: list[Outcome] = []

        def begin(session: Session) -> Outcome:
            done.append(first(session) if first is not None else Outcome())
            return done[-1]

        held = self._held()
        started = self.guard(lambda: self._store.start_session(now=self.clock(), first=begin))
        outcome = done[-1] if done else Outcome()
        return started, self.saved(Outcome(self._moved(held), outcome.notices,
                                           outcome.alerts))

    def stop_session(self) -> Session:
        return self.guard(lambda: self._store.stop_session(now=self.clock()))

    def left_running(self) -> str | None:
        """Said at opening: the session still running, nothing done in it for hours (the
        console closed without stopping it), whose play time counts those hours."""
        entries = self._store.history(1)
        return left_running(self.session(), entries[-1].at if entries else None,
                            self.clock())

    def take_warnings(self) -> list[str]:
        """What the store could save only in part since the last command (at opening: a
        file finished from the commit record that the disk would not take yet)."""
        return self._store.take_warnings()

    @property
    def saving_stopped(self) -> bool:
        """The writer's lock was taken from outside: nothing more is saved."""
        return self._store.saving_stopped is not None

    @property
    def waiting(self) -> list[str]:
        """Files whose newest change waits in the session file's commit record."""
        return self._store.waiting

    def write_summary(self, number: int, markdown: str) -> Path:
        return self.guard(lambda: self._store.write_summary(number, markdown))

    def log_error(self, report: str) -> Path | None:
        """Keep a bug's traceback in the campaign's errors.log (where it went, or None)."""
        return self._store.log_error(report)
