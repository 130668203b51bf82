"""Session commands: the session clock stopped, and the next session started."""

from __future__ import annotations

from console.model.improvements import lose_unused_rolls
from console.model.lifecycle import carry_encounters, check_next_session
from console.model.outcome import Outcome
from console.model.sessions import Session
from console.service.core import CampaignCore

__all__ = ["SessionCommands"]


class SessionCommands:
    def __init__(self, service: CampaignCore) -> None:
        self._service = service

    def toggle(self) -> Outcome:
        """Stop the running session, or start the next one."""
        session = self._service.session()
        if session.running and session.number > 0:
            return self.stop()
        return self.start_next()

    def next_session_effects(self) -> list[str]:
        """What starting the next session does that cannot be undone, for the GM to read
        before he says yes (refused as start_next would be)."""
        service = self._service
        current = service.session()
        service.guard(lambda: check_next_session(current))
        said = [f"Session {current.number + 1} starts now."]
        if current.number > 0:
            said.append(f"Session {current.number} is over for good: undo stops at the new "
                        "session's start.")
        running = service.encounter()
        if running is not None:
            said.append(f"The fight {running.name} goes on in the new session.")
        rolls = [f"{pc.name} ({pc.rank_rolls})" for pc in service.pcs().values()
                 if pc.rank_rolls]
        if rolls:
            said.append("Rank improvement rolls not used are lost: " + ", ".join(rolls) + ".")
        return said

    def stop(self) -> Outcome:
        stopped = self._service.stop_session()
        return self._service.saved(Outcome.told(stopped,
                                                notices=(f"Session {stopped.number} stopped",)))

    def start_next(self) -> Outcome:
        """The next session: a running fight goes on in it; rank improvement rolls not used
        by now are lost (they are used at once or not at all). Both are part of the start,
        one commit with it: never a new session without the fight."""
        service = self._service
        service.guard(lambda: check_next_session(service.session()))
        carried = service.session_record(service.session().number)[1]
        pcs = list(service.pcs().values())

        def first(session: Session) -> Outcome:
            outcome = carry_encounters(carried)
            if any(pc.rank_rolls for pc in pcs):
                outcome = outcome.then(lose_unused_rolls(session, pcs))
            return outcome

        started, outcome = service.start_session(first)
        return Outcome(notices=(f"Session {started.number} started",)).then(outcome)
