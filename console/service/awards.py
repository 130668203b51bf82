"""The AP awarder's commands: awards during play, spending, rank improvement rolls, the
close of the session and its summary."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from console.model import PlayerCharacter, Session
from console.model.awards import (
    CloseChoices,
    ClosePreview,
    apply_close,
    check_open,
    give_adventure_bonus,
    give_grab_bag,
    give_pocket,
    preview_close,
    remove_award,
    set_reason,
    suggest_reader,
)
from console.model.improvements import (
    ability_cost,
    improve,
    lose_rank_rolls,
    rank_roll,
    take_handicap,
)
from console.model.outcome import Outcome
from console.model.session_summary import session_summary
from console.rules.ratings import Rating
from console.rules.systems.points import POINTS_RULES
from console.service.core import CampaignCore

__all__ = ["AwardCommands"]


class AwardCommands:
    def __init__(self, service: CampaignCore) -> None:
        self._service = service

    def _on(self, name: str, change: Callable[[Session], Outcome]) -> Outcome:
        service = self._service
        return service.run(name, lambda: change(service.session()))

    def check_open(self) -> None:
        """Refused outside a running session or after its close (before a form is shown)."""
        self._service.guard(lambda: check_open(self._service.session()))

    # ----- during play --------------------------------------------------------------------

    def grab_bag(self, pc: PlayerCharacter, points: int, reason: str = "") -> Outcome:
        return self._on("awards.grab_bag", lambda s: give_grab_bag(s, pc, points, reason))

    def adventure_bonus(self, pc: PlayerCharacter, amount: int, reason: str) -> Outcome:
        return self._on("awards.adventure",
                        lambda s: give_adventure_bonus(s, pc, amount, reason))

    def pocket(self, veteran: str, pc: PlayerCharacter, amount: int, reason: str) -> Outcome:
        service = self._service
        return self._on("awards.pocket", lambda s: give_pocket(
            s, service.pcs(), service.campaign().veterans_pocket, veteran, pc, amount, reason))

    def _award_pc_name(self, index: int) -> str:
        awards = self._service.session().ap_awards
        pc_id = awards[index].pc_id if 0 <= index < len(awards) else None
        pc = self._service.pcs().get(pc_id) if pc_id is not None else None
        return pc.name if pc else f"#{pc_id}"

    def set_reason(self, index: int, reason: str) -> Outcome:
        """Give an award recorded in a hurry its reason afterwards."""
        name = self._award_pc_name(index)
        return self._on("awards.reason", lambda s: set_reason(s, index, reason, name))

    def take_back(self, index: int) -> Outcome:
        name = self._award_pc_name(index)
        return self._on("awards.take_back", lambda s: remove_award(s, index, name))

    def toggle_pocket(self) -> Outcome:
        service = self._service
        campaign = service.campaign()
        state = "on" if not campaign.veterans_pocket else "off"
        return service.run("campaign.settings", lambda: Outcome.told(
            campaign.with_changes(veterans_pocket=not campaign.veterans_pocket),
            notices=(f"Veteran's pocket {state} for this campaign",)))

    # ----- spending and rank improvement rolls --------------------------------------------

    def improve(self, pc: PlayerCharacter, ability: str, value: int | Rating | None,
                ic: int) -> Outcome:
        return self._on("awards.improve",
                        lambda s: improve(s, self._service.fresh(pc), ability, value, ic))

    def handicap(self, pc: PlayerCharacter, amount: int, reason: str) -> Outcome:
        return self._on("awards.handicap",
                        lambda s: take_handicap(s, self._service.fresh(pc), amount, reason))

    def ability_cost(self, pc: PlayerCharacter, ability: str, value: int | Rating | None,
                     ic: int) -> int:
        """What improving the ability costs (value + IC): a rank improvement roll is 10L
        against it."""
        return self._service.guard(lambda: ability_cost(pc, ability, value, ic))

    def rank_roll(self, pc: PlayerCharacter, ability: str, cost: int, result: int) -> Outcome:
        return self._on("awards.rank_roll", lambda s: rank_roll(
            s, self._service.fresh(pc), ability, cost, result))

    def lose_rolls(self, pc: PlayerCharacter) -> Outcome:
        return self._on("awards.lose_rolls",
                        lambda s: lose_rank_rolls(s, self._service.fresh(pc)))

    # ----- the close ----------------------------------------------------------------------

    def suggest_reader(self, present: Sequence[PlayerCharacter]) -> PlayerCharacter | None:
        """Whose player reads the journal this time, by the rotation."""
        service = self._service
        return suggest_reader(present, service.played_sessions(), service.pcs())

    def preview_close(self, choices: CloseChoices) -> ClosePreview:
        service = self._service
        return service.guard(lambda: preview_close(service.session(), service.pcs(), choices))

    def close(self, choices: CloseChoices) -> Outcome:
        """Apply every present PC's awards; the rounding rule is remembered for next week,
        in the same undoable action."""
        service = self._service
        now = service.clock()
        campaign = service.campaign().with_changes(time_rounding=choices.rounding.name)
        return self._on("awards.close", lambda s: Outcome.told(campaign).then(
            apply_close(s, service.pcs(), choices, now)))

    def summary(self, number: int) -> str:
        """Session ``number``'s summary in Markdown."""
        service = self._service
        session, encounters = service.session_record(number)
        return session_summary(service.name, session, encounters, service.pcs(),
                               POINTS_RULES.get(service.campaign().system))

    def export_summary(self, number: int) -> Outcome:
        """Write the summary beside the saves."""
        path = self._service.write_summary(number, self.summary(number))
        return Outcome(notices=(f"Summary written to {path}",))
