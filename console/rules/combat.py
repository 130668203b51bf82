"""Diceless combat arithmetic, both directions (Rule Book: Combat; RULES.md section 5).

The GM never rolls. NPCs carry set values (Atk, Def, Dmg, AR, Vit); the player rolls against
them and the console does the arithmetic:

- PC attacks NPC: the player's Atk result hits when it is at least the NPC's Def (ties go to
  the player); his damage result minus the NPC's AR is wounding damage; an NPC whose wounds
  pass his Vit has critical damage and dies (the GM may keep an important one up, so we only
  report ``would_die``).
- NPC attacks PC: the player rolls Def against the NPC's Atk and is hit when his result is
  *below* it; then he rolls AR against the NPC's Dmg and takes Dmg minus his AR result.

Multiple attacks from one source (Rule Book: Multiple Attack Rules) use one attack roll and one
damage roll; the wounding damage of one attack is multiplied by the number of attacks.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from console.records import record
from console.rules.errors import RulesError
from console.rules.odds import chance_at_least
from console.rules.ratings import Adjustment, Rating, parse_adjustment

__all__ = [
    "AttackResult",
    "NpcWounds",
    "RollRequest",
    "apply_adjustments",
    "armor_request",
    "attack_request",
    "defense_request",
    "npc_attack_hits",
    "pc_attack_hits",
    "whole_number",
    "wound_npc",
    "wounding_damage",
]


def whole_number(name: str, value: object, *, minimum: int = 0) -> int:
    """``value`` as a whole number of at least ``minimum``, or a RulesError naming ``name``."""
    # bool is an int in Python; a True typed into a wounds box is a bug, not a 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, not {value!r}")
    if value < minimum:
        raise RulesError(f"{name} must be at least {minimum}, not {value}")
    return value


# ----- PC attacks NPC -----------------------------------------------------------------------


@record
class AttackResult:
    """Whether an attack hit, judged from the one roll the player made.

    ``margin`` is how far the roll was from the number it was compared with (the book's
    "amount of success"); it is never negative.
    """

    roll: int  # the player's result: his Atk (PC attacking) or his Def (PC defending)
    against: int  # the NPC's Def (PC attacking) or Atk (PC defending)
    pc_attacking: bool
    hit: bool
    margin: int

    def describe(self) -> str:
        verdict = "hit" if self.hit else "miss"
        if self.pc_attacking:
            return f"Atk {self.roll} vs Def {self.against}: {verdict} by {self.margin}"
        return f"Def {self.roll} vs Atk {self.against}: {verdict} by {self.margin}"


def pc_attack_hits(attack_result: int, npc_def: int) -> AttackResult:
    """The PC hits when his Atk result is at least the NPC's Def (Urgoth's 16 vs 15 hits)."""
    roll = whole_number("attack result", attack_result)
    against = whole_number("NPC Def", npc_def)
    return AttackResult(roll, against, True, roll >= against, abs(roll - against))


def npc_attack_hits(defense_result: int, npc_atk: int) -> AttackResult:
    """The PC is hit when his Def result is below the NPC's Atk (Krrmyrra's 4 vs 10 is hit);
    a tie is a miss, because ties go to the player."""
    roll = whole_number("defense result", defense_result)
    against = whole_number("NPC Atk", npc_atk)
    return AttackResult(roll, against, False, roll < against, abs(roll - against))


def wounding_damage(damage: int, armor: int, *, attacks: int = 1) -> int:
    """Damage minus armor, never below 0, times the number of attacks.

    Works for both directions: the PC's damage result against the NPC's AR value (25 vs AR 10
    deals 15) and the NPC's Dmg value against the PC's AR result (Hur'akkimm's AR 16 vs Dmg 20
    takes 4). With several attacks the single damage roll is compared with the armor once and
    the difference multiplied (five missiles, 12 vs AR 10: 10 wounds).
    """
    dmg = whole_number("damage", damage)
    ar = whole_number("armor", armor)
    count = whole_number("number of attacks", attacks, minimum=1)
    return max(0, dmg - ar) * count


@record
class NpcWounds:
    """An NPC's wounds after wounding damage, and whether the rules would kill him."""

    wounds_before: int
    wounding: int
    wounds: int
    vit: int
    critical_damage: int  # wounds above Vit, 0 when not above
    would_die: bool  # any critical damage kills an NPC; the GM may overrule for a key NPC

    def describe(self) -> str:
        text = f"{self.wounding} wounding damage: {self.wounds}/{self.vit}"
        if self.would_die:
            text += f", {self.critical_damage} critical damage: dies"
        return text


def wound_npc(wounds: int, vit: int, wounding: int) -> NpcWounds:
    """Add ``wounding`` damage to an NPC with ``wounds`` already and ``vit`` Vitality."""
    before = whole_number("NPC wounds", wounds)
    total = before + whole_number("wounding damage", wounding)
    vitality = whole_number("NPC Vit", vit)
    critical = max(0, total - vitality)
    return NpcWounds(before, wounding, total, vitality, critical, critical > 0)


# ----- what to ask the player ---------------------------------------------------------------


def apply_adjustments(rating: Rating, adjustments: Iterable[Adjustment | str] = ()) -> Rating:
    """``rating`` moved by the sum of ``adjustments`` (Table 13/14/15 picks, ad-lib +1d).

    The sum is applied once, so +1c then -1c on a rating near an end of the staircase is fine.
    """
    if not isinstance(rating, Rating):
        raise RulesError(f"expected a rating such as 8M, not {rating!r}")
    if isinstance(adjustments, str | Adjustment):
        adjustments = (adjustments,)  # one adjustment given on its own
    try:
        items = list(adjustments)
    except TypeError:
        raise RulesError(f"{adjustments!r} is not a list of adjustments") from None
    steps = 0
    for item in items:
        if isinstance(item, str):
            item = parse_adjustment(item)
        if not isinstance(item, Adjustment):
            raise RulesError(f"{item!r} is not an adjustment such as +1d or -1c")
        steps += item.steps
    return rating.shifted(steps)


@record
class RollRequest:
    """One roll the GM asks a player for, with the exact chance it succeeds.

    Success is ``result >= difficulty``. For a defense roll success means the NPC missed, so
    the chance the PC is hit is ``1 - chance_success`` (see :attr:`chance_fail`).
    """

    ability: str  # "Atk", "Def", "AR"
    base: Rating  # the rating on the sheet
    rating: Rating  # after adjustments: what the player actually rolls
    difficulty: int
    prompt: str  # "roll Def 8M vs 10"
    chance_success: Fraction

    @property
    def chance_fail(self) -> Fraction:
        return 1 - self.chance_success


def _request(
    ability: str, base: Rating, difficulty: int, versus: str,
    adjustments: Iterable[Adjustment | str],
) -> RollRequest:
    rating = apply_adjustments(base, adjustments)
    shown = str(rating) if rating == base else f"{rating} ({base} {rating.step - base.step:+d}d)"
    return RollRequest(
        ability, base, rating, difficulty, f"roll {ability} {shown} vs {versus}{difficulty}",
        chance_at_least(rating, difficulty),
    )


def attack_request(
    atk: Rating, npc_def: int, adjustments: Iterable[Adjustment | str] = ()
) -> RollRequest:
    """PC attacking: "roll Atk 8M vs 15"; ``chance_success`` is the chance he hits."""
    return _request("Atk", atk, whole_number("NPC Def", npc_def), "", adjustments)


def defense_request(
    pc_def: Rating, npc_atk: int, adjustments: Iterable[Adjustment | str] = ()
) -> RollRequest:
    """NPC attacking: "roll Def 8M vs 10"; ``chance_fail`` is the chance the PC is hit."""
    return _request("Def", pc_def, whole_number("NPC Atk", npc_atk), "", adjustments)


def armor_request(pc_ar: Rating, npc_dmg: int) -> RollRequest:
    """After a hit: "roll AR 6M vs Dmg 20"; wounds = Dmg - AR result when positive.

    ``chance_success`` is the chance the armor stops everything (result >= Dmg).
    """
    return _request("AR", pc_ar, whole_number("NPC Dmg", npc_dmg), "Dmg ", ())
