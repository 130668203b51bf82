"""The hazard wizard: pick a hazard for the selected combatant, answer its questions, then
take the player's result on each check as it falls due on his Nish.

A mixin of the main screen, like the tracker's, roster's and combat's actions. The rules
are ``console.rules.hazards``; the bookkeeping is ``console.model.hazards``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from console.model import Combatant, PlayerCharacter, Side
from console.model.hazards import (
    HazardOutcome,
    apply_hazard_result,
    attach_hazard,
    due_now,
    end_hazard,
    hazards_of,
)
from console.model.stats import Stat
from console.model.tracker import Step
from console.rules.hazards import falling, suffocation, temperature, vacuum
from console.rules.hazards.common import DueCheck, HazardState
from console.rules.odds import chance_at_least
from console.rules.ratings import parse_adjustment
from console.rules.value_conversion import rating_for_value
from console.ui.combat.combat_actions import percent
from console.ui.controller import ActionRefused
from console.ui.dialogs.form_dialog import Field, optional_int, whole_number, yes_no

if TYPE_CHECKING:
    from console.ui.screens.main_screen import MainScreen

__all__ = ["HAZARDS", "HazardActions"]

# What the wizard offers first; the rest of the book's hazards are one-off checks the GM
# asks for by name (see the help).
HAZARDS = ("drowning", "suffocation", "vacuum", "breach", "falling", "freezing", "heat")

# The sheet stat each hazard check rolls, for the exact chance shown beside it.
_SHEET_STATS = {"WP": "wp", "Vit": "vit_max", "FR": "fr", "NAR": "nar", "Str": "str_",
                "Dex": "dex", "AR": "ar", "Healing": "healing"}


def _hazard_name(text: str) -> str:
    name = text.strip().lower()
    if name not in HAZARDS:
        raise ValueError(f"hazard: one of {', '.join(HAZARDS)}, not {text.strip() or 'nothing'}")
    return name


def _rating_text(what: str) -> Callable[[str], str | None]:
    def parse(text: str) -> str | None:
        if not text.strip():
            return None
        stat = Stat(text)
        return (stat.rating if stat.rating is not None else rating_for_value(stat.value)).format()

    return parse


def _sheet_text(sheet: PlayerCharacter | None, stat: str) -> str:
    value = getattr(sheet, stat, None) if sheet is not None else None
    return value.canonical if value is not None else ""


class HazardActions:
    """What the hazard keys do (mixed into MainScreen)."""

    def _sheet_for(self: MainScreen, combatant: Combatant) -> PlayerCharacter | None:
        if combatant.side is not Side.PC or combatant.ref is None:
            return None
        return self.controller.pcs().get(combatant.ref)

    def start_hazard(self: MainScreen, victim: Combatant) -> None:
        fields = [Field("hazard", f"Hazard ({', '.join(HAZARDS)})", _hazard_name)]
        self._ask(f"Hazard on {victim.name}", fields,
                  "then a few questions; the checks come on his Nish",
                  lambda values: self._hazard_questions(victim, values["hazard"]))

    def _hazard_questions(self: MainScreen, victim: Combatant, name: str) -> None:
        sheet = self._sheet_for(victim)
        wp, fr = _sheet_text(sheet, "wp"), _sheet_text(sheet, "fr")
        questions: dict[str, tuple[list[Field], Callable[[dict[str, Any]], HazardState]]] = {
            "drowning": ([
                Field("prepared", "Took a lungful first (y/n)", yes_no("prepared"), "n"),
                Field("wp", "WP rating (for holding breath)", _rating_text("WP"), wp),
                Field("breathes", "Breathes at all (y/n)", yes_no("breathes"), "y"),
            ], lambda v: suffocation.start("water", prepared=v["prepared"], wp=v["wp"],
                                           breathes=v["breathes"])),
            "suffocation": ([
                Field("prepared", "Took a lungful first (y/n)", yes_no("prepared"), "n"),
                Field("wp", "WP rating (for holding breath)", _rating_text("WP"), wp),
                Field("breathes", "Breathes at all (y/n)", yes_no("breathes"), "y"),
            ], lambda v: suffocation.start("no air", prepared=v["prepared"], wp=v["wp"],
                                           breathes=v["breathes"])),
            "vacuum": ([
                Field("ears", "Ears exposed (y/n)", yes_no("ears"), "y"),
                Field("breathe", "Tries to breathe (y/n)", yes_no("breathe"), "n"),
            ], lambda v: vacuum.start(ears_exposed=v["ears"], tries_to_breathe=v["breathe"])),
            "breach": ([
                Field("cd", "The hull's critical damage", whole_number("CD", minimum=1), "1"),
                Field("rounds", "Rounds to depressurize (blank: roll 1-6)", optional_int(
                    "rounds", minimum=1)),
                Field("handhold", "Something to hold on to (y/n)", yes_no("handhold"), "y"),
                Field("ears", "Ears exposed (y/n)", yes_no("ears"), "y"),
            ], lambda v: vacuum.start_from_breach(
                v["cd"], depressurization_rounds=v["rounds"]
                or vacuum.roll_depressurization(self.controller.rng),
                handhold=v["handhold"], ears_exposed=v["ears"])),
            "falling": ([
                Field("feet", "Feet fallen", whole_number("feet")),
                Field("intentional", "Jumped on purpose (y/n)", yes_no("intentional"), "n"),
                Field("height", "His height in feet", whole_number("height", minimum=1), "6"),
                Field("grab", "Grabs on the way: GM's Dex Dif (blank: no)", optional_int("Dif")),
                Field("at", "...hold how far down, feet (0 = top)", optional_int("feet")),
            ], lambda v: falling.start(v["feet"], intentional=v["intentional"],
                                       height_feet=v["height"], grab_dif=v["grab"],
                                       grab_at_feet=v["at"] if v["grab"] is not None
                                       else None)),
            "freezing": ([
                Field("f", "Temperature, °F", whole_number("temperature", minimum=-999)),
                Field("fr", "FR rating", _rating_text("FR"), fr),
            ], lambda v: temperature.start("freezing", v["f"], v["fr"])),
            "heat": ([
                Field("f", "Temperature, °F", whole_number("temperature", minimum=-999)),
                Field("fr", "FR rating", _rating_text("FR"), fr),
            ], lambda v: temperature.start("heat", v["f"], v["fr"])),
        }
        fields, begin = questions[name]
        hint = temperature.INTERPOLATION_RULE if name in ("freezing", "heat") else ""

        def attach(values: dict[str, Any]) -> None:
            state = begin(values)
            self.perform("hazard.start", lambda e: attach_hazard(e, victim.id, state, name))

        self._ask(f"{name.capitalize()}: {victim.name}", fields, hint, attach)

    # ----- checks as they fall due ------------------------------------------------------

    def _chance(self: MainScreen, victim: Combatant, check: DueCheck) -> str:
        sheet = self._sheet_for(victim)
        stat = getattr(sheet, _SHEET_STATS.get(check.ability, ""), None) if sheet else None
        if stat is None:
            return ""
        rating = stat.rating if stat.rating is not None else rating_for_value(stat.value)
        if check.adjustment:
            rating = rating.adjusted(parse_adjustment(check.adjustment))
        return f" [{rating}: {percent(chance_at_least(rating, check.difficulty))}]"

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
