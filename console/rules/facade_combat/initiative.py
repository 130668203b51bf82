"""Initiative in Dramatic Combat (seed 002, Step 1: Initiative).

"Everyone in the combat compares Action. If those with the same Action have reason to want
to get a better initiative, they should make an Active Contest of Action, with that
Initiative being striated by the results. Lowest Initiative goes first, then second lowest,
and so on. However, anyone with a better Initiative may interrupt the action of someone with
a lower Initiative if they still have an action."

Initiative is compared once for the combat ("Step 4: ... return to step 2"): each turn
after it keeps the same order. Equal contest rolls are the GM's to order ("roll dice or
play rock-paper-scissors").
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["striated"]


def striated(actions: Mapping[int, int], rolls: Mapping[int, int]) -> dict[int, int]:
    """The order inside each tie of Action (0 first), from the contest's rolls: the lowest
    roll goes first. Those without a roll keep their place after those with one, in the
    order given."""
    order: dict[int, int] = {}
    by_action: dict[int, list[int]] = {}
    for key, action in actions.items():
        by_action.setdefault(action, []).append(key)
    for keys in by_action.values():
        rolled = sorted((k for k in keys if k in rolls), key=lambda k: rolls[k])
        rest = [k for k in keys if k not in rolls]
        for position, key in enumerate(rolled + rest):
            order[key] = position
    return order
