"""The session's recap and the campaign's calibration (issue 30): both only read.

``recap.session(N, players=...)`` reads session N's document, encounters and log entries in
effect and builds its recap (``console.model.recap``); ``recap.calibration()`` reads every
session's fights (``console.model.calibration``), and ``recap.calibration_reader()`` the
same as work for a worker thread (the screen's ``R`` runs it off the event loop).
"""

from __future__ import annotations

from collections.abc import Callable

from console.model.calibration import Calibration, calibrate
from console.model.recap import Recap, session_recap
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["RecapCommands"]


class RecapCommands:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    def numbers(self) -> list[int]:
        """The played sessions' numbers, the current one last."""
        return self._core.session_numbers()

    def session(self, number: int | None = None, *, players: bool = False) -> Recap:
        """Session ``number``'s recap (None: the current one), for the GM or (``players``)
        for the table."""
        core = self._core
        numbers = self.numbers()
        if not numbers:
            raise ActionRefused(f"campaign {core.name!r} has no sessions yet")
        number = numbers[-1] if number is None else number
        if number not in numbers:
            raise ActionRefused(f"no session {number} in {core.name!r} (sessions "
                                f"{numbers[0]}-{numbers[-1]})")
        session, encounters = core.session_record(number)
        return core.guard(lambda: session_recap(
            core.name, session, encounters, core.session_log(number), core.pcs(),
            core.campaign().players, players=players, now=core.clock(),
            system=core.campaign().system))

    def calibration(self) -> Calibration:
        return self.calibration_reader()()

    def calibration_reader(self) -> Callable[[], Calibration]:
        """The calibration as work for a worker thread (it reads every session's file)."""
        read = self._core.fights_reader()
        return lambda: calibrate(read())
