"""A session left running when the console closed: said when the campaign opens again.

A session's play time runs from its start to its stop, whether a console is open or not
(the AP grab bag and the close of session read it). A GM who quit without stopping it finds
the night counted the next day, unless he is told.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from console.model.fields import local_minute
from console.model.session_summary import format_duration
from console.model.sessions import Session

__all__ = ["IDLE_SAID", "left_running"]

# Longer than an evening's stretch with no key pressed (a long scene of talk), shorter than a
# night: the console opened after it finds a session the table most likely left.
IDLE_SAID = timedelta(hours=6)


def left_running(session: Session, last_action: datetime | None, now: datetime) -> str | None:
    """What to say of ``session`` at opening, ``now``, its newest action at ``last_action``
    (None: none yet): None unless it is still running and nothing was done in it for
    :data:`IDLE_SAID` or more."""
    if session.number == 0 or session.stopped_at is not None:
        return None
    last = max(session.started_at, last_action or session.started_at)
    idle = now - last
    if idle < IDLE_SAID:
        return None
    begun = local_minute(session.started_at)
    return (f"Session {session.number} is still running: begun {begun}, its last action "
            f"{local_minute(last)}, {format_duration(idle)} ago. If the table broke up since, "
            "its play time counts those hours too: S stops it now, and the close of session "
            "(w, then c) takes the play time you give it.")
