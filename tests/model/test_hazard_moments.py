"""Every hazard at its first moment (issue 25), each read from its own section of the Rule
Book, whose sentence each test quotes: what is checked the moment it starts, and whether
its first counted round is this round's Nish (his turn not begun yet) or the next round's.

The fight: round 2 is under way, Brice (Nish 30) acting; Oko (20) is still to act, the
Thug (5) after him. "Before" starts the hazard on Oko while Brice acts; "after" once Oko's
own turn has begun.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from console.model import Encounter, PlayerCharacter, Side, Status
from console.model.hazards import (
    apply_hazard_result,
    attach_hazard,
    due_now,
    hazards_of,
    next_nish_round,
    pass_time,
)
from console.model.tracker import add_combatant, call_for_nish, current_turn, next_turn
from console.rules.hazards import (
    falling,
    fatigue,
    module_for,
    panic,
    sleep_deprivation,
    starvation,
    suffocation,
    temperature,
    vacuum,
)
from console.rules.hazards.common import HazardState
from console.rules.hazards.moments import FIRST_MOMENTS, Clock
from console.ui.hazards.guided_checks import GUIDED, guided_for
from console.ui.hazards.hazard_forms import LASTING

OKO = 2
SHEETS = {1: PlayerCharacter.new(1, "Brice", vit_max="20"),
          2: PlayerCharacter.new(2, "Oko", vit_max="20", nar="6L")}
NISH = {1: 30, 2: 20}


def fight() -> Encounter:
    """Round 2, Brice acting, Oko still to act."""
    encounter = add_combatant(Encounter(1, "Skimmer dock"), "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Oko", Side.PC, ref=2).encounter
    encounter = add_combatant(encounter, "Thug", Side.NPC, recorded_nish=5, vit_max=12).encounter
    encounter = call_for_nish(encounter, NISH).encounter
    encounter = call_for_nish(encounter, NISH).encounter
    assert encounter.round == 2 and _actor(encounter) == "Brice"
    return encounter


def _actor(encounter: Encounter) -> str:
    turn = current_turn(encounter)
    return turn.label if turn is not None else str(encounter.current)


def to_oko(encounter: Encounter) -> Encounter:
    """On to Oko's turn (his Nish): this round's if it is still to come, else the next's."""
    for _ in range(10):
        if _actor(encounter) == "Oko":
            return encounter
        encounter = (call_for_nish(encounter, NISH) if encounter.current == "end"
                     else next_turn(encounter)).encounter
    raise AssertionError(f"Oko's turn never came: {encounter.current}")


def next_round_to_oko(encounter: Encounter) -> Encounter:
    return to_oko(call_for_nish(encounter, NISH).encounter)


def start(encounter: Encounter, state: HazardState) -> Encounter:
    return attach_hazard(encounter, OKO, state, "hazard", sheets=SHEETS).encounter


def keys(encounter: Encounter) -> list[str]:
    return [check.key for _, check in due_now(encounter, OKO)]


def oko_state(encounter: Encounter) -> HazardState:
    ((_index, state),) = hazards_of(encounter, OKO)
    return state


def before_his_turn(state: HazardState) -> Encounter:
    return start(fight(), state)


def after_his_turn_began(state: HazardState) -> Encounter:
    return start(to_oko(fight()), state)


# ----- suffocation and drowning ---------------------------------------------------------------


def test_held_breath_rounds_are_counted_on_his_initiative_this_round_or_next() -> None:
    """Suffocation/Drowning: "Rounds are counted on the character's Initiative (i.e., 1
    could come this round or next)." WP 8L holds two rounds: before his turn, rounds 2 and
    3 are the held ones and WP vs 5 comes in round 4; after it, rounds 3 and 4, WP in 5."""
    held = suffocation.start("water", prepared=True, wp="8L")
    early = to_oko(before_his_turn(held))
    assert oko_state(early).breath_left == 1 and keys(early) == []  # type: ignore[attr-defined]
    early = next_round_to_oko(early)
    assert keys(early) == []
    early = next_round_to_oko(early)
    assert early.round == 4 and [c.difficulty for _, c in due_now(early, OKO)] == [5]

    late = after_his_turn_began(held)
    assert oko_state(late).breath_left == 2  # type: ignore[attr-defined]
    for _ in range(2):
        late = next_round_to_oko(late)
        assert keys(late) == []
    late = next_round_to_oko(late)
    assert late.round == 5 and [c.difficulty for _, c in due_now(late, OKO)] == [5]


def test_unprepared_the_suffocation_phase_starts_immediately() -> None:
    """Suffocation/Drowning: "If the character wasn't prepared (i.e., no lung full of air),
    start the suffocation phase immediately." No held round: WP vs 5 on his first Nish,
    this round's when his turn has not come yet."""
    gasping = suffocation.start("no air", prepared=False)
    encounter = before_his_turn(gasping)
    assert keys(encounter) == []  # nothing at once: the WP check is on his Initiative
    encounter = to_oko(encounter)
    assert encounter.round == 2 and [c.difficulty for _, c in due_now(encounter, OKO)] == [5]
    late = after_his_turn_began(gasping)
    late = to_oko(next_turn(late).encounter)
    assert late.round == 3 and [c.difficulty for _, c in due_now(late, OKO)] == [5]


def test_a_race_that_does_not_breathe_never_checks() -> None:
    """Suffocation/Drowning: "races which do not breath (such as the Shanask) need not worry
    about suffocation"."""
    encounter = to_oko(before_his_turn(suffocation.start("water", prepared=False,
                                                         breathes=False)))
    for _ in range(3):
        assert keys(encounter) == []
        encounter = next_round_to_oko(encounter)


# ----- vacuum and a hull breach ---------------------------------------------------------------


def test_vacuum_eardrums_at_once_then_wp_and_damage_on_his_turn_that_round() -> None:
    """Vacuum: "Suffocation rules take effect immediately" and "the character must make an
    immediate FR check Dif 10 to check for ear drum rupture"; "The character is subject to
    10 points of Damage each round.\""""
    started = attach_hazard(fight(), OKO, vacuum.start(), "vacuum", sheets=SHEETS)
    assert "Oko, now: FR vs 10: ears exposed: failure = eardrums rupture" in started.alerts
    encounter = started.encounter
    assert keys(encounter) == ["eardrum"]
    encounter = apply_hazard_result(encounter, 0, 12, SHEETS).encounter
    assert keys(encounter) == []
    encounter = to_oko(encounter)
    assert encounter.round == 2 and keys(encounter) == ["breath"]
    encounter = apply_hazard_result(encounter, 0, 12, SHEETS).encounter
    assert keys(encounter) == ["armor"]  # the 10 damage, this round
    outcome = apply_hazard_result(encounter, 0, 4, SHEETS)
    assert outcome.pc(2) is not None and outcome.pc(2).wounds == 6  # type: ignore[union-attr]


def test_vacuum_started_after_his_turn_owes_its_rounds_from_the_next() -> None:
    encounter = after_his_turn_began(vacuum.start(ears_exposed=False))
    assert keys(encounter) == []
    encounter = to_oko(next_turn(encounter).encounter)
    assert encounter.round == 3 and keys(encounter) == ["breath"]


def test_an_eardrum_check_left_unrolled_does_not_cost_him_his_first_round() -> None:
    encounter = to_oko(before_his_turn(vacuum.start()))
    assert keys(encounter) == ["eardrum"]
    encounter = apply_hazard_result(encounter, 0, 12, SHEETS).encounter
    assert keys(encounter) == ["breath"]  # round 2's checks came all the same


def test_a_gasp_in_vacuum_passes_him_out_at_once() -> None:
    """Vacuum: "characters who attempt to breathe in space pass out immediately"."""
    encounter = before_his_turn(vacuum.start(ears_exposed=False, tries_to_breathe=True))
    assert encounter.combatant(OKO).status is Status.UNCONSCIOUS  # type: ignore[union-attr]
    encounter = to_oko(encounter)
    assert [(c.ability, c.difficulty) for _, c in due_now(encounter, OKO)] == [("Vit", 5)]


def test_a_breach_depressurizes_from_his_nish_this_round() -> None:
    """Ship Combat, Hull Breaches: "the area will immediately begin to depressurize as air
    rushes into space"; "If the character has something to hold onto, they should make a
    Str check (Dif = CDx5)". The rushing air's first round is his Nish this round."""
    breach = vacuum.start_from_breach(2, depressurization_rounds=1, handhold=True)
    encounter = before_his_turn(breach)
    assert keys(encounter) == []
    encounter = to_oko(encounter)
    assert [(c.ability, c.difficulty) for _, c in due_now(encounter, OKO)] == [("Str", 10)]
    # Sucked out on that Nish: exposure begins there and then, the eardrums at once ...
    encounter = apply_hazard_result(encounter, 0, 3, SHEETS).encounter
    assert keys(encounter) == ["eardrum"]
    encounter = apply_hazard_result(encounter, 0, 12, SHEETS).encounter
    # ... and its rounds from his next Nish: this one has been spent holding on.
    assert keys(next_turn(encounter).encounter) == []
    assert keys(next_round_to_oko(encounter)) == ["breath"]


# ----- falling and fatigue: no rounds ---------------------------------------------------------


def test_a_fall_owes_its_checks_at_once() -> None:
    """Falling: "A character who tries to grab something while falling must roll Dex vs a
    GM set Dif" and "An armor check is allowed to reduce the amount of falling damage"."""
    grab = before_his_turn(falling.start(40, intentional=False, height_feet=6, grab_dif=12,
                                         grab_at_feet=0))
    assert [(c.ability, c.difficulty) for _, c in due_now(grab, OKO)] == [("Dex", 12)]
    land = after_his_turn_began(falling.start(30, intentional=False, height_feet=6))
    assert [(c.ability, c.difficulty) for _, c in due_now(land, OKO)] == [("AR", 30)]


def test_fatigue_asks_all_its_set_checks_at_once() -> None:
    """Fatigue: "select a difficulty and a number of rolls. For example, "Make three WP (10)
    checks."" Every one is owed now, one after another, not one a round."""
    encounter = before_his_turn(fatigue.start("mental", 10, 3))
    for _ in range(3):
        assert keys(encounter) == ["fatigue"]
        encounter = apply_hazard_result(encounter, 0, 12, SHEETS).encounter
    assert keys(encounter) == []


# ----- freezing and heat: the grace counted on his Nish -----------------------------------


@pytest.mark.parametrize(("kind", "fahrenheit"), [("freezing", -100), ("heat", 200)])
def test_the_grace_is_counted_from_his_nish_this_round_or_next(kind: str,
                                                               fahrenheit: int) -> None:
    """Freezing: "Most characters can withstand freezing temperatures for a number of rounds
    equal to their Fortitude value. Once this time is up, freezing rolls must be made."
    Heat: "characters can typically last a number of rounds equal to their FR value before
    making heat checks." FR 6L: six rounds of grace, the first this round (before his
    turn) or the next (after it); the first check on the seventh."""
    for encounter, first_check in ((before_his_turn(temperature.start(kind, fahrenheit, "6L")),
                                    8),
                                   (after_his_turn_began(temperature.start(kind, fahrenheit,
                                                                           "6L")), 9)):
        if encounter.round == 2 and _actor(encounter) != "Oko":
            encounter = to_oko(encounter)
        while encounter.round < first_check:
            assert keys(encounter) == [], encounter.round
            encounter = next_round_to_oko(encounter)
        assert keys(encounter) == [kind]


# ----- panic ---------------------------------------------------------------------------------


def test_panic_tries_once_a_round_from_his_nish_this_round() -> None:
    """Panic: "The indicated WP checks may be made once per round." A panic that starts
    before his turn gets its first try on his Nish this round."""
    state, _step = panic.start(3)  # frenzy
    encounter = to_oko(before_his_turn(state))
    assert [(c.ability, c.difficulty) for _, c in due_now(encounter, OKO)] == [("WP", 15)]
    late = after_his_turn_began(state)
    assert keys(late) == []
    assert keys(next_round_to_oko(late)) == ["panic"]


def test_a_fearful_panic_passes_to_fear_at_once() -> None:
    """Panic: "1 Fearful: Character responds as if afraid (see fear)"."""
    state, step = panic.start(1)
    outcome = attach_hazard(fight(), OKO, state, "panic", step, SHEETS)
    assert any("fearful" in line for line in outcome.alerts)
    assert keys(to_oko(outcome.encounter)) == []


# ----- days: sleep, hunger, thirst ------------------------------------------------------------


@pytest.mark.parametrize(("state", "free_days", "sentence"), [
    (sleep_deprivation.start("8L"), 2,
     "Active characters engaging in physical activity can force themselves to stay awake "
     "for WP level days."),
    (starvation.start("food", "6L"), 6,
     "Characters can go without food for a number of days equal to their FR value."),
    (starvation.start("water", "8L"), 2,
     "Characters can go without water for a number of days equal to their FR level."),
])
def test_days_pass_outside_the_rounds(state: HazardState, free_days: int,
                                      sentence: str) -> None:
    """Sleep Deprivation and Starvation/Thirst count days (the test's ``sentence``): his
    Nishes move nothing; the first check comes the day after the free days."""
    encounter = to_oko(before_his_turn(state))
    encounter = next_round_to_oko(encounter)
    assert oko_state(encounter) == state and keys(encounter) == []
    passed = pass_time(encounter, OKO, days=free_days).encounter
    assert keys(passed) == []
    assert len(keys(pass_time(passed, OKO, days=1).encounter)) == 1


# ----- the one-off checks -------------------------------------------------------------------

ONE_OFF_ANSWERS: dict[str, tuple[dict[str, object], str, str]] = {
    "poison": ({"name": "skrak venom", "dif": 15}, "FR",
               "Poison: \"a FR check vs the poison's Dif is made\""),
    "radiation": ({"wounds": 7}, "FR",
                  "Radiation: \"if any radiation wounding damage is taken, the character "
                  "must make a FR check vs the amount of damage\""),
    "brain damage": ({"dif": 12}, "WP",
                     "Brain Damage: \"Brain damage is a WP check vs a GM set difficulty.\""),
    "fear": ({"shock": 8}, "WP",
             "Fear: \"the character must make a WP (20) check or become truly terrified\""),
    "materialization": ({"percent": 50, "head": False}, "NAR",
                        "Materialization: \"Only natural armor can resist this Dmg.\""),
}


@pytest.mark.parametrize("name", sorted(ONE_OFF_ANSWERS))
def test_the_one_off_checks_are_asked_at_once(name: str) -> None:
    """Each one-off hazard is one check, asked as it happens (its sentence is the case's):
    no round, no Nish."""
    answers, ability, _sentence = ONE_OFF_ANSWERS[name]
    check, _why = guided_for(name, __import__("random").Random(1)).check(answers)
    assert check is not None and check.ability == ability
    assert FIRST_MOMENTS[name].clock is Clock.AT_ONCE


# ----- the table says what the model does ----------------------------------------------------

STARTS: dict[str, Callable[[], HazardState]] = {
    "drowning": lambda: suffocation.start("water", prepared=False),
    "suffocation": lambda: suffocation.start("no air", prepared=False),
    "vacuum": vacuum.start,
    "breach": lambda: vacuum.start_from_breach(1, depressurization_rounds=2, handhold=True),
    "falling": lambda: falling.start(20, intentional=False, height_feet=6),
    "freezing": lambda: temperature.start("freezing", -100, "6L"),
    "heat": lambda: temperature.start("heat", 200, "6L"),
    "fatigue": lambda: fatigue.start("physical", 10, 2),
    "panic": lambda: panic.start(2)[0],
    "sleep": lambda: sleep_deprivation.start("8L"),
    "hunger": lambda: starvation.start("food", "6L"),
    "thirst": lambda: starvation.start("water", "6L"),
}


def test_every_hazard_the_console_offers_has_its_first_moment() -> None:
    assert set(FIRST_MOMENTS) == set(LASTING) | set(GUIDED)
    assert set(STARTS) == set(LASTING)


AT_ONCE_KEYS = {"vacuum": ["eardrum"], "falling": ["armor"], "fatigue": ["fatigue"]}


@pytest.mark.parametrize("name", sorted(STARTS))
def test_each_hazards_clock_and_checks_at_once_are_what_its_rules_do(name: str) -> None:
    state = STARTS[name]()
    module = module_for(state)
    moment = FIRST_MOMENTS[name]
    assert hasattr(module, "nish") is (moment.clock is Clock.NISH)
    assert hasattr(module, "day") is (moment.clock is Clock.DAYS)
    encounter = before_his_turn(state)
    assert keys(encounter) == AT_ONCE_KEYS.get(name, [])
    assert bool(moment.at_once) >= (name in AT_ONCE_KEYS)
    if moment.clock is Clock.NISH:  # its first round: his Nish this round, or the next
        ((hazard),) = encounter.hazards
        assert next_nish_round(encounter, hazard) == 2
        late = after_his_turn_began(state)
        ((hazard),) = late.hazards
        assert next_nish_round(late, hazard) == 3
