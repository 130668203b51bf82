"""The points awarder's small forms (Metalface, Façade, the d10 pool): each field's parser
says what is wrong, with the book's range."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from console.model import PlayerCharacter
from console.rules.limits import SIX, Range
from console.rules.systems.points import POOL_SIZE, AwardRule, PointsRules, Pool, Trade
from console.ui.awards.pc_names import complete_pc, pick_pc, pick_pcs
from console.ui.dialogs.form_dialog import Field, whole_number

__all__ = [
    "award_fields",
    "mission_fields",
    "pool_size_fields",
    "pool_use_fields",
    "trade_fields",
]


# What one trade may buy: far more than a campaign's points, far less than a typo.
BOUGHT = Range(1, 2_000, "bought at once")


def _pc(pcs: Sequence[PlayerCharacter], pc: PlayerCharacter | None) -> Field:
    return Field("pc", "PC", lambda text: pick_pc(text, pcs), value=pc.name if pc else "",
                 complete=complete_pc(pcs))


def award_fields(rules: PointsRules, rule: AwardRule, pcs: Sequence[PlayerCharacter],
                 pc: PlayerCharacter | None) -> list[Field]:
    """PC, the number the award is typed in, and why. Successful actions start at 1: the
    common case is two keys (the award's key, enter)."""
    if rule.per:
        label = f"{rule.label.capitalize()} ({rule.each} {rules.unit} each)"
        count = Field("typed", label, whole_number(rule.label, rule.typed), value="1")
    else:
        low, high = rule.typed.low, rule.typed.high
        count = Field("typed", f"{rules.unit} ({low}-{high})",
                      whole_number(rules.unit, rule.typed))
    return [_pc(pcs, pc), count, Field("reason", "Reason", str, placeholder="what the PC did")]


def _wanted(rules: PointsRules, trades: Sequence[Trade]) -> Callable[[str], Trade]:
    def parse(text: str) -> Trade:
        wanted = text.strip().casefold()
        for trade in trades:
            if wanted in (trade.key, trade.label.casefold(), trade.name.casefold()):
                return trade
        # "skill", "val": a beginning that names one of them
        begun = [t for t in trades if wanted and t.name.casefold().startswith(wanted)]
        if len(begun) == 1:
            return begun[0]
        known = ", ".join(t.label for t in trades)
        raise ValueError(f"{rules.unit} buy {known}, not {text.strip() or 'nothing'}")

    return parse


def trade_fields(rules: PointsRules) -> list[Field]:
    rates = ", ".join(t.rate(rules.unit) for t in rules.trades)
    return [
        Field("trade", f"On ({rates})", _wanted(rules, rules.trades),
              value=rules.trades[0].label),
        Field("wanted", "How many", whole_number("how many", BOUGHT)),
    ]


def mission_fields(pcs: Sequence[PlayerCharacter]) -> list[Field]:
    def parse(text: str) -> list[PlayerCharacter]:
        chosen = pick_pcs(text, pcs)
        if not chosen:
            raise ValueError("who completes the mission? Names, or all")
        return chosen

    return [Field("pcs", "Who completes it (names, or all)", parse, value="all")]


def pool_size_fields(rules: PointsRules, pc: PlayerCharacter) -> list[Field]:
    return [Field(pool.key, f"{pool.label} (the PC's value: uses a mission)",
                  whole_number(pool.label, POOL_SIZE), value=str(pc.points.pools.get(pool.key, 0)))
            for pool in rules.pools]


def pool_use_fields(pool: Pool, pcs: Sequence[PlayerCharacter],
                    pc: PlayerCharacter | None) -> list[Field]:
    if pool.bonus is not None:
        return [_pc(pcs, pc),
                Field("skill", "Skill put on faith", str, placeholder="Pilot"),
                Field("face", "The player's d6", whole_number("the d6", SIX))]
    return [_pc(pcs, pc), Field("skill", "Which roll is rerolled", str,
                                placeholder="the fall")]
