"""The two sides of a forecast (issue 17), from a prepared spec or from the fight running.

A spec (``gm-console forecast --spec FILE.json``)::

    {"pcs":  [{"name", "atk", "def", "dmg", "ar", "vit", "nish", "wp", "healing"?}],
     "npcs": [{"name", "count"?, "atk", "def", "dmg", "ar", "vit", "nish",
               "type"?, "attacks"?}],
     "reading"?: {"slight"?, "moderate"?, "flee"?}}

Each stat is a value (15) or a rating (8M), as in the roster forms: what a PC's player rolls
is his rating (a value is read by Table 7); an NPC's are values. ``reading`` sets the
console's reading of Table 18 (shares: 0.25 is 25%; ``rules.forecast.reading``). From a
campaign, each PC is his sheet (his first weapon) with the wounds and states of the fight
(a dead PC too: he counts when the party weighs fleeing), each NPC his template (or the
values the tracker holds) with his wounds; NPCs out of the fight (dead, unconscious, a
vessel crippled or destroyed), the party's vessel and the removed are left out. Every
refusal names the field, or lists who lacks what.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.model.adventures import PreparedEncounter
from console.model.characters import PlayerCharacter
from console.model.combat import NpcNumbers, body_points, npc_numbers
from console.model.encounters import Encounter, Side, Status
from console.model.errors import ModelError
from console.model.fields import check_keys, need_list, need_mapping
from console.model.fight_end import KeptForecast
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.model.roster import MAX_SPAWN
from console.model.stats import Stat
from console.model.text import need_line
from console.rules.errors import RulesError
from console.rules.forecast import (
    LABELS,
    OUTCOMES,
    Forecast,
    Matchup,
    NpcFighter,
    PcFighter,
    Reading,
)
from console.rules.limits import ATTACKS, POINTS
from console.rules.ratings import Rating, RatingType

__all__ = ["MAX_NPCS", "MAX_PCS", "keep_forecast", "kept", "matchup_from_encounter",
           "matchup_from_prepared",
           "matchup_from_spec", "one_more"]

MAX_PCS = 20
MAX_NPCS = 100  # in all, copies counted

_PC_KEYS = {"name", "atk", "def", "dmg", "ar", "vit", "nish", "wp", "healing"}
_NPC_KEYS = {"name", "count", "atk", "def", "dmg", "ar", "vit", "nish", "type", "attacks"}
_NPC_NEEDED = {"name", "atk", "def", "dmg", "ar", "vit", "nish"}
_READING_KEYS = {"slight", "moderate", "flee"}


def _stat(raw: Mapping[str, Any], key: str, where: str) -> Stat:
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ModelError(f"{where}.{key}: a value like 15 or a rating like 8M, not {value!r}")
    try:
        return Stat(str(value))
    except (ModelError, RulesError) as error:
        raise ModelError(f"{where}.{key}: {error}") from None


def _rating(raw: Mapping[str, Any], key: str, where: str) -> Rating:
    try:
        return _stat(raw, key, where).as_rating()
    except RulesError as error:
        raise ModelError(f"{where}.{key}: {error}") from None


def _points(stat: Stat, where: str, body: RatingType = RatingType.P) -> int:
    value = int(stat.points(body))
    if not POINTS.low <= value <= POINTS.high:
        raise ModelError(f"{where}: {POINTS.low} to {POINTS.high:,} ({POINTS.meaning}), "
                         f"not {value:,}")
    return value


def _whole(raw: Mapping[str, Any], key: str, where: str, low: int, high: int,
           default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ModelError(f"{where}.{key}: a whole number from {low} to {high}, not {value!r}")
    return value


def _spec_pc(data: object, where: str) -> PcFighter:
    raw = need_mapping(data, where)
    check_keys(raw, where, _PC_KEYS, _PC_KEYS - {"healing"})
    name = need_line(raw["name"], f"{where}.name").strip() or where
    vit = _stat(raw, "vit", where)
    return PcFighter(
        name, def_=_rating(raw, "def", where), ar=_rating(raw, "ar", where),
        vit=max(1, _points(vit, f"{where}.vit")), vit_rating=_rating(raw, "vit", where),
        nish=_rating(raw, "nish", where), wp=_rating(raw, "wp", where),
        atk=_rating(raw, "atk", where), dmg=_rating(raw, "dmg", where),
        healing=_rating(raw, "healing", where) if "healing" in raw else None)


def _spec_npcs(data: object, where: str) -> list[NpcFighter]:
    raw = need_mapping(data, where)
    check_keys(raw, where, _NPC_KEYS, _NPC_NEEDED)
    name = need_line(raw["name"], f"{where}.name").strip() or where
    count = _whole(raw, "count", where, 1, MAX_SPAWN, 1)
    attacks = _whole(raw, "attacks", where, ATTACKS.low, ATTACKS.high, 1)
    kind = raw.get("type", "P")
    if kind not in ("P", "V", "S"):
        raise ModelError(f"{where}.type: P, V or S, not {kind!r}")
    body = RatingType[kind]
    values = {key: _points(_stat(raw, key, where), f"{where}.{key}",
                           body if key in ("dmg", "ar", "vit") else RatingType.P)
              for key in ("atk", "def", "dmg", "ar", "vit", "nish")}
    names = [name] if count == 1 else [f"{name} {n}" for n in range(1, count + 1)]
    return [NpcFighter(each, values["atk"], values["def"], values["dmg"], values["ar"],
                       values["vit"], values["nish"], body, attacks) for each in names]


def _spec_reading(data: object) -> Reading:
    """How the spec reads Table 18: any of slight, moderate, flee (shares, 0.25 = 25%); the
    console's own for the rest."""
    raw = need_mapping(data, "reading")
    check_keys(raw, "reading", _READING_KEYS, set())
    try:
        return Reading(**{key: raw[key] for key in _READING_KEYS if key in raw})
    except RulesError as error:
        raise ModelError(str(error)) from None


def matchup_from_spec(data: object) -> Matchup:
    """A spec as read from JSON; a ModelError names the first thing wrong in it."""
    raw = need_mapping(data, "spec")
    check_keys(raw, "spec", {"pcs", "npcs", "reading"}, {"pcs", "npcs"})
    pcs = [_spec_pc(item, f"pcs[{n}]") for n, item in enumerate(need_list(raw["pcs"], "pcs"))]
    npcs = [fighter for n, item in enumerate(need_list(raw["npcs"], "npcs"))
            for fighter in _spec_npcs(item, f"npcs[{n}]")]
    reading = _spec_reading(raw["reading"]) if "reading" in raw else Reading()
    return _checked(pcs, npcs, 0, reading)


def _checked(pcs: list[PcFighter], npcs: list[NpcFighter], rounds_before: int,
             reading: Reading | None = None) -> Matchup:
    if not pcs or not npcs:
        raise ModelError("a forecast needs at least one PC and one NPC standing")
    if len(pcs) > MAX_PCS or len(npcs) > MAX_NPCS:
        raise ModelError(f"a forecast takes up to {MAX_PCS} PCs and {MAX_NPCS} NPCs, not "
                         f"{len(pcs)} and {len(npcs)}")
    try:
        return Matchup(tuple(pcs), tuple(npcs), rounds_before, reading or Reading())
    except RulesError as error:
        raise ModelError(str(error)) from None


# ----- from the fight running ---------------------------------------------------------------

_PC_NEEDS = (("def_", "Def"), ("ar", "AR"), ("vit_max", "Vit"), ("nish", "Nish"), ("wp", "WP"))


def _pc_fighter(sheet: PlayerCharacter, combatant_wounds: int, status: Status,
                pass_out_done: bool, drain_stopped: bool) -> PcFighter | str:
    """His sheet's ratings and first weapon, with his wounds and state in the fight."""
    missing = [label for attribute, label in _PC_NEEDS if getattr(sheet, attribute) is None]
    if missing:
        return f"{sheet.name} ({', '.join(missing)})"
    weapon = sheet.weapons[0] if sheet.weapons else None
    armed = weapon is not None and weapon.atk is not None and weapon.dmg is not None
    try:
        vit_stat = sheet.vit_max
        assert vit_stat is not None and sheet.def_ and sheet.ar and sheet.nish and sheet.wp
        return PcFighter(
            sheet.name, def_=sheet.def_.as_rating(), ar=sheet.ar.as_rating(),
            vit=max(1, int(vit_stat.value)), vit_rating=vit_stat.as_rating(),
            nish=sheet.nish.as_rating(), wp=sheet.wp.as_rating(),
            atk=weapon.atk.as_rating() if armed and weapon and weapon.atk else None,
            dmg=weapon.dmg.as_rating() if armed and weapon and weapon.dmg else None,
            healing=sheet.healing.as_rating() if sheet.healing is not None else None,
            wounds=combatant_wounds, unconscious=status is Status.UNCONSCIOUS,
            dead=status is Status.DEAD,
            pass_out_check_done=pass_out_done, drain_stopped=drain_stopped)
    except RulesError as error:
        return f"{sheet.name} ({error})"


def _npc_fighter(name: str, numbers: NpcNumbers, nish: int | None, wounds: int,
                 attacks: int = 1) -> NpcFighter | str:
    values = {"Atk": numbers.atk, "Def": numbers.def_, "Dmg": numbers.dmg, "AR": numbers.ar,
              "Vit": numbers.vit, "Nish": nish}
    missing = [label for label, value in values.items() if value is None]
    if missing:
        return f"{name} ({', '.join(missing)})"
    assert None not in values.values()
    return NpcFighter(name, numbers.atk or 0, numbers.def_ or 0, numbers.dmg or 0,
                      numbers.ar or 0, numbers.vit or 0, nish or 0, numbers.type, attacks,
                      wounds)


def matchup_from_encounter(encounter: Encounter, pcs: Mapping[int, PlayerCharacter],
                           templates: Mapping[int, NpcTemplate]) -> Matchup:
    """The fight as it stands: every PC and NPC still in it, with their wounds and states.
    A ModelError lists who lacks which numbers (a sheet without Def, an NPC without a
    template)."""
    fighters: list[PcFighter] = []
    foes: list[NpcFighter] = []
    lacking: list[str] = []
    for combatant in encounter.combatants:
        if combatant.status is Status.REMOVED or combatant.template is not None or (
                combatant.status in (Status.DEAD, Status.UNCONSCIOUS, Status.CRIPPLED,
                                     Status.DESTROYED)
                and combatant.side is Side.NPC):
            # Out of the fight (the party's vessel is no fighter); a PC stays: he counts
            # when the party weighs fleeing.
            continue
        if combatant.side is Side.PC:
            sheet = pcs.get(combatant.ref) if combatant.ref is not None else None
            if sheet is None:
                lacking.append(f"{combatant.name} (no sheet)")
                continue
            made: PcFighter | NpcFighter | str = _pc_fighter(
                sheet, sheet.wounds, combatant.status, combatant.pass_out_check_done,
                combatant.drain_stopped or sheet.drain_stopped)
        else:
            template = templates.get(combatant.ref) if combatant.ref is not None else None
            nish = combatant.recorded_nish if combatant.recorded_nish is not None else (
                None if template is None or template.nish is None
                else int(template.nish.value))
            made = _npc_fighter(combatant.name, npc_numbers(combatant, template), nish,
                                combatant.wounds)
        if isinstance(made, str):
            lacking.append(made)
        elif isinstance(made, PcFighter):
            fighters.append(made)
        else:
            foes.append(made)
    if lacking:
        raise ModelError("the forecast needs numbers these lack: " + "; ".join(lacking))
    return _checked(fighters, foes, max(0, encounter.round - 1))


def _template_numbers(template: NpcTemplate) -> NpcNumbers:
    kind = RatingType[template.body_type.value]
    return NpcNumbers(None if template.atk is None else int(template.atk.value),
                      None if template.def_ is None else int(template.def_.value),
                      body_points(template.dmg, kind), body_points(template.ar, kind),
                      body_points(template.vit, kind), kind)


def matchup_from_prepared(encounter: PreparedEncounter, pcs: Mapping[int, PlayerCharacter],
                          templates: Mapping[int, NpcTemplate]) -> Matchup:
    """A prepared encounter against the party as its sheets stand now (each PC with the
    wounds his sheet holds), every copy of each foe fresh from his template. A ModelError
    lists who lacks which numbers."""
    fighters: list[PcFighter] = []
    foes: list[NpcFighter] = []
    lacking: list[str] = []
    for sheet in sorted(pcs.values(), key=lambda pc: pc.name.casefold()):
        made = _pc_fighter(sheet, sheet.wounds, Status.ACTIVE, False, False)
        if isinstance(made, str):
            lacking.append(made)
        else:
            fighters.append(made)
    for foe in encounter.foes:
        template = templates.get(foe.template)
        if template is None:
            lacking.append(f"a foe whose template ({foe.template}) is gone from the roster")
            continue
        names = ([template.name] if foe.count == 1
                 else [f"{template.name} {n}" for n in range(1, foe.count + 1)])
        for name in names:
            made_npc = _npc_fighter(name, _template_numbers(template),
                                    None if template.nish is None else int(template.nish.value),
                                    0)
            if isinstance(made_npc, str):
                lacking.append(f"{template.name} ({made_npc.split('(', 1)[1]}")
                break
            foes.append(made_npc)
    if lacking:
        raise ModelError("the forecast needs numbers these lack: " + "; ".join(lacking))
    if not fighters:
        raise ModelError("no PCs in the roster to forecast against: 2, p adds one")
    if not foes:
        raise ModelError(f"{encounter.name} has no foes to forecast")
    return _checked(fighters, foes, 0)


def one_more(matchup: Matchup) -> Matchup:
    """The same fight with one foe more: a fresh copy of the last one listed."""
    last = matchup.npcs[-1]
    copy = NpcFighter(f"{last.name} (one more)", last.atk, last.def_, last.dmg, last.ar,
                      last.vit, last.nish, last.type, last.attacks)
    return matchup.with_one_more(copy)


# ----- the forecast a fight keeps from its first Nish ---------------------------------------


def kept(forecast: Forecast) -> KeptForecast:
    """What a fight keeps of a forecast: its shares, for the recap and the calibration."""
    return KeptForecast(dict(forecast.outcomes), forecast.undecided, forecast.runs,
                        forecast.seed)


def keep_forecast(encounter: Encounter, forecast: KeptForecast) -> Outcome:
    """The fight keeps ``forecast`` as the one it had at the start; a fight that keeps one
    already is left as it is (the first stays: it is the one the calibration weighs)."""
    if encounter.forecast is not None:
        return Outcome()
    likeliest = max(OUTCOMES, key=lambda row: forecast.outcomes[row])
    said = (f"Forecast kept for {encounter.name}: likeliest {LABELS[likeliest]} "
            f"({forecast.outcomes[likeliest]:.0%})")
    return Outcome.told(encounter.with_changes(forecast=forecast), notices=(said,))
