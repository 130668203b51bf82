"""The AP awarder's actions: awards during play, spending, rank improvement rolls and the
close of the session, each a short flow of dialogs ending in one saved action.

Shown with ``confirm``: on the awards screen no log pane says what was done, and an award
is worth a word back.
"""

from __future__ import annotations

from console.model import PlayerCharacter
from console.model.awards import player_of
from console.model.improvements import sheet_ability
from console.model.outcome import Outcome
from console.rules.advancement import rank_improvement_chance
from console.ui.alerts import show_outcome
from console.ui.awards.award_forms import (
    adventure_fields,
    handicap_fields,
    improve_fields,
    pocket_fields,
    reason_fields,
    roll_result_fields,
)
from console.ui.awards.grab_bag_dialog import GrabBagDialog
from console.ui.changes import spread
from console.ui.flow import Flows
from console.ui.formatting import percent

__all__ = ["AwardFlows"]


class AwardFlows(Flows):
    def _open(self) -> list[PlayerCharacter]:
        """The party, once it is sure awards can be given now."""
        self.service.awards.check_open()
        return self.party()

    def done(self, outcome: Outcome) -> None:
        self.show(outcome, confirm=True)

    # ----- during play --------------------------------------------------------------------

    def grab_bag(self, selected: int | None) -> None:
        """The grab bag in two keys, on the PC the GM is looking at."""
        pcs = self._open()
        self.run(self._grab_bag(pcs, selected))

    async def _grab_bag(self, pcs: list[PlayerCharacter], selected: int | None) -> None:
        awards, service = self.service.awards, self.service
        given = await self.ask(GrabBagDialog(
            service.session(), pcs, selected,
            lambda pc, points, reason: service.prepare(
                lambda: awards.grab_bag(pc, points, reason))))
        if given is not None:  # the award the dialog checked, with its reason: one action
            self.show(service.commit(given))

    def adventure_bonus(self, pc: PlayerCharacter | None) -> None:
        pcs = self._open()
        self.run(self._adventure(pcs, pc))

    async def _adventure(self, pcs: list[PlayerCharacter], pc: PlayerCharacter | None) -> None:
        values = await self.form("Adventure bonus", adventure_fields(pcs, pc))
        if values is not None:
            self.done(self.service.awards.adventure_bonus(values["pc"], values["amount"],
                                                          values["reason"]))

    def pocket(self, pc: PlayerCharacter | None) -> None:
        pcs = self._open()
        if not self.service.campaign().veterans_pocket:
            self.decline("the veteran's pocket is off in this campaign: P switches it on")
            return
        self.run(self._pocket(pcs, pc))

    async def _pocket(self, pcs: list[PlayerCharacter], pc: PlayerCharacter | None) -> None:
        veterans = sorted({player_of(p) for p in pcs if p.player_rank > 0})
        awards = self.service.awards
        filled = await self.checked(
            "Veteran's pocket", pocket_fields(pcs, pc, veterans),
            lambda v: self.service.prepare(lambda: awards.pocket(
                v["veteran"], v["pc"], v["amount"], v["reason"])),
            "a ranked player gives up to the player's rank in AP, never to the PC the same "
            "player plays")
        if filled is not None:
            self.done(self.service.commit(filled.checked))

    def reason(self, index: int) -> None:
        self.run(self._reason(index))

    async def _reason(self, index: int) -> None:
        award = self.service.session().ap_awards[index]
        pc = self.service.pcs().get(award.pc_id)
        name = pc.name if pc else f"#{award.pc_id}"
        values = await self.form(f"Reason for {name}'s award", reason_fields(award.reason))
        if values is not None:
            self.done(self.service.awards.set_reason(index, values["reason"]))

    def take_back(self, index: int) -> None:
        self.command(lambda: self.service.awards.take_back(index), confirm=True)

    def toggle_pocket(self) -> None:
        self.command(self.service.awards.toggle_pocket, confirm=True)

    # ----- spending and rank improvement rolls --------------------------------------------

    def improve(self, pc: PlayerCharacter) -> None:
        self.run(self._improve(pc))

    async def _improve(self, pc: PlayerCharacter) -> None:
        values = await self.form(f"{pc.name} improves an ability ({pc.unused_ap} Unused AP)",
                                 improve_fields(pc),
                                 "costs its value + IC in Unused AP; once per ability per mission")
        if values is not None:
            self.done(self.service.awards.improve(pc, values["ability"], values["value"],
                                                  values["ic"]))

    def handicap(self, pc: PlayerCharacter) -> None:
        self.run(self._handicap(pc))

    async def _handicap(self, pc: PlayerCharacter) -> None:
        values = await self.form(f"{pc.name} takes a handicap", handicap_fields(),
                                 "handicap AP go to Unused AP only: they never count toward rank")
        if values is not None:
            self.done(self.service.awards.handicap(pc, values["amount"], values["reason"]))

    def rank_roll(self, pc: PlayerCharacter) -> None:
        if not pc.rank_rolls:
            self.decline(f"{pc.name} has no rank improvement rolls")
            return
        self.run(self._rank_roll(pc))

    async def _rank_roll(self, pc: PlayerCharacter) -> None:
        awards = self.service.awards
        chosen = await self.form(f"{pc.name}: rank improvement roll ({pc.rank_rolls} left)",
                                 improve_fields(pc),
                                 "the roll is 10L against the ability's value + IC")
        if chosen is None:
            return
        ability = chosen["ability"]
        # The cost (and so the chance) is known before the player rolls: show both.
        cost = awards.ability_cost(pc, ability, chosen["value"], chosen["ic"])
        known = sheet_ability(pc, ability)
        what = (f"{known.label} {known.stat.canonical} -> {known.raised().canonical}"
                if known is not None else f"{ability} +1d (or learned)")
        rolled = await self.form(
            f"{pc.name}: {ability} costs {cost} AP: {pc.name} rolls 10L against {cost} "
            f"({percent(rank_improvement_chance(cost))})",
            roll_result_fields(pc.name), f"a success improves it free: {what}")
        if rolled is not None:
            self.done(awards.rank_roll(pc, ability, cost, rolled["result"]))

    def lose_rolls(self, pc: PlayerCharacter) -> None:
        self.command(lambda: self.service.awards.lose_rolls(pc), confirm=True)

    # ----- the close and the summary ------------------------------------------------------

    def close_session(self) -> None:
        self._open()
        self.run(self._close())

    async def _close(self) -> None:
        # Both screens are loaded after start-up (GMConsoleApp._started), not before it.
        from console.ui.awards.close_session_screen import CloseSessionScreen
        from console.ui.awards.summary_screen import SummaryScreen

        service = self.service
        prepared = await self.ask(CloseSessionScreen(
            service, lambda choices: service.prepare(lambda: service.awards.close(choices))))
        if prepared is None:
            return
        outcome = service.commit(prepared)  # the close the dialog previewed and checked
        # What it granted (a dozen lines for a party) goes into the summary that follows,
        # not into toasts stacked over it; a warning from saving is still a toast.
        spread(self.app, outcome)
        saving = tuple(alert for alert in outcome.alerts if alert not in outcome.notices)
        if saving:
            show_outcome(self.app, Outcome(alerts=saving))
        await self.ask(SummaryScreen(service, service.session().number,
                                     applied=outcome.notices))

    def summary(self) -> None:
        number = self.service.session().number
        if number == 0:
            self.decline("no session yet: S on the main screen starts one")
            return
        self.run(self._summary(number), writes=False)

    async def _summary(self, number: int) -> None:
        from console.ui.awards.summary_screen import SummaryScreen  # loaded after start-up

        await self.ask(SummaryScreen(self.service, number))
