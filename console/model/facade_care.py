"""A Façade fighter's care (issue 31, seed 002): his Limit Pools raised or lowered by the
GM, first aid (stable, or Stress for the medic), and days of healing on a PC's sheet."""

from __future__ import annotations

from console.model.characters import PlayerCharacter
from console.model.encounters import Condition, Encounter
from console.model.errors import ModelError
from console.model.facade_fight import Fight, Npcs, Pcs, add_pool, rules_error
from console.model.outcome import Outcome
from console.rules.errors import RulesError
from console.rules.facade_combat.healing import first_aid_difficulty, healed
from console.rules.facade_combat.health import Hit
from console.rules.facade_combat.traits import POOLS
from console.rules.systems import facade

__all__ = ["STABLE", "adjust_pool", "first_aid", "heal_facade_pc"]

STABLE = "stable (first aid)"

def adjust_pool(encounter: Encounter, pcs: Pcs, npcs: Npcs, combatant_id: int, pool: str,
                change: int, why: str = "") -> Outcome:
    """The GM raises or lowers a pool (Strain from a punch that hit, Fatigue bleeding off
    once he stops attacking, rest)."""
    if pool not in POOLS.values():
        raise ModelError(f"{pool}: the pools are {', '.join(POOLS.values())}")
    fight = Fight(encounter, pcs, npcs)
    who = fight.fighter(combatant_id)
    if change > 0:
        add_pool(fight, combatant_id, pool, change, why or "the GM's")
    else:
        level = max(0, who.health.pool(pool) + change)
        fight.set_health(who, who.health.with_changes(pools={**who.health.pools, pool: level}))
        fight.notices.append(f"{who.name}: {pool} {level}" + (f" ({why})" if why else ""))
    return fight.outcome()


def first_aid(encounter: Encounter, pcs: Pcs, npcs: Npcs, patient_id: int, roll: int,
              medic_id: int | None = None) -> Outcome:
    """An Insight + First Aid roll against the patient's Total Damage less his Health: made,
    he is stable (a condition until removed); failed, the medic gains Stress and may try
    again in a minute."""
    fight = Fight(encounter, pcs, npcs)
    patient = fight.fighter(patient_id)
    difficulty = first_aid_difficulty(patient.health.total,
                                      patient.numbers().attribute("Health"))
    found = facade.level(roll, difficulty)
    fight.notices.append(f"First aid on {patient.name}: {roll} vs {difficulty}: "
                         f"{facade.level_name(found)}")
    if isinstance(found, int):
        kept = tuple(c for c in fight.encounter.conditions
                     if not (c.name == STABLE and c.target == patient_id))
        fight.encounter = fight.encounter.with_changes(conditions=(
            *kept, Condition(STABLE, patient_id, since_round=fight.encounter.round)))
    elif medic_id is not None:
        add_pool(fight, medic_id, "Stress", 1, "a failed Insight roll")
    return fight.outcome()


def heal_facade_pc(pc: PlayerCharacter, health: int, days: int) -> Outcome:
    """``days`` of healing at this Health (``rules.facade_combat.healing.healing_health``):
    each type's levels come off his hits, the oldest first; a hit healed whole is gone."""
    try:
        levels = healed(health, days)
    except RulesError as error:
        raise rules_error(error) from None
    left = dict(levels)
    hits: list[Hit] = []
    for hit in pc.facade_health.hits:
        cut = min(left[hit.type], hit.levels)
        left[hit.type] -= cut
        if hit.levels > cut:
            hits.append(Hit(hit.location, hit.type, hit.levels - cut))
    sheet = pc.with_changes(facade_health=pc.facade_health.with_changes(hits=tuple(hits)))
    done = {kind: levels[kind] - left[kind] for kind in levels}
    said = ", ".join(f"{n}{kind.value}" for kind, n in done.items() if n) or "nothing to heal"
    return Outcome.told(sheet, notices=(f"{pc.name} heals {days} day(s) at Health {health}: "
                                        f"{said}",))
