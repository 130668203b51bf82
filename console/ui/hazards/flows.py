"""The hazard wizard: pick a hazard for the selected combatant, answer its questions, then
take the player's result on each check as it falls due on his Nish.

The rules are ``console.rules.hazards``; the bookkeeping is ``console.model.hazards``; the
commands are ``console.service.hazards``.
"""

from __future__ import annotations

from console.model import Combatant
from console.rules.hazards import hazard_name
from console.rules.hazards.common import DueCheck
from console.rules.hazards.moments import FIRST_MOMENTS
from console.rules.limits import DAYS, HOURS, MINUTES, RESULT
from console.ui.dialogs.form_dialog import Field, roll_doubt, whole_number, yes_no
from console.ui.flow import Flows
from console.ui.formatting import chance_note
from console.ui.hazards.guided_checks import GUIDED, guided_for
from console.ui.hazards.hazard_forms import LASTING, questions_for

__all__ = ["HAZARDS", "HazardFlows"]

HAZARDS = LASTING + GUIDED


def _hazard_name(text: str) -> str:
    name = " ".join(text.strip().lower().split())
    if name not in HAZARDS:
        raise ValueError(f"hazard: one of {', '.join(HAZARDS)}, not {text.strip() or 'nothing'}")
    return name


class HazardFlows(Flows):
    def start_hazard(self, combatant_id: int | None) -> None:
        self.run(self._start_hazard(self.combatant(combatant_id)), fight=True)

    async def _start_hazard(self, victim: Combatant) -> None:
        picked = await self.form(f"Hazard on {victim.name}", [
            Field("hazard", "Hazard", _hazard_name)],
            f"lasting: {', '.join(LASTING)}; one check: {', '.join(GUIDED)}")
        if picked is None:
            return
        name = picked["hazard"]
        if name in GUIDED:
            await self._guided(victim, name)
            return
        questions = questions_for(name, self.service.combat.sheet_of(victim), self.service.rng)
        answers = await self.form(f"{name.capitalize()}: {victim.name}", questions.fields,
                                  questions.hint)
        if answers is not None:
            state, first = self.service.guard(lambda: questions.start(answers))
            self.show(self.service.hazards.start(victim, name, state, first))

    async def _guided(self, victim: Combatant, name: str) -> None:
        guided = guided_for(name, self.service.rng)
        answers = await self.form(f"{name.capitalize()}: {victim.name}", guided.fields,
                                  FIRST_MOMENTS[name].describe())
        if answers is None:
            return
        check, why_not = self.service.guard(lambda: guided.check(answers))
        if check is None:
            self.decline(f"{victim.name}: {why_not}")
            return
        rolled = await self.form(f"{victim.name}: {name}", [self._result_field(victim, check)],
                                 f"{victim.name} rolls; enter {victim.pronoun.their} result")
        if rolled is not None:
            step = self.service.guard(lambda: guided.resolve(answers, check, rolled["result"]))
            self.show(self.service.hazards.resolve_step(victim, step, name))

    def pass_time(self, combatant_id: int | None) -> None:
        self.run(self._pass_time(self.combatant(combatant_id)), fight=True)

    async def _pass_time(self, victim: Combatant) -> None:
        values = await self.form(f"Time passes for {victim.name}", [
            Field("days", "Days", whole_number("days", DAYS), "0"),
            Field("hours", "Hours", whole_number("hours", HOURS), "0"),
            Field("minutes", "Minutes", whole_number("minutes", MINUTES), "0"),
        ], "for hazards outside the rounds: sleep, hunger, thirst, cold, heat")
        if values is not None:
            self.show(self.service.hazards.pass_time(
                victim, days=values["days"], hours=values["hours"], minutes=values["minutes"]))

    # ----- checks as they fall due ------------------------------------------------------

    def _result_field(self, victim: Combatant, check: DueCheck) -> Field:
        rating = self.service.hazards.rating_for(victim, check)
        chance = "" if rating is None else chance_note(rating, check.difficulty)
        return Field("result", f"{check.describe()}{chance}",
                     whole_number(f"{check.ability} result", RESULT),
                     doubt=roll_doubt(rating, victim.name))

    def resolve(self, combatant_id: int | None) -> None:
        victim = self.combatant(combatant_id)
        self.service.hazards.state(victim)  # refused at once when he faces none
        self.run(self._resolve(victim), fight=True)

    async def _resolve(self, victim: Combatant) -> None:
        hazards = self.service.hazards
        owed = hazards.owed(victim)
        if not owed:
            await self._offer_end(victim)
            return
        # Vacuum asks several things on one Nish: each in turn, while any is owed.
        while owed:
            index, check = owed[0]
            values = await self.form(f"{victim.name}: {check.ability} vs {check.difficulty}",
                                     [self._result_field(victim, check)],
                                     f"{victim.name} rolls; enter {victim.pronoun.their} result")
            if values is None:
                return
            self.show(hazards.apply_result(index, values["result"]))
            owed = hazards.owed(victim) if self._still_in(victim) else []

    def _still_in(self, victim: Combatant) -> bool:
        encounter = self.service.encounter()
        return encounter is not None and encounter.combatant(victim.id) is not None and any(
            h.target == victim.id for h in encounter.hazards)

    async def _offer_end(self, victim: Combatant) -> None:
        index, state = self.service.hazards.state(victim)
        values = await self.form(f"{victim.name}: {hazard_name(state)}", [Field(
            "end", f"Nothing due now. End {hazard_name(state)} (air back, out of the cold "
            "...)? y/n",
            yes_no("end"), "n")])
        if values is not None and values["end"]:
            self.show(self.service.hazards.end(index))
