"""Key to last frame in a big fight, against a bare Textual app, in one run.

    python benchmarks/keys.py [--presses 60] [--blocks 3] [--dialog-rounds 2]

A campaign with a 100-combatant encounter (6 PCs with sheets), 300 NPC templates and 500
earlier actions in the session. Measured, each against the bare app's cursor step
(benchmarks/frames.py), in alternating blocks so both see the same machine:
- next turn (space), hold and act now (h, o), against the bare app's marker move; a
  condition saved (the form's last enter, which closes it) against the bare app's dialog
  closing (escape), the marker move beside it;
- app work: the key's action itself, before Textual draws (median and p90);
- each dialog of an attack, the hazard wizard and the close of session: key to drawn,
  against the bare app's own dialog (frames.BareForm: Textual's modal screen with a form),
  measured in the same alternating blocks.
Targets (issue 26): keys <= 0.7x the bare app's marker move; dialogs <= 0.5x the bare
dialog (issue 14: app work <= 8 ms median, p90 <= 16 ms; dialogs <= 100 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from frames import BareApp, KeyFigures, measure_keys, percentile, press, ratio_line
from textual.app import App

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side
from console.model.roster import parse_weapons
from console.model.tracker import END, add_combatant, call_for_nish, next_turn
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp

SIZE = (160, 48)
KEY_TARGET = 0.7  # x the bare app's marker move (issue 26)
DIALOG_TARGET = 0.5  # x the bare app's dialog (issue 26)
COMBATANTS = 100
PCS = 6
EARLIER_ACTIONS = 500
NPC_TEMPLATES = 300


def build(saves: Path) -> None:
    store = CampaignStore.create(saves, "Bench")
    rng = random.Random(1)
    store.start_session()
    docs: list[tuple[str, int, dict[str, Any] | None]] = [
        (NpcTemplate.TABLE, number, NpcTemplate(
            number, f"Template {number}", atk="15", def_="8M", dmg="12", ar="4", vit="20",
            nish="10").to_dict())
        for number in range(1, NPC_TEMPLATES + 1)]
    docs += [(PlayerCharacter.TABLE, number, PlayerCharacter.new(
        number, f"PC {number}", nish="8M", def_="8M", ar="6M", vit_max="20", wp="10L",
        healing="10L", weapons=parse_weapons("blaster 8M/10L")).to_dict())
        for number in range(1, PCS + 1)]
    store.apply("setup", "roster", docs)
    encounter = Encounter(1, "Big fight")
    for number in range(COMBATANTS):
        if number < PCS:
            encounter = add_combatant(encounter, f"PC {number + 1}", Side.PC,
                                      ref=number + 1).encounter
        else:
            encounter = add_combatant(encounter, f"Fighter {number + 1}", Side.NPC, ref=1,
                                      recorded_nish=rng.randint(1, 60), vit_max=20).encounter
    rolls = {c.id: rng.randint(1, 80) for c in encounter.combatants if c.side is Side.PC}
    encounter = call_for_nish(encounter, rolls).encounter
    store.apply("setup", "Big fight", [(Encounter.TABLE, encounter.id, encounter.to_dict())])
    for _ in range(EARLIER_ACTIONS):
        encounter = next_turn(encounter).encounter
        if encounter.current == END:
            encounter = call_for_nish(encounter, rolls).encounter
        store.apply("tracker.next_turn", "next turn",
                    [(Encounter.TABLE, encounter.id, encounter.to_dict())])
    store.close()


class Figures:
    def __init__(self) -> None:
        self.keys: dict[str, KeyFigures] = {}
        self.work: list[float] = []
        self.stores: list[CampaignStore] = []

    def close(self) -> None:
        for store in self.stores:
            store.close()
        self.stores.clear()

    def of(self, name: str) -> KeyFigures:
        return self.keys.setdefault(name, KeyFigures())


def console(saves: Path, figures: Figures) -> Callable[[], App[Any]]:
    def make() -> App[Any]:
        store = CampaignStore.open(saves, "Bench")
        figures.stores.append(store)
        app = GMConsoleApp(CampaignService(store, random.Random(2)))
        original = app.run_action

        async def timed(action: Any, *args: Any, **kwargs: Any) -> bool:
            started = time.perf_counter()
            try:
                return await original(action, *args, **kwargs)
            finally:
                figures.work.append((time.perf_counter() - started) * 1000)

        app.run_action = timed  # type: ignore[method-assign]
        return app

    return make


async def steps(app: App[Any], figures: Figures, presses: int) -> None:
    service: CampaignService = app.service  # type: ignore[attr-defined]
    for _ in range(presses):
        await press(app, "space", figures.of("next turn"))
        encounter = service.encounter()
        if encounter is not None and encounter.current == END:
            await press(app, "b", KeyFigures())  # stay inside the round
    for _ in range(presses // 4):
        await press(app, "h", figures.of("hold"))
        await press(app, "ctrl+z", figures.of("undo"))
    for _ in range(presses // 6):
        await press(app, "c", figures.of("dialog: condition form"))
        for char in "Stunned":
            await press(app, char, KeyFigures())
        await press(app, "enter", KeyFigures())
        await press(app, "1", KeyFigures())
        await press(app, "enter", figures.of("condition saved"))
        await press(app, "ctrl+z", KeyFigures())


async def dialogs(app: App[Any], figures: Figures, rounds: int) -> None:
    """Attack on an NPC (three dialogs), the hazard wizard's first two, the close."""
    for _ in range(rounds):
        await press(app, "end", KeyFigures())  # an NPC row
        await press(app, "A", figures.of("dialog: attack setup"))
        await press(app, "ctrl+s", figures.of("dialog: attack result"))
        for char in "16":
            await press(app, char, KeyFigures())
        await press(app, "enter", figures.of("dialog: damage"))
        await press(app, "escape", KeyFigures())
        await press(app, "z", figures.of("dialog: hazard pick"))
        for char in "drowning":
            await press(app, char, KeyFigures())
        await press(app, "enter", figures.of("dialog: hazard questions"))
        await press(app, "escape", KeyFigures())
        await press(app, "w", figures.of("screen: awards (w)"))
        await press(app, "c", figures.of("dialog: close of session"))
        await press(app, "escape", KeyFigures())
        await press(app, "escape", KeyFigures())


async def bare_steps(app: App[Any], figures: Figures, presses: int) -> None:
    for _ in range(presses):
        await press(app, "space", figures.of("bare"))
        await press(app, "down", figures.of("bare cursor step"))
    for _ in range(max(3, presses // 4)):
        await press(app, "A", figures.of("bare dialog"))
        await press(app, "escape", figures.of("bare dialog closed"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=60)
    parser.add_argument("--blocks", type=int, default=3)
    parser.add_argument("--dialog-rounds", type=int, default=2,
                        help="rounds of the dialogs per block")
    args = parser.parse_args()
    figures = Figures()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        build(saves)
        make = console(saves, figures)
        per_block = max(1, args.presses // args.blocks)
        work: list[float] = []
        for _ in range(args.blocks):  # alternating: the console and its floor, same machine
            asyncio.run(measure_keys(BareApp, SIZE, lambda a: bare_steps(a, figures,
                                                                          per_block)))
            figures.work.clear()
            asyncio.run(measure_keys(make, SIZE, lambda a: steps(a, figures, per_block)))
            work += figures.work
            figures.close()
            asyncio.run(measure_keys(make, SIZE, lambda a: dialogs(a, figures,
                                                                   args.dialog_rounds)))
            figures.close()
    bare = figures.of("bare")
    print(f"{COMBATANTS} combatants, {NPC_TEMPLATES} templates, {EARLIER_ACTIONS} earlier "
          f"actions; {SIZE[0]}x{SIZE[1]}; key to the last frame it caused")
    print(f"bare app, marker moved (the floor): {bare.describe()}; a cursor step: "
          f"{figures.of('bare cursor step').describe()}")
    for name in ("next turn", "hold", "undo"):
        print(ratio_line(name, figures.of(name), bare, KEY_TARGET))
    # A form's last enter closes it: the screen under it is drawn again. Its floor is the
    # bare app's dialog closing (escape: Textual's modal screen popped, the table redrawn),
    # with the marker move beside it for reference.
    closed = figures.of("bare dialog closed")
    print(f"bare dialog closed (the floor of a form's last key): {closed.describe()}")
    print(ratio_line("condition saved", figures.of("condition saved"), closed, KEY_TARGET))
    print(ratio_line("condition saved", figures.of("condition saved"), bare, KEY_TARGET)
          + " (against the marker move)")
    print(f"app work per key (the action, before drawing): median "
          f"{statistics.median(work):.1f} ms, p90 {percentile(work, 0.9):.1f} ms "
          f"(targets 8 / 16 ms)")
    modal = figures.of("bare dialog")
    print(f"bare dialog (Textual's modal screen, a six-field form): {modal.describe()}")
    for name, found in figures.keys.items():
        if name.startswith("dialog"):
            print(ratio_line(name, found, modal, DIALOG_TARGET))
        elif name.startswith("screen"):
            print(f"{name}: {found.describe()}")


if __name__ == "__main__":
    main()
