"""What a fight's game calls the parts of the tracker: its round, the number it begins by
calling, and one turn in a round. Only a Façade fight acts lowest first (its Initiative an
Action); the tracker's round is Façade's turn, and a turn one of its clicks. A fight keeps
its own words (``Encounter.words``): a campaign may change its system, and the fights
begun before keep theirs."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["FightWords", "fight_words"]


class FightWords(NamedTuple):
    round: str
    initiative: str
    turn: str


_METASCAPE = FightWords("round", "Nish", "turn")
_FACADE = FightWords("turn", "Initiative", "click")


def fight_words(lowest_first: bool) -> FightWords:
    return _FACADE if lowest_first else _METASCAPE
