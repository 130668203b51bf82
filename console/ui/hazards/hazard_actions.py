"""The hazard wizard: pick a hazard for the selected combatant, answer its questions, then
take the player's result on each check as it falls due on his Nish.

A mixin of the main screen, like the tracker's, roster's and combat's actions. The rules
are ``console.rules.hazards``; the bookkeeping is ``console.model.hazards``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from console.model import Combatant
from console.model.hazards import (
    HazardOutcome,
    apply_hazard_result,
    apply_step,
    attach_hazard,
    due_now,
    end_hazard,
    hazards_of,
    pass_time,
)
from console.model.tracker import Step
from console.rules.hazards.common import DueCheck
from console.rules.ratings import parse_adjustment
from console.ui.controller import ActionRefused
from console.ui.dialogs.form_dialog import Field, whole_number, yes_no
from console.ui.formatting import chance_note
from console.ui.hazards.guided_checks import GUIDED, guided_for
from console.ui.hazards.hazard_forms import LASTING, questions_for

if TYPE_CHECKING:
    from console.ui.screens.main_screen import MainScreen

__all__ = ["HAZARDS", "HazardActions"]

HAZARDS = LASTING + GUIDED

# The sheet stat each hazard check rolls, for the exact chance shown beside it.
_SHEET_STATS = {"WP": "wp", "Vit": "vit_max", "FR": "fr", "NAR": "nar", "Str": "str_",
                "Dex": "dex", "AR": "ar", "Healing": "healing"}


def _hazard_name(text: str) -> str:
    name = " ".join(text.strip().lower().split())
    if name not in HAZARDS:
        raise ValueError(f"hazard: one of {', '.join(HAZARDS)}, not {text.strip() or 'nothing'}")
    return name


class HazardActions:
    """What the hazard keys do (mixed into MainScreen)."""

    def start_hazard(self: MainScreen, victim: Combatant) -> None:
        fields = [Field("hazard", "Hazard", _hazard_name)]
        self._ask(f"Hazard on {victim.name}", fields,
                  f"lasting: {', '.join(LASTING)}; one check: {', '.join(GUIDED)}",
                  lambda values: self._hazard_questions(victim, values["hazard"]))

    def _hazard_questions(self: MainScreen, victim: Combatant, name: str) -> None:
        if name in GUIDED:
            self._guided(victim, name)
            return
        questions = questions_for(name, self.sheet_of(victim), self.controller.rng)

        def attach(values: dict[str, Any]) -> None:
            state, first = questions.start(values)
            self.perform("hazard.start", lambda e: attach_hazard(e, victim.id, state, name))
            if first is not None:
                self.notify(f"{victim.name}: {first.text}", timeout=10)

        self._ask(f"{name.capitalize()}: {victim.name}", questions.fields, questions.hint,
                  attach)

    def _guided(self: MainScreen, victim: Combatant, name: str) -> None:
        guided = guided_for(name, self.controller.rng)

        def ask(values: dict[str, Any]) -> None:
            check, why_not = guided.check(values)
            if check is None:
                self.notify(f"{victim.name}: {why_not}")
                return
            fields = [Field("result", f"{check.describe()}{self._chance(victim, check)}",
                            whole_number(f"{check.ability} result"))]
            self._ask(f"{victim.name}: {name}", fields, "the player rolls; enter his result",
                      lambda v: self._record_hazard("hazard.check", lambda e: apply_step(
                          e, victim.id, guided.resolve(values, check, v["result"]),
                          self.controller.pcs())))

        self._ask(f"{name.capitalize()}: {victim.name}", guided.fields, "", ask)

    def pass_hazard_time(self: MainScreen, victim: Combatant) -> None:
        fields = [
            Field("days", "Days", whole_number("days"), "0"),
            Field("hours", "Hours", whole_number("hours"), "0"),
            Field("minutes", "Minutes", whole_number("minutes"), "0"),
        ]
        self._ask(f"Time passes for {victim.name}", fields,
                  "for hazards outside the rounds: sleep, hunger, thirst, cold, heat",
                  lambda v: self.perform("hazard.time", lambda e: pass_time(
                      e, victim.id, days=v["days"], hours=v["hours"], minutes=v["minutes"])))

    # ----- checks as they fall due ------------------------------------------------------

    def _chance(self: MainScreen, victim: Combatant, check: DueCheck) -> str:
        sheet = self.sheet_of(victim)
        stat = getattr(sheet, _SHEET_STATS.get(check.ability, ""), None) if sheet else None
        if stat is None:
            return ""
        rating = stat.as_rating()
        if check.adjustment:
            rating = rating.adjusted(parse_adjustment(check.adjustment))
        return chance_note(rating, check.difficulty)

    def resolve_hazard(self: MainScreen, victim: Combatant) -> None:
        encounter = self.controller.encounter()
        if encounter is None or not hazards_of(encounter, victim.id):
            raise ActionRefused(f"{victim.name} faces no hazard (z starts one)")
        owed = due_now(encounter, victim.id)
        if not owed:
            self._offer_end(victim)
            return
        index, check = owed[0]
        fields = [Field("result", f"{check.describe()}{self._chance(victim, check)}",
                        whole_number(f"{check.ability} result"))]

        def apply(values: dict[str, Any]) -> None:
            self._record_hazard("hazard.check", lambda e: apply_hazard_result(
                e, index, values["result"], self.controller.pcs()))
            again = self.controller.encounter()
            if again is not None and due_now(again, victim.id):
                self.resolve_hazard(victim)  # vacuum asks several things on one Nish

        self._ask(f"{victim.name}: {check.ability} vs {check.difficulty}", fields,
                  "the player rolls; enter his result", apply)

    def _offer_end(self: MainScreen, victim: Combatant) -> None:
        encounter = self.controller.encounter()
        assert encounter is not None
        index, state = hazards_of(encounter, victim.id)[0]
        fields = [Field("end", f"Nothing due now. End {state.HAZARD} (air back, out of "
                               "the cold ...)? y/n", yes_no("end"), "n")]

        def done(values: dict[str, Any]) -> None:
            if values["end"]:
                self._record_hazard("hazard.end", lambda e: end_hazard(
                    e, index, self.controller.pcs()))

        self._ask(f"{victim.name}: {state.HAZARD}", fields, "", done)

    def _record_hazard(self: MainScreen, name: str,
                       change: Callable[[Any], HazardOutcome]) -> None:
        """One hazard step: the encounter and, when wounds landed, the PC's sheet together."""
        encounter = self.controller.encounter()
        if encounter is None:
            raise ActionRefused("no encounter running")
        outcome = change(encounter)
        description = "; ".join(line.strip() for line in outcome.notices)
        if outcome.sheet is not None:
            self.guarded(lambda: self.controller.save_pc_and_encounter(
                outcome.sheet, outcome.encounter, description))  # type: ignore[arg-type]
        else:
            self.perform(name, lambda e: Step(outcome.encounter, outcome.notices))
        self.notify("\n".join(outcome.notices), timeout=10)
