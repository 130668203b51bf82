"""Hazards through the service: a drowning and a vacuum exposure round by round, a fall,
a poison, thirst over days and the cold; each check on the victim's Nish."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.fight_events import HazardCheck, HazardEnded
from console.model.roster import spawn_copies
from console.model.tracker import add_combatant
from console.rules.critical_damage import CheckKind
from console.rules.hazards import (
    falling,
    panic,
    poison,
    starvation,
    suffocation,
    temperature,
    vacuum,
)
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import seeded


def harbour(store: CampaignStore) -> CampaignService:
    brice = PlayerCharacter.new(1, "Brice", nish="8M", vit_max="20", wp="8L", nar="6L",
                                fr="8M")
    kara = PlayerCharacter.new(2, "Kara", nish="10L", vit_max="16", wp="10L", nar="6L",
                               fr="6M")
    skrak = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="12", ar="4", vit="12", nish="10")
    encounter = Encounter(1, "Sinking barge")
    encounter = add_combatant(encounter, "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Kara", Side.PC, ref=2).encounter
    encounter = spawn_copies(encounter, skrak, 1).encounter
    return seeded(store, brice, kara, skrak, encounter, seed=2)


def new_round(service: CampaignService) -> list[str]:
    """Brice 32, Kara 20: Brice's turn first. The alerts of the call."""
    return list(service.tracker.call_for_nish({1: 32, 2: 20}).alerts)


def fighter(service: CampaignService, combatant_id: int):  # type: ignore[no-untyped-def]
    encounter = service.encounter()
    assert encounter is not None
    return encounter.combatant(combatant_id)


def test_a_drowning_through_several_rounds(tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Harbour")
    service = harbour(store)
    hazards = service.hazards
    new_round(service)
    brice = fighter(service, 1)
    hazards.start(brice, "drowning", suffocation.start("water", prepared=True, wp="8L"))
    # WP 8L is level 2: he holds his breath through rounds 2 and 3 ...
    for _ in range(2):
        new_round(service)
        assert hazards.owed(brice) == []
    # ... then WP vs 5 on round 4 (said before he acts), WP vs 10 on round 5.
    assert any(a.startswith("Brice, before acting: WP vs 5") for a in new_round(service))
    (index, check), = hazards.owed(brice)
    assert (check.ability, check.difficulty) == ("WP", 5)
    assert hazards.rating_for(brice, check) is not None
    checked = hazards.apply_result(index, 7)
    # The recap tells it as the drowning it is, not as "Brice's suffocation check".
    assert [event.hazard for event in checked.events
            if isinstance(event, HazardCheck)] == ["drowning"]
    new_round(service)
    (index, check), = hazards.owed(brice)
    assert check.difficulty == 10
    hazards.apply_result(index, 3)  # passes out under water: he drowns
    assert fighter(service, 1).status is Status.DEAD
    store.close()
    # The hazard and its rounds are saved with the encounter.
    with CampaignStore.open(tmp_path, "Harbour", read_only=True) as again:
        assert again.encounters()[0].hazards[0].state["hazard"] == "suffocation"


def test_vacuum_started_before_her_turn_checks_on_her_turn_that_round() -> None:
    """Issue 25: vacuum on Kara in round 2 before she has acted. Vacuum: "Suffocation rules
    take effect immediately" and "the character must make an immediate FR check Dif 10":
    the eardrums at once, the WP check and the 10 damage on her Nish that same round."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    hazards = service.hazards
    new_round(service)
    new_round(service)  # round 2: Brice (32) acts first, Kara (20) after him
    sheet = next(pc for pc in service.pcs().values() if pc.name == "Kara")
    service.roster.save_pc(sheet.with_changes(pronoun="she"))  # her combatant follows
    kara = fighter(service, 2)
    started = hazards.start(kara, "vacuum", vacuum.start(ears_exposed=True,
                                                         tries_to_breathe=False))
    assert "Kara, now: FR vs 10: ears exposed: failure = eardrums rupture" in started.alerts
    assert any("its first round on her Nish in round 2 (this round)" in n
               for n in started.notices)
    assert [c.key for _, c in hazards.owed(kara)] == ["eardrum"]
    said = service.tracker.next_turn()  # her Nish, round 2
    assert any(a.startswith("Kara, before acting") for a in said.alerts)
    results = iter([16, 12, 4])  # FR vs 10 ears hold; WP vs 5 holds on; NAR vs 10: 6 wounds
    asked = []
    while hazards.owed(kara):
        index, check = hazards.owed(kara)[0]
        asked.append((check.ability, check.difficulty))
        hazards.apply_result(index, next(results))
    assert asked == [("FR", 10), ("WP", 5), ("NAR", 10)]
    assert service.pcs()[2].wounds == 6
    service.undo()  # one step back: the wounds go
    assert service.pcs()[2].wounds == 0


def test_a_turn_passed_with_a_hazards_check_owed_says_so() -> None:
    """Space passed Kara's turn with her vacuum checks not made: the hazard waits on them
    (it counts no further round), and nothing said so. Now the log and a warning do."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    hazards = service.hazards
    new_round(service)
    new_round(service)
    kara = fighter(service, 2)
    hazards.start(kara, "vacuum", vacuum.start(ears_exposed=True, tries_to_breathe=False))
    service.tracker.next_turn()  # her Nish: she owes the eardrum and the breath checks
    assert hazards.owed(kara)
    passed = service.tracker.next_turn()  # passed on, none made
    said = [a for a in passed.alerts if "Kara's turn passed with a hazard's check not made" in a]
    assert len(said) == 1 and "vacuum" in said[0].lower() and "FR vs 10" in said[0]
    assert said[0] in passed.notices  # in the log too
    again = service.tracker.next_turn()  # someone else's turn passed: nothing more said
    assert not any("hazard's check" in a for a in again.alerts)


def test_vacuum_started_after_her_turn_waits_for_the_next_round() -> None:
    service = harbour(CampaignStore.in_memory("Harbour"))
    hazards = service.hazards
    new_round(service)
    service.tracker.next_turn()  # Kara's turn has begun: her Nish this round has come
    kara = fighter(service, 2)
    started = hazards.start(kara, "vacuum", vacuum.start(ears_exposed=False))
    assert any("in round 2 (next round)" in n for n in started.notices)
    assert hazards.owed(kara) == []
    service.tracker.next_turn()
    assert hazards.owed(kara) == []
    new_round(service)
    service.tracker.next_turn()
    assert [c.key for _, c in hazards.owed(kara)] == ["breath"]  # then the armor


def test_a_gasp_in_vacuum_passes_him_out_as_it_starts() -> None:
    """Vacuum: "characters who attempt to breathe in space pass out immediately"."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    new_round(service)
    kara = fighter(service, 2)
    service.hazards.start(kara, "vacuum", vacuum.start(ears_exposed=False,
                                                       tries_to_breathe=True))
    assert fighter(service, 2).status is Status.UNCONSCIOUS


def test_falling_poison_thirst_and_cold() -> None:
    service = harbour(CampaignStore.in_memory("Harbour"))
    hazards = service.hazards
    new_round(service)
    brice, kara = fighter(service, 1), fighter(service, 2)
    # A 30-foot accidental fall: 30 damage before armor; his AR roll of 12 leaves 18.
    hazards.start(brice, "falling", falling.start(30, intentional=False, height_feet=6))
    (index, check), = hazards.owed(brice)
    assert check.difficulty == 30
    hazards.apply_result(index, 12)
    assert service.pcs()[1].wounds == 18
    assert service.encounter().hazards == ()  # type: ignore[union-attr]  # landed: it comes off

    # Poison: FR vs its Dif, a one-off check resolved at once.
    check = poison.check(15, "skrak venom")
    done = hazards.resolve_step(brice, poison.resolve(check, 4))
    assert any("skrak venom" in a or "poison" in a for a in done.alerts)

    # Thirst runs on days: FR 6M (value 12) gives FR level 4 free days.
    hazards.start(kara, "thirst", starvation.start("water", "6M"))
    passed = hazards.pass_time(kara, days=6)
    assert [c.describe() for _, c in hazards.owed(kara)] == [
        "FR vs 5: day 5 without water: failure = unconscious"]
    assert any("stopped after 5 days" in a for a in passed.alerts)

    # Freezing at -40 F while fighting, heavily clothed.
    hazards.start(kara, "freezing", temperature.start("freezing", -40, "6M",
                                                      activity="fighting", clothing="heavy"))
    cold = [h for h in service.encounter().hazards  # type: ignore[union-attr]
            if h.state["hazard"] == "temperature"]
    assert cold and cold[0].state["fahrenheit"] == -40


def test_ending_a_hazard_and_what_is_refused() -> None:
    service = harbour(CampaignStore.in_memory("Harbour"))
    hazards = service.hazards
    new_round(service)
    brice = fighter(service, 1)
    with pytest.raises(ActionRefused, match="Brice faces no hazard"):
        hazards.owed(brice)
    with pytest.raises(ActionRefused, match="none of Brice's hazards moves"):
        hazards.start(brice, "drowning", suffocation.start("water", prepared=True, wp="8L"))
        hazards.pass_time(brice, hours=1)
    index, _state = hazards.state(brice)
    ended = hazards.end(index)
    assert service.encounter().hazards == ()  # type: ignore[union-attr]
    assert ended.alerts  # the closing step (revive Dif ...) is shown
    assert [event.hazard for event in ended.events
            if isinstance(event, HazardEnded)] == ["drowning"]


def test_passing_out_under_water_drowns_and_without_air_brings_vit_checks() -> None:
    """Brice, holding his breath under water, failed a wound's unconsciousness check: the
    drowning still asked for WP vs 5. RULES 8: "passing out means inhaling: in water that
    is death; with no breathable air, each Nish a Vit check"."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    hazards = service.hazards
    new_round(service)
    brice, kara = fighter(service, 1), fighter(service, 2)
    hazards.start(brice, "drowning", suffocation.start("water", prepared=True, wp="8L"))
    service.combat.change_wounds(brice, -21)  # 21 on Vit 20: CD 1, WP vs 5 at once
    checked = service.combat.apply_checks(fighter(service, 1),
                                          [(CheckKind.UNCONSCIOUSNESS, 2)])  # he passes out
    assert fighter(service, 1).status is Status.DEAD
    assert any("passes out under water: inhales, and drowns" in line
               for line in checked.notices)
    # Kara out of air, marked unconscious by the GM (u): Vit checks from her next Nish.
    hazards.start(kara, "suffocation", suffocation.start("no air", prepared=False))
    service.tracker.toggle_status(kara.id, Status.UNCONSCIOUS)
    (_index, state), = hazards.state(fighter(service, 2)),
    assert "unconscious: Vit vs 5" in suffocation.status(state)  # type: ignore[arg-type]
    # Passing out again changes nothing more: the hazard is past it.
    service.tracker.toggle_status(kara.id, Status.UNCONSCIOUS)  # back up
    assert fighter(service, 2).status is Status.ACTIVE


def test_ending_a_fight_says_the_hazards_and_the_unconscious_it_leaves() -> None:
    """Ending a fight dropped a drowning still running and a PC's unconsciousness, unsaid:
    the next fight had them standing and breathing."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    new_round(service)
    brice, kara = fighter(service, 1), fighter(service, 2)
    service.hazards.start(brice, "drowning", suffocation.start("water", prepared=True,
                                                               wp="8L"))
    service.tracker.toggle_status(kara.id, Status.UNCONSCIOUS)
    ended = service.tracker.end_encounter()
    said = "\n".join(ended.alerts)
    assert "Brice's drowning ends with the fight (holding breath" in said
    assert "Kara was unconscious: the next fight has them up unless u marks them" in said
    assert all(line in ended.notices for line in ended.alerts)  # and in the log


def test_a_panic_faint_puts_him_out_until_he_snaps_out_of_it() -> None:
    """Panic's "Faint" left Kess up: the tracker showed no state and the players' view had
    her "unhurt" while she lay fainted (a new GM's evening)."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    new_round(service)
    kara = fighter(service, 2)
    state, first = panic.start(panic.FAINT)
    service.hazards.start(kara, "panic", state, first)
    assert fighter(service, 2).status is Status.UNCONSCIOUS
    service.tracker.next_turn()  # her Nish, after Brice's: WP (15) to come round
    (index, check), = service.hazards.owed(kara)
    assert (check.ability, check.difficulty) == ("WP", 15)
    service.hazards.apply_result(index, 9)  # still out
    assert fighter(service, 2).status is Status.UNCONSCIOUS
    new_round(service)
    service.tracker.next_turn()
    (index, _check), = service.hazards.owed(kara)
    service.hazards.apply_result(index, 15)  # snaps out of it: up again
    assert fighter(service, 2).status is Status.ACTIVE
    # And the panic is over: it comes off her (it stayed on as "Faint: over").
    assert not any(hazard.target == kara.id
                   for hazard in service.encounter().hazards)  # type: ignore[union-attr]


def test_u_on_one_who_fainted_is_the_shake_that_wakes_her() -> None:
    """The book: a slap or a shake brings a fainted character round. The GM's gesture for
    it is the one that marks anyone up again, ``u``; it had left her panic on, its WP (15)
    check still asked each round of a woman already up."""
    service = harbour(CampaignStore.in_memory("Harbour"))
    new_round(service)
    kara = fighter(service, 2)
    state, first = panic.start(panic.PARALYSIS)
    service.hazards.start(kara, "panic", state, first)
    state, first = panic.start(panic.FAINT)
    service.hazards.start(kara, "panic", state, first)
    assert fighter(service, 2).status is Status.UNCONSCIOUS
    woken = service.tracker.toggle_status(kara.id, Status.UNCONSCIOUS)
    assert fighter(service, 2).status is Status.ACTIVE
    assert "Kara: shaken awake" in woken.notices
    # The faint came off; the paralysis is no sleep and stays, its own check still to come.
    (left,) = [hazard for hazard in service.encounter().hazards  # type: ignore[union-attr]
               if hazard.target == kara.id]
    assert left.state["effect"] == panic.PARALYSIS
    service.undo()  # and the undo puts her down, fainted, again
    assert fighter(service, 2).status is Status.UNCONSCIOUS
    assert len(service.encounter().hazards) == 2  # type: ignore[union-attr]


def test_a_wound_check_passed_is_no_shake_and_u_finds_each_of_her_hazards() -> None:
    service = harbour(CampaignStore.in_memory("Harbour"))
    new_round(service)
    kara = fighter(service, 2)
    state, first = panic.start(panic.FAINT)
    service.hazards.start(kara, "panic", state, first)
    service.combat.change_wounds(fighter(service, 2), -18)  # 18 on Vit 16: critical
    new_round(service)
    service.tracker.next_turn()  # her Nish: her wounds' checks, and her panic's
    due = service.combat.checks_due(fighter(service, 2))
    assert "unconsciousness" in [check.kind.value for check, _rating in due]
    passed = service.combat.apply_checks(fighter(service, 2),
                                         [(check.kind, 40) for check, _rating in due])
    # Her wounds' checks passed are not the slap or shake that ends a faint: it holds her
    # (she had been marked up, her panic still on her and its check still asked).
    assert not any("shaken awake" in line for line in passed.notices)
    assert "Kara: is still out: fainted in panic" in " ".join(passed.notices)
    assert fighter(service, 2).status is Status.UNCONSCIOUS
    assert any(hazard.state["hazard"] == "panic"
               for hazard in service.encounter().hazards)  # type: ignore[union-attr]
    # Two hazards of hers that come off at one u, with another's between them: each is
    # found where it stands once the one before it is gone.
    brice = fighter(service, 1)
    service.hazards.start(brice, "drowning", suffocation.start("water", prepared=True,
                                                                wp="8L"))
    state, first = panic.start(panic.FAINT)
    service.hazards.start(fighter(service, 2), "panic", state, first)
    woken = service.tracker.toggle_status(kara.id, Status.UNCONSCIOUS)
    assert woken.notices.count("Kara: shaken awake") == 2
    (left,) = service.encounter().hazards  # type: ignore[union-attr]
    assert left.target == brice.id and left.state["hazard"] == "suffocation"


def test_a_faint_under_water_drowns_and_waking_leaves_other_causes_alone() -> None:
    service = harbour(CampaignStore.in_memory("Harbour"))
    new_round(service)
    brice = fighter(service, 1)
    service.hazards.start(brice, "drowning", suffocation.start("water", prepared=True,
                                                                wp="8L"))
    state, first = panic.start(panic.FAINT)
    service.hazards.start(brice, "panic", state, first)  # faints under water: drowns
    assert fighter(service, 1).status is Status.DEAD
    # Kara fainted, then took critical damage: coming round from the faint does not wake
    # her from her wounds (that is the GM's u, after her unconsciousness checks).
    kara = fighter(service, 2)
    state, first = panic.start(panic.FAINT)
    service.hazards.start(kara, "panic", state, first)
    service.combat.change_wounds(fighter(service, 2), -20)  # 20 on Vit 16
    new_round(service)  # her Nish in the next round (Brice is dead: hers comes first)
    index = next(index for index, check in service.hazards.owed(kara) if check.key == "panic")
    service.hazards.apply_result(index, 15)  # snaps out of the panic
    assert fighter(service, 2).status is Status.UNCONSCIOUS
