"""Reading earlier sessions back, and writing session summaries beside the saves."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from console.model import ApAward, AwardKind, Encounter, Session
from console.store import CampaignStore
from console.store.errors import ReadOnlyStore, StoreError

T0 = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


def test_an_earlier_session_reads_back_with_its_encounters(store: CampaignStore) -> None:
    store.start_session(now=T0)
    fight = Encounter(store.new_id(Encounter.TABLE), "Ambush")
    store.apply("encounter.new", "Ambush begins", [(Encounter.TABLE, fight.id, fight.to_dict())])
    awarded = store.session().with_changes(ap_awards=(ApAward(1, 2, AwardKind.GRAB_BAG),))
    store.apply("award", "2 AP", [(Session.TABLE, Session.DOC_ID, awarded.to_dict())])
    store.start_session(now=T0 + timedelta(days=7))
    session, encounters = store.session_record(1)
    assert session.number == 1 and session.ap_awards == awarded.ap_awards
    assert [e.name for e in encounters] == ["Ambush"]
    current, none = store.session_record(2)
    assert current.number == 2 and none == []
    with pytest.raises(StoreError, match="no session 9"):
        store.session_record(9)


def test_a_summary_is_written_atomically_beside_the_saves(saves: Path) -> None:
    with CampaignStore.create(saves, "Iron Reach") as store:
        path = store.write_summary(3, "# Session 3\n")
        assert path == saves / "Iron Reach" / "summaries" / "session-0003.md"
        assert path.read_text() == "# Session 3\n"
        store.write_summary(3, "# Session 3, again\n")
        assert path.read_text() == "# Session 3, again\n"
        assert [p.name for p in path.parent.iterdir()] == ["session-0003.md"]
    with CampaignStore.open(saves, "Iron Reach", read_only=True) as viewer, \
            pytest.raises(ReadOnlyStore):
        viewer.write_summary(3, "x")


def test_a_campaign_in_memory_has_nowhere_to_write_a_summary() -> None:
    with pytest.raises(StoreError, match="no folder"):
        CampaignStore.in_memory().write_summary(1, "x")
