"""The glue between the screens and the campaign store.

Every GM action from the UI goes through here: read what the screens show, run a pure
function from ``console.model.tracker`` on the encounter, and record the result as one
undoable store action. Errors from the rules, the model or the store come back as
:class:`ActionRefused` with a message fit to show the GM.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from console.model import (
    Campaign,
    Encounter,
    LogEntry,
    ModelError,
    NpcTemplate,
    PlayerCharacter,
    Session,
    Side,
    Status,
)
from console.model.awards import (
    AwardStep,
    pending_awards,
)
from console.model.improvements import (
    lose_unused_rolls,
)
from console.model.session_summary import session_summary
from console.model.step import Step
from console.model.tracker import add_combatant, round_order
from console.rules.errors import RulesError
from console.rules.initiative import RoundOrder
from console.store import CampaignStore
from console.store.errors import StoreError

__all__ = ["HISTORY_SHOWN", "ActionRefused", "Controller", "View"]

T = TypeVar("T")

# Log entries read for the screen after each action; older ones stay in the log pane's
# scrollback, and all of them in the save files.
HISTORY_SHOWN = 50


class ActionRefused(Exception):
    """A GM action that could not be carried out; the message says why."""


@dataclass(frozen=True, slots=True)
class View:
    """Everything the main screen shows, read once per change."""

    campaign: str
    session: Session
    encounter: Encounter | None
    order: RoundOrder
    pcs: dict[int, PlayerCharacter]
    npcs: dict[int, NpcTemplate]
    history: list[LogEntry]
    head: int
    read_only: bool


class Controller:
    """One open campaign, as the UI uses it."""

    def __init__(self, store: CampaignStore, rng: random.Random | None = None,
                 clock: Callable[[], datetime] | None = None) -> None:
        self.store = store
        self.rng = rng or random.Random()
        # Injected so tests and snapshots see fixed times; every logged action uses it.
        self.clock = clock or (lambda: datetime.now(UTC))
        # Parsed documents, re-read only when their table's version moves: a big fight is
        # 100+ combatants and a roster 300 templates to validate, on every refresh.
        self._cache: dict[str, tuple[int, Any]] = {}
        # Earlier sessions never change once the next one has started: read each once.
        self._past: dict[int, tuple[Session, list[Encounter]]] = {}
        self._numbers: tuple[int, list[int]] | None = None

    # ----- reading ------------------------------------------------------------------------

    def _cached(self, table: str, read: Callable[[], T]) -> T:
        version = self.store.table_version(table)
        found = self._cache.get(table)
        if found is None or found[0] != version:
            found = (version, read())
            self._cache[table] = found
        return found[1]

    def encounter(self) -> Encounter | None:
        """The encounter being run: the newest active one of this session."""
        def read() -> Encounter | None:
            active = [e for e in self.store.encounters() if e.active]
            return max(active, key=lambda e: e.id) if active else None

        return self._cached(Encounter.TABLE, read)

    def pcs(self) -> dict[int, PlayerCharacter]:
        return self._cached(PlayerCharacter.TABLE,
                            lambda: {pc.id: pc for pc in self.store.pcs()})

    def npcs(self) -> list[NpcTemplate]:
        return self._cached(NpcTemplate.TABLE, self.store.npcs)

    def view(self) -> View:
        encounter = self.encounter()
        order = round_order(encounter) if encounter else RoundOrder((), (), ())
        return View(
            campaign=self.store.name, session=self.store.session(), encounter=encounter,
            order=order, pcs=self.pcs(), npcs={n.id: n for n in self.npcs()},
            history=self.store.history(HISTORY_SHOWN),
            head=self.store.head,
            read_only=self.store.read_only,
        )

    # ----- changing -----------------------------------------------------------------------

    def _guard(self, work: Callable[[], T]) -> T:
        try:
            return work()
        except (ModelError, RulesError, StoreError) as error:
            raise ActionRefused(str(error)) from None

    def _fight_open(self) -> None:
        """A closed session's fights are over: its awards were worked out from them."""
        session = self.store.session()
        if session.closed:
            raise ActionRefused(
                f"session {session.number} is closed: start the next session (S) to go on "
                "with the fight, or undo the close (ctrl+z)")

    def run(self, name: str, change: Callable[[Encounter], Step]) -> Step:
        """Apply a tracker step to the current encounter as one undoable action."""
        encounter = self.encounter()
        if encounter is None:
            raise ActionRefused("no encounter running: start one with E")
        self._fight_open()

        def work() -> Step:
            step = change(encounter)
            description = "; ".join(step.notices) or name
            self.store.apply(name, description, [
                (Encounter.TABLE, encounter.id, step.encounter.to_dict()),
            ], now=self.clock())
            return step

        return self._guard(work)

    def new_encounter(self, name: str) -> Encounter:
        self._fight_open()

        def work() -> Encounter:
            for running in (e for e in self.store.encounters() if e.active):
                self.store.apply("encounter.end", f"Encounter {running.name} ended", [
                    (Encounter.TABLE, running.id, running.with_changes(active=False).to_dict())
                ], now=self.clock())
            encounter = Encounter(self.store.new_id(Encounter.TABLE), name.strip() or "Encounter")
            self.store.apply("encounter.new", f"Encounter {encounter.name} begins",
                             [(Encounter.TABLE, encounter.id, encounter.to_dict())],
                             now=self.clock())
            return encounter

        return self._guard(work)

    def end_encounter(self) -> Encounter:
        encounter = self.encounter()
        if encounter is None:
            raise ActionRefused("no encounter is running")
        self._fight_open()

        def work() -> Encounter:
            ended = encounter.with_changes(active=False)
            self.store.apply("encounter.end", f"Encounter {encounter.name} ended",
                             [(Encounter.TABLE, encounter.id, ended.to_dict())],
                             now=self.clock())
            return ended

        return self._guard(work)

    def join_pc(self, name: str, nish: int | None, vit_max: int | None) -> Encounter:
        """Put a player character into the encounter, making his sheet if he has none yet.

        Both are one action, so one undo takes both back. ``nish`` is this round's roll.
        """
        encounter = self.encounter()
        if encounter is None:
            raise ActionRefused("no encounter running: start one with E")
        self._fight_open()

        def work() -> Encounter:
            wanted = name.strip().casefold()
            sheet = next((pc for pc in self.store.pcs() if pc.name.casefold() == wanted), None)
            writes = []
            if sheet is None:
                sheet = PlayerCharacter.new(
                    self.store.new_id(PlayerCharacter.TABLE), name.strip(),
                    vit_max=None if vit_max is None else str(vit_max))
                writes.append((PlayerCharacter.TABLE, sheet.id, sheet.to_dict()))
            if any(c.ref == sheet.id and c.is_pc and c.status is not Status.REMOVED
                   for c in encounter.combatants):
                raise ActionRefused(f"{sheet.name} is already in the encounter")
            step = add_combatant(encounter, sheet.name, Side.PC, ref=sheet.id, nish=nish)
            writes.append((Encounter.TABLE, encounter.id, step.encounter.to_dict()))
            self.store.apply("tracker.add", f"{sheet.name} joins the encounter", writes,
                             now=self.clock())
            return step.encounter

        return self._guard(work)

    def save_sheet(self, sheet: PlayerCharacter | NpcTemplate, description: str) -> None:
        """Create or change a PC or an NPC template (one undoable action).

        PC names are unique: awards, the close and the forms name PCs by name.
        """
        if isinstance(sheet, PlayerCharacter):
            twin = next((pc for pc in self.pcs().values() if pc.id != sheet.id
                         and pc.name.casefold() == sheet.name.strip().casefold()), None)
            if twin is not None:
                raise ActionRefused(f"a PC called {twin.name} is already in the roster: "
                                    "give this one another name")
        table = sheet.TABLE
        self._guard(lambda: self.store.apply(f"{table}.save", description,
                                             [(table, sheet.id, sheet.to_dict())],
                                             now=self.clock()))

    def save_pc_and_encounter(self, sheet: PlayerCharacter, encounter: Encounter | None,
                              description: str) -> None:
        """A PC's sheet and the fight he is in, changed together: one undoable action."""
        writes = [(PlayerCharacter.TABLE, sheet.id, sheet.to_dict())]
        if encounter is not None:
            self._fight_open()
            writes.append((Encounter.TABLE, encounter.id, encounter.to_dict()))
        self._guard(lambda: self.store.apply("combat.pc", description, writes,
                                             now=self.clock()))

    def delete_sheet(self, kind: str, sheet_id: int) -> str:
        """Delete a PC or an NPC template, unless the running fight still uses it."""
        sheet = self.store.pc(sheet_id) if kind == "pc" else self.store.npc(sheet_id)
        if sheet is None:
            raise ActionRefused("nothing to delete")
        encounter = self.encounter()
        side = Side.PC if kind == "pc" else Side.NPC
        users = [] if encounter is None else [
            c.name for c in encounter.combatants
            if c.side is side and c.ref == sheet_id and c.status is not Status.REMOVED]
        if users:
            raise ActionRefused(f"{sheet.name} is in the fight ({', '.join(users[:4])}): "
                                "remove them from the encounter first")
        session = self.store.session()
        if kind == "pc" and not session.closed and any(
                award.pc_id == sheet_id for _, award in pending_awards(session)):
            raise ActionRefused(f"{sheet.name} has AP awards waiting for the close of the "
                                "session: take them back first (w, then delete on the list)")
        self._guard(lambda: self.store.apply(f"{sheet.TABLE}.delete", f"{sheet.name} deleted",
                                             [(sheet.TABLE, sheet_id, None)], now=self.clock()))
        return sheet.name

    def toggle_session(self) -> Session:
        """Stop the running session, or start the next one (carrying a running encounter).

        Rank improvement rolls not used by then are lost (they are used at once or not).
        """
        def work() -> Session:
            session = self.store.session()
            if session.running and session.number > 0:
                return self.store.stop_session(now=self.clock())
            waiting = [] if session.closed else pending_awards(session)
            if waiting:
                # Earlier sessions cannot be changed, so their awards would never be applied.
                raise ActionRefused(
                    f"session {session.number} has {len(waiting)} award(s) waiting: close it "
                    "first (w, then c), or take them back, before the next session starts")
            carried = [e for e in self.store.encounters() if e.active]
            started = self.store.start_session(now=self.clock())
            for encounter in carried:
                self.store.apply("encounter.carry",
                                 f"Encounter {encounter.name} continues from the last session",
                                 [(Encounter.TABLE, encounter.id, encounter.to_dict())],
                                 now=self.clock())
            if any(pc.rank_rolls for pc in self.store.pcs()):
                self.award("awards.lose_rolls",
                           lambda s: lose_unused_rolls(s, self.store.pcs()))
            return started

        return self._guard(work)

    # ----- adventure points ---------------------------------------------------------------

    def campaign(self) -> Campaign:
        return self._cached(Campaign.TABLE, self.store.campaign)

    def save_campaign(self, campaign: Campaign, description: str) -> None:
        self._guard(lambda: self.store.apply("campaign.settings", description,
                                             [(Campaign.TABLE, Campaign.DOC_ID,
                                               campaign.to_dict())], now=self.clock()))

    def session_record(self, number: int) -> tuple[Session, list[Encounter]]:
        """A session and its encounters; the current one fresh, earlier ones read once."""
        if number in self._past:
            return self._past[number]
        current = self.store.session()
        if number == current.number:
            return current, self.store.encounters()
        self._past[number] = self._guard(lambda: self.store.session_record(number))
        return self._past[number]

    def sessions(self) -> list[Session]:
        """Every played session from the first, the current one last."""
        # Listing the sessions folder costs a stat per session: redo it only after a change.
        opno = self.store.opno
        if self._numbers is None or self._numbers[0] != opno:
            self._numbers = (opno, [n for n in self.store.session_numbers() if n > 0])
        return [self.session_record(n)[0] for n in self._numbers[1]]

    def award(self, name: str, change: Callable[[Session], AwardStep],
              campaign: Campaign | None = None) -> AwardStep:
        """Run one awarder step on the current session: one undoable action (with the
        campaign's settings, when given, in the same action)."""
        def work() -> AwardStep:
            step = change(self.store.session())
            writes = [(Session.TABLE, Session.DOC_ID, step.session.to_dict())]
            writes += [(PlayerCharacter.TABLE, pc.id, pc.to_dict()) for pc in step.pcs]
            if campaign is not None:
                writes.append((Campaign.TABLE, Campaign.DOC_ID, campaign.to_dict()))
            self.store.apply(name, "; ".join(step.notices) or name, writes, now=self.clock())
            return step

        return self._guard(work)

    def summary(self, number: int) -> str:
        """Session ``number``'s summary in Markdown."""
        session, encounters = self.session_record(number)
        return session_summary(self.store.name, session, encounters, self.pcs())

    def export_summary(self, number: int) -> str:
        """Write the summary beside the saves; returns where it went."""
        text = self.summary(number)
        return str(self._guard(lambda: self.store.write_summary(number, text)))

    def undo(self) -> LogEntry | None:
        return self._guard(self.store.undo)

    def redo(self) -> LogEntry | None:
        return self._guard(self.store.redo)
