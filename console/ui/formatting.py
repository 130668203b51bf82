"""How numbers read on screen, shared by the panes."""

from __future__ import annotations

from fractions import Fraction

from console.model.stats import Stat
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType

__all__ = ["chance_note", "percent", "sparkline", "stat_text", "typed_stat_text"]


def percent(chance: Fraction) -> str:
    value = float(chance) * 100
    return "<0.1%" if 0 < value < 0.1 else f"{value:.1f}%"


def chance_note(rating: Rating, difficulty: int) -> str:
    """" [8M: 45.9%]": the player's exact chance, for beside a check's label."""
    return f" [{rating}: {percent(chance_at_least(rating, difficulty))}]"


def stat_text(stat: Stat | None) -> str:
    """A stat both ways when typed as a rating (8M=16); a value as it is (15)."""
    if stat is None:
        return ""
    if stat.rating is None:
        return stat.text
    value = stat.value
    shown = int(value) if value.denominator == 1 else float(value)
    return f"{stat.canonical}={shown}"


def typed_stat_text(stat: Stat | None, body: RatingType) -> str:
    """A stat in points of ``body``'s type, with the type: on a vehicle ``20 V (10MV)`` for
    10MV, ``20 V`` for a plain 20 (Table 12: a vessel's Dmg, AR and Vit count in its own
    type); on a Personal body as :func:`stat_text` (8M=16)."""
    if stat is None:
        return ""
    if body is RatingType.P:
        return stat_text(stat)
    points = stat.points(body)
    shown = int(points) if points.denominator == 1 else float(points)
    if stat.rating is None:
        return f"{shown} {body.name}"
    rating = stat.rating if stat.explicit_type else Rating(stat.rating.die,
                                                           stat.rating.category, body)
    return f"{shown} {body.name} ({rating.format()})"


_BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[int]) -> str:
    """A one-line chart of ``values`` (AP Total per session), lowest to highest bar."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return _BARS[len(_BARS) // 2] * len(values)
    top = len(_BARS) - 1
    return "".join(_BARS[round((v - low) * top / (high - low))] for v in values)
