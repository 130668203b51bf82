"""The campaign's commands, by feature, on one open campaign: the service the console's
screens (and the tests) use.

``service.tracker``, ``.combat``, ``.hazards``, ``.roster``, ``.awards`` and ``.sessions``
each group one feature's commands, in a module of its own (``.players`` is the players'
view's read, ``.forecast`` the encounter forecast, which only reads, ``.settings`` the
campaign-wide settings such as its dice system, ``.points`` the awarder of a campaign
playing another system than MetaScape, ``.recap`` the session's recap and the campaign's
calibration, which only read, ``.facade`` a Façade campaign's fights, ``.prep`` the prepared
adventures); every command returns an :class:`~console.model.outcome.Outcome`, saved by
:meth:`CampaignCore.run` as one undoable action. The reads are the core's. Each group is
made, and its module loaded, the first time it is used: the console's first frame needs
none of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING

from console.service.core import CampaignCore
from console.store import CampaignStore

if TYPE_CHECKING:
    from console.service.adventures import AdventureCommands
    from console.service.awards import AwardCommands
    from console.service.campaign_settings import CampaignSettings
    from console.service.combat import CombatCommands
    from console.service.facade import FacadeCommands
    from console.service.forecast import ForecastCommands
    from console.service.hazards import HazardCommands
    from console.service.players import PlayersView
    from console.service.points import PointsCommands
    from console.service.recap import RecapCommands
    from console.service.roster import RosterCommands
    from console.service.sessions import SessionCommands
    from console.service.tracker import TrackerCommands

__all__ = ["CampaignService"]


class CampaignService(CampaignCore):
    def __init__(self, store: CampaignStore, rng: random.Random | None = None,
                 clock: Callable[[], datetime] | None = None) -> None:
        super().__init__(store, rng, clock)

    @cached_property
    def tracker(self) -> TrackerCommands:
        from console.service.tracker import TrackerCommands

        return TrackerCommands(self)

    @cached_property
    def combat(self) -> CombatCommands:
        from console.service.combat import CombatCommands

        return CombatCommands(self)

    @cached_property
    def hazards(self) -> HazardCommands:
        from console.service.hazards import HazardCommands

        return HazardCommands(self)

    @cached_property
    def roster(self) -> RosterCommands:
        from console.service.roster import RosterCommands

        return RosterCommands(self, self.tracker)

    @cached_property
    def awards(self) -> AwardCommands:
        from console.service.awards import AwardCommands

        return AwardCommands(self)

    @cached_property
    def sessions(self) -> SessionCommands:
        from console.service.sessions import SessionCommands

        return SessionCommands(self)

    @cached_property
    def players(self) -> PlayersView:
        from console.service.players import PlayersView

        return PlayersView(self)

    @cached_property
    def forecast(self) -> ForecastCommands:
        from console.service.forecast import ForecastCommands

        return ForecastCommands(self)

    @cached_property
    def settings(self) -> CampaignSettings:
        from console.service.campaign_settings import CampaignSettings

        return CampaignSettings(self)

    @cached_property
    def points(self) -> PointsCommands:
        from console.service.points import PointsCommands

        return PointsCommands(self)

    @cached_property
    def recap(self) -> RecapCommands:
        from console.service.recap import RecapCommands

        return RecapCommands(self)

    @cached_property
    def facade(self) -> FacadeCommands:
        from console.service.facade import FacadeCommands

        return FacadeCommands(self)

    @cached_property
    def prep(self) -> AdventureCommands:
        from console.service.adventures import AdventureCommands

        return AdventureCommands(self)
