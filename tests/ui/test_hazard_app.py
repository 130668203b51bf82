"""Hazards through the tracker by keyboard: a drowning and a vacuum exposure, round by round."""

from __future__ import annotations

import random
from pathlib import Path

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.hazards import due_now
from console.model.roster import spawn_copies
from console.model.tracker import add_combatant
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.dialogs.form_dialog import FormDialog
from tests.ui.conftest import SIZE, START, FakeClock, type_in
from tests.ui.test_tracker_app import select


def harbour(saves: Path) -> GMConsoleApp:
    store = CampaignStore.create(saves, "Harbour")
    brice = PlayerCharacter.new(1, "Brice", nish="8M", vit_max="20", wp="8L", nar="6L",
                                fr="8M")
    kara = PlayerCharacter.new(2, "Kara", nish="10L", vit_max="16", wp="10L", nar="6L",
                               fr="6M")
    skrak = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="12", ar="4", vit="12",
                        nish="10")
    encounter = Encounter(1, "Sinking barge")
    encounter = add_combatant(encounter, "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Kara", Side.PC, ref=2).encounter
    encounter = spawn_copies(encounter, skrak, 1).encounter
    store.apply("setup", "the barge", [("pcs", 1, brice.to_dict()), ("pcs", 2, kara.to_dict()),
                                       ("npcs", 1, skrak.to_dict()),
                                       ("encounters", 1, encounter.to_dict())], now=START)
    return GMConsoleApp(store, rng=random.Random(2), clock=FakeClock())


def due_text(app: GMConsoleApp) -> str:
    screen = app.screen
    return screen.hint if isinstance(screen, FormDialog) else ""  # type: ignore[attr-defined]


async def new_round(pilot, app: GMConsoleApp) -> None:  # type: ignore[no-untyped-def]
    """Call for Nish: Brice 32, Kara 20; Brice's turn comes first."""
    await pilot.press("n")
    await type_in(pilot, "32", "20")


async def test_a_drowning_through_several_rounds(tmp_path: Path) -> None:
    app = harbour(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await new_round(pilot, app)  # round 1
        await select(pilot, app, "Brice")
        await pilot.press("z")
        await type_in(pilot, "drowning", "y", "", "y")  # a lungful; WP 8L from his sheet
        encounter = app.controller.encounter()
        assert encounter is not None and len(encounter.hazards) == 1
        # WP 8L is level 2: he holds his breath through rounds 2 and 3 ...
        for _ in range(2):
            await new_round(pilot, app)
            await pilot.press("Z")
            assert "Nothing due now" in str(app.screen.query_one("Label.label").render())
            await pilot.press("escape")
        # ... then WP vs 5 on round 4, WP vs 10 on round 5.
        await new_round(pilot, app)
        assert any("Brice, before acting: WP vs 5" in n.message for n in app._notifications)
        await select(pilot, app, "Brice")
        await pilot.press("Z")
        await type_in(pilot, "7")
        await new_round(pilot, app)
        await select(pilot, app, "Brice")
        await pilot.press("Z")
        assert "WP vs 10" in str(app.screen.query_one("Label.label").render())
        await type_in(pilot, "3")  # passes out under water: he drowns
        brice = app.controller.encounter().combatant(1)  # type: ignore[union-attr]
        assert brice.status is Status.DEAD

    # The hazard and its rounds are saved with the encounter.
    app.controller.store.close()
    with CampaignStore.open(tmp_path, "Harbour", read_only=True) as store:
        assert store.encounters()[0].hazards[0].state["hazard"] == "suffocation"


async def test_vacuum_asks_all_its_checks_on_one_nish(tmp_path: Path) -> None:
    app = harbour(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await new_round(pilot, app)
        await select(pilot, app, "Kara")
        await pilot.press("z")
        await type_in(pilot, "vacuum", "y", "n")
        await new_round(pilot, app)
        await pilot.press("Z")  # Brice acts first: nothing is due for her yet
        assert "Nothing due now" in str(app.screen.query_one("Label.label").render())
        await pilot.press("escape", "1", "space")  # her Nish: everything at once
        assert any("Kara, before acting" in n.message for n in app._notifications)
        await pilot.press("Z")
        await type_in(pilot, "12")  # WP vs 5: holds on
        await type_in(pilot, "16")  # FR vs 10: her eardrums hold
        await type_in(pilot, "4")  # NAR vs 10: 6 wounds
        kara = app.controller.store.pc(2)
        assert kara is not None and kara.wounds == 6
        await pilot.press("ctrl+z")  # one step back: the wounds go
        assert app.controller.store.pc(2).wounds == 0  # type: ignore[union-attr]


async def test_falling_poison_thirst_and_cold(tmp_path: Path) -> None:
    app = harbour(tmp_path)
    store = app.controller.store
    async with app.run_test(size=SIZE) as pilot:
        await new_round(pilot, app)
        # A 30-foot accidental fall: 30 damage before armor; his AR roll of 12 leaves 18.
        await select(pilot, app, "Brice")
        await pilot.press("z")
        await type_in(pilot, "falling", "30", "n", "6", "", "")
        await pilot.press("Z")
        assert "vs 30" in str(app.screen.query_one("Label.label").render())
        await type_in(pilot, "12")
        assert store.pc(1).wounds == 18  # type: ignore[union-attr]

        # Poison: FR vs the poison's Dif; a one-off check.
        await pilot.press("z")
        await type_in(pilot, "poison", "skrak venom", "15")
        assert "FR vs 15" in str(app.screen.query_one("Label.label").render())
        await type_in(pilot, "4")
        assert any("skrak venom" in n.message or "poison" in n.message
                   for n in app._notifications)

        # Thirst runs on days: FR 6M (value 12) gives FR level 4 free days.
        await select(pilot, app, "Kara")
        await pilot.press("z")
        await type_in(pilot, "thirst", "")
        await pilot.press("T")
        await type_in(pilot, "6", "0", "0")
        encounter = app.controller.encounter()
        assert encounter is not None
        assert [check.describe() for _, check in due_now(encounter, 2)] == [
            "FR vs 5: day 5 without water: failure = unconscious"]
        assert any("stopped after 5 days" in n.message for n in app._notifications)

        # Freezing at -40 F with the Table 24 modifiers: Dif 20 every 2 rounds.
        await pilot.press("z")
        await type_in(pilot, "freezing", "-40", "", "fighting", "", "", "heavy")
        hazards = app.controller.encounter().hazards  # type: ignore[union-attr]
        cold = [h for h in hazards if h.state["hazard"] == "temperature"]
        assert cold and cold[0].state["fahrenheit"] == -40
