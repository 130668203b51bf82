"""The awarder's commands for a campaign playing another system than MetaScape (issue 18):
Metalface success points with their mission's end and pools, Façade EP and their trades,
the d10 pool's plain points."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from console.model import PlayerCharacter, Session
from console.model.outcome import Outcome
from console.model.points_awards import (
    check_award,
    check_session,
    end_mission,
    give_points,
    set_entry_reason,
    set_pools,
    take_back_points,
    trade_points,
    use_pool,
)
from console.rules.systems.points import PointsRules, points_rules
from console.service.core import CampaignCore

__all__ = ["PointsCommands"]


class PointsCommands:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    def rules(self) -> PointsRules:
        """The campaign's system's awarder; refused for MetaScape (the AP awarder's)."""
        return self._core.guard(lambda: points_rules(self._core.campaign().system))

    def check_open(self) -> PointsRules:
        """The rules, once it is sure points can be given now (before a form is shown)."""
        rules = self.rules()
        self._core.guard(lambda: check_session(self._core.session(), rules))
        return rules

    def _on(self, name: str, change: Callable[[Session, PointsRules], Outcome]) -> Outcome:
        core = self._core
        rules = self.rules()
        return core.run(name, lambda: change(core.session(), rules))

    def _pc_name(self, index: int) -> str:
        entries = self._core.session().points
        pc_id = entries[index].pc_id if 0 <= index < len(entries) else None
        pc = self._core.pcs().get(pc_id) if pc_id is not None else None
        return pc.name if pc is not None else f"#{pc_id}"

    def award(self, pc: PlayerCharacter, award: str, typed: int, reason: str = "") -> Outcome:
        return self._on("points.award",
                        lambda s, r: give_points(s, self._core.fresh(pc), r, award, typed, reason))

    def check_award(self, index: int) -> None:
        """Refused unless the record's line ``index`` is an award (before its form)."""
        self._core.guard(lambda: check_award(self._core.session(), index))

    def set_reason(self, index: int, reason: str) -> Outcome:
        name = self._pc_name(index)
        return self._core.run("points.reason",
                              lambda: set_entry_reason(self._core.session(), index, reason, name))

    def take_back(self, index: int) -> Outcome:
        """An award of this session taken back, in the units it was given in."""
        core = self._core
        return core.run("points.take_back",
                        lambda: take_back_points(core.session(), core.pcs(), index))

    def trade(self, pc: PlayerCharacter, trade: str, wanted: int) -> Outcome:
        return self._on("points.trade",
                        lambda s, r: trade_points(s, self._core.fresh(pc), r, trade, wanted))

    def end_mission(self, pcs: Sequence[PlayerCharacter]) -> Outcome:
        """``pcs`` complete a mission; every PC's pools are refilled."""
        core = self._core
        return self._on("points.mission", lambda s, r: end_mission(
            s, [core.fresh(pc) for pc in pcs], list(core.pcs().values()), r))

    def set_pools(self, pc: PlayerCharacter, sizes: Mapping[str, int]) -> Outcome:
        return self._on("points.pools", lambda _s, r: set_pools(self._core.fresh(pc), r, sizes))

    def use_pool(self, pc: PlayerCharacter, pool: str, face: int | None = None,
                 skill: str = "") -> Outcome:
        return self._on("points.use_pool",
                        lambda s, r: use_pool(s, self._core.fresh(pc), r, pool, face, skill))
