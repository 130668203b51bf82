"""The other systems' awarder as a hypothesis state machine (issue 18): any sequence of
awards, take-backs, reasons, trades, missions' ends and pool uses, in any of the three
systems, keeps every sheet equal to what the session's record says, and a refusal is always
a message (a ModelError or RulesError), never a crash or a half-made change."""

from __future__ import annotations

import os
from datetime import UTC, datetime

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from console.model import PlayerCharacter, Session
from console.model.errors import ModelError
from console.model.outcome import Outcome
from console.model.points_awards import (
    end_mission,
    give_points,
    set_entry_reason,
    set_pools,
    take_back_points,
    trade_points,
    use_pool,
)
from console.model.system_points import EntryKind
from console.rules.errors import RulesError
from console.rules.systems.points import POINTS_RULES, PointsRules

PCS = 2


class PointsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = Session(1, datetime(2026, 11, 23, 19, tzinfo=UTC))
        self.pcs = {i: PlayerCharacter.new(i, f"PC{i}") for i in range(1, PCS + 1)}
        self.rules: PointsRules = POINTS_RULES["metalface"]
        self.refused = 0

    @initialize(system=st.sampled_from(["metalface", "metalface", "facade", "d10pool"]))
    def choose(self, system: str) -> None:
        self.rules = POINTS_RULES[system]

    def _apply(self, make: object) -> None:
        try:
            outcome = make()  # type: ignore[operator]
        except (ModelError, RulesError):
            self.refused += 1
            return
        assert isinstance(outcome, Outcome)
        for doc in outcome.changes:
            if isinstance(doc, Session):
                self.session = doc
            elif isinstance(doc, PlayerCharacter):
                self.pcs[doc.id] = doc

    pc_ids = st.integers(1, PCS)

    @rule(pc=pc_ids, which=st.integers(0, 5), typed=st.integers(-2, 60),
          reason=st.sampled_from(["", "  the heist  "]))
    def award(self, pc: int, which: int, typed: int, reason: str) -> None:
        key = self.rules.awards[which % len(self.rules.awards)].key
        self._apply(lambda: give_points(self.session, self.pcs[pc], self.rules, key, typed,
                                        reason))

    @rule(data=st.data())
    def take_back(self, data: st.DataObject) -> None:
        # Mostly an award of the record (the interesting case), sometimes any line at all.
        awards = [i for i, e in enumerate(self.session.points) if e.kind is EntryKind.AWARD]
        index = data.draw(st.sampled_from(awards) if awards and data.draw(st.booleans())
                          else st.integers(-1, len(self.session.points)))
        self._apply(lambda: take_back_points(self.session, self.pcs, index))

    @rule(index=st.integers(-1, 12), reason=st.text(max_size=5))
    def reason(self, index: int, reason: str) -> None:
        self._apply(lambda: set_entry_reason(self.session, index, reason, "x"))

    @rule(pc=pc_ids, which=st.sampled_from(["ap", "sp", "bp", "skill_point", "value_point"]),
          wanted=st.integers(-1, 12))
    def trade(self, pc: int, which: str, wanted: int) -> None:
        self._apply(lambda: trade_points(self.session, self.pcs[pc], self.rules, which, wanted))

    @rule(who=st.sets(pc_ids))
    def mission(self, who: set[int]) -> None:
        self._apply(lambda: end_mission(self.session, [self.pcs[i] for i in sorted(who)],
                                        list(self.pcs.values()), self.rules))

    @rule(system=st.sampled_from(sorted(POINTS_RULES)))
    def change_system(self, system: str) -> None:
        """The campaign changes its system: points earned stay their own system's."""
        self.rules = POINTS_RULES[system]

    @rule(pc=pc_ids, faith=st.integers(-1, 4), blessing=st.integers(0, 3))
    def pools(self, pc: int, faith: int, blessing: int) -> None:
        self._apply(lambda: set_pools(self.pcs[pc], self.rules,
                                      {"faith": faith, "blessing": blessing}))

    @rule(pc=pc_ids, pool=st.sampled_from(["faith", "blessing"]),
          face=st.none() | st.integers(0, 7))
    def use(self, pc: int, pool: str, face: int | None) -> None:
        self._apply(lambda: use_pool(self.session, self.pcs[pc], self.rules, pool, face))

    @invariant()
    def sheets_agree_with_the_record(self) -> None:
        for pc in self.pcs.values():
            mine = [e for e in self.session.points if e.pc_id == pc.id]
            points = pc.points
            # One system's points on a sheet, and every line of his record in it.
            assert {e.system for e in mine} <= {points.system}
            assert points.earned == sum(e.points for e in mine if e.kind is EntryKind.AWARD)
            assert points.spent == sum(e.points for e in mine if e.kind is EntryKind.TRADE)
            assert 0 <= points.spent <= points.earned and points.counted <= points.earned
            if points.system:
                rules = POINTS_RULES[points.system]
                if rules.spend_after_mission:  # only what completed missions freed
                    assert points.spent <= points.counted
                    assert points.counted == sum(e.points for e in mine
                                                 if e.kind is EntryKind.MISSION)
                    # ... which is every award made before his last mission's end.
                    kinds = [e.kind for e in mine]
                    last = max((i for i, k in enumerate(kinds) if k is EntryKind.MISSION),
                               default=-1)
                    assert points.counted == sum(e.points for e in mine[:last + 1]
                                                 if e.kind is EntryKind.AWARD)
                for key, count in points.gained.items():
                    assert count == sum(e.count for e in mine
                                        if e.what == key and e.kind is EntryKind.TRADE)
                for entry in mine:
                    if entry.kind is EntryKind.TRADE:
                        trade = rules.trade(entry.what)
                        assert entry.count * trade.cost == entry.points * trade.gives
            for key, used in points.used.items():
                assert used <= points.pools.get(key, 0)


TestPointsMachine = PointsMachine.TestCase
# More sequences in CI (.ci/run sets CI) than in a developer's quick run.
TestPointsMachine.settings = settings(max_examples=500 if os.environ.get("CI") else 120,
                                      stateful_step_count=30, deadline=None)
