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
from console.rules.limits import DAYS, HOURS, MINUTES, RESULT
from console.rules.ratings import Rating, parse_adjustment
from console.ui.controller import ActionRefused
from console.ui.dialogs.form_dialog import Field, roll_doubt, whole_number, yes_no
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
    """What the hazard keys do (the main screen's; one instance each)."""

    def __init__(self, screen: MainScreen) -> None:
        self.screen = screen

    def start_hazard(self, victim: Combatant) -> None:
        fields = [Field("hazard", "Hazard", _hazard_name)]
        self.screen._ask(f"Hazard on {victim.name}", fields,
                  f"lasting: {', '.join(LASTING)}; one check: {', '.join(GUIDED)}",
                  lambda values: self._hazard_questions(victim, values["hazard"]))

    def _hazard_questions(self, victim: Combatant, name: str) -> None:
        if name in GUIDED:
            self._guided(victim, name)
            return
        questions = questions_for(name, self.screen.sheet_of(victim), self.screen.controller.rng)

        def attach(values: dict[str, Any]) -> None:
            state, first = questions.start(values)
            self.screen.perform("hazard.start", lambda e: attach_hazard(e, victim.id, state, name))
            if first is not None:
                self.screen.notify(f"{victim.name}: {first.text}", timeout=10)

        self.screen._ask(f"{name.capitalize()}: {victim.name}", questions.fields, questions.hint,
                  attach)

    def _guided(self, victim: Combatant, name: str) -> None:
        guided = guided_for(name, self.screen.controller.rng)

        def ask(values: dict[str, Any]) -> None:
            check, why_not = guided.check(values)
            if check is None:
                self.screen.notify(f"{victim.name}: {why_not}")
                return
            fields = [self._result_field(victim, check)]
            self.screen._ask(f"{victim.name}: {name}", fields, "the player rolls; enter his result",
                      lambda v: self._record_hazard("hazard.check", lambda e: apply_step(
                          e, victim.id, guided.resolve(values, check, v["result"]),
                          self.screen.controller.pcs())))

        self.screen._ask(f"{name.capitalize()}: {victim.name}", guided.fields, "", ask)

    def pass_hazard_time(self, victim: Combatant) -> None:
        fields = [
            Field("days", "Days", whole_number("days", DAYS), "0"),
            Field("hours", "Hours", whole_number("hours", HOURS), "0"),
            Field("minutes", "Minutes", whole_number("minutes", MINUTES), "0"),
        ]
        self.screen._ask(f"Time passes for {victim.name}", fields,
                  "for hazards outside the rounds: sleep, hunger, thirst, cold, heat",
                  lambda v: self.screen.perform("hazard.time", lambda e: pass_time(
                      e, victim.id, days=v["days"], hours=v["hours"], minutes=v["minutes"])))

    # ----- checks as they fall due ------------------------------------------------------

    def _rolled(self, victim: Combatant, check: DueCheck) -> Rating | None:
        """The rating the victim rolls for a hazard check (his sheet's, adjusted)."""
        sheet = self.screen.sheet_of(victim)
        stat = getattr(sheet, _SHEET_STATS.get(check.ability, ""), None) if sheet else None
        if stat is None:
            return None
        rating = stat.as_rating()
        if check.adjustment:
            rating = rating.adjusted(parse_adjustment(check.adjustment))
        return rating

    def _result_field(self, victim: Combatant, check: DueCheck) -> Field:
        rating = self._rolled(victim, check)
        chance = "" if rating is None else chance_note(rating, check.difficulty)
        return Field("result", f"{check.describe()}{chance}",
                     whole_number(f"{check.ability} result", RESULT),
                     doubt=roll_doubt(rating, victim.name))

    def resolve_hazard(self, victim: Combatant) -> None:
        encounter = self.screen.controller.encounter()
        if encounter is None or not hazards_of(encounter, victim.id):
            raise ActionRefused(f"{victim.name} faces no hazard (z starts one)")
        owed = due_now(encounter, victim.id)
        if not owed:
            self._offer_end(victim)
            return
        index, check = owed[0]
        fields = [self._result_field(victim, check)]

        def apply(values: dict[str, Any]) -> None:
            self._record_hazard("hazard.check", lambda e: apply_hazard_result(
                e, index, values["result"], self.screen.controller.pcs()))
            again = self.screen.controller.encounter()
            if again is not None and due_now(again, victim.id):
                self.resolve_hazard(victim)  # vacuum asks several things on one Nish

        self.screen._ask(f"{victim.name}: {check.ability} vs {check.difficulty}", fields,
                  "the player rolls; enter his result", apply)

    def _offer_end(self, victim: Combatant) -> None:
        encounter = self.screen.controller.encounter()
        assert encounter is not None
        index, state = hazards_of(encounter, victim.id)[0]
        fields = [Field("end", f"Nothing due now. End {state.HAZARD} (air back, out of "
                               "the cold ...)? y/n", yes_no("end"), "n")]

        def done(values: dict[str, Any]) -> None:
            if values["end"]:
                self._record_hazard("hazard.end", lambda e: end_hazard(
                    e, index, self.screen.controller.pcs()))

        self.screen._ask(f"{victim.name}: {state.HAZARD}", fields, "", done)

    def _record_hazard(self, name: str,
                       change: Callable[[Any], HazardOutcome]) -> None:
        """One hazard step: the encounter and, when wounds landed, the PC's sheet together."""
        encounter = self.screen.controller.encounter()
        if encounter is None:
            raise ActionRefused("no encounter running")
        outcome = change(encounter)
        description = "; ".join(line.strip() for line in outcome.notices)
        if outcome.sheet is not None:
            self.screen.guarded(lambda: self.screen.controller.save_pc_and_encounter(
                outcome.sheet, outcome.encounter, description))  # type: ignore[arg-type]
        else:
            self.screen.perform(name, lambda e: Step(outcome.encounter, outcome.notices))
        self.screen.notify("\n".join(outcome.notices), timeout=10)
