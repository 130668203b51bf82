"""The dice systems the console serves (issue 18): MetaScape, and the seeds' Metalface,
Façade and d10 pool, each behind the same small interface (:class:`common.System`)."""

from __future__ import annotations

from console.rules.errors import RulesError
from console.rules.systems.common import Chart, Reading, System, Verdict
from console.rules.systems.d10pool import D10POOL
from console.rules.systems.facade import FACADE
from console.rules.systems.metalface import METALFACE
from console.rules.systems.metascape import METASCAPE

__all__ = ["DEFAULT", "SYSTEMS", "Chart", "Reading", "System", "Verdict", "system"]

SYSTEMS: dict[str, System] = {s.name: s for s in (METASCAPE, METALFACE, FACADE, D10POOL)}
DEFAULT = "metascape"


def system(name: str) -> System:
    found = SYSTEMS.get(name.strip().lower())
    if found is None:
        raise RulesError(f"{name!r}: the systems are {', '.join(SYSTEMS)}")
    return found
