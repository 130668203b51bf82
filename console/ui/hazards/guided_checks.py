"""The one-off hazards: a check the console sets up from a question or two, the player's
result, and the table the book rolls on a failure (rolled here with the console's dice).

Each returns the check to ask for and a function from the player's result to the step that
follows, so the wizard can treat them all alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from console.records import record
from console.rules.hazards import brain_damage, fear, materialization, poison, radiation
from console.rules.hazards.common import DueCheck, Effect, EffectKind, HazardStep
from console.rules.limits import DIFFICULTY, PERCENT, RESULT, WOUNDS
from console.ui.dialogs.form_dialog import Field, whole_number, yes_no

__all__ = ["GUIDED", "Guided", "guided_for"]

GUIDED = ("poison", "radiation", "brain damage", "fear", "materialization")


@record
class Guided:
    fields: list[Field]
    # From the answers: the check to ask for (None: nothing to roll, with why) ...
    check: Callable[[dict[str, Any]], tuple[DueCheck | None, str]]
    # ... and from the answers and the player's result: what follows.
    resolve: Callable[[dict[str, Any], DueCheck, int], HazardStep]


def _with_table_roll(step: HazardStep, rolled: str) -> HazardStep:
    """A failure that sends the book to a d6 table: the console rolls it and says what."""
    if not step.has(EffectKind.SIDE_EFFECT):
        return step
    return HazardStep(f"{step.text}: {rolled}",
                      (*step.effects, Effect(EffectKind.SIDE_EFFECT, note=rolled)),
                      step.check, step.outcome)


def _materialize(values: dict[str, Any], check: DueCheck, result: int) -> HazardStep:
    hit = materialization.materialize(values["percent"], head_or_chest=values["head"])
    wounds = materialization.wounds(hit, result)
    effects = [Effect(EffectKind.WOUNDS, wounds)]
    text = f"materializes in matter: {wounds} wounds"
    if hit.suffocates:
        text += "; head or chest inside: start suffocation too (z)"
    return HazardStep(text, tuple(effects), check)


def guided_for(name: str, rng: random.Random) -> Guided:
    """The guided check ``name`` (one of GUIDED)."""
    def side_effect(_: dict[str, Any], check: DueCheck, result: int) -> HazardStep:
        effect = radiation.roll_side_effect(rng)
        return _with_table_roll(radiation.resolve(check, result),
                                f"{effect.number} {effect.name}: {effect.effect}")

    def brain(_: dict[str, Any], check: DueCheck, result: int) -> HazardStep:
        outcome = brain_damage.roll_result(rng)
        return _with_table_roll(brain_damage.resolve(check, result),
                                f"{outcome.number} {outcome.name}: {outcome.effect}")

    def escalate(values: dict[str, Any], check: DueCheck, result: int) -> HazardStep:
        severity = fear.severity_from_shock(values["shock"])
        after, step = fear.escalate(severity, result)
        return HazardStep(f"{severity} -> {after}: {step.text}", step.effects, check,
                          step.outcome)

    table = {
        "poison": Guided(
            [Field("name", "Poison", str, "poison"),
             Field("dif", "Its Dif", whole_number("Dif", DIFFICULTY))],
            lambda v: (poison.check(v["dif"], v["name"].strip() or "poison"), ""),
            lambda v, check, result: poison.resolve(check, result)),
        "radiation": Guided(
            [Field("wounds", "Wounds the radiation did", whole_number("wounds", WOUNDS))],
            lambda v: (radiation.check(v["wounds"]), "no wounds: no radiation check"),
            side_effect),
        "brain damage": Guided(
            [Field("dif", "GM's Dif (a revival: the rounds without air)",
                   whole_number("Dif", DIFFICULTY))],
            lambda v: (brain_damage.check(v["dif"]), ""), brain),
        "fear": Guided(
            [Field("shock", "The shock roll", whole_number("shock result", RESULT))],
            lambda v: (fear.escalation_check(fear.severity_from_shock(v["shock"])), ""),
            escalate),
        "materialization": Guided(
            [Field("percent", "Percent of the body inside matter",
                   whole_number("percent", PERCENT)),
             Field("head", "Head or chest inside (y/n)", yes_no("head or chest"), "n")],
            lambda v: (materialization.armor_check(materialization.materialize(
                v["percent"], head_or_chest=v["head"])), ""),
            _materialize),
    }
    return table[name]
