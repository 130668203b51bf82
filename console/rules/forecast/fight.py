"""One simulated fight, round by round by the book, played by the stated tactics
(:mod:`console.rules.forecast.tactics`), with every roll drawn from its exact distribution.

Written for speed (10,000 fights of four PCs against six NPCs in well under a second): the
draws come from samplers built once per pairing (:mod:`exchange`), the state is plain
lists, and a PC's critical-damage bookkeeping (rare) goes through the rules' own
:class:`~console.rules.critical_damage.PcCondition`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from functools import lru_cache

from console.records import record
from console.rules.critical_damage import (
    DueCheck,
    PcCondition,
    apply_check,
    checks_at_damage,
    take_damage,
)
from console.rules.errors import RulesError
from console.rules.forecast.ends import FLED, LOST, STALLED, WON, FightEnd
from console.rules.forecast.exchange import (
    Sampler,
    chance,
    nish_sampler,
    npc_hits_pc,
    pc_hits_npc,
)
from console.rules.forecast.sides import Matchup, PcFighter
from console.rules.forecast.tactics import MAX_ROUNDS

__all__ = ["FLED", "LOST", "STALLED", "WON", "FightEnd", "Prepared", "prepare", "run_fight"]

@record
class Prepared:
    """A matchup with every pairing's samplers built (once, for all the runs)."""

    matchup: Matchup
    pc_hits: tuple[tuple[Sampler | None, ...], ...]  # [pc][npc]; None: no weapon
    npc_hits: tuple[tuple[Sampler, ...], ...]  # [npc][pc]
    nish: tuple[Sampler, ...]  # [pc]


def prepare(matchup: Matchup) -> Prepared:
    top = max(npc.nish for npc in matchup.npcs) + 1
    pc_hits = tuple(
        tuple(None if pc.atk is None or pc.dmg is None else
              pc_hits_npc(pc.atk, pc.dmg, npc.def_, npc.ar, npc.vit, npc.type, 1)
              for npc in matchup.npcs)
        for pc in matchup.pcs)
    npc_hits = tuple(
        tuple(npc_hits_pc(pc.def_, pc.ar, npc.atk, npc.dmg, npc.type, npc.attacks)
              for pc in matchup.pcs)
        for npc in matchup.npcs)
    return Prepared(matchup, pc_hits, npc_hits,
                    tuple(nish_sampler(pc.nish, top) for pc in matchup.pcs))


# The critical-damage rules are the console's own (PcCondition and its functions); a fight
# asks them the same few questions thousands of times, so each answer is remembered.
_condition = lru_cache(maxsize=65536)(PcCondition)
_due = lru_cache(maxsize=65536)(PcCondition.checks_due)
_apply = lru_cache(maxsize=65536)(apply_check)
_take = lru_cache(maxsize=65536)(take_damage)
_at_damage = lru_cache(maxsize=65536)(checks_at_damage)


def _roll_checks(state: PcCondition, due: Iterable[DueCheck], pc: PcFighter,
                 random: Callable[[], float]) -> PcCondition:
    """The checks in the book's order; each applied as it falls (a death ends them)."""
    for check in due:
        if state.dead:
            break
        rating = (pc.wp if check.ability == "WP" else pc.healing if check.ability == "Healing"
                  else pc.vit_rating if check.ability == "Vit" else None)
        success = rating is not None and random() < chance(rating, check.difficulty)
        try:
            state = _apply(state, check.kind, success)
        except RulesError:  # no longer due (a failed pass-out check ends the others)
            continue
    return state


class _Party:
    """The PCs' state as plain lists; a PC at or past his Vit goes through the rules'
    PcCondition (his checks), the rest is a number going up."""

    def __init__(self, pcs: tuple[PcFighter, ...]) -> None:
        self.pcs = pcs
        self.wounds = [pc.wounds for pc in pcs]
        self.vit = [pc.vit for pc in pcs]
        self.unconscious = [pc.unconscious for pc in pcs]
        self.dead = [pc.dead for pc in pcs]
        self.passed_out_check = [pc.pass_out_check_done for pc in pcs]
        self.drain_stopped = [pc.drain_stopped for pc in pcs]
        self.went_down = [pc.unconscious or pc.dead for pc in pcs]
        self.critical = any(pc.wounds >= pc.vit for pc in pcs)

    def condition(self, i: int) -> PcCondition:
        return _condition(self.wounds[i], self.vit[i], self.passed_out_check[i],
                          self.drain_stopped[i], self.unconscious[i], self.dead[i])

    def set(self, i: int, state: PcCondition) -> None:
        self.wounds[i] = state.wounds
        self.unconscious[i] = state.unconscious
        self.dead[i] = state.dead
        self.passed_out_check[i] = state.pass_out_check_done
        self.drain_stopped[i] = state.drain_stopped
        if state.dead or state.unconscious:
            self.went_down[i] = True

    def round_checks(self, i: int, random: Callable[[], float]) -> None:
        state = self.condition(i)
        self.set(i, _roll_checks(state, _due(state), self.pcs[i], random))

    def hurt(self, i: int, wounds: int, random: Callable[[], float]) -> None:
        total = self.wounds[i] + wounds
        if total < self.vit[i]:  # no critical damage: nothing to check
            self.wounds[i] = total
            self.drain_stopped[i] = False
            return
        self.critical = True
        before = self.condition(i)
        after = _take(before, wounds)
        self.set(i, _roll_checks(after, _at_damage(before, after), self.pcs[i], random))


def run_fight(prepared: Prepared, random: Callable[[], float]) -> FightEnd:
    matchup = prepared.matchup
    n_pc, n_npc = len(matchup.pcs), len(matchup.npcs)
    party = _Party(matchup.pcs)
    wounds, vit, dead, unconscious = party.wounds, party.vit, party.dead, party.unconscious
    npc_wounds = [npc.wounds for npc in matchup.npcs]
    npc_vit = [npc.vit for npc in matchup.npcs]
    alive = [not npc.dead for npc in matchup.npcs]
    npc_nish = [npc.nish for npc in matchup.npcs]
    pc_hits, npc_hits, nish = prepared.pc_hits, prepared.npc_hits, prepared.nish
    top = max(npc.nish for npc in matchup.npcs) + 1  # where the Nish samplers stop
    flees = matchup.reading.flees
    result, rounds = STALLED, MAX_ROUNDS  # undecided, unless it ends sooner
    for round_number in range(1, MAX_ROUNDS + 1):
        # (Nish, who: PC i or ~NPC j). The order inside a tie does not matter: it acts at once.
        actors: list[tuple[float, int]] = []
        for i in range(n_pc):
            if not dead[i]:
                sampler = nish[i]
                rolled: float = sampler.values[bisect_right(sampler.cumulative, random())]
                if rolled >= top:  # above every NPC: only the order among them matters,
                    rolled += random()  # and they act one after another, not as a tie
                actors.append((rolled, i))
        for j in range(n_npc):
            if alive[j]:
                actors.append((npc_nish[j], ~j))
        actors.sort(reverse=True)
        # NPCs spread their blows: round the standing PCs from a place drawn each round
        # (a fixed one would always send the first blows to the same PC).
        aim = int(random() * n_pc)
        actors.append((-1, 0))  # a last "Nish" below every other: what is pending lands
        acting = actors[0][0]
        on_npcs: list[tuple[int, int]] = []
        on_pcs: list[tuple[int, int]] = []
        for turn, who in actors:
            if turn != acting:  # a tie acts at once: its attacks land together, now
                acting = turn
                for j, hit in on_npcs:
                    npc_wounds[j] += hit
                    if npc_wounds[j] > npc_vit[j]:
                        alive[j] = False  # any critical damage kills an NPC
                for i, hit in on_pcs:
                    party.hurt(i, hit, random)
                on_npcs, on_pcs = [], []
                if turn < 0:
                    break
            if who >= 0:
                if dead[who]:
                    continue
                if wounds[who] >= vit[who]:  # his round's checks, before he acts
                    party.round_checks(who, random)
                if dead[who] or unconscious[who]:
                    continue
                row = pc_hits[who]
                best, best_drop, best_wounds = -1, -1.0, -1
                for j in range(n_npc):
                    pair = row[j]
                    if alive[j] and pair is not None:
                        # P(this attack brings him down): wounds past his Vit.
                        k = bisect_left(pair.values, npc_vit[j] - npc_wounds[j] + 1)
                        drop = 1.0 if k == 0 else 1.0 - pair.cumulative[k - 1]
                        if drop > best_drop or (drop == best_drop
                                                and npc_wounds[j] > best_wounds):
                            best, best_drop, best_wounds = j, drop, npc_wounds[j]
                chosen = row[best] if best >= 0 else None
                if chosen is not None:
                    hit = chosen.values[bisect_right(chosen.cumulative, random())]
                    if hit:
                        on_npcs.append((best, hit))
            else:
                j = ~who
                if not alive[j]:
                    continue
                for _ in range(n_pc):
                    aim = aim + 1 if aim + 1 < n_pc else 0
                    if not dead[aim] and not unconscious[aim]:
                        sampler = npc_hits[j][aim]
                        hit = sampler.values[bisect_right(sampler.cumulative, random())]
                        if hit:
                            on_pcs.append((aim, hit))
                        break
        standing = 0
        for i in range(n_pc):
            if not dead[i] and not unconscious[i]:
                standing += 1
        if True not in alive:
            result, rounds = WON, round_number
            break
        if standing == 0:
            result, rounds = LOST, round_number
            break
        if flees(n_pc, n_pc - standing):
            result, rounds = FLED, round_number
            break
    worst = max(min(wounds[i], 10 * vit[i]) / vit[i] for i in range(n_pc))
    return FightEnd(result, rounds, worst, party.critical, tuple(party.went_down),
                    tuple(dead), sum(alive))
