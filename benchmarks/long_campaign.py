"""A long-running campaign for the benchmarks: 12 PCs, many NPC templates, and many
closed sessions, each with a fight, grab-bag awards and a close of session (the AP
awarder's whole history), then a running session.

    python benchmarks/long_campaign.py DIR [--sessions 500] [--templates 3000]

Built without fsync (only building; never while measuring).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from save import encounter, no_fsync, npc, pc, wound

from console.model import Allowance, PlayerCharacter, Session
from console.model.awards import CloseChoices, apply_close, give_grab_bag
from console.rules.ap_awards import TimeRounding
from console.store import CampaignStore

__all__ = ["NAME", "PCS", "START", "build", "close_choices", "now_after"]

NAME = "long"
PCS = 12
START = datetime(2026, 1, 3, 19, 0, tzinfo=UTC)


def close_choices() -> CloseChoices:
    return CloseChoices(timedelta(hours=4), TimeRounding.NEAREST, 4, tuple(range(1, PCS + 1)),
                        journal_pc=1, journal_self=7, missions=tuple(range(1, PCS + 1)))


def with_awards(session: Session, pcs: dict[int, PlayerCharacter]) -> Session:
    for n in range(20):
        session = give_grab_bag(session, pcs[n % PCS + 1], n % 3 + 1, f"deed {n}").session
    return session


def close(store: CampaignStore, when: datetime) -> None:
    pcs = {p.id: p for p in store.pcs()}
    session = with_awards(store.session(), pcs)
    step = apply_close(session, pcs, close_choices(), when)
    store.apply("awards.close", "close", [(Session.TABLE, Session.DOC_ID,
                                           step.session.to_dict())]
                + [(p.TABLE, p.id, p.to_dict()) for p in step.pcs])


def now_after(sessions: int) -> datetime:
    """A time in the running session."""
    return START + timedelta(days=7 * sessions, hours=3)


def build(saves: Path, sessions: int, templates: int, actions: int = 20) -> None:
    with no_fsync(), CampaignStore.create(saves, NAME) as store:
        with store.action("setup", "party and templates") as tx:
            for i in range(1, PCS + 1):
                tx.save(pc(i).with_changes(allowance=Allowance(750, 110)))
            for i in range(1, templates + 1):
                tx.save(npc(i))
        for number in range(sessions):
            when = START + timedelta(days=7 * number)
            store.start_session(now=when)
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(PCS, 1).to_dict())])
            for step in range(actions):
                wound(store, step)
            close(store, when + timedelta(hours=4))
        store.start_session(now=START + timedelta(days=7 * sessions))
        pcs = {p.id: p for p in store.pcs()}
        waiting = with_awards(store.session(), pcs)
        store.apply("awards", "waiting", [(Session.TABLE, Session.DOC_ID, waiting.to_dict())])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--templates", type=int, default=3000)
    args = parser.parse_args()
    build(args.dir, args.sessions, args.templates)


if __name__ == "__main__":
    main()
