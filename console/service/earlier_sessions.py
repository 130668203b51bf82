"""The campaign's earlier sessions, as the awards, the recap, the points and a new PC's id
read them: each read once, since an earlier session never changes once the next one has
begun; the current session is always read fresh. Mixed into
:class:`~console.service.core.CampaignCore`, whose reads and guard they use."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from console.model import Encounter, LogEntry, ModelError, Session
from console.store import CampaignStore
from console.store.errors import StoreError

__all__ = ["EarlierSessions"]

T = TypeVar("T")


class EarlierSessions:
    """What the campaign core knows of the sessions before the current one."""

    _store: CampaignStore
    _past: dict[int, tuple[Session, list[Encounter]]]
    _past_documents: dict[int, Session]
    _numbers: tuple[int, list[int]] | None
    _pc_top: tuple[tuple[int, ...], int] | None

    if TYPE_CHECKING:  # the core's, which these read through
        def session(self) -> Session: ...

        def encounters(self) -> dict[int, Encounter]: ...

        @staticmethod
        def guard(work: Callable[[], T]) -> T: ...

    def _earlier_unread(self) -> None:
        self._past = {}
        self._past_documents = {}
        self._numbers = None
        self._pc_top = None  # see _earlier_pc_top

    def session_record(self, number: int) -> tuple[Session, list[Encounter]]:
        """A session and its encounters; the current one fresh, earlier ones read once."""
        if number in self._past:
            return self._past[number]
        current = self.session()
        if number == current.number:
            return current, self._store.encounters()
        self._past[number] = self.guard(lambda: self._store.session_record(number))
        return self._past[number]

    def session_log(self, number: int) -> list[LogEntry]:
        """Session ``number``'s log entries in effect, oldest first (the recap's)."""
        return self.guard(lambda: self._store.session_log(number))

    def fights_reader(self) -> Callable[[], list[Encounter]]:
        """Work that reads every session's encounters, to run in a worker thread: the
        current session's are taken now, the earlier sessions' files (which never change)
        are read by the work (the store serialises it with any other reading of them)."""
        current = self.session().number
        now = list(self.encounters().values())
        earlier = [n for n in self._store.session_numbers() if n != current]
        store = self._store

        def read() -> list[Encounter]:
            found = self.guard(lambda: store.past_fights(earlier))
            return [e for n in earlier for e in found[n]] + now

        return read

    def session_numbers(self) -> list[int]:
        """The played sessions' numbers, the current one last."""
        # Listing the sessions folder costs a stat per session: redo it only after a change.
        opno = self._store.opno
        if self._numbers is None or self._numbers[0] != opno:
            self._numbers = (opno, [n for n in self._store.session_numbers() if n > 0])
        return self._numbers[1]

    def history_reader(self) -> Callable[[], None]:
        """Work that reads every earlier session, to run in a worker thread after start-up
        so the awards screen finds the campaign's history ready. It touches only those
        sessions' files (the store serialises it with any other reading of them); a
        failure is left for the awards screen to report when it asks."""
        numbers = [n for n in self.session_numbers() if n != self.session().number]
        store = self._store
        kept = self._past_documents

        def read() -> None:
            with contextlib.suppress(StoreError, ModelError, OSError):
                # Kept where the service looks for them, not only in the store's memo:
                # asked again, the store walks all the sessions' folders to see that their
                # files are unchanged (15-20 ms on 500 sessions at the first `w`). An
                # earlier session never changes once the next has begun, and one
                # ``dict.update`` is a single step for any reader on the event loop.
                kept.update(store.past_sessions(numbers))

        return read

    def played_sessions(self) -> list[Session]:
        """Every played session from the first, the current one last."""
        numbers = self.session_numbers()
        current = self.session()
        earlier = [n for n in numbers if n != current.number and n not in self._past_documents]
        if earlier:
            for number, session in self.guard(
                    lambda: self._store.past_sessions(earlier)).items():
                self._past_documents[number] = session
        return [current if n == current.number else self._past_documents[n]
                for n in numbers]

    def _earlier_pc_top(self) -> int:
        """The highest PC id the earlier sessions' records name, the set-up's (session 0)
        included. They never change: worked out once per set of earlier sessions."""
        current = self.session().number
        played = tuple(self.session_numbers())  # kept between commits: no listing per call
        if self._pc_top is None or self._pc_top[0] != played:
            earlier = [n for n in self._store.session_numbers() if n != current]
            missing = [n for n in earlier if n not in self._past_documents]
            if missing:
                self._past_documents.update(
                    self.guard(lambda: self._store.past_sessions(missing)))
            top = max((max(self._past_documents[n].pc_ids(), default=0) for n in earlier),
                      default=0)
            self._pc_top = (played, top)
        return self._pc_top[1]
