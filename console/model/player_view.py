"""What the players may see of a fight: the privacy rules of the players' view, in one place.

The players' screen (a second monitor, a browser at the table) shows the round, the order
with the turn in progress and the one on deck, each PC's wounds, states and conditions,
the hazards running, by name and how long, and the turn timer. The rules, and the GM's
choices among them (:class:`~console.model.table_settings.PlayersSettings`, stored in the
campaign):

- a combatant the GM has hidden (``Combatant.hidden``) is left out altogether: his row, his
  hazards, the turn marks and the timer when only he is in the turn;
- an NPC shows one health word (:func:`health_word`) instead of his wounds and Vit; a PC
  shows his numbers, or (the GM's choice) a word too;
- an NPC is shown by name, or (the GM's choice) as "Foe 1", "Foe 2" until the GM names him
  to the table (``Combatant.named``); his number is given once (:func:`number_foes`);
- NPCs whose turn has not come this round are placed in the order, or (the GM's choice)
  listed apart in no order until they act, so the order tells nothing of their Nish;
- an NPC's conditions are kept, or (the GM's choice) shown;
- an NPC's stats (his recorded Nish among them), his states, the GM's notes on anyone, the
  encounter's name and the hazards' difficulties never appear;
- a removed combatant has left the fight and is not listed.

The boxed text of a prepared encounter (issue 29) shows once the GM reveals it
(``Encounter.read_aloud``, a copy of it made then): never before, and never the GM notes;
the views draw the picture whole.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from console.model.adventures import reflow
from console.model.characters import PlayerCharacter
from console.model.combat import wounds_and_vit
from console.model.encounters import Combatant, Encounter, Hold, Shock, Side, Status
from console.model.facade_fight import fighter, health_numbers
from console.model.facade_fight import health_word as facade_word
from console.model.fields import format_time
from console.model.fight_words import FightWords, fight_words
from console.model.hazards import for_players, hazards_of
from console.model.npcs import NpcTemplate
from console.model.table_settings import NpcNames, PcHealth, PlayersSettings, TurnTimer
from console.model.text import counted
from console.model.turns import END, current_turn, on_deck, pending, round_order
from console.records import record
from console.rules.critical_damage import critical_damage
from console.rules.initiative import RoundOrder

__all__ = ["HEALTH_WORDS", "LEGEND", "PlayerHazard", "PlayerPicture", "PlayerRow",
           "health_word", "labels_of", "number_foes", "player_picture", "shown_name"]

# Health, from fresh to out of the fight (a PC past his Vit: critical; a vehicle or ship:
# crippled, destroyed).
HEALTH_WORDS = ("unhurt", "hurt", "badly hurt", "critical", "down", "crippled", "destroyed")


def health_word(wounds: int, vit_max: int | None, status: Status) -> str:
    """unhurt: no wounds; hurt: wounds under half his Vit; badly hurt: half his Vit or more;
    down: unconscious or dead; critical: past his Vit and still up (a PC fights on with
    critical damage; an NPC the blow did not kill is one the GM kept up, and he still acts:
    "down" told the players he had fallen); a vessel crippled or destroyed says so. With no
    Vit recorded, any wound is "hurt": nothing says how far he is from down."""
    if status in (Status.CRIPPLED, Status.DESTROYED):
        return status.value
    if status in (Status.UNCONSCIOUS, Status.DEAD):
        return "down"
    if vit_max is not None and wounds > vit_max:
        return "critical"
    if wounds == 0:
        return "unhurt"
    if vit_max is not None and 2 * wounds >= vit_max:
        return "badly hurt"
    return "hurt"


@record
class PlayerRow:
    """One combatant as the players see him. ``mark``: "now" (his turn), "next" (on deck)
    or ""; ``health``: a PC's Vitality left ("13 of 20 Vit left", "0 of 20 Vit left,
    critical damage 2") or a health word, an NPC's health word."""

    name: str
    is_pc: bool
    mark: str
    acted: bool
    nish: int | None  # a PC's roll this round; never an NPC's (it is one of his stats)
    health: str
    states: tuple[str, ...]  # a PC's: held, unconscious, dead, shock
    conditions: tuple[str, ...]  # a PC's (an NPC's if the GM shows them), with their end

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "pc": self.is_pc, "mark": self.mark, "acted": self.acted,
                "nish": self.nish, "health": self.health, "states": list(self.states),
                "conditions": list(self.conditions)}


@record
class PlayerHazard:
    victim: str
    line: str  # the hazard and how long it has run (rules.hazards.*.for_players)


@record
class PlayerPicture:
    """The whole players' screen; equal pictures draw the same."""

    campaign: str
    session: int
    round: int  # 0: the fight has not begun (no call for Nish yet)
    fighting: bool  # a fight is running
    rows: tuple[PlayerRow, ...] = ()
    hazards: tuple[PlayerHazard, ...] = ()
    in_effect: tuple[str, ...] = ()  # conditions on the whole fight
    # NPCs still to act this round when the GM keeps their place (by name, in no order).
    unplaced: tuple[PlayerRow, ...] = ()
    # The turn timer: when the turn in progress began (None: off, no turn, or a turn only
    # hidden combatants are in), and the limit that turns it amber, then red.
    turn_since: datetime | None = None
    turn_limit: int | None = None
    read_aloud: str = ""  # the boxed text the GM has revealed ("" none)
    legend: tuple[str, ...] = ()  # what a PC's health in numbers means (LEGEND)
    # The game's words for the order's column, the round and one's turn in it: MetaScape's,
    # or Façade's (its Initiative, its turn, a click in it).
    labels: tuple[str, str, str] = ("Nish", "Round", "Turn")  # labels_of(MetaScape's)

    def to_dict(self) -> dict[str, Any]:
        """The picture as plain data, for a view in another program (a browser): the same
        fields, nothing more."""
        return {"campaign": self.campaign, "session": self.session, "round": self.round,
                "fighting": self.fighting, "rows": [row.to_dict() for row in self.rows],
                "unplaced": [row.to_dict() for row in self.unplaced],
                "hazards": [{"victim": h.victim, "line": h.line} for h in self.hazards],
                "in_effect": list(self.in_effect),
                "turn_since": None if self.turn_since is None else format_time(self.turn_since),
                "turn_limit": self.turn_limit, "read_aloud": self.read_aloud,
                "legend": list(self.legend),
                "labels": dict(zip(("order", "round", "turn"), self.labels, strict=True))}


def labels_of(words: FightWords) -> tuple[str, str, str]:
    """The view's headings in the fight's words: the order's column (four letters wide:
    "Nish", Façade's "Init"), the round, a turn in it (Façade's turn and click)."""
    return words.initiative[:4], words.round.capitalize(), words.turn.capitalize()


def _until(until_round: int | None, encounter: Encounter) -> str:
    """How long a condition lasts, in the fight's own word (a Façade fight's turns)."""
    return "" if until_round is None else f" (to {encounter.words.round} {until_round})"


def _pc_health(combatant: Combatant, sheet: PlayerCharacter | None, words: bool) -> str:
    wounds, vit = wounds_and_vit(combatant, sheet)
    if words:
        return health_word(wounds, vit, combatant.status)
    if vit is None:
        return counted(wounds, "wound") if wounds else ""
    # In the players' words: the Vitality left (not "0/16", read as none left when it
    # means no wounds), and critical damage named (LEGEND says what both mean).
    cd = critical_damage(wounds, vit)
    left = f"{max(vit - wounds, 0)} of {vit} Vit left"
    return left if cd is None else f"{left}, critical damage {cd}"


# Under a PC's health in numbers: what the words mean at the table (Rule Book: Vitality).
LEGEND = ("Vit left: Vitality before critical damage",
          "critical damage: wounds past Vitality; from 1 a check each round to stay up, "
          "from 10 to stay alive")


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


def number_foes(encounter: Encounter) -> Encounter:
    """Every NPC shown to the players has his foe number: one not yet numbered gets the
    next after the highest given, in the order they joined. Numbers are never given back
    nor changed, so revealing an ambusher or naming a foe renumbers no one, and a hidden
    NPC (never numbered) leaves no gap for the table to notice."""
    top = max((c.foe or 0 for c in encounter.combatants), default=0)
    numbered: list[Combatant] = []
    for combatant in encounter.combatants:
        if (combatant.side is Side.NPC and combatant.foe is None and not combatant.hidden
                and combatant.status is not Status.REMOVED):
            top += 1
            combatant = combatant.with_changes(foe=top)
        numbered.append(combatant)
    if all(a is b for a, b in zip(numbered, encounter.combatants, strict=True)):
        return encounter
    return encounter.with_changes(combatants=tuple(numbered))


def shown_name(combatant: Combatant, settings: PlayersSettings) -> str:
    """The name the players' view gives him (the GM's tracker says it beside his own)."""
    if (combatant.side is Side.NPC and settings.npc_names is NpcNames.FOES
            and not combatant.named):
        return f"Foe {combatant.foe}" if combatant.foe is not None else "Foe"
    return combatant.name


def _by_name(name: str) -> list[tuple[int, int | str]]:
    """Names in the order a person sorts them: "Foe 2" before "Foe 10"."""
    return [(0, int(part)) if part.isdecimal() else (1, part.casefold())
            for part in re.split(r"(\d+)", name) if part]


def _next_shown(encounter: Encounter, order: RoundOrder, shown: set[int]) -> str | None:
    """The turn on deck as the players may know it: the one ``next turn`` reaches after the
    turn in progress (model.turns.on_deck), passing over turns of combatants the players
    do not see placed (marking none would tell the table someone unseen acts next)."""
    if on_deck(encounter, order) is None:
        return None
    in_progress = current_turn(encounter, order)
    done = {*encounter.acted, *(in_progress.members if in_progress is not None else ())}
    return next((turn.key for turn in order.turns
                 if any(m in shown for m in pending(turn, tuple(done)))), None)


def _stand_in(encounter: Encounter, order: RoundOrder, placed: set[int],
              deck: str | None) -> tuple[str | None, str | None]:
    """The turn marks while only hidden combatants act, so the table learns nothing: the
    turn in progress stays with the last shown turn taken this round, as if it ran on; at
    the round's start, with none taken yet, it is the first shown turn to come, and the
    one after it is on deck. (turn in progress, on deck) as the players see them."""
    for key in reversed(encounter.acted):
        turn = order.turn_of(key)
        if turn is not None and any(m in placed for m in turn.members):
            return turn.key, deck
    if deck is None:
        return None, None
    taken = {m for t in order.turns if t.key == deck for m in t.members}
    done = (*encounter.acted, *taken, *(t for t in _current_members(encounter, order)))
    after = next((turn.key for turn in order.turns if turn.key != deck
                  and any(m in placed for m in pending(turn, done))), None)
    return deck, after


def _current_members(encounter: Encounter, order: RoundOrder) -> tuple[int, ...]:
    turn = current_turn(encounter, order)
    return () if turn is None else turn.members


def player_picture(campaign: str, session: int, encounter: Encounter | None,
                   pcs: Mapping[int, PlayerCharacter],
                   settings: PlayersSettings | None = None,
                   timer: TurnTimer | None = None, *,
                   facade: Mapping[int, NpcTemplate] | None = None) -> PlayerPicture:
    """The players' screen for ``encounter`` (None: no fight running), by the rules above
    and the GM's ``settings``; ``timer``: the turn timer's setting (off: no timer shown).
    ``facade``: a Façade campaign's NPC templates: health is then read from Façade's
    tracks (a PC's levels taken of each, "B 3/9 C 1/6 D 0/3", or a word; an NPC's word)."""
    settings = settings or PlayersSettings()
    timer = timer or TurnTimer()
    labels = labels_of(fight_words(facade is not None))
    if encounter is None or not encounter.active:
        return PlayerPicture(campaign, session, 0, False, labels=labels)
    if settings.npc_names is NpcNames.FOES:
        encounter = number_foes(encounter)  # those not numbered yet, as a save would
    shown = {c.id: c for c in encounter.combatants
             if not c.hidden and c.status is not Status.REMOVED}
    order = round_order(encounter)
    current = encounter.current
    acted = set(encounter.acted)
    in_progress = current_turn(encounter, order)
    acting = set(in_progress.members) if in_progress is not None else set()
    waiting_npcs = set() if settings.npcs_waiting else {
        key for key, c in shown.items()
        if c.side is Side.NPC and key not in acted and key not in acting
        and c.status not in (Status.UNCONSCIOUS, Status.DEAD, Status.CRIPPLED,
                             Status.DESTROYED)}
    placed = set(shown) - waiting_npcs
    deck = _next_shown(encounter, order, placed)
    now = current
    if current not in (None, END) and not acting & placed:
        # Only hidden combatants act now: the picture stays as a shown turn left it.
        now, deck = _stand_in(encounter, order, placed, deck)
    standing_in = set() if now == current else {
        m for t in order.turns if t.key == now for m in t.members}
    conditions: dict[int, list[str]] = {}
    for condition in encounter.conditions:
        if condition.target is not None:
            conditions.setdefault(condition.target, []).append(
                condition.name + _until(condition.until_round, encounter))
    words = settings.pc_health is PcHealth.WORDS

    def health(combatant: Combatant) -> str:
        if facade is not None:
            who = fighter(encounter, combatant.id, pcs, facade)
            return (health_numbers(who) if combatant.is_pc and not words
                    else facade_word(who))
        if not combatant.is_pc:
            return health_word(combatant.wounds, combatant.vit_max, combatant.status)
        sheet = pcs.get(combatant.ref) if combatant.ref is not None else None
        return _pc_health(combatant, sheet, words)

    def row(combatant: Combatant, mark: str) -> PlayerRow:
        name = shown_name(combatant, settings)
        # One standing in for a hidden turn shows as he did while his own turn ran.
        done = combatant.id in acted and combatant.id not in standing_in
        if not combatant.is_pc:
            kept = () if not settings.npc_conditions else tuple(
                conditions.get(combatant.id, ()))
            return PlayerRow(name, False, mark, done, None, health(combatant), (), kept)
        nish = None if combatant.shock is not Shock.NONE else combatant.nish
        return PlayerRow(name, True, mark, done, nish, health(combatant), _pc_states(combatant),
                         tuple(conditions.get(combatant.id, ())))

    rows: list[PlayerRow] = []
    for turn in order.turns:
        mark = "now" if turn.key == now else "next" if turn.key == deck else ""
        rows.extend(row(shown[m], mark) for m in turn.members if m in placed)
    rows.extend(row(shown[key], "") for key in (*order.waiting, *order.out) if key in placed)
    unplaced = tuple(sorted((row(shown[key], "") for key in waiting_npcs),
                            key=lambda r: _by_name(r.name)))
    hazards = tuple(PlayerHazard(shown_name(victim, settings), for_players(state))
                    for victim in shown.values()
                    for _, state in hazards_of(encounter, victim.id))
    in_effect = tuple(c.name + _until(c.until_round, encounter) for c in encounter.conditions
                      if c.target is None)
    since = None
    # The timer counts a hidden turn too (from its start), under the mark standing in:
    # one that stopped would tell the table.
    if (timer.on and encounter.round > 0 and current not in (None, END)
            and (acting & placed or now is not None)):
        since = encounter.turn_since
    # The legend reads MetaScape's Vitality; a Façade fight's tracks say their own levels.
    numbers = not words and facade is None and any(row.is_pc for row in (*rows, *unplaced))
    return PlayerPicture(campaign, session, encounter.round, True, tuple(rows), hazards,
                         in_effect, unplaced, since, timer.limit if since else None,
                         reflow(encounter.read_aloud), LEGEND if numbers else (), labels)
