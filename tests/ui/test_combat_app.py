"""Combat wizards by keyboard: each prompt shows the exact chance, and the answers reach the
service (the arithmetic is tested in ``tests/service/test_combat_commands.py``)."""

from __future__ import annotations

from textual.widgets import Input

from console.model import Encounter, Side, Stat, Status
from console.model.roster import parse_weapons, spawn_copies
from console.model.tracker import add_combatant, call_for_nish, set_status
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.formatting import percent
from console.ui.log.log_pane import LogPane
from console.ui.tracker.detail_pane import DetailPane
from console.ui.widgets.plain import Label
from tests.service.test_combat_commands import BRICE, SKRAK
from tests.ui.conftest import SIZE, console_on, plain, select, toasts_of, type_in
from tests.ui.test_forgiving_keys import burst


def dock(store: CampaignStore, wounds: int = 0) -> GMConsoleApp:
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, SKRAK, 2).encounter
    encounter = call_for_nish(encounter, {1: 30}).encounter
    docs = [BRICE.with_changes(wounds=wounds), SKRAK, encounter]
    store.apply("setup", "the fight", [(d.TABLE, d.id, d.to_dict()) for d in docs])
    return console_on(store, seed=5)


def hint(app: GMConsoleApp) -> str:
    return str(app.screen.hint)  # type: ignore[attr-defined]


def detail(app: GMConsoleApp, combatant_id: int) -> str:
    return plain(app.screen.query_one("#detail", DetailPane).render_for(
        app.service.view(), combatant_id), 150)


async def test_both_attack_wizards(store: CampaignStore) -> None:
    app = dock(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        hits = percent(chance_at_least(Rating.parse("8M"), 16))
        is_hit = percent(1 - chance_at_least(Rating.parse("8M"), 15))
        assert f"Brice → Skrak 1: {hits} hit" in detail(app, 2)
        # His set values, seen nowhere in a fight but the attack form before.
        assert "Atk 15 · Def 16 · Dmg 20 · AR 4" in detail(app, 2)
        assert f"Skrak 1 → Brice: {is_hit} hit" in detail(app, 2)
        await pilot.press("A", "ctrl+s")
        assert "roll Atk 8M vs 16" in hint(app)
        await type_in(pilot, "16")  # a hit by 0: ties go to the player
        wound = percent(chance_at_least(Rating.parse("10L"), 5))  # over AR 4
        assert f"Roll Dmg 10L vs AR 4: {wound} to wound" in hint(app)
        await type_in(pilot, "24", "n")
        skrak = app.service.encounter().combatant(2)  # type: ignore[union-attr]
        assert (skrak.wounds, skrak.status) == (20, Status.DEAD)
        assert toasts_of(app)[-1] == "Skrak 1: 20 wounding damage: 20/12, 8 critical damage: dies"

        await select(pilot, app, "Brice")
        await pilot.press("A", "ctrl+s")
        assert "roll Def 8M vs 15" in hint(app)
        await type_in(pilot, "4")
        assert "roll AR 6M vs Dmg 20" in hint(app)
        await type_in(pilot, "2")
        assert app.service.pcs()[1].wounds == 18
        await pilot.press("A", "ctrl+s")
        await type_in(pilot, "16")  # Def 16 vs Atk 15, a miss: said, nothing saved
        assert toasts_of(app)[-1].startswith("Skrak 2 misses Brice")


async def test_checks_healing_and_the_kill_rule_by_keys(store: CampaignStore) -> None:
    app = dock(store, wounds=32)  # 12 CD, his turn: the round's checks are owed
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("k")
        await type_in(pilot, "14", "80", "3")  # lives, stays up, the drain fails
        assert app.service.pcs()[1].wounds == 33
        await pilot.press("k")
        assert toasts_of(app)[-1] == "Brice owes no critical-damage checks now"
        await pilot.press("plus")
        await type_in(pilot, "3", "n")
        assert app.service.pcs()[1].wounds == 30
        await pilot.press("plus")
        await type_in(pilot, "0", "y")  # was a TypeError that ended the app
        assert app.is_running and app.service.pcs()[1].wounds == 30
        await pilot.press("B")
        await type_in(pilot, "20")
        assert "square hit 20, 1 away 10" in toasts_of(app)[-1]
        # ... and in the log while the GM applies it to each victim (a toast goes).
        log = app.screen.query_one("#log", LogPane)
        assert "Blast: square hit 20, 1 away 10" in log.entries[-1][0]
        await select(pilot, app, "Skrak 1")
        await pilot.press("V", "k")
        assert "is not a vehicle or a ship" in toasts_of(app)[-2]
        assert toasts_of(app)[-1] == "Skrak 1 is an NPC: with critical damage they simply die"
        await pilot.press("plus")  # a heal is a PC's: an NPC's wounds are set with -
        assert toasts_of(app)[-1] == ("Skrak 1 is an NPC: - changes their wounds "
                                      "(-7 wounds, +3 heals 3)")


def test_the_odds_toward_a_pc_whose_ar_is_typed_as_a_value(seed: CampaignService,
                                                           store: CampaignStore) -> None:
    dock(store)
    seed.roster.save_pc(seed.pcs()[1].with_changes(ar=Stat("12"), def_=Stat("16")))
    shown = plain(DetailPane().render_for(seed.view(), 1), 150)
    # AR 12 is rolled as 6M (Table 7): the NPC line is there, and says who attacks whom.
    assert "Skrak 1 → Brice: " in shown and "Brice → Skrak 1: " in shown


async def test_a_refused_attack_keeps_its_form_open_with_every_value(store: CampaignStore) -> None:
    app = dock(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        await pilot.press("A")
        form = app.screen
        form.query_one("#field-mods", Input).value = "sneaky"  # not a Table 15 modifier
        form.query_one("#field-attacks", Input).value = "2"
        await pilot.press("ctrl+s")
        assert app.screen is form  # still open: the campaign's refusal is said in it
        assert "sneaky" in str(form.query_one("#error").render())
        assert form.query_one("#field-attacks", Input).value == "2"
        form.query_one("#field-mods", Input).value = "unexpected"
        await pilot.press("ctrl+s")
        assert app.screen is not form and "roll Atk" in hint(app)


OKO = BRICE.with_changes(id=2, name="Oko Ade", weapons=parse_weapons("spear 8M/8L"))


def two_pcs(store: CampaignStore) -> GMConsoleApp:
    """Brice (Nish 30, the turn) and Oko Ade (Nish 20) against Skrak 1 and 2."""
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Oko Ade", Side.PC, ref=2).encounter
    encounter = spawn_copies(encounter, SKRAK, 2).encounter
    encounter = call_for_nish(encounter, {1: 30, 2: 20}).encounter
    docs = [BRICE, OKO, SKRAK, encounter]
    store.apply("setup", "the fight", [(d.TABLE, d.id, d.to_dict()) for d in docs])
    return console_on(store, seed=5)


def field(app: GMConsoleApp, name: str) -> Input:
    return app.screen.query_one(f"#field-{name}", Input)


async def test_the_attacker_is_the_one_acting_now_and_names_complete(
        store: CampaignStore) -> None:
    app = two_pcs(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Oko Ade")
        await pilot.press("h", "o")  # Oko saves his Initiative, then acts on it now
        await select(pilot, app, "Skrak 1")
        await pilot.press("A")
        await pilot.pause()
        assert field(app, "pc").value == "Oko Ade"  # not Brice, whose turn it is
        label = app.screen.query_one("#label-weapon", Label)
        assert "1 spear" in str(label.render())
        field(app, "pc").value = "br"
        await pilot.press("tab")
        assert field(app, "pc").value == "Brice" and app.focused is field(app, "pc")
        await pilot.pause()
        assert "1 blaster" in str(label.render())  # the weapons follow the attacker
        field(app, "pc").value = "ok"  # a unique start is taken as the name
        await pilot.press("ctrl+s")
        assert "roll Atk 8M" in hint(app)
        assert "Oko Ade attacks Skrak 1" in str(app.screen.title_text)  # type: ignore[attr-defined]


async def test_tab_on_a_name_typed_in_part_lists_the_names_it_may_be(
        store: CampaignStore) -> None:
    """tab on "sk" completed the names' shared start and said nothing of the two Skraks it
    may be: they are listed under the form, and the field keeps the focus until it names
    one."""
    app = dock(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("A", "ctrl+u", "s", "k", "tab")
        npc = field(app, "npc")
        assert npc.value == "Skrak " and app.focused is npc
        said = str(app.screen.query_one("#error").render())
        assert said == 'Attacker: Skrak 1, Skrak 2 start with "Skrak": type more, then tab'
        await pilot.press("tab")  # still two: it stays
        assert app.focused is npc
        await pilot.press("2", "tab")  # a whole name: taken, and tab moves on
        assert npc.value == "Skrak 2" and app.focused is field(app, "mods")
        assert str(app.screen.query_one("#error").render()) == ""


async def test_an_npc_attackers_atk_and_dmg_follow_the_attacker_named(
        store: CampaignStore) -> None:
    """The attacker changed to another NPC kept the first one's Atk and Dmg, and the
    attack was resolved with them (a new GM's Eel mother struck with a Sump eel's 12/14)."""
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, SKRAK, 1).encounter
    leader = SKRAK.with_changes(id=2, name="Leader", atk=Stat("8M"), dmg=Stat("30"))
    encounter = spawn_copies(encounter, leader, 1).encounter
    encounter = call_for_nish(encounter, {1: 30}).encounter
    docs = [BRICE, SKRAK, leader, encounter]
    store.apply("setup", "the fight", [(d.TABLE, d.id, d.to_dict()) for d in docs])
    app = console_on(store, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Brice")
        await pilot.press("A")
        await pilot.pause()
        assert (field(app, "npc").value, field(app, "atk").value,
                field(app, "dmg").value) == ("Skrak 1", "15", "20")
        await pilot.press("ctrl+u", "l", "e", "tab")  # "Leader 1"
        await pilot.pause()
        assert (field(app, "atk").value, field(app, "dmg").value) == ("16", "30")
        await pilot.press("ctrl+s")
        assert "roll Def 8M vs 16" in hint(app)  # his Atk, not the Skrak's


async def test_keys_typed_ahead_for_a_damage_step_a_miss_never_opens_are_not_used(
        store: CampaignStore) -> None:
    """"12 enter" typed ahead for the damage went, after a miss, to the main screen: the
    2 focused the roster, and an enter on the tracker would have moved the turn. They are
    set aside and said, as a form says the keys typed before its mistake."""
    app = dock(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        before = app.service.encounter().current  # type: ignore[union-attr]
        focused = app.focused
        burst(app, "A", "ctrl+s", "3", "enter", "1", "2", "enter")
        for _ in range(10):
            await pilot.pause()
        assert toasts_of(app)[-2].startswith("Brice misses Skrak 1")
        assert toasts_of(app)[-1] == "(typed before this was said, not used: 12 enter)"
        assert app.focused is focused
        assert app.service.encounter().current == before  # type: ignore[union-attr]


async def test_a_questioned_result_is_selected_so_typing_replaces_it(
        store: CampaignStore) -> None:
    app = dock(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        await pilot.press("A", "ctrl+s")
        await type_in(pilot, "3000")  # 8M cannot roll it: asked, and selected
        result = field(app, "result")
        assert "Brice: 8M cannot roll exactly 3000. Keep it?" in str(
            app.screen.query_one("#error").render())
        assert (result.selection.start, result.selection.end) == (0, 4)
        await pilot.press("1", "6")  # typed over, not after
        assert result.value == "16"


async def test_an_empty_wounds_field_says_what_to_type(store: CampaignStore) -> None:
    app = dock(store)
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Skrak 1")
        await pilot.press("minus", "enter")
        await pilot.pause()
        said = str(app.screen.query_one("#error").render())
        assert said == "wounds: type how many, like 7, or +3 to heal"


async def test_the_details_give_every_opponents_odds_and_none_for_the_dead(
        store: CampaignStore) -> None:
    """The pane lists four opponents and says how many more; `i` promised odds against
    every opponent and cut them the same way. A dead NPC had odds of his own."""
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, SKRAK, 7).encounter
    encounter = call_for_nish(encounter, {1: 30}).encounter
    dead = encounter.combatants[-1]
    encounter = set_status(encounter, dead.id, Status.DEAD).encounter
    docs = [BRICE, SKRAK, encounter]
    store.apply("setup", "the fight", [(d.TABLE, d.id, d.to_dict()) for d in docs])
    app = console_on(store, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        pane = detail(app, 1)
        assert pane.count("Brice → Skrak") == 4 and "... and 2 more (i: every one)" in pane
        assert "→" not in detail(app, dead.id)  # the dead NPC's own: no odds either way
        await select(pilot, app, "Brice")
        await pilot.press("i")
        await pilot.pause()
        whole = plain(app.screen.query_one(DetailPane).render_for(app.service.view(), 1), 150)
        assert whole.count("Brice → Skrak") == 6 and "more" not in whole  # the dead one: none
        # The tracker's row is hidden under it: his Nish and Wounds/Vit are said here.
        assert "Nish this round 30  ·  wounds 0 of Vit 20" in whole
        assert "wounds 0 of Vit" not in pane  # beside the tracker, its row says them
        assert f"Brice → {dead.name}" not in whole


async def test_a_pc_past_his_vit_is_told_the_chance_of_more_critical_damage(
        store: CampaignStore) -> None:
    """Past his Vit, "100.0% CD" beside a 54% hit read as a certain hit: the line says the
    chance of more critical damage, any wound."""
    app = dock(store, wounds=24)
    async with app.run_test(size=SIZE):
        shown = detail(app, 1)
        line = next(text for text in shown.splitlines() if "Skrak 1 → Brice" in text)
        assert line.endswith("more CD") and "100.0% CD" not in shown
        hit = float(line.split(": ")[1].split("%")[0])
        more = float(line.split(", ")[-1].split("%")[0])
        assert 0 < more <= hit
