"""The points awarder's actions, each a short form ending in one saved action, shown with
``confirm`` (no log pane on the points screen says what was done)."""

from __future__ import annotations

from console.model import PlayerCharacter
from console.model.outcome import Outcome
from console.model.points_awards import spendable
from console.rules.systems.points import PointsRules
from console.service import ActionRefused
from console.ui.awards.award_forms import reason_fields
from console.ui.flow import Flows
from console.ui.points.points_forms import (
    award_fields,
    mission_fields,
    pool_size_fields,
    pool_use_fields,
    trade_fields,
)

__all__ = ["PointsFlows"]


class PointsFlows(Flows):
    def _pc(self, pc_id: int | None) -> PlayerCharacter | None:
        return None if pc_id is None else self.service.pcs().get(pc_id)

    def done(self, outcome: Outcome) -> None:
        self.show(outcome, confirm=True)

    # ----- awards -------------------------------------------------------------------------

    def award(self, pc_id: int | None, award: str | None = None) -> None:
        """The award form on the PC the GM is looking at (``award``: the system's first)."""
        rules = self.service.points.check_open()
        rule = rules.award(award) if award is not None else rules.awards[0]
        self.run(self._award(rules, rule.key, self.party(), self._pc(pc_id)))

    async def _award(self, rules: PointsRules, key: str, pcs: list[PlayerCharacter],
                     pc: PlayerCharacter | None) -> None:
        rule = rules.award(key)
        title = rules.unit_name.capitalize()
        if rule.label != rules.unit and rule.label != rules.unit_name:
            title += f": {rule.label}"
        values = await self.form(title,
                                 award_fields(rules, rule, pcs, pc), rule.advice)
        if values is not None:
            self.done(self.service.points.award(values["pc"], key, values["typed"],
                                                values["reason"]))

    def reason(self, index: int) -> None:
        self.service.points.check_award(index)  # a trade has no reason to give
        self.run(self._reason(index))

    async def _reason(self, index: int) -> None:
        entry = self.service.session().points[index]
        pc = self.service.pcs().get(entry.pc_id)
        name = pc.name if pc else f"#{entry.pc_id}"
        values = await self.form(f"Reason for {name}'s award", reason_fields(entry.reason))
        if values is not None:
            self.done(self.service.points.set_reason(index, values["reason"]))

    def take_back(self, index: int) -> None:
        self.command(lambda: self.service.points.take_back(index), confirm=True)

    # ----- what the points bring ----------------------------------------------------------

    def trade(self, pc: PlayerCharacter | None) -> None:
        rules = self.service.points.check_open()
        if not rules.trades:
            raise ActionRefused(f"{rules.unit} are not traded in {rules.system}")
        if pc is None:
            raise ActionRefused("no PCs yet: p on the roster adds one")
        self.run(self._trade(rules, pc))

    async def _trade(self, rules: PointsRules, pc: PlayerCharacter) -> None:
        points = self.service.points
        free = spendable(rules, pc.points)
        filled = await self.checked(
            f"{pc.name} spends {rules.unit} ({free} to spend)", trade_fields(rules),
            lambda v: self.service.prepare(
                lambda: points.trade(pc, v["trade"].key, v["wanted"])),
            "the player writes what it buys on the sheet")
        if filled is not None:
            self.done(self.service.commit(filled.checked))

    def end_mission(self) -> None:
        rules = self.service.points.check_open()
        if not rules.missions:
            raise ActionRefused(f"a mission's end changes nothing in {rules.system}")
        self.run(self._end_mission(rules, self.party()))

    async def _end_mission(self, rules: PointsRules, pcs: list[PlayerCharacter]) -> None:
        hint = []
        if rules.spend_after_mission:
            hint.append(f"the {rules.unit} its completers have earned may be spent (t)")
        if rules.pools:
            hint.append(f"{' and '.join(p.label for p in rules.pools)} come back for every PC")
        values = await self.form("A mission completed", mission_fields(pcs), "; ".join(hint))
        if values is not None:
            self.done(self.service.points.end_mission(values["pcs"]))

    # ----- pools --------------------------------------------------------------------------

    def pool_sizes(self, pc: PlayerCharacter | None) -> None:
        rules = self.service.points.rules()
        if not rules.pools:
            raise ActionRefused(f"{rules.system} has no pools")
        if pc is None:
            raise ActionRefused("no PCs yet: p on the roster adds one")
        self.run(self._pool_sizes(rules, pc))

    async def _pool_sizes(self, rules: PointsRules, pc: PlayerCharacter) -> None:
        values = await self.form(f"{pc.name}'s pools", pool_size_fields(rules, pc),
                                 "as large as the PC's values; refilled at each mission's end")
        if values is not None:
            self.done(self.service.points.set_pools(pc, values))

    def use_pool(self, pool_key: str, pc_id: int | None) -> None:
        rules = self.service.points.check_open()
        if pool_key not in {p.key for p in rules.pools}:
            raise ActionRefused(f"{rules.system} has no {pool_key.capitalize()}")
        self.run(self._use_pool(rules, pool_key, self.party(), self._pc(pc_id)))

    async def _use_pool(self, rules: PointsRules, pool_key: str, pcs: list[PlayerCharacter],
                        pc: PlayerCharacter | None) -> None:
        pool = rules.pool(pool_key)
        points = self.service.points
        filled = await self.checked(
            f"{pool.label}: {pool.use}", pool_use_fields(pool, pcs, pc),
            lambda v: self.service.prepare(lambda: points.use_pool(
                v["pc"], pool_key, v.get("face"), v["skill"])),
            "one use of the mission's pool")
        if filled is not None:
            self.done(self.service.commit(filled.checked))
