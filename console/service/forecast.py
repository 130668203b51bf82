"""The encounter forecast on the campaign's running fight (issue 17): the matchup read from
the fight as it stands, the forecast itself, and the "what if" with one foe fewer or more.
And on prepared encounters (issue 29): each against the party as its sheets stand now, with
what-ifs (a foe's count or values changed, nothing saved), and an adventure's mix of Table
18's rows. Nothing is saved: a forecast only reads, and the forecasts themselves read
nothing (take the matchups first), so a worker thread may run them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from console.model.adventures import PreparedEncounter
from console.model.errors import ModelError
from console.model.fight_end import KeptForecast
from console.model.forecast import (
    keep_forecast,
    kept,
    matchup_from_encounter,
    matchup_from_prepared,
    one_more,
)
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.records import record
from console.rules.errors import RulesError
from console.rules.forecast import RUNS, Forecast, Matchup, Mix, forecast, mix, runs_for
from console.rules.systems import system
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["AdventureForecast", "ForecastCommands", "Prepared", "WhatIf"]


@record
class WhatIf:
    """This fight's forecast, and the same with one foe fewer (None: he is the only one)
    and one more (a fresh copy of the last foe listed)."""

    now: Forecast
    fewer: Forecast | None
    more: Forecast


@record
class Prepared:
    """A prepared encounter ready to forecast: its matchup, or why there is none (no foes,
    numbers lacking)."""

    adventure: int
    encounter: int
    name: str
    matchup: Matchup | None
    why_not: str = ""


@record
class AdventureForecast:
    """Each prepared encounter's forecast (None where it has no matchup), and their mix."""

    forecasts: tuple[tuple[Prepared, Forecast | None], ...]
    mix: Mix | None


class ForecastCommands:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    def matchup(self) -> Matchup:
        core = self._core
        played = system(core.campaign().system)
        if played.name != "metascape":
            # Table 18 and the simulation are MetaScape's (Atk, Def, Dmg, AR, Vit, Nish);
            # a Façade fight's blows by location and Limit Pools are not simulated.
            raise ActionRefused("the forecast plays MetaScape's fights by its Table 18: this "
                                f"campaign plays {played.title}, "
                                "whose fights it does not simulate (forecast a prepared "
                                "MetaScape fight with gm-console forecast --spec)")
        encounter = core.running()
        try:
            return matchup_from_encounter(encounter, core.pcs(), core.npcs())
        except (ModelError, RulesError) as error:
            raise ActionRefused(str(error)) from None

    def run(self, runs: int = 10_000, seed: int = 0,
            progress: Callable[[int], None] | None = None) -> Forecast:
        return self._core.guard(lambda: forecast(self.matchup(), runs, seed, progress))

    # ----- the forecast a fight keeps from its first Nish -------------------------------

    def at_first_nish(self) -> tuple[int, Matchup] | None:
        """The running fight and its matchup when its first Nish has been called and it
        keeps no forecast yet (None otherwise, or when someone lacks the numbers: that
        fight keeps none). Only reads; :meth:`starting` then runs in a worker thread."""
        core = self._core
        encounter = core.encounter()
        if (core.read_only or encounter is None or encounter.round != 1
                or encounter.forecast is not None
                or system(core.campaign().system).name != "metascape"):
            return None  # a Façade fight is not simulated (matchup above): it keeps none
        try:
            return encounter.id, matchup_from_encounter(encounter, core.pcs(), core.npcs())
        except (ModelError, RulesError):
            return None

    START_RUNS = RUNS  # the forecast kept at the first Nish: fewer for a big fight

    @classmethod
    def starting(cls, matchup: Matchup, seed: int = 0) -> KeptForecast:
        """The forecast a fight keeps: as many runs as its size allows (``runs_for``).
        Reads nothing from the campaign: a worker thread runs it."""
        try:
            return kept(forecast(matchup, runs_for(matchup, cls.START_RUNS), seed))
        except (ModelError, RulesError) as error:
            raise ActionRefused(str(error)) from None

    def keep(self, fight: int, forecast: KeptForecast) -> Outcome:
        """Fight ``fight`` of this session keeps ``forecast`` (logged, and undoable like
        any action); nothing when it keeps one already or is gone (undone meanwhile)."""
        core = self._core
        encounter = core.encounters().get(fight)
        if encounter is None or encounter.round == 0:
            return Outcome()
        return core.run("forecast.kept", lambda: keep_forecast(encounter, forecast))

    @staticmethod
    def what_if(matchup: Matchup, runs: int = 10_000, seed: int = 0, side_runs: int = 5_000,
                progress: Callable[[float], None] | None = None) -> WhatIf:
        """The three forecasts of ``matchup``; ``progress(share done)`` as they go. Reads
        nothing from the campaign (take the matchup first): a worker thread may run it."""
        total = runs + 2 * side_runs

        def step(before: int) -> Callable[[int], None] | None:
            return None if progress is None else lambda done: progress((before + done) / total)

        try:
            now = forecast(matchup, runs, seed, step(0))
            fewer = (forecast(matchup.without(len(matchup.npcs) - 1), side_runs, seed,
                              step(runs)) if len(matchup.npcs) > 1 else None)
            more = forecast(one_more(matchup), side_runs, seed, step(runs + side_runs))
        except (ModelError, RulesError) as error:
            raise ActionRefused(str(error)) from None
        return WhatIf(now, fewer, more)

    # ----- prepared encounters (issue 29) ----------------------------------------------------

    def prepared(self, adventure_id: int, encounter_id: int, *,
                 encounter: PreparedEncounter | None = None,
                 templates: Mapping[int, NpcTemplate] | None = None) -> Prepared:
        """A prepared encounter against the party as its sheets stand now. ``encounter`` and
        ``templates`` (over the roster's) are a what-if: a foe's count or his values changed,
        nothing saved."""
        core = self._core
        adventure = core.adventures().get(adventure_id)
        found = None if adventure is None else adventure.find(encounter_id)
        if found is None:
            raise ActionRefused("that encounter is gone (deleted, or undone)")
        prepared = encounter if encounter is not None else found[1]
        roster = {**core.npcs(), **(templates or {})}
        if not prepared.foes:
            return Prepared(adventure_id, encounter_id, prepared.name, None,
                            "no foes: nothing to forecast")
        try:
            matchup = matchup_from_prepared(prepared, core.pcs(), roster)
        except (ModelError, RulesError) as error:
            return Prepared(adventure_id, encounter_id, prepared.name, None, str(error))
        return Prepared(adventure_id, encounter_id, prepared.name, matchup)

    def adventure_matchups(self, adventure_id: int) -> list[Prepared]:
        """Every encounter of an adventure, in its order, ready to forecast."""
        adventure = self._core.adventures().get(adventure_id)
        if adventure is None:
            raise ActionRefused("that adventure is gone (deleted, or undone)")
        return [self.prepared(adventure_id, e.id) for _, e in adventure.encounters()]

    @staticmethod
    def adventure(prepared: Sequence[Prepared], runs: int = 10_000, seed: int = 0,
                  progress: Callable[[float], None] | None = None) -> AdventureForecast:
        """Each encounter's forecast (``runs`` each, fewer for a big fight) and the mix of
        those that have one; ``progress(share done)`` as they go. Reads nothing from the
        campaign: a worker thread may run it."""
        sizes = [runs_for(p.matchup, runs) if p.matchup is not None else 0 for p in prepared]
        total = max(1, sum(sizes))
        done = 0
        results: list[tuple[Prepared, Forecast | None]] = []
        try:
            for item, size in zip(prepared, sizes, strict=True):
                if item.matchup is None:
                    results.append((item, None))
                    continue
                before = done
                step = None if progress is None else (
                    lambda count, before=before: progress((before + count) / total))
                results.append((item, forecast(item.matchup, size, seed, step)))
                done += size
        except (ModelError, RulesError) as error:
            raise ActionRefused(str(error)) from None
        made = [result for _, result in results if result is not None]
        return AdventureForecast(tuple(results), mix(made) if made else None)
