"""The campaign's commands, without a screen: what the console does, callable and testable
as plain Python.

Start at :class:`CampaignService`: its reads, and its feature groups of commands
(``tracker``, ``combat``, ``hazards``, ``roster``, ``awards``, ``sessions``). Every command
returns one :class:`~console.model.outcome.Outcome` and has saved it by then, as one
undoable action; a refusal is an :class:`ActionRefused` and leaves the campaign as it was.
"""

from console.service.campaign_service import CampaignService
from console.service.core import HISTORY_SHOWN, CampaignCore, Prepared
from console.service.errors import ActionRefused
from console.service.view import View

__all__ = ["HISTORY_SHOWN", "ActionRefused", "CampaignCore", "CampaignService", "Prepared",
           "View"]
