"""Campaign-wide settings the GM changes from the console: the dice system its table plays
(issue 18), what the players' view shows and the turn timer (issue 28). Saved as an
undoable action, like everything else."""

from __future__ import annotations

from console.model.awards import pending_awards
from console.model.outcome import Document, Outcome
from console.model.player_view import number_foes
from console.model.table_settings import NpcNames, PlayersSettings, TurnTimer
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

    def table(self) -> tuple[PlayersSettings, TurnTimer]:
        """What the players' view shows, and the turn timer."""
        campaign = self._core.campaign()
        return campaign.players, campaign.turn_timer

    def set_table(self, players: PlayersSettings, timer: TurnTimer) -> Outcome:
        """The GM's choices for the players' view and the turn timer, as one action (a
        choice left as it was is not said again)."""
        campaign = self._core.campaign()
        said = []
        if players != campaign.players:
            said.append(f"Players' view: {players.describe()}")
        if timer != campaign.turn_timer:
            said.append(timer.describe().capitalize())
        if not said:
            return Outcome()  # nothing changed: nothing saved
        changes: list[Document] = [campaign.with_changes(players=players, turn_timer=timer)]
        running = self._core.encounter()
        if (players.npc_names is NpcNames.FOES and running is not None
                and not self._core.session().closed):
            # Numbered now, as the players first see them: a hidden one revealed later
            # gets the next number and no one's changes (CampaignCore.run numbers the rest).
            numbered = number_foes(running)
            if numbered is not running:
                changes.append(numbered)
        return self._core.run("campaign.table",
                              lambda: Outcome.told(*changes, notices=said))
