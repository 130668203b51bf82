"""The players' view of the campaign: one read, by the privacy rules of
:mod:`console.model.player_view`, and the following of the GM's console that keeps it live."""

from __future__ import annotations

from console.model.player_view import PlayerPicture, player_picture
from console.service.core import CampaignCore

__all__ = ["PlayersView"]


class PlayersView:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    def picture(self) -> PlayerPicture:
        """What the players' screen shows now, by the GM's choices (hidden combatants, NPC
        numbers and the GM's notes always left out)."""
        core = self._core
        campaign = core.campaign()
        return player_picture(core.name, core.session().number, core.encounter(), core.pcs(),
                              campaign.players, campaign.turn_timer)

    def follow(self) -> bool:
        """Take in what the GM's console has saved since the last look (a stat when nothing
        was). True if the campaign was read again."""
        return self._core.follow() is not None
