"""Campaign-wide settings the GM changes from the console: the dice system its table plays
(issue 18). Saved as an undoable action, like everything else."""

from __future__ import annotations

from console.model.awards import pending_awards
from console.model.outcome import Outcome
from console.rules.systems import system
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["CampaignSettings"]


class CampaignSettings:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    def system(self) -> str:
        return self._core.campaign().system

    def set_system(self, name: str) -> Outcome:
        """The campaign's dice system: the calculator's default, and for Façade fights
        begun from now on act lowest Action first."""
        core = self._core
        chosen = core.guard(lambda: system(name))
        session = core.session()
        if chosen.name != "metascape" and not session.closed and pending_awards(session):
            # Its AP awarder (w, c) would be out of reach, and the next session refused.
            raise ActionRefused(f"session {session.number} has AP awards waiting for its "
                                "close: close it (w, then c) or take them back first")
        campaign = core.campaign()
        order = " (new fights act lowest first)" if chosen.lowest_first else ""
        return core.run("campaign.settings", lambda: Outcome.told(
            campaign.with_changes(system=chosen.name),
            notices=(f"This campaign plays {chosen.title}{order}",)))
