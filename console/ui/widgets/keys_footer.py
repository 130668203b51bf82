"""Textual's footer, rebuilt only when the keys it shows change.

Textual's Footer rebuilds itself (a recompose and a layout of its screen) whenever its
screen's bindings may have changed: on every focus move and on every dialog pushed or
dismissed, even when the keys shown are the same, and even while a dialog covers it. Each
rebuild under an open dialog repainted the whole dialog. This one compares what it would
show with what it shows, and leaves a screen that is not on top alone.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

from console.ui.safety import Guarded

__all__ = ["KeysFooter"]


class KeysFooter(Guarded, Footer):
    _shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not screen.is_active:
            return  # covered by a dialog: looked at again when it is on top
        shown = tuple((binding.key, binding.description, enabled, tooltip)
                      for _, binding, enabled, tooltip in screen.active_bindings.values()
                      if binding.show)
        if shown != self._shown:
            self._shown = shown
            super().bindings_changed(screen)  # Footer's own: the keys are ready, rebuild
