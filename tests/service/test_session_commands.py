"""The next session: what it does that cannot be undone is said before it is done."""

from __future__ import annotations

import pytest

from console.model import PlayerCharacter
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import fight, seeded


def test_the_next_session_says_what_it_will_do() -> None:
    service = seeded(CampaignStore.in_memory("Dock"), PlayerCharacter.new(1, "Brice"),
                     PlayerCharacter.new(2, "Kara"))
    fight(service)  # session 1, a fight running
    service.roster.save_pc(service.pcs()[1].with_changes(rank_rolls=2))  # earned tonight
    said = service.sessions.next_session_effects()
    assert said[0] == "Session 2 starts now."
    assert any("Session 1 is over for good" in line for line in said)
    assert any("Ambush goes on" in line for line in said)
    assert said[-1] == "Rank improvement rolls not used are lost: Brice (2)."
    assert service.session().number == 1  # only said: nothing done
    service.sessions.start_next()
    assert service.session().number == 2 and service.pcs()[1].rank_rolls == 0


def test_the_first_session_has_nothing_to_lose(memory: CampaignService) -> None:
    assert memory.sessions.next_session_effects() == ["Session 1 starts now."]


def test_what_would_refuse_the_next_session_refuses_the_question_too(
        memory: CampaignService) -> None:
    memory.sessions.toggle()
    brice = memory.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Brice"))
    assert brice.changes
    memory.awards.grab_bag(memory.pcs()[1], 1, "a deed")
    with pytest.raises(ActionRefused, match="waiting"):
        memory.sessions.next_session_effects()
