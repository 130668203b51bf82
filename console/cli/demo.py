"""``gm-console demo``: a ready-made campaign to try the console on, made as a GM would make
it (through the campaign's own commands): four player characters with ratings and
weapons, three NPC templates, the sample adventure (``samples/the_silent_relay.md``: three
scenes, five encounters, and the template its last fight adds) with the table at its first
scene, session 1 running, and a fight at the docks with the Nish called (and the forecast
kept then), so every pane has something to show."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from console.model import NpcTemplate, PlayerCharacter
from console.model.roster import parse_weapons
from console.service import CampaignService
from console.store import CampaignStore, build_beside

__all__ = ["SAMPLE_ADVENTURE", "make_demo", "sample_adventure"]

SAMPLE_ADVENTURE = "samples/the_silent_relay.md"


def sample_adventure() -> str:
    """The sample adventure's Markdown, as the package holds it."""
    return resources.files("console.cli").joinpath(SAMPLE_ADVENTURE).read_text("utf-8")

_PARTY: list[dict[str, Any]] = [
    dict(name="Brice", player="Ann", player_rank=2, nish="8M", def_="8M", ar="6M",
         vit_max="20", wp="10L", healing="10L", weapons="blaster 8M/10L"),
    dict(name="Kess", player="Ben", nish="8L", def_="8L", ar="12", vit_max="16", wp="8L",
         weapons="knife 6M/8L"),
    dict(name="Vera", player="Cy", nish="10L", def_="8M", ar="6M", nar="6L", vit_max="18",
         wp="8L", weapons="rifle 10L/10M"),
    dict(name="Dax", player="Dee", player_rank=1, nish="6M", def_="10L", ar="8L",
         vit_max="22", wp="6M", weapons="shotgun 8L/10M"),
]
_TEMPLATES: list[dict[str, Any]] = [
    dict(name="Skrak", atk="15", def_="8", dmg="20", ar="4", vit="12", nish="9",
         tags=("alien", "hive")),
    dict(name="Skrak leader", atk="8M", def_="8M", dmg="10M", ar="6", vit="24", nish="8M",
         tags=("alien", "hive")),
    dict(name="Dock guard", atk="12", def_="10", dmg="12", ar="4", vit="14", nish="10",
         tags=("human",)),
]


def _pc(fields: dict[str, Any]) -> Callable[[int], PlayerCharacter]:
    given = {key: value for key, value in fields.items() if key != "weapons"}
    weapons = parse_weapons(str(fields["weapons"]))
    return lambda new_id: PlayerCharacter.new(new_id, weapons=weapons, **given)


def _template(fields: dict[str, Any]) -> Callable[[int], NpcTemplate]:
    return lambda new_id: NpcTemplate(new_id, **fields)


def make_demo(saves: Path, name: str) -> Path:
    """Create campaign ``name`` in ``saves`` (refused if it exists); returns its folder.
    It is made beside and moved in whole: never half a demo (a full disk, say)."""
    return build_beside(saves, name, lambda folder: _fill(folder, name))


def _fill(saves: Path, name: str) -> Path:
    with CampaignStore.create(saves, name,
                              notes="A demo campaign: try anything, F1 for help.") as store:
        service = CampaignService(store, random.Random(7))
        for fields in _PARTY:
            service.roster.add_pc(_pc(fields))
        for fields in _TEMPLATES:
            service.roster.add_npc(_template(fields))
        relay = service.prep.import_markdown(sample_adventure()).adventure
        service.prep.set_table_scene(relay.id, relay.scenes[0].id)
        service.sessions.start_next()
        service.tracker.new_encounter("Ambush at the docks")
        for pc in service.pcs().values():
            service.roster.join(pc)
        templates = {t.name: t for t in service.npcs().values()}
        service.roster.spawn(templates["Skrak"], 3)
        service.roster.spawn(templates["Skrak leader"], 1)
        encounter = service.encounter()
        assert encounter is not None
        rolls = dict(zip((c.id for c in encounter.combatants if c.is_pc), (21, 9, 14, 17),
                         strict=False))
        service.tracker.call_for_nish(rolls)
        # The forecast the console keeps at a fight's first Nish (in the app, in the
        # background): the recap sets it beside how the fight ends.
        found = service.forecast.at_first_nish()
        if found is not None:
            service.forecast.keep(found[0], service.forecast.starting(found[1]))
        assert store.root is not None
        return store.root
