"""R on the main screen: the session's recap and the campaign's calibration."""

from __future__ import annotations

from console.ui.flow import Flows

__all__ = ["RecapFlows"]


class RecapFlows(Flows):
    def open(self) -> None:
        if not self.service.session_numbers():
            self.decline("no session played yet: S starts one")
            return
        from console.ui.recap.recap_screen import RecapScreen  # loaded when used

        self.app.push_screen(RecapScreen(self.service))
