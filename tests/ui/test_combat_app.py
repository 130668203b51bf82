"""Combat from the tracker by keyboard: both attack directions, critical damage, healing."""

from __future__ import annotations

import io
import random
from pathlib import Path

from rich.console import Console

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side, Stat, Status
from console.model.roster import parse_weapons, spawn_copies
from console.model.tracker import add_combatant, call_for_nish
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.formatting import percent
from console.ui.tracker.detail_pane import DetailPane
from tests.ui.conftest import SIZE, START, FakeClock, type_in
from tests.ui.test_tracker_app import select


def skrak_fight(saves: Path) -> GMConsoleApp:
    store = CampaignStore.create(saves, "Dock")
    brice = PlayerCharacter.new(1, "Brice", nish="8M", def_="8M", ar="6M", vit_max="20",
                                wp="10L", healing="10L",
                                weapons=parse_weapons("blaster 8M/10L"))
    skrak = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="20", ar="4", vit="12",
                        nish="10")
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, skrak, 2).encounter
    encounter = call_for_nish(encounter, {1: 30}).encounter
    store.apply("setup", "the fight", [("pcs", 1, brice.to_dict()), ("npcs", 1, skrak.to_dict()),
                                       ("encounters", 1, encounter.to_dict())], now=START)
    return GMConsoleApp(store, rng=random.Random(5), clock=FakeClock())


def notes(app: GMConsoleApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_both_attack_directions_and_critical_damage(tmp_path: Path) -> None:
    app = skrak_fight(tmp_path)
    store = app.controller.store
    async with app.run_test(size=SIZE) as pilot:
        # The detail pane gives the exchange's exact odds both ways.
        await select(pilot, app, "Skrak 1")
        printer = Console(width=150, record=True, file=io.StringIO())
        printer.print(app.screen.query_one("#detail", DetailPane).render_for(
            app.screen.view_state, 2))
        detail = printer.export_text()
        hits = percent(chance_at_least(Rating.parse("8M"), 16))
        is_hit = percent(1 - chance_at_least(Rating.parse("8M"), 15))
        assert f"Brice → Skrak 1: {hits} hit" in detail
        assert f"Skrak 1 → Brice: {is_hit} hit" in detail

        # Brice fires his blaster at Skrak 1: Atk 16 vs Def 15 would hit; here Def is 16.
        await pilot.press("A", "ctrl+s")
        assert "roll Atk 8M vs 16" in app.screen.hint  # type: ignore[attr-defined]
        await type_in(pilot, "16")  # a hit by 0: ties go to the player
        assert "Roll Dmg 10L vs AR 4" in app.screen.hint  # type: ignore[attr-defined]
        await type_in(pilot, "24", "n")
        skrak = app.controller.encounter().combatant(2)  # type: ignore[union-attr]
        assert (skrak.wounds, skrak.status) == (20, Status.DEAD)  # 24 - 4 = 20 > Vit 12

        # A miss on Skrak 2 changes nothing.
        await select(pilot, app, "Skrak 2")
        await pilot.press("A", "ctrl+s")
        await type_in(pilot, "8")
        assert any("Brice misses Skrak 2: Atk 8 vs Def 16: miss by 8" in n for n in notes(app))

        # Skrak 2 attacks Brice: Def 4 vs Atk 15 is a hit; AR 2 vs Dmg 20 is 18 wounds.
        await select(pilot, app, "Brice")
        await pilot.press("A", "ctrl+s")
        assert "roll Def 8M vs 15" in app.screen.hint  # type: ignore[attr-defined]
        await type_in(pilot, "4")
        assert "roll AR 6M vs Dmg 20" in app.screen.hint  # type: ignore[attr-defined]
        await type_in(pilot, "2")
        assert store.pc(1).wounds == 18  # type: ignore[union-attr]

        # A second hit: 36 wounds on Vit 20, 16 critical damage at one blow.
        await pilot.press("A", "ctrl+s")
        await type_in(pilot, "4", "2")
        assert store.pc(1).wounds == 36  # type: ignore[union-attr]
        # The damage brings the death and unconsciousness checks at once; never the drain,
        # which waits for his Nish ("When to Check").
        said = "\n".join(notes(app))
        assert "Vit vs 16 (death)" in said and "WP vs 80 (unconsciousness)" in said
        assert "Healing vs 80" not in said

        # His checks now: alive (Vit 20 vs 16), passes out (WP 5 vs 80); nothing else owed.
        await pilot.press("k")
        await type_in(pilot, "20", "5")
        fighter = app.controller.encounter().combatant(1)  # type: ignore[union-attr]
        assert fighter.status is Status.UNCONSCIOUS and not fighter.drain_stopped
        assert fighter.checks_owed == ()
        assert store.pc(1).wounds == 36  # type: ignore[union-attr]

        # A grenade: 20 in the square hit, halving outwards.
        await pilot.press("B")
        await type_in(pilot, "20")
        assert any("square hit 20, 1 away 10, 2 away 5, 3 away 2, 4 away 1; nothing further"
                   in n for n in notes(app))

        # First aid heals 5; undo takes it back.
        await pilot.press("plus")
        await type_in(pilot, "5", "n")
        assert store.pc(1).wounds == 31  # type: ignore[union-attr]
        await pilot.press("ctrl+z")
        assert store.pc(1).wounds == 36  # type: ignore[union-attr]


async def test_a_failed_drain_adds_a_wound_and_a_failed_death_check_kills(
    tmp_path: Path,
) -> None:
    app = skrak_fight(tmp_path)
    store = app.controller.store
    brice = store.pc(1)
    assert brice is not None
    store.apply("hurt", "Brice at 12 CD", [("pcs", 1, brice.with_changes(wounds=32).to_dict())])
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        # His turn is the round's first: the round's checks are owed before he acts.
        await pilot.press("k")
        await type_in(pilot, "14", "80", "3")  # lives, stays up, drain fails: +1 wound
        assert store.pc(1).wounds == 33  # type: ignore[union-attr]
        await pilot.press("k")  # made once a round: nothing more is owed this round
        assert any("owes no critical-damage checks now" in n for n in notes(app))
        # Next round, on his Nish, the checks come again.
        await pilot.press("space", "space", "n")
        await type_in(pilot, "32")
        await pilot.press("k")
        await type_in(pilot, "2")  # Vit vs 13 fails: dead; the other two are left empty
        await pilot.press("ctrl+s")
        fighter = app.controller.encounter().combatant(1)  # type: ignore[union-attr]
        assert fighter.status is Status.DEAD


async def test_a_damaged_ship_shows_its_checks_and_rolls_a_system_failure(
    tmp_path: Path,
) -> None:
    app = skrak_fight(tmp_path)
    store = app.controller.store
    halberd = NpcTemplate(2, "Halberd", def_="20", ar="8M", vit="24", nish="12", body_type="S")
    encounter = spawn_copies(app.controller.encounter(), halberd, 1).encounter  # type: ignore[arg-type]
    hit = encounter.combatants[-1].with_changes(wounds=30)  # 6 CD, as in the book
    encounter = encounter.with_changes(combatants=(*encounter.combatants[:-1], hit))
    store.apply("setup", "the Halberd", [("npcs", 2, halberd.to_dict()),
                                         ("encounters", 1, encounter.to_dict())])
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Halberd 1")
        printer = Console(width=150, record=True, file=io.StringIO())
        printer.print(app.screen.query_one("#detail", DetailPane).render_for(
            app.screen.view_state, hit.id))
        assert "hull breach: armor 8M (+ repair hull, combine cat) vs 30" in printer.export_text()
        await pilot.press("V")
        failed = app.controller.encounter().conditions  # type: ignore[union-attr]
        assert len(failed) == 1 and failed[0].target == hit.id
        assert any(kind in failed[0].name for kind in ("failure", "fire", "blow", "explosion"))
        await select(pilot, app, "Skrak 1")
        await pilot.press("V")
        assert any("is not a vehicle or a ship" in n for n in notes(app))


async def test_a_kill_by_attack_on_his_turn_hands_the_round_on(tmp_path: Path) -> None:
    # Brice 20, Skrak 1-3 at 9, Kess 5: Skrak 3's turn; Brice's shot kills him.
    store = CampaignStore.create(tmp_path, "Dock")
    brice = PlayerCharacter.new(1, "Brice", nish="8M", def_="8M", ar="6M", vit_max="20",
                                weapons=parse_weapons("blaster 8M/10L"))
    kess = PlayerCharacter.new(2, "Kess", nish="6L", vit_max="16")
    skrak = NpcTemplate(1, "Skrak", atk="15", def_="8", dmg="20", ar="4", vit="12", nish="9")
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, skrak, 3).encounter
    encounter = add_combatant(encounter, "Kess", Side.PC, ref=2).encounter
    encounter = call_for_nish(encounter, {1: 20, 5: 5}).encounter
    store.apply("setup", "the fight", [("pcs", 1, brice.to_dict()), ("pcs", 2, kess.to_dict()),
                                       ("npcs", 1, skrak.to_dict()),
                                       ("encounters", 1, encounter.to_dict())], now=START)
    app = GMConsoleApp(store, rng=random.Random(5), clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "space", "space", "space")
        await select(pilot, app, "Skrak 3")
        await pilot.press("A", "ctrl+s")
        await type_in(pilot, "16", "24", "n")  # hit; 24 - 4 = 20 wounds on Vit 12
        fight = app.controller.encounter()
        assert fight is not None and fight.combatant(4).status is Status.DEAD  # type: ignore[union-attr]
        assert fight.current == "c5"  # Kess's turn, not "no turn"
        await pilot.press("space")
        assert app.controller.encounter().current == "end"  # type: ignore[union-attr]


async def test_the_kill_rule_on_a_critically_wounded_pc(tmp_path: Path) -> None:
    app = skrak_fight(tmp_path)
    store = app.controller.store
    brice = store.pc(1)
    assert brice is not None
    store.apply("hurt", "Brice at 3 CD", [("pcs", 1, brice.with_changes(wounds=23).to_dict())])
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("plus")
        await type_in(pilot, "0", "y")  # was a TypeError that ended the app
        assert app.is_running
        assert store.pc(1).wounds == 30  # type: ignore[union-attr]
        assert any("Kill rule: Brice is at 10 CD" in m for m in app.controller.store.history()
                   [-1].description.split(";"))
        assert any("Vit vs 10 (death)" in n for n in notes(app))


def test_the_odds_toward_a_pc_whose_ar_is_typed_as_a_value(tmp_path: Path) -> None:
    app = skrak_fight(tmp_path)
    store = app.controller.store
    brice = store.pc(1)
    assert brice is not None
    store.apply("sheet", "AR typed as a value", [("pcs", 1, brice.with_changes(
        ar=Stat("12"), def_=Stat("16")).to_dict())])
    view = app.controller.view()
    printer = Console(width=150, record=True, file=io.StringIO())
    printer.print(DetailPane().render_for(view, 1))
    detail = printer.export_text()
    # AR 12 is rolled as 6M (Table 7): the NPC line is there, and says who attacks whom.
    assert "Skrak 1 → Brice: " in detail and "Brice → Skrak 1: " in detail
    store.close()
