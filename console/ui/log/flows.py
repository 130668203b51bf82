"""The log pane's key carried out: its filter asked in a form (a view of the log: nothing
is saved)."""

from __future__ import annotations

from typing import Protocol

from console.ui.dialogs.form_dialog import Field
from console.ui.flow import Flows

__all__ = ["Filterable", "LogFlows"]


class Filterable(Protocol):
    """A list the GM filters by a text (the log pane)."""

    filter_text: str

    def set_filter(self, text: str) -> None: ...


class LogFlows(Flows):
    def filter(self, pane: Filterable) -> None:
        self.run(self._filter(pane), writes=False)

    async def _filter(self, pane: Filterable) -> None:
        values = await self.form("Filter the log", [Field(
            "text", "Only lines naming (empty: all)", str, value=pane.filter_text)])
        if values is not None:
            pane.set_filter(values["text"])
