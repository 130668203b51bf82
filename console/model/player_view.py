"""What the players may see of a fight: the privacy rules of the players' view, in one place.

The players' screen (a second monitor, a browser at the table) shows the round, the order
with the turn in progress and the one on deck, each PC's wounds, states and conditions,
and the hazards running, by name and how long. The rules, set by the GM in his console and
stored in the campaign:

- a combatant the GM has hidden (``Combatant.hidden``) is left out altogether: his row, his
  hazards, and the turn marks when only he is in the turn;
- an NPC shows one health word (:func:`health_word`) instead of his wounds and Vit;
- an NPC's stats (his recorded Nish among them), his states and conditions, the GM's notes
  on anyone, the encounter's name and the hazards' difficulties never appear;
- a removed combatant has left the fight and is not listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from console.model.characters import PlayerCharacter
from console.model.combat import wounds_and_vit
from console.model.encounters import Combatant, Encounter, Hold, Shock, Status
from console.model.hazards import for_players, hazards_of
from console.model.turns import current_turn, on_deck, pending, round_order
from console.rules.critical_damage import critical_damage
from console.rules.initiative import RoundOrder

__all__ = ["HEALTH_WORDS", "PlayerHazard", "PlayerPicture", "PlayerRow", "health_word",
           "player_picture"]

# An NPC's health, from fresh to out of the fight (a vehicle or ship: crippled, destroyed).
HEALTH_WORDS = ("unhurt", "hurt", "badly hurt", "down", "crippled", "destroyed")


def health_word(wounds: int, vit_max: int | None, status: Status) -> str:
    """unhurt: no wounds; hurt: wounds under half his Vit; badly hurt: half his Vit or more;
    down: unconscious, dead, or wounds past his Vit (critical damage, which kills an NPC
    unless the GM keeps him up); a vessel crippled or destroyed says so. With no Vit
    recorded, any wound is "hurt": nothing says how far he is from down."""
    if status in (Status.CRIPPLED, Status.DESTROYED):
        return status.value
    if status in (Status.UNCONSCIOUS, Status.DEAD) or (
            vit_max is not None and wounds > vit_max):
        return "down"
    if wounds == 0:
        return "unhurt"
    if vit_max is not None and 2 * wounds >= vit_max:
        return "badly hurt"
    return "hurt"


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One combatant as the players see him. ``mark``: "now" (his turn), "next" (on deck)
    or ""; ``health``: a PC's wounds and Vit ("7/20", "22/20 CD 2"), an NPC's health word."""

    name: str
    is_pc: bool
    mark: str
    acted: bool
    nish: int | None  # a PC's roll this round; never an NPC's (it is one of his stats)
    health: str
    states: tuple[str, ...]  # a PC's: held, unconscious, dead, shock
    conditions: tuple[str, ...]  # a PC's, each with the round it lasts through


@dataclass(frozen=True, slots=True)
class PlayerHazard:
    victim: str
    line: str  # the hazard and how long it has run (rules.hazards.*.for_players)


@dataclass(frozen=True, slots=True)
class PlayerPicture:
    """The whole players' screen; equal pictures draw the same."""

    campaign: str
    session: int
    round: int  # 0: the fight has not begun (no call for Nish yet)
    fighting: bool  # a fight is running
    rows: tuple[PlayerRow, ...] = ()
    hazards: tuple[PlayerHazard, ...] = ()
    in_effect: tuple[str, ...] = ()  # conditions on the whole fight


def _until(until_round: int | None) -> str:
    return "" if until_round is None else f" (to round {until_round})"


def _pc_health(combatant: Combatant, sheet: PlayerCharacter | None) -> str:
    wounds, vit = wounds_and_vit(combatant, sheet)
    if vit is None:
        return f"{wounds} wounds" if wounds else ""
    cd = critical_damage(wounds, vit)
    return f"{wounds}/{vit}" + ("" if cd is None else f" CD {cd}")


def _pc_states(combatant: Combatant) -> tuple[str, ...]:
    states: list[str] = []
    if combatant.hold is not Hold.NONE:
        states.append("held" if combatant.hold is Hold.ALL else "held (part)")
    elif combatant.status in (Status.UNCONSCIOUS, Status.DEAD, Status.CRIPPLED,
                              Status.DESTROYED):
        states.append(combatant.status.value)
    if combatant.shock is Shock.FAILED:
        states.append("shock: Nish 0")
    elif combatant.shock is Shock.CRITICAL:
        states.append("shock: no Nish")
    return tuple(states)


def _next_shown(encounter: Encounter, order: RoundOrder, shown: set[int]) -> str | None:
    """The turn on deck as the players may know it: the one ``next turn`` reaches after the
    turn in progress (model.turns.on_deck), passing over turns of hidden combatants only
    (marking none would tell the table someone unseen acts next)."""
    if on_deck(encounter, order) is None:
        return None
    in_progress = current_turn(encounter, order)
    done = {*encounter.acted, *(in_progress.members if in_progress is not None else ())}
    return next((turn.key for turn in order.turns
                 if any(m in shown for m in pending(turn, tuple(done)))), None)


def player_picture(campaign: str, session: int, encounter: Encounter | None,
                   pcs: Mapping[int, PlayerCharacter]) -> PlayerPicture:
    """The players' screen for ``encounter`` (None: no fight running), by the rules above."""
    if encounter is None or not encounter.active:
        return PlayerPicture(campaign, session, 0, False)
    shown = {c.id: c for c in encounter.combatants
             if not c.hidden and c.status is not Status.REMOVED}
    order = round_order(encounter)
    current = encounter.current
    acted = set(encounter.acted)
    deck = _next_shown(encounter, order, set(shown))
    conditions: dict[int, list[str]] = {}
    for condition in encounter.conditions:
        if condition.target is not None:
            conditions.setdefault(condition.target, []).append(
                condition.name + _until(condition.until_round))

    def row(combatant: Combatant, mark: str) -> PlayerRow:
        if not combatant.is_pc:
            return PlayerRow(combatant.name, False, mark, combatant.id in acted, None,
                             health_word(combatant.wounds, combatant.vit_max,
                                         combatant.status), (), ())
        sheet = pcs.get(combatant.ref) if combatant.ref is not None else None
        nish = None if combatant.shock is not Shock.NONE else combatant.nish
        return PlayerRow(combatant.name, True, mark, combatant.id in acted, nish,
                         _pc_health(combatant, sheet), _pc_states(combatant),
                         tuple(conditions.get(combatant.id, ())))

    rows: list[PlayerRow] = []
    for turn in order.turns:
        mark = "now" if turn.key == current else "next" if turn.key == deck else ""
        rows.extend(row(shown[m], mark) for m in turn.members if m in shown)
    rows.extend(row(shown[key], "") for key in (*order.waiting, *order.out) if key in shown)
    hazards = tuple(PlayerHazard(victim.name, for_players(state))
                    for victim in shown.values()
                    for _, state in hazards_of(encounter, victim.id))
    in_effect = tuple(c.name + _until(c.until_round) for c in encounter.conditions
                      if c.target is None)
    return PlayerPicture(campaign, session, encounter.round, True, tuple(rows), hazards,
                         in_effect)
