"""The campaign's commands, by feature, on one open campaign: the service the console's
screens (and the tests) use.

``service.tracker``, ``.combat``, ``.hazards``, ``.roster``, ``.awards`` and ``.sessions``
each group one feature's commands, in a module of its own (``.players`` is the players'
view's read, ``.forecast`` the encounter forecast, which only reads, ``.settings`` the
campaign-wide settings such as its dice system, ``.points`` the awarder of a campaign
playing another system than MetaScape); every command returns an
:class:`~console.model.outcome.Outcome`, saved by :meth:`CampaignCore.run` as one undoable
action. The reads are the core's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from console.service.adventures import AdventureCommands
from console.service.awards import AwardCommands
from console.service.campaign_settings import CampaignSettings
from console.service.combat import CombatCommands
from console.service.core import CampaignCore
from console.service.forecast import ForecastCommands
from console.service.hazards import HazardCommands
from console.service.players import PlayersView
from console.service.points import PointsCommands
from console.service.roster import RosterCommands
from console.service.sessions import SessionCommands
from console.service.tracker import TrackerCommands
from console.store import CampaignStore

__all__ = ["CampaignService"]


class CampaignService(CampaignCore):
    def __init__(self, store: CampaignStore, rng: random.Random | None = None,
                 clock: Callable[[], datetime] | None = None) -> None:
        super().__init__(store, rng, clock)
        self.tracker = TrackerCommands(self)
        self.combat = CombatCommands(self)
        self.hazards = HazardCommands(self)
        self.roster = RosterCommands(self, self.tracker)
        self.awards = AwardCommands(self)
        self.sessions = SessionCommands(self)
        self.players = PlayersView(self)
        self.forecast = ForecastCommands(self)
        self.settings = CampaignSettings(self)
        self.points = PointsCommands(self)
        self.prep = AdventureCommands(self)
