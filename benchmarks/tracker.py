"""How long "next turn" takes in an encounter of 100 combatants.

Run: python benchmarks/tracker.py
Prints the median over many presses of space (next turn), split into:
- app work: the tracker step, the durable save (atomic write + fsync) and the pane updates,
  measured inside MainScreen.perform;
- key to screen: from the key press until Textual has processed it and redrawn (Pilot's
  press + pause), which adds Textual's own event and render work.
Target from the issue: one frame at 60 Hz, 16.7 ms of app work.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from console.model import Encounter, NpcTemplate, Side
from console.model.outcome import Outcome
from console.model.tracker import END, add_combatant, call_for_nish, next_turn
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.flow import Flows

COMBATANTS = 100
PRESSES = 60
EARLIER_ACTIONS = 500  # the session is already long: the cost must not grow with it
NPC_TEMPLATES = 300  # a campaign's roster, shown beside the tracker


def build(saves: Path) -> None:
    store = CampaignStore.create(saves, "Bench")
    rng = random.Random(1)
    store.apply("npc.add", "roster", [
        (NpcTemplate.TABLE, number, NpcTemplate(number, f"Template {number}", atk="15",
                                                def_="8M", dmg="12", ar="4", vit="20",
                                                nish="10").to_dict())
        for number in range(1, NPC_TEMPLATES + 1)
    ])
    encounter = Encounter(1, "Big fight")
    for number in range(COMBATANTS):
        side = Side.PC if number < 6 else Side.NPC
        encounter = add_combatant(encounter, f"Fighter {number + 1}", side,
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


async def measure(saves: Path) -> tuple[list[float], list[float], list[float]]:
    store = CampaignStore.open(saves, "Bench")
    app = GMConsoleApp(CampaignService(store, random.Random(2)))
    app_work: list[float] = []
    original = Flows.command

    def timed(self: Flows, run: Callable[[], Outcome], *, confirm: bool = False) -> None:
        start = time.perf_counter()
        original(self, run, confirm=confirm)
        app_work.append(time.perf_counter() - start)

    Flows.command = timed  # type: ignore[method-assign]
    key_to_screen: list[float] = []
    idle_key: list[float] = []
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            for _ in range(PRESSES):
                start = time.perf_counter()
                await pilot.press("space")
                await pilot.pause()
                key_to_screen.append(time.perf_counter() - start)
                if app.service.encounter().current == "end":  # type: ignore[union-attr]
                    await pilot.press("b")  # stay inside the round: keep measuring next turn
                    app_work.pop()
            for _ in range(PRESSES):  # a key bound to nothing: Pilot's and Textual's floor
                start = time.perf_counter()
                await pilot.press("f12")
                await pilot.pause()
                idle_key.append(time.perf_counter() - start)
    finally:
        Flows.command = original  # type: ignore[method-assign]
        store.close()
    return app_work, key_to_screen, idle_key


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        build(saves)
        app_work, key_to_screen, idle_key = asyncio.run(measure(saves))
    print(f"encounter of {COMBATANTS} combatants, {NPC_TEMPLATES} NPC templates, "
          f"{EARLIER_ACTIONS} earlier actions in the session, {len(app_work)} next-turn presses")
    print(f"app work (step + durable save + pane updates): median "
          f"{statistics.median(app_work) * 1000:.1f} ms, p90 "
          f"{sorted(app_work)[int(len(app_work) * 0.9)] * 1000:.1f} ms (target 16.7 ms)")
    print(f"key to updated screen (Pilot press + pause): median "
          f"{statistics.median(key_to_screen) * 1000:.1f} ms; a key bound to nothing: "
          f"{statistics.median(idle_key) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
