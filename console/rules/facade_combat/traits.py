"""Façade's character numbers (seed 002, Part 2: Characters): five attribute categories of
three specific attributes each, the Limit Pool of each category, and skill totals.

"Categories are rated from 0-18 on a normal human scale. Specific attributes are rated from
0-6 and are added together to produce the category attribute." A skill total (Broad + Focus
+ Specialty, each 0-4) is 0-12, and "A skill total is added to an appropriate specific
attribute to come up with a trait total", 0-18.
"""

from __future__ import annotations

from console.rules.errors import RulesError

__all__ = [
    "ATTRIBUTES",
    "CATEGORIES",
    "CATEGORY_OF",
    "POOLS",
    "POOL_OF",
    "SKILL_MAX",
    "SPECIFICS",
    "SPECIFIC_MAX",
    "attribute_name",
    "category_name",
    "pool_name",
]

CATEGORIES = ("Body", "Action", "Mind", "Persona", "Soul")
SPECIFICS: dict[str, tuple[str, str, str]] = {
    "Body": ("Strength", "Stamina", "Health"),
    "Action": ("Finesse", "Grace", "Agility"),
    "Mind": ("Reason", "Insight", "Perception"),
    "Persona": ("Poise", "Charisma", "Wits"),
    "Soul": ("Creativity", "Luck", "Will"),
}
ATTRIBUTES: tuple[str, ...] = tuple(name for names in SPECIFICS.values() for name in names)
CATEGORY_OF: dict[str, str] = {name: category for category, names in SPECIFICS.items()
                               for name in names}
# "Body has Strain, Action has Fatigue, Mind has Stress, Persona has Passion, and Soul has
# Exhaustion."
POOLS: dict[str, str] = {"Body": "Strain", "Action": "Fatigue", "Mind": "Stress",
                         "Persona": "Passion", "Soul": "Exhaustion"}
POOL_OF: dict[str, str] = {pool: category for category, pool in POOLS.items()}
SPECIFIC_MAX = 6
SKILL_MAX = 12


def _named(text: str, names: tuple[str, ...] | list[str], what: str) -> str:
    folded = text.strip().casefold()
    for name in names:
        if name.casefold() == folded or (len(folded) >= 3 and name.casefold().startswith(folded)):
            return name
    raise RulesError(f"{text.strip() or 'nothing'}: {what} is one of {', '.join(names)}")


def attribute_name(text: str) -> str:
    """A specific attribute as the seed spells it (``agi`` -> ``Agility``)."""
    return _named(text, ATTRIBUTES, "an attribute")


def category_name(text: str) -> str:
    return _named(text, CATEGORIES, "a category")


def pool_name(text: str) -> str:
    return _named(text, list(POOLS.values()), "a Limit Pool")
