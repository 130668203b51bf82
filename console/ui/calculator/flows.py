"""The dice calculator's key: opened on the campaign's own system; ctrl+t there makes the
system shown the campaign's (saved, undoable)."""

from __future__ import annotations

from console.ui.flow import Flows

__all__ = ["DiceFlows"]


class DiceFlows(Flows):
    def open(self) -> None:
        """The calculator, as a flow: a roll typed right after ``D`` lands in its fields."""
        self.run(self._open(), writes=False)

    async def _open(self) -> None:
        from console.ui.calculator.dice_screen import DiceScreen  # loaded when used

        await self.ask(DiceScreen(self.service.settings.system(), choose=self.choose))

    def choose(self, name: str) -> None:
        if name == self.service.settings.system():
            self.decline(f"this campaign already plays {name}")
            return
        self.command(lambda: self.service.settings.set_system(name), undoable=True)
