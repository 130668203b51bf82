"""An evening at the table made through the service, as a GM plays it: two PCs with full
sheets, Skraks to fight, a fake clock that moves as the test says. Shared by the recap's
tests (issue 30)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

from console.model import Combatant, NpcTemplate, PlayerCharacter, Side
from console.model.roster import parse_weapons
from console.service import CampaignService
from console.store import CampaignStore
from tests.clock import FakeClock

__all__ = ["BRICE", "KARA", "SKRAK", "Evening", "assert_self_contained"]

BRICE = PlayerCharacter.new(1, "Brice", player="Ann", nish="8M", def_="8M", ar="6M",
                            vit_max="20", wp="10L", healing="10L",
                            weapons=parse_weapons("blaster 8M/10L"))
KARA = PlayerCharacter.new(2, "Kara", player="Ben", nish="8L", def_="8L", ar="12",
                           vit_max="16", wp="8L", weapons=parse_weapons("knife 6M/8L"))
SKRAK = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="20", ar="4", vit="12", nish="10")


class Evening:
    """A campaign in memory with the party and the Skrak template, session 1 running."""

    def __init__(self, seed: int = 5, store: CampaignStore | None = None) -> None:
        self.clock = FakeClock()
        store = store or CampaignStore.in_memory("Dock")
        self.service = CampaignService(store, random.Random(seed), self.clock)
        service = self.service
        service.roster.add_pc(lambda new_id: BRICE.with_changes(id=new_id))
        service.roster.add_pc(lambda new_id: KARA.with_changes(id=new_id))
        service.roster.add_npc(lambda new_id: SKRAK.with_changes(id=new_id))
        service.sessions.toggle()

    def fight(self, name: str, skraks: int = 2) -> None:
        """A new encounter with the party and ``skraks`` Skraks, Nish not called yet."""
        service = self.service
        service.tracker.new_encounter(name)
        service.tracker.join_party()
        template = next(iter(service.npcs().values()))
        service.roster.spawn(template, skraks)

    def who(self, name: str) -> Combatant:
        encounter = self.service.encounter()
        assert encounter is not None
        return next(c for c in encounter.combatants if c.name == name)

    def pc_hits(self, attacker: str, target: str, damage: int) -> None:
        combat = self.service.combat
        attack = combat.plan_pc_attack(self.who(attacker), self.who(target), "1", [], 1, 16, 4)
        combat.land_pc_attack(attack, damage, keep_up=False)

    def pc_misses(self, attacker: str, target: str) -> None:
        combat = self.service.combat
        attack = combat.plan_pc_attack(self.who(attacker), self.who(target), "1", [], 1, 16, 4)
        combat.miss(attack, attack.verdict(0))

    def npc_hits(self, attacker: str, target: str, armor: int) -> None:
        combat = self.service.combat
        attack = combat.plan_npc_attack(self.who(attacker), self.who(target), [], 1, 15, 20)
        combat.land_npc_attack(attack, armor)

    def call(self, *rolls: int) -> None:
        encounter = self.service.encounter()
        assert encounter is not None
        pcs = [c.id for c in encounter.combatants if c.side is Side.PC]
        self.service.tracker.call_for_nish(dict(zip(pcs, rolls, strict=False)))


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.style = ""
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.style += data


# A page that requests nothing: its own elements only, no attribute that names a resource.
_ALLOWED_TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p",
                 "section", "table", "tr", "th", "td", "ul", "li", "span"}
_ALLOWED_ATTRS = {"lang", "charset", "class"}


def assert_self_contained(page: str) -> None:
    """``page`` asks nothing of the network: only plain elements, no src, href or other
    resource attribute, no script, link or image, and a style with no url() or @import."""
    parser = _Tags()
    parser.feed(page)
    parser.close()
    for tag, attrs in parser.tags:
        assert tag in _ALLOWED_TAGS, tag
        for name, _value in attrs:
            assert name in _ALLOWED_ATTRS, (tag, name)
    assert not re.search(r"(?i)url\(|@import|https?:", parser.style)
