"""Initiative, "Nish" (Rule Book: Initiative, Encounter Meeting, Duration).

The GM calls for Nish; PCs roll, NPCs use their recorded values; play goes highest first.
This module turns the round's numbers into an acting order for the three modes:

- individual: everyone on his own number; equal numbers are a tie and act at once, in the
  order the GM set inside the tie;
- wave: PCs above the NPCs act together, then every NPC as one wave at the NPCs' average,
  then the PCs below; a PC on exactly the average acts at once with the wave;
- group: the whole party on the group leader's roll, the NPCs as one wave at their average.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from console.records import record
from console.rules.errors import RulesError

__all__ = [
    "OUT_OF_ACTION",
    "Entrant",
    "InitiativeMode",
    "LeaderCandidate",
    "LeaderChoice",
    "RoundOrder",
    "Shock",
    "Side",
    "Status",
    "Turn",
    "choose_group_leader",
    "condition_end_round",
    "effective_nish",
    "order_round",
    "rounds_left",
]


class InitiativeMode(StrEnum):
    INDIVIDUAL = "individual"
    WAVE = "wave"
    GROUP = "group"


class Side(StrEnum):
    PC = "pc"
    NPC = "npc"


class Status(StrEnum):
    """Where a combatant stands. Unconscious characters stay in the order: they still roll
    Nish, to wake up. (Saved Initiative is not a status: an active combatant holds.) A
    vehicle or ship never dies (Rule Book, Vehicle Combat): at critical damage an NPC's is
    crippled or destroyed, as the GM rules; neither acts again."""

    ACTIVE = "active"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"
    REMOVED = "removed"
    CRIPPLED = "crippled"
    DESTROYED = "destroyed"


# Still in the fight but never acting again: shown apart from the round's order.
OUT_OF_ACTION = frozenset({Status.DEAD, Status.CRIPPLED, Status.DESTROYED})


class Shock(StrEnum):
    """A shock check at the start of an encounter, for the round it applies to."""

    NONE = "none"
    FAILED = "failed"  # exactly like rolling 0 for Nish
    CRITICAL = "critical"  # paralysed: no Nish at all this round


# A dataclass of its own, not a record: each key hashes and compares every entrant of the
# fight (the order's cache in model/turns.py is keyed by them all), and the methods a
# dataclass compiles read the fields in half the time of a record's shared ones.
@dataclass(frozen=True, slots=True)
class Entrant:
    """One combatant as initiative sees it."""

    key: int
    name: str
    side: Side
    nish: int | None  # this round's roll (PC) or recorded value (NPC); None: not called yet
    status: Status = Status.ACTIVE
    shock: Shock = Shock.NONE
    tie_order: int = 0  # the GM's order inside a tie, smaller first
    acts: bool = True  # False: the party's vessel, which only moves when a PC acts


def effective_nish(entrant: Entrant) -> int | None:
    """The number the entrant acts on this round, after shock; None: no Nish this round."""
    if entrant.shock is Shock.CRITICAL:
        return None
    if entrant.shock is Shock.FAILED:
        return 0
    return entrant.nish


@record
class Turn:
    """One place in the round's order. ``members`` act at once, listed in acting order."""

    key: str  # stable across re-ordering: "c12" for one combatant, "wave", "above", ...
    label: str
    nish: Fraction
    members: tuple[int, ...]
    tie: int | None = None  # turns sharing a tie number have the same Nish: they act at once


@record
class RoundOrder:
    turns: tuple[Turn, ...]
    waiting: tuple[int, ...]  # in the fight but without a Nish this round (not called, shocked)
    out: tuple[int, ...]  # dead, crippled or destroyed: shown apart, never act

    def position(self, turn_key: str | None) -> int | None:
        """Index of the turn with this key, or None."""
        for index, turn in enumerate(self.turns):
            if turn.key == turn_key:
                return index
        return None

    def turn_of(self, combatant: int) -> Turn | None:
        """The turn in which ``combatant`` acts this round, if any."""
        for turn in self.turns:
            if combatant in turn.members:
                return turn
        return None


def _by_nish(entrants: Iterable[Entrant]) -> list[Entrant]:
    # Highest first; inside a tie the GM's order, then the order they joined the fight.
    return sorted(entrants, key=lambda e: (-(effective_nish(e) or 0), e.tie_order, e.key))


def _mark_ties(turns: list[Turn]) -> tuple[Turn, ...]:
    marked: list[Turn] = []
    tie_number = 0
    for index, turn in enumerate(turns):
        same_before = index > 0 and turns[index - 1].nish == turn.nish
        same_after = index + 1 < len(turns) and turns[index + 1].nish == turn.nish
        if same_after and not same_before:
            tie_number += 1
        tie = tie_number if same_before or same_after else None
        marked.append(Turn(turn.key, turn.label, turn.nish, turn.members, tie))
    return tuple(marked)


def _wave_turn(key: str, label: str, nish: Fraction, *groups: Sequence[Entrant]) -> Turn:
    """One turn for several: each group in Nish order, the groups one after the other; an
    unconscious member only rolls to wake up, so the conscious ones lead the wave."""
    ordered = [e for group in groups for e in _by_nish(group)]
    ordered.sort(key=lambda e: e.status is Status.UNCONSCIOUS)  # stable
    return Turn(key, label, nish, tuple(e.key for e in ordered))


def _top(entrants: Sequence[Entrant]) -> Fraction:
    """The Nish a group of PCs acts on: its highest conscious member's (else its highest)."""
    awake = [e for e in entrants if e.status is not Status.UNCONSCIOUS] or entrants
    return Fraction(max(effective_nish(e) or 0 for e in awake))


def _average(entrants: Sequence[Entrant]) -> Fraction:
    return Fraction(sum(effective_nish(e) or 0 for e in entrants), len(entrants))


def order_round(
    entrants: Iterable[Entrant],
    mode: InitiativeMode,
    *,
    party_nish: int | None = None,
    lowest_first: bool = False,
) -> RoundOrder:
    """The acting order of one round. ``party_nish`` is the group leader's roll (group mode).
    ``lowest_first``: the lowest number acts first (Façade: lowest Action declares first, and
    a higher one may interrupt); a tie keeps the GM's order inside it."""
    highest_first = _order_highest_first(entrants, mode, party_nish)
    if not lowest_first:
        return highest_first
    turns = sorted(highest_first.turns, key=lambda turn: turn.nish)  # stable: ties keep order
    return RoundOrder(_mark_ties(turns), highest_first.waiting, highest_first.out)


def _order_highest_first(entrants: Iterable[Entrant], mode: InitiativeMode,
                         party_nish: int | None) -> RoundOrder:
    present = [e for e in entrants if e.status is not Status.REMOVED]
    out = tuple(e.key for e in present if e.status in OUT_OF_ACTION)
    fighting = [e for e in present if e.status not in OUT_OF_ACTION]
    # The party's vessel has no Initiative of its own: it waits, whatever the mode.
    inert = tuple(e.key for e in fighting if not e.acts)
    fighting = [e for e in fighting if e.acts]
    if mode is InitiativeMode.GROUP:
        grouped = _order_group(fighting, party_nish, out)
        return RoundOrder(grouped.turns, grouped.waiting + inert, out)

    acting = [e for e in fighting if effective_nish(e) is not None]
    waiting = tuple(e.key for e in fighting if effective_nish(e) is None) + inert
    npcs = [e for e in acting if e.side is Side.NPC]
    if mode is InitiativeMode.INDIVIDUAL or not npcs:
        turns = [
            Turn(f"c{e.key}", e.name, Fraction(effective_nish(e) or 0), (e.key,))
            for e in _by_nish(acting)
        ]
        return RoundOrder(_mark_ties(turns), waiting, out)

    average = _average(npcs)
    pcs = [e for e in acting if e.side is Side.PC]
    above = [e for e in pcs if (effective_nish(e) or 0) > average]
    level = [e for e in pcs if (effective_nish(e) or 0) == average]
    below = [e for e in pcs if (effective_nish(e) or 0) < average]
    turns = []
    if above:
        turns.append(_wave_turn("above", "PCs above the wave", _top(above), above))
    label = "NPC wave" + (" (with PCs on the same number)" if level else "")
    turns.append(_wave_turn("wave", label, average, level, npcs))
    if below:
        turns.append(_wave_turn("below", "PCs below the wave", _top(below), below))
    return RoundOrder(tuple(turns), waiting, out)


def _order_group(
    fighting: list[Entrant], party_nish: int | None, out: tuple[int, ...]
) -> RoundOrder:
    pcs = [e for e in fighting if e.side is Side.PC]
    npcs = [e for e in fighting if e.side is Side.NPC and effective_nish(e) is not None]
    waiting = [e.key for e in fighting if e.side is Side.NPC and effective_nish(e) is None]
    turns: list[Turn] = []
    if pcs and party_nish is None:
        waiting = [e.key for e in pcs] + waiting
    elif pcs and party_nish is not None:
        # Shock still takes a PC out of the party's turn: he has no Nish of his own.
        party = [e for e in pcs if e.shock is not Shock.CRITICAL]
        waiting = [e.key for e in pcs if e.shock is Shock.CRITICAL] + waiting
        if party:
            members = tuple(e.key for e in sorted(party, key=lambda e: (
                e.status is Status.UNCONSCIOUS, e.tie_order, e.key)))
            turns.append(Turn("party", "The party", Fraction(party_nish), members))
    if npcs:
        turns.append(_wave_turn("wave", "NPC wave", _average(npcs), npcs))
    # Highest first; on a tie the party is listed first but both act at once.
    turns.sort(key=lambda t: -t.nish)
    return RoundOrder(_mark_ties(turns), tuple(waiting), out)


# ----- the group leader ---------------------------------------------------------------------


@record
class LeaderCandidate:
    key: int
    name: str
    ship_captain: bool = False
    character_rank: int = 0
    charisma: Fraction | None = None  # value of the Charisma rating, if the sheet has one
    willpower: Fraction | None = None  # value of WP
    player_rank: int = 0


@record
class LeaderChoice:
    key: int
    reason: str
    tie_rolls: tuple[tuple[int, int], ...] = ()  # (candidate key, d10) for each roll-off


_LEADER_TESTS: tuple[tuple[str, Callable[[LeaderCandidate], object]], ...] = (
    ("ship captain", lambda c: c.ship_captain),
    ("highest character rank", lambda c: c.character_rank),
    ("most Charisma", lambda c: c.charisma if c.charisma is not None else -1),
    ("highest WP", lambda c: c.willpower if c.willpower is not None else -1),
    ("highest player rank", lambda c: c.player_rank),
)


def choose_group_leader(candidates: Sequence[LeaderCandidate], rng: random.Random) -> LeaderChoice:
    """The first character to stand alone on: ship captain, character rank, Charisma, WP,
    player rank; a d10 roll-off (rolled again on a tie) settles the rest."""
    if not candidates:
        raise RulesError("group Initiative needs at least one character to lead")
    if len(candidates) == 1:
        return LeaderChoice(candidates[0].key, "the only character")
    remaining = list(candidates)
    for reason, measure in _LEADER_TESTS:
        best = max(measure(c) for c in remaining)  # type: ignore[type-var]
        remaining = [c for c in remaining if measure(c) == best]
        if len(remaining) == 1:
            return LeaderChoice(remaining[0].key, reason)
    rolls: list[tuple[int, int]] = []
    while len(remaining) > 1:
        faces = [(c, rng.randint(1, 10)) for c in remaining]
        rolls.extend((c.key, face) for c, face in faces)
        top = max(face for _, face in faces)
        remaining = [c for c, face in faces if face == top]
    return LeaderChoice(remaining[0].key, "a d10 roll-off", tuple(rolls))


# ----- durations ----------------------------------------------------------------------------


def condition_end_round(current_round: int, rounds: int) -> int:
    """The last round an effect lasting ``rounds`` rounds, begun in ``current_round``, is on.

    "One round" lasts until the end of the *next* round, so it is ``current_round + rounds``.
    Begun before Nish is first called (round 0), one round covers round 1.
    """
    if rounds < 1:
        raise RulesError(f"a duration is 1 round or more, not {rounds}")
    if current_round < 0:
        raise RulesError(f"round must be 0 or more, not {current_round}")
    return current_round + rounds


def rounds_left(end_round: int, current_round: int) -> int:
    """Rounds still to be completed, this one included (0: it has already ended)."""
    return max(0, end_round - current_round + 1)
