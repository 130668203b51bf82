"""One outcome for every command: what it wrote (the last change of a document wins), what
the log keeps, what the GM must see."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model import Encounter, ModelError, PlayerCharacter, Session
from console.model.outcome import Outcome, Removed
from tests.clock import START


def test_the_last_change_of_each_document_is_the_one_written() -> None:
    first = PlayerCharacter.new(1, "Brice", wounds=3)
    later = first.with_changes(wounds=5)
    fight = Encounter(1, "Dock")
    outcome = Outcome.told(first, fight, notices=("hurt",)).then(
        Outcome.told(later, alerts=("Brice checks now",)))
    assert outcome.writes() == [("pcs", 1, later.to_dict()), ("encounters", 1, fight.to_dict())]
    assert outcome.pcs == (later,) and outcome.pc(1) == later and outcome.pc(2) is None
    assert outcome.encounter == fight
    assert (outcome.notices, outcome.alerts) == (("hurt",), ("Brice checks now",))


def test_a_removal_is_written_as_none_and_what_was_not_changed_is_refused() -> None:
    outcome = Outcome.told(Removed("npcs", 4), notices=("Skrak deleted",))
    assert outcome.writes() == [("npcs", 4, None)]
    assert outcome.latest(Session) is None
    with pytest.raises(ModelError, match="this command changed no session"):
        _ = outcome.session
    said = Outcome().saying(notices=("a",), alerts=("b",))
    assert said.changes == () and said.writes() == []
    assert Outcome.told(Session(1, START)).session.number == 1


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 9)), max_size=12))
def test_each_document_is_written_once_as_it_was_last_left(changes: list[tuple[int, int]]) -> None:
    outcome = Outcome()
    for pc_id, wounds in changes:
        outcome = outcome.then(Outcome.told(PlayerCharacter.new(pc_id, f"PC {pc_id}",
                                                                 wounds=wounds)))
    written = {doc_id: doc for _table, doc_id, doc in outcome.writes()}
    expected = {pc_id: wounds for pc_id, wounds in changes}
    assert {i: d["wounds"] for i, d in written.items() if d is not None} == expected
    assert [pc.id for pc in outcome.pcs] == list(dict.fromkeys(i for i, _ in changes))
