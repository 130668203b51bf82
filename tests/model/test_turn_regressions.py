"""The turn-order bugs a GM met at the table (issue 11), each as it happened, and the
examples the state machine found, kept as plain tests."""

from __future__ import annotations

import pytest

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.checks_owed import checks_due_for
from console.model.combat import kill_rule_pc, wound_npc_in_fight, wound_pc
from console.model.encounters import Hold, InitiativeMode
from console.model.errors import ModelError
from console.model.hazards import apply_hazard_result, attach_hazard, due_now
from console.model.roster import spawn_copies
from console.model.tracker import (
    END,
    add_combatant,
    call_for_nish,
    current_turn,
    hold,
    jump_to,
    move_in_tie,
    next_turn,
    previous_turn,
    round_order,
    set_mode,
    set_nish,
    set_status,
)
from console.rules.hazards import falling, vacuum

SKRAK = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="12", ar="4", vit="12", nish="9")


def actor(encounter: Encounter) -> str:
    if encounter.current == END:
        return "END"
    turn = current_turn(encounter)
    assert turn is not None
    return " + ".join(encounter.combatant(m).name for m in turn.members)  # type: ignore[union-attr]


def brice_skraks_kess() -> Encounter:
    encounter = add_combatant(Encounter(1, "Dock"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, SKRAK, 3).encounter
    encounter = add_combatant(encounter, "Kess", Side.PC, ref=2).encounter
    return call_for_nish(encounter, {1: 20, 5: 5}).encounter


def test_a_kill_by_attack_passes_the_turn_on_and_the_round_goes_on() -> None:
    # Brice 20, Skrak 1-3 at 9, Kess 5: space until Skrak 3's turn, then kill him.
    encounter = brice_skraks_kess()
    seen = [actor(encounter)]
    for _ in range(3):
        encounter = next_turn(encounter).encounter
        seen.append(actor(encounter))
    assert seen == ["Brice", "Skrak 1", "Skrak 2", "Skrak 3"]
    killed = wound_npc_in_fight(encounter, 4, 20)  # Brice's shot: 20 wounds on Vit 12
    encounter = killed.encounter
    assert encounter.combatant(4).status is Status.DEAD  # type: ignore[union-attr]
    assert actor(encounter) == "Kess"  # not "no turn"
    step = next_turn(encounter)
    assert actor(step.encounter) == "END"  # Kess acted; the round does not replay from Brice
    assert "End of round 1: call for Nish (n)" in step.notices


def test_killing_the_last_to_act_ends_the_round() -> None:
    encounter = brice_skraks_kess()
    for _ in range(4):
        encounter = next_turn(encounter).encounter
    assert actor(encounter) == "Kess"
    sheet = PlayerCharacter.new(2, "Kess", vit_max="16")
    hurt = wound_pc(sheet, encounter, 40)  # 24 CD ...
    assert hurt.encounter is not None and actor(hurt.encounter) == "Kess"  # ... he is alive
    dead = set_status(hurt.encounter, 5, Status.DEAD)
    assert actor(dead.encounter) == "END"
    assert "End of round 1: call for Nish (n)" in dead.notices


def test_editing_a_nish_mid_round_skips_nobody() -> None:
    # Round 3: Kess's 14 was typed as 143; the GM corrects it on Kess's turn.
    encounter = add_combatant(Encounter(1, "Airlock"), "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Vera", Side.PC, ref=2).encounter
    encounter = add_combatant(encounter, "Kess", Side.PC, ref=3).encounter
    encounter = add_combatant(encounter, "Skrak", Side.NPC, recorded_nish=9, vit_max=12).encounter
    encounter = call_for_nish(encounter, {1: 20, 2: 18, 3: 12}).encounter
    encounter = attach_hazard(encounter, 2, vacuum.start(ears_exposed=False), "vacuum").encounter
    for _ in range(4):
        encounter = next_turn(encounter).encounter
    encounter = call_for_nish(encounter, {1: 20, 2: 18, 3: 12}).encounter  # round 2
    for _ in range(4):
        encounter = next_turn(encounter).encounter
    encounter = call_for_nish(encounter, {1: 20, 2: 18, 3: 143}).encounter  # round 3
    assert actor(encounter) == "Kess"
    encounter = set_nish(encounter, 3, 14).encounter
    assert [t.label for t in round_order(encounter).turns] == ["Brice", "Vera", "Kess", "Skrak"]
    assert actor(encounter) == "Kess"  # he is acting: the marker stays with him
    seen = []
    for _ in range(4):
        encounter = next_turn(encounter).encounter
        seen.append(actor(encounter))
        if seen[-1] == "Vera":
            # Her Nish has come: the vacuum moved on for round 3 and its check is due.
            assert encounter.hazards[0].ticked_round == 3
            assert due_now(encounter, 2)
    assert seen == ["Brice", "Vera", "Skrak", "END"]
    assert sorted(encounter.acted) == [1, 2, 3, 4]


def test_a_nish_raised_above_those_who_acted_gets_his_turn_next() -> None:
    encounter = brice_skraks_kess()
    encounter = next_turn(encounter).encounter  # Brice acted; Skrak 1 is on
    encounter = set_nish(encounter, 5, 30).encounter  # Kess was really 30
    assert actor(encounter) == "Skrak 1"
    encounter = next_turn(encounter).encounter
    assert actor(encounter) == "Kess"
    names = []
    for _ in range(3):
        encounter = next_turn(encounter).encounter
        names.append(actor(encounter))
    assert names == ["Skrak 2", "Skrak 3", "END"]


def test_a_newcomer_mid_round_acts_when_the_order_reaches_him_or_next() -> None:
    encounter = brice_skraks_kess()
    encounter = next_turn(next_turn(encounter).encounter).encounter  # Skrak 2 is on
    encounter = add_combatant(encounter, "Thug", Side.NPC, recorded_nish=30).encounter
    assert actor(encounter) == "Skrak 2"
    assert actor(next_turn(encounter).encounter) == "Thug"  # his 30 has gone by: next
    late = add_combatant(next_turn(next_turn(encounter).encounter).encounter, "Latecomer",
                         Side.NPC, recorded_nish=1).encounter
    order = [actor(late)]
    while late.current != END:
        late = next_turn(late).encounter
        order.append(actor(late))
    assert order[-3:] == ["Kess", "Latecomer", "END"]


def test_back_and_jump_never_reopen_a_saved_initiative() -> None:
    encounter = set_mode(brice_skraks_kess(), InitiativeMode.WAVE).encounter
    encounter = next_turn(encounter).encounter  # the wave is on
    encounter = hold(encounter, 2).encounter  # Skrak 1 saves his
    assert actor(encounter) == "Skrak 1 + Skrak 2 + Skrak 3"
    back = previous_turn(encounter).encounter
    assert actor(back) == "Brice" and 2 in back.acted  # Skrak 1 keeps his saved Initiative
    again = jump_to(back, 2).encounter  # the GM lets him act now after all
    assert again.combatant(2).hold is Hold.NONE and 2 not in again.acted  # type: ignore[union-attr]


def test_the_conscious_lead_a_wave() -> None:
    encounter = add_combatant(Encounter(1, "Wave"), "Brice", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Vera", Side.PC, ref=2).encounter
    encounter = add_combatant(encounter, "Skrak", Side.NPC, recorded_nish=9).encounter
    encounter = set_status(encounter, 2, Status.UNCONSCIOUS).encounter  # rolls to wake up
    encounter = set_mode(encounter, InitiativeMode.WAVE).encounter
    encounter = call_for_nish(encounter, {1: 20, 2: 64}).encounter
    top = round_order(encounter).turns[0]
    assert top.members == (1, 2) and top.nish == 20  # Brice leads; Vera's 64 is only to wake


def test_a_fall_comes_off_once_he_lands() -> None:
    sheets = {1: PlayerCharacter.new(1, "Brice", vit_max="20")}
    encounter = call_for_nish(add_combatant(Encounter(1, "Cliff"), "Brice", Side.PC,
                                            ref=1).encounter, {1: 12}).encounter
    fall = falling.start(30, intentional=False, height_feet=6)
    encounter = attach_hazard(encounter, 1, fall, "falling").encounter
    outcome = apply_hazard_result(encounter, 0, 10, sheets)  # AR 10 vs 30: 20 wounds
    assert outcome.encounter.hazards == ()  # no "falling" tag left behind
    sheet = outcome.pc(1)
    assert sheet is not None and sheet.wounds == 20


def test_the_kill_rule_on_a_critically_wounded_pc() -> None:
    encounter = brice_skraks_kess()
    sheet = PlayerCharacter.new(1, "Brice", vit_max="20", wounds=23)
    outcome = kill_rule_pc(sheet, encounter)  # was a TypeError
    hurt = outcome.pc(1)
    assert hurt is not None and hurt.wounds == 30  # 10 CD
    # 3 CD to 10: the death check is newly warranted, so it comes at once.
    assert outcome.alerts == ("Brice checks now (k): Vit vs 10 (death): failure = dies",)


def test_the_checks_a_hit_brings_at_once_and_those_that_wait_for_his_nish() -> None:
    encounter = brice_skraks_kess()
    encounter = next_turn(encounter).encounter  # Brice's Nish has passed; Skrak 1 is on
    sheets = {1: PlayerCharacter.new(1, "Brice", vit_max="20", wp="10L", healing="10L")}
    hit = wound_pc(sheets[1], encounter, 24)  # 4 CD
    assert len(hit.alerts) == 1 and "(unconsciousness)" in hit.alerts[0]  # never the drain
    hurt = hit.pc(1)
    assert hurt is not None
    owed = checks_due_for(hit.encounter, 1, {1: hurt})
    assert [c.kind.value for c in owed] == ["unconsciousness"]
    # A second hit that warrants nothing new asks for nothing until his Nish ...
    again = wound_pc(hurt, hit.encounter.with_changes(combatants=tuple(
        c.with_changes(checks_owed=()) for c in hit.encounter.combatants)), 2)
    assert again.alerts == ()
    worse = again.pc(1)
    assert worse is not None
    assert checks_due_for(again.encounter, 1, {1: worse}) == []
    # ... then his round's checks: unconsciousness and the drain, before he acts.
    encounter = again.encounter
    while encounter.current != END:
        encounter = next_turn(encounter).encounter
    encounter = call_for_nish(encounter, {1: 20, 5: 5}).encounter
    owed = checks_due_for(encounter, 1, {1: worse})
    assert [c.kind.value for c in owed] == ["unconsciousness", "vitality drain"]


# ----- found by the state machine ---------------------------------------------------------


def test_a_late_roll_after_the_round_ended_still_acts_if_the_gm_reopens_it() -> None:
    # Group mode, the leader's roll missing: the party never had a turn. The round ends;
    # the GM switches to individual (Vera's 20 now places her), jumps back to a Thug and
    # goes on: Vera, who never acted, still gets her turn before the round ends.
    encounter = add_combatant(Encounter(1, "Yard"), "Vera", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Kess", Side.PC, ref=2).encounter
    encounter = add_combatant(encounter, "Thug", Side.NPC, recorded_nish=13).encounter
    encounter = set_mode(encounter, InitiativeMode.GROUP, leader=2).encounter
    encounter = call_for_nish(encounter, {1: 20, 2: None}).encounter
    assert actor(encounter) == "Thug"
    encounter = next_turn(encounter).encounter
    assert actor(encounter) == "END"
    encounter = set_mode(encounter, InitiativeMode.INDIVIDUAL).encounter
    assert actor(encounter) == "END"  # a round over stays over ...
    encounter = jump_to(encounter, 3).encounter  # ... unless the GM reopens it
    assert actor(next_turn(encounter).encounter) == "Vera"


def test_the_order_inside_a_tie_is_between_those_who_act_alone() -> None:
    encounter = add_combatant(Encounter(1, "Yard"), "Vera", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Kess", Side.PC, ref=2).encounter
    encounter = add_combatant(encounter, "Thug", Side.NPC, recorded_nish=10).encounter
    encounter = set_mode(encounter, InitiativeMode.GROUP, leader=1).encounter
    encounter = call_for_nish(encounter, {1: 10}).encounter  # the party ties the wave on 10
    assert round_order(encounter).turns[0].tie is not None
    with pytest.raises(ModelError, match="Vera acts with The party"):
        move_in_tie(encounter, 1, 1)  # was a ValueError from inside the list
