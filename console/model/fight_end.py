"""What a fight keeps of its forecast and its end, for the recap and the calibration.

- :class:`KeptForecast`: the shares of Table 18's rows the forecast gave when the fight's
  first Nish was called (run in the background: ``console.service.forecast``);
- :class:`Ending`: how the GM says it ended (won, fled, other: a parley, an escape, a
  scene cut) and the Table 18 row that end reaches, read by the forecast's own reading
  (``console.model.fight_facts.ending_of``), with the facts that row was read from.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from console.model.errors import ModelError
from console.model.fields import check_keys, need_choice, need_int, need_list, need_mapping
from console.records import record
from console.rules.forecast import OUTCOMES, UNDECIDED

__all__ = ["ENDING_ROWS", "EndHow", "Ending", "KeptForecast"]

# What an end may read as: a Table 18 row, party_down, or undecided (module docstring of
# console.rules.forecast.outcome).
ENDING_ROWS = (*OUTCOMES, UNDECIDED)


class EndHow(StrEnum):
    WON = "won"
    FLED = "fled"
    OTHER = "other"  # a parley, an escape, a scene cut


def _share(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or not 0 <= value <= 1:
        raise ModelError(f"{what}: a share from 0 to 1, not {value!r}")
    return float(value)


@record
class KeptForecast:
    """Each outcome's share of the forecast's runs (``OUTCOMES`` order) and the share left
    undecided; ``runs`` and ``seed`` say which forecast it was."""

    outcomes: Mapping[str, float]
    undecided: float
    runs: int
    seed: int = 0

    def __post_init__(self) -> None:
        raw = need_mapping(self.outcomes, "forecast outcomes")
        check_keys(raw, "forecast outcomes", set(OUTCOMES), set(OUTCOMES))
        object.__setattr__(self, "outcomes", {row: _share(raw[row], f"forecast {row}")
                                              for row in OUTCOMES})
        object.__setattr__(self, "undecided", _share(self.undecided, "forecast undecided"))
        need_int(self.runs, "forecast runs", minimum=1)
        need_int(self.seed, "forecast seed", minimum=0)

    def share(self, row: str) -> float:
        """The share the forecast gave ``row`` (an outcome or undecided)."""
        return self.undecided if row == UNDECIDED else self.outcomes.get(row, 0.0)

    def to_dict(self) -> dict[str, Any]:
        # Four decimals: what the screen shows, and a fight's document stays small.
        return {"outcomes": {row: round(self.outcomes[row], 4) for row in OUTCOMES},
                "undecided": round(self.undecided, 4), "runs": self.runs, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: object) -> KeptForecast:
        raw = need_mapping(data, "forecast")
        check_keys(raw, "forecast", {"outcomes", "undecided", "runs", "seed"},
                   {"outcomes", "undecided", "runs"})
        return cls(dict(need_mapping(raw["outcomes"], "forecast outcomes")), raw["undecided"],
                   raw["runs"], raw.get("seed", 0))


@record
class Ending:
    """How a fight ended and the row it reached. ``row`` None: no PC fought in it, so no
    row of the table applies. The facts it was read from: ``worst`` the most wounded PC's
    wounds as a share of his Vit at the end, ``critical`` whether a PC had critical damage
    at some point, ``down`` the PCs (combatant ids) who went down at some point, ``dead``
    those dead at the end, ``rounds`` the rounds fought."""

    how: EndHow
    row: str | None
    worst: float = 0.0
    critical: bool = False
    down: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    rounds: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "how", need_choice(self.how, EndHow, "fight end"))
        if self.row is not None and self.row not in ENDING_ROWS:
            raise ModelError(f"fight end row: one of {', '.join(ENDING_ROWS)}, not "
                             f"{self.row!r}")
        if isinstance(self.worst, bool) or not isinstance(self.worst, int | float) \
                or not math.isfinite(self.worst) or self.worst < 0:
            raise ModelError(f"fight end worst wounds: a share, 0 or more, not {self.worst!r}")
        object.__setattr__(self, "worst", float(self.worst))
        if not isinstance(self.critical, bool):
            raise ModelError("fight end critical: must be true or false")
        for name in ("down", "dead"):
            ids = tuple(need_int(i, f"fight end {name}", minimum=1)
                        for i in need_list(getattr(self, name), f"fight end {name}"))
            object.__setattr__(self, name, ids)
        need_int(self.rounds, "fight end rounds", minimum=0)

    def to_dict(self) -> dict[str, Any]:
        return {"how": self.how.value, "row": self.row, "worst": round(self.worst, 4),
                "critical": self.critical, "down": list(self.down), "dead": list(self.dead),
                "rounds": self.rounds}

    @classmethod
    def from_dict(cls, data: object) -> Ending:
        raw = need_mapping(data, "fight end")
        keys = {"how", "row", "worst", "critical", "down", "dead", "rounds"}
        check_keys(raw, "fight end", keys, {"how", "row"})
        return cls(raw["how"], raw["row"], raw.get("worst", 0.0), raw.get("critical", False),
                   tuple(need_list(raw.get("down", []), "fight end down")),
                   tuple(need_list(raw.get("dead", []), "fight end dead")),
                   raw.get("rounds", 0))
