"""The questions each lasting hazard asks before it starts, and how the answers start it.

Answers are read by the form's parsers; the hazard's own ``start`` refuses what the rules
cannot take, with its message.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from console.model import PlayerCharacter
from console.model.stats import Stat
from console.records import record
from console.rules.hazards import (
    falling,
    fatigue,
    panic,
    sleep_deprivation,
    starvation,
    suffocation,
    temperature,
    vacuum,
)
from console.rules.hazards.common import HazardState, HazardStep
from console.rules.hazards.moments import FIRST_MOMENTS
from console.rules.limits import CD, CHECKS, DIFFICULTY, FEET, HEIGHT, ROUNDS, SIX, TEMPERATURE
from console.ui.dialogs.form_dialog import Field, optional_int, whole_number, yes_no

__all__ = ["LASTING", "Questions", "questions_for"]

LASTING = ("drowning", "suffocation", "vacuum", "breach", "falling", "freezing", "heat",
           "fatigue", "panic", "sleep", "hunger", "thirst")

Start = Callable[[dict[str, Any]], tuple[HazardState, HazardStep | None]]


@record
class Questions:
    fields: list[Field]
    start: Start
    hint: str = ""


def rating_text(what: str) -> Callable[[str], str | None]:
    """A rating typed as a rating or a value (read by Table 7), as rating text."""
    def parse(text: str) -> str | None:
        if not text.strip():
            return None
        return Stat(text).as_rating().format()

    return parse


def _optional_choice(what: str, choices: dict[str, int]) -> Callable[[str], str | None]:
    def parse(text: str) -> str | None:
        answer = text.strip().lower()
        if not answer:
            return None
        if answer not in choices:
            raise ValueError(f"{what}: one of {', '.join(choices)}, not {text.strip()}")
        return answer

    return parse


def _sheet(sheet: PlayerCharacter | None, stat: str) -> str:
    value = getattr(sheet, stat, None) if sheet is not None else None
    return value.canonical if value is not None else ""


def _alone(state: HazardState) -> tuple[HazardState, HazardStep | None]:
    return state, None


def _breathing(medium: str, wp: str) -> Questions:
    return Questions([
        Field("prepared", "Took a lungful first (y/n)", yes_no("prepared"), "n"),
        Field("wp", "WP rating (for holding breath)", rating_text("WP"), wp),
        # The creature needs air at all (n: a robot, an undead: immune), not "is he
        # breathing now", which a GM read it as.
        Field("breathes", "Needs air at all (n: immune)", yes_no("breathes"), "y"),
    ], lambda v: _alone(suffocation.start(medium, prepared=v["prepared"], wp=v["wp"],
                                          breathes=v["breathes"])))


def _temperature(kind: str, fr: str) -> Questions:
    table = temperature.FREEZING_MODIFIERS if kind == "freezing" else temperature.HEAT_MODIFIERS
    fields = [
        Field("f", "Temperature, °F", whole_number("temperature", TEMPERATURE)),
        Field("fr", "FR rating", rating_text("FR"), fr),
    ]
    for name, options in table.items():
        fields.append(Field(name.replace(" ", "_"), f"{name.capitalize()}: "
                            f"{', '.join(options)} (blank: none)",
                            _optional_choice(name, options)))
    return Questions(fields, lambda v: _alone(temperature.start(
        kind, v["f"], v["fr"], activity=v["activity"], home_planet=v["home_planet"],
        race=v["race"], clothing=v["clothing"])), temperature.INTERPOLATION_RULE)


def questions_for(name: str, sheet: PlayerCharacter | None, rng: random.Random) -> Questions:
    """The form for hazard ``name`` (one of LASTING), prefilled from the victim's sheet; its
    hint says the hazard's first moment (what comes at once, and when its rounds start)."""
    asked = _questions(name, sheet, rng)
    moment = FIRST_MOMENTS[name].describe()
    return replace(asked, hint=f"{asked.hint}\n{moment}" if asked.hint else moment)


def _questions(name: str, sheet: PlayerCharacter | None, rng: random.Random) -> Questions:
    wp, fr = _sheet(sheet, "wp"), _sheet(sheet, "fr")
    if name in ("drowning", "suffocation"):
        return _breathing("water" if name == "drowning" else "no air", wp)
    if name in ("freezing", "heat"):
        return _temperature(name, fr)
    table: dict[str, Questions] = {
        "vacuum": Questions([
            Field("ears", "Ears exposed (y/n)", yes_no("ears"), "y"),
            Field("breathe", "Tries to breathe (y/n)", yes_no("breathe"), "n"),
        ], lambda v: _alone(vacuum.start(ears_exposed=v["ears"],
                                         tries_to_breathe=v["breathe"]))),
        "breach": Questions([
            Field("cd", "The hull's critical damage", whole_number("CD", CD), "1"),
            Field("rounds", "Rounds to depressurize (blank: roll 1-6)",
                  optional_int("rounds", ROUNDS)),
            Field("handhold", "Something to hold on to (y/n)", yes_no("handhold"), "y"),
            Field("ears", "Ears exposed (y/n)", yes_no("ears"), "y"),
        ], lambda v: _alone(vacuum.start_from_breach(
            v["cd"], depressurization_rounds=v["rounds"] or vacuum.roll_depressurization(rng),
            handhold=v["handhold"], ears_exposed=v["ears"]))),
        "falling": Questions([
            Field("feet", "Feet fallen", whole_number("feet", FEET)),
            Field("intentional", "Jumped on purpose (y/n)", yes_no("intentional"), "n"),
            Field("height", "The victim's height in feet", whole_number("height", HEIGHT), "6"),
            Field("grab", "Grabs on the way: GM's Dex Dif (blank: no)",
                  optional_int("Dif", DIFFICULTY)),
            Field("at", "...the hold, feet down (0 = top)", optional_int("feet", FEET)),
        ], lambda v: _alone(falling.start(
            v["feet"], intentional=v["intentional"], height_feet=v["height"],
            grab_dif=v["grab"], grab_at_feet=v["at"] if v["grab"] is not None else None))),
        "fatigue": Questions([
            Field("kind", "physical (FR) or mental (WP)", str, "physical"),
            Field("dif", "Dif", whole_number("Dif", DIFFICULTY)),
            Field("checks", "How many checks", whole_number("checks", CHECKS), "1"),
        ], lambda v: _alone(fatigue.start(v["kind"].strip().lower(), v["dif"], v["checks"]))),
        "panic": Questions([
            Field("effect", "Effect 1-6 (blank: roll)", optional_int("effect", SIX)),
        ], lambda v: panic.start(v["effect"] or panic.roll_effect(rng)),
            # The six effects by number: "4" was a guess without the book at hand.
            hint=" · ".join(f"{effect.number} {effect.name.lower()}"
                            for effect in panic.EFFECTS)),
        "sleep": Questions([Field("wp", "WP rating", rating_text("WP"), wp)],
                           lambda v: _alone(sleep_deprivation.start(v["wp"]))),
        "hunger": Questions([Field("fr", "FR rating", rating_text("FR"), fr)],
                            lambda v: _alone(starvation.start("food", v["fr"]))),
        "thirst": Questions([Field("fr", "FR rating", rating_text("FR"), fr)],
                            lambda v: _alone(starvation.start("water", v["fr"]))),
    }
    return table[name]
