"""The hazard wizard by keyboard: a hazard picked and its questions answered, the check
taken on the victim's Nish, and an end offered when nothing is due (the hazards themselves
are tested in ``tests/service/test_hazard_commands.py``)."""

from __future__ import annotations

import random

import pytest

from console.model import Status
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.hazards.guided_checks import guided_for
from tests.service.test_hazard_commands import harbour
from tests.ui.conftest import SIZE, console_on, select, toasts_of, type_in


def in_the_harbour(store: CampaignStore) -> tuple[CampaignService, GMConsoleApp]:
    """Brice and Kara on the sinking barge, Nish called (Brice first), and the console on
    it: the service that set it up, and the app."""
    seed = harbour(store)
    seed.tracker.call_for_nish({1: 32, 2: 20})
    return seed, console_on(store, seed=2)


def question(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("Label.label").render())


async def test_a_drowning_started_and_checked_by_keys(store: CampaignStore) -> None:
    seed, app = in_the_harbour(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("z")
        await type_in(pilot, "drowning", "y", "", "y")  # a lungful; WP 8L from his sheet
        assert len(app.service.encounter().hazards) == 1  # type: ignore[union-attr]
        await pilot.press("Z")
        assert isinstance(app.screen, FormDialog)
        assert "Nothing due now" in question(app)
        await type_in(pilot, "n")
        for _ in range(3):  # WP 8L holds his breath through rounds 2 and 3
            seed.tracker.call_for_nish({1: 32, 2: 20})
        await pilot.press("Z")
        assert "WP vs 5" in question(app)
        await type_in(pilot, "2")  # he passes out under water: he drowns
        fighter = app.service.encounter().combatant(1)  # type: ignore[union-attr]
        assert fighter.status is Status.DEAD
        assert any("Brice: " in t for t in toasts_of(app))


async def test_a_one_off_check_and_time_passing(store: CampaignStore) -> None:
    _, app = in_the_harbour(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("z")
        await type_in(pilot, "poison", "skrak venom", "15")
        assert "FR vs 15" in question(app)
        await type_in(pilot, "4")
        assert "skrak venom" in toasts_of(app)[-1] or "poison" in toasts_of(app)[-1]
        await select(pilot, app, "Kara")
        await pilot.press("z")
        await type_in(pilot, "thirst", "")
        await pilot.press("T")
        await type_in(pilot, "6", "0", "0")
        assert "stopped after 5 days" in toasts_of(app)[-1]
        await pilot.press("z")
        await type_in(pilot, "quicksand")  # not a hazard the book has
        assert "hazard: one of drowning" in str(app.screen.query_one("#error").render())


@pytest.mark.parametrize(("name", "answers", "result"), [
    ("poison", {"name": "venom", "dif": 15}, 4),
    ("radiation", {"wounds": 6}, 2),
    ("brain damage", {"dif": 12}, 3),
    ("fear", {"shock": 2}, 1),
    ("materialization", {"percent": 30, "head": True}, 5),
])
def test_every_one_off_check_asks_and_resolves(name: str, answers: dict[str, object],
                                               result: int) -> None:
    """Each guided check turns its answers into the check to ask for, and the player's
    result into a step (a failure rolls the book's table with the console's dice)."""
    guided = guided_for(name, random.Random(4))
    check, why_not = guided.check(answers)
    assert check is not None, why_not
    step = guided.resolve(answers, check, result)
    assert step.text
    again = guided_for(name, random.Random(4)).resolve(answers, check, result)
    assert again == step  # the same dice, the same table roll


def test_radiation_without_wounds_asks_nothing() -> None:
    check, why_not = guided_for("radiation", random.Random(1)).check({"wounds": 0})
    assert check is None and why_not == "no wounds: no radiation check"


def test_the_panic_form_names_its_six_effects() -> None:
    """The form asked for "Effect 1-6" with nothing saying which is which (a new GM had
    to try each and undo to find that 4 is a faint)."""
    import random

    from console.ui.hazards.hazard_forms import questions_for

    hint = questions_for("panic", None, random.Random(1)).hint
    assert "1 fearful" in hint and "4 faint" in hint and "6 frantic search" in hint


async def test_u_on_one_fainted_in_panic_says_it_once(store: CampaignStore) -> None:
    # A new GM saw "Kara: shaken awake / recovered" twice, as the warning and again as the
    # key's confirmation: the warning held the step's lines joined, the confirmation each.
    _, app = in_the_harbour(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Kara")
        await pilot.press("z")
        await type_in(pilot, "panic", "4")  # faint
        before = len(toasts_of(app))
        await pilot.press("u")
        await pilot.pause()
        said = toasts_of(app)[before:]
        assert sum("shaken awake" in toast for toast in said) == 1, said
        assert any("back in the fight" in toast and "ctrl+z" in toast for toast in said)
