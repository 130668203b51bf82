"""A PC's pronoun: he, she, they, it or typed; kept on the sheet as its text, read back the
same; every line about him follows it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model import Encounter, PlayerCharacter, Side
from console.model.errors import ModelError
from console.model.lifecycle import carry_pronoun, join_pc
from console.model.pronouns import PRONOUN_CHOICES, THEY, Pronoun
from console.model.tracker import act_now, call_for_nish, hold


def test_the_four_and_a_typed_one() -> None:
    she = Pronoun.parse("She")
    assert (she.they, she.them, she.their, she.themself) == ("she", "her", "her", "herself")
    assert (she.verb("acts", "act"), she.is_) == ("acts", "is")
    assert (THEY.verb("acts", "act"), THEY.is_, THEY.text) == ("act", "are", "they")
    assert Pronoun.parse("he/him") == Pronoun.parse("he")
    xe = Pronoun.parse("xe/xem/xyr")
    assert (xe.themself, xe.text, xe.has) == ("xemself", "xe/xem/xyr/xemself", "has")
    for bad in ("", "h3", "xe/xem", "a/b/c/d/e", "x" * 20 + "/b/c"):
        with pytest.raises(ModelError, match="pronoun"):
            Pronoun.parse(bad)


words = st.text(st.characters(categories=("Ll",)), min_size=1, max_size=16)


@given(st.one_of(st.sampled_from(PRONOUN_CHOICES),
                 st.tuples(words, words, words).map("/".join)))
def test_a_pronoun_reads_back_from_its_text(text: str) -> None:
    pronoun = Pronoun.parse(text)
    assert Pronoun.parse(pronoun.text) == pronoun
    pc = PlayerCharacter.new(1, "Kess", pronoun=pronoun)
    assert PlayerCharacter.from_dict(pc.to_dict()).pronoun == pronoun


def test_a_sheet_without_one_reads_they_and_a_combatant_carries_the_sheets() -> None:
    data = PlayerCharacter.new(1, "Kess").to_dict()
    del data["pronoun"]
    assert PlayerCharacter.from_dict(data).pronoun == THEY
    kess = PlayerCharacter.new(1, "Kess", pronoun="she")
    joined = join_pc(Encounter(1, "Patrol"), {1: kess}, "Kess", None, None, 2).encounter
    fighter = joined.combatants[0]
    assert fighter.pronoun.text == "she" and "pronoun" in fighter.to_dict()
    encounter = call_for_nish(joined, {fighter.id: 12}).encounter
    assert hold(encounter, fighter.id).notices[0] == "Kess saves her Initiative"
    he = kess.with_changes(pronoun="he")
    moved = carry_pronoun(joined, he).encounter
    assert moved.combatants[0].pronoun.text == "he"
    assert carry_pronoun(moved, he).changes == ()  # the same: nothing to write
    held = hold(call_for_nish(moved, {fighter.id: 12}).encounter, fighter.id).encounter
    assert act_now(held, fighter.id).notices[0] == "Kess acts now on his saved Initiative"
    npc = call_for_nish(joined.with_changes(), {}).encounter
    assert all(c.pronoun == THEY for c in npc.combatants if c.side is Side.NPC)
