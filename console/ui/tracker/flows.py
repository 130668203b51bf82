"""The tracker's keys carried out: one-key commands at once, the rest as short flows of
dialogs."""

from __future__ import annotations

from dataclasses import replace

from console.model import Side, Status
from console.model.fight_end import EndHow
from console.model.text import NAME_MAX, TITLE_MAX
from console.rules.limits import FACADE_ACTION, RESULT, ROUNDS, Range
from console.service.tracker import NishCall
from console.ui.dialogs.confirm import CarefulConfirm, ConfirmDialog
from console.ui.dialogs.form_dialog import (
    Field,
    optional_int,
    required_text,
    roll_doubt,
    stat_number,
    whole_number,
)
from console.ui.dialogs.nish_entry import NishForm, nish_results
from console.ui.flow import Flows
from console.ui.forecast.at_start import forecast_at_start
from console.ui.tracker.ending_dialog import EndingDialog

__all__ = ["TrackerFlows", "parse_side"]


def parse_side(text: str) -> Side:
    cleaned = text.strip().lower()
    if cleaned in ("pc", "p"):
        return Side.PC
    if cleaned in ("npc", "n"):
        return Side.NPC
    raise ValueError(f"side: type pc or npc, not {text.strip() or 'nothing'}")


class TrackerFlows(Flows):
    # ----- one key ------------------------------------------------------------------------

    def next_turn(self) -> None:
        self.command(self.service.tracker.next_turn)

    def previous_turn(self) -> None:
        self.command(self.service.tracker.previous_turn)

    def jump_to(self, combatant_id: int | None) -> None:
        """enter on the tracker: his turn now; asked first when he has had his turn this
        round (a stray enter would give him a second one)."""
        combatant = self.combatant(combatant_id)
        if not self.service.tracker.repeats_turn(combatant.id):
            self.command(lambda: self.service.tracker.jump_to(combatant.id))
            return
        self.run(self._second_turn(combatant.id, combatant.name), fight=True)

    async def _second_turn(self, combatant_id: int, name: str) -> None:
        encounter = self.service.running()
        if await self.ask(CarefulConfirm(f"A second turn for {name}?", [
                f"{name} has had a turn in round {encounter.round} already",
                f"{name}'s turn becomes the current one: {name} acts again this round",
                "the turns it passes over still come this round"], go="give it")):
            self.command(lambda: self.service.tracker.jump_to(combatant_id), undoable=True)

    def hold(self, combatant_id: int | None, *, part: bool = False) -> None:
        self.command(lambda: self.service.tracker.hold(self.combatant(combatant_id).id,
                                                       part=part))

    def act_now(self, combatant_id: int | None) -> None:
        self.command(lambda: self.service.tracker.act_now(self.combatant(combatant_id).id))

    def move_in_tie(self, combatant_id: int | None, offset: int) -> None:
        self.command(lambda: self.service.tracker.move_in_tie(
            self.combatant(combatant_id).id, offset))

    def toggle_status(self, combatant_id: int | None, status: Status) -> None:
        """u, d, x: done at once, said in the log and a toast with the way back."""
        self.command(lambda: self.service.tracker.toggle_status(
            self.combatant(combatant_id).id, status), undoable=True)

    def toggle_hidden(self, combatant_id: int | None) -> None:
        self.command(lambda: self.service.tracker.toggle_hidden(
            self.combatant(combatant_id).id))

    def cycle_shock(self, combatant_id: int | None) -> None:
        self.command(lambda: self.service.tracker.cycle_shock(self.combatant(combatant_id).id),
                     undoable=True)

    def cycle_mode(self) -> None:
        self.command(self.service.tracker.cycle_mode)

    def add_party(self) -> None:
        """Every PC not in the fight yet joins it: one key, one undo."""
        self.command(self.service.tracker.join_party, undoable=True)

    def end_encounter(self) -> None:
        # Undoable: done at once (once the GM has said how a begun fight ended), and said
        # with the way back.
        if not self.service.tracker.asks_how_it_ended():
            self.command(self.service.tracker.end_encounter, undoable=True)
            return
        self.run(self._end_encounter(), fight=True)

    async def _end_encounter(self) -> None:
        how = await self.how_it_ended()
        if how is not None:
            self.show(self.service.tracker.end_encounter(how), undoable=True)

    async def end_running_first(self, then: str) -> tuple[bool, EndHow | None]:
        """Before a new fight begins, the one running ends: a begun one is asked how it
        ended (one key, naming it), one never begun is confirmed (naming it). (False, None)
        when the GM went back; else whether to go on and how it ended."""
        running = self.service.encounter()
        if running is None:
            return True, None
        if self.service.tracker.asks_how_it_ended():
            how = await self.how_it_ended(then)
            return how is not None, how
        word = running.words.initiative  # Façade: Initiative
        ended = await self.ask(CarefulConfirm(
            f"End {running.name} and start a new encounter?", [
                f"{running.name} is running ({word} not called yet): it ends, and its log "
                "says so",
                "ctrl+z takes the new encounter back and the fight goes on"],
            go=f"end {running.name}"))
        return bool(ended), None

    async def how_it_ended(self, then: str = "") -> EndHow | None:
        """The GM says how the running fight ended (one key; None: he went back). Asked
        by every flow that ends a begun fight: its end, E into a blank or a prepared one."""
        running = self.service.running()
        answer: EndHow | None = await self.ask(EndingDialog(
            running.name, then, table_18=self.service.campaign().system == "metascape"))
        return answer

    def toggle_session(self) -> None:
        """S stops the running session (undoable, done at once), or starts the next one,
        which cannot be undone: what it will do is said first, and asked."""
        session = self.service.session()
        if session.running and session.number > 0:
            self.command(self.service.sessions.stop, undoable=True)
            return
        self.run(self._next_session())

    async def _next_session(self) -> None:
        effects = self.service.sessions.next_session_effects()
        if await self.ask(ConfirmDialog("Start the next session?", effects,
                                        go="start it")):
            self.show(self.service.sessions.start_next(), confirm=True)

    # ----- flows of dialogs --------------------------------------------------------------

    def new_encounter(self) -> None:
        self.run(self._new_encounter(), fight=True)

    async def _new_encounter(self) -> None:
        go_on, how = await self.end_running_first("; then the next fight is named")
        if not go_on:
            return
        values = await self.form("New encounter",
                                 [Field("name", "Encounter name", required_text("name"),
                                        max_length=TITLE_MAX)])
        if values is not None:
            self.show(self.service.tracker.new_encounter(values["name"], how))

    def call_for_nish(self) -> None:
        self.run(self._call_for_nish())

    async def _call_for_nish(self) -> None:
        call: NishCall = self.service.tracker.nish_call()
        if not call.rolls:
            self.show(self.service.tracker.call_for_nish({}))
            forecast_at_start(self)
            return
        filled = await self.ask(NishForm(call.title, list(call.rolls), self.service.rng))
        if filled is not None:
            self.show(self.service.tracker.call_for_nish(nish_results(filled.values),
                                                         call.leader))
            forecast_at_start(self)

    def add(self) -> None:
        self.run(self._add(), fight=True)

    async def _add(self) -> None:
        self.service.running()
        who = [Field("name", "Name", required_text("name"), max_length=NAME_MAX),
               Field("side", "Side: pc or npc", parse_side, value="npc")]
        if self.service.facade.playing():
            values = await self.form("Add to the encounter", [
                *who,
                # The tracker keeps a Façade fight's Initiative where MetaScape keeps Nish.
                Field("nish", "Initiative: his Action (lowest acts first; blank: none yet)",
                      optional_int("Initiative", FACADE_ACTION)),
            ], hint="added here, an NPC has no numbers (no health levels, no odds) · a roster "
                    "NPC comes with them: 2, then enter on it · a PC whose sheet has his "
                    "Action takes it at the next turn")
        else:
            values = await self.form("Add to the encounter", [
                *who,
                Field("nish", "Nish (NPC: recorded value, e.g. 12 or 8M; PC: this round's "
                      "roll)", stat_number("Nish")),
                Field("vit", "Vit (optional, value or rating)", stat_number("Vit")),
            ], hint="added here, an NPC has no Atk, Def, Dmg or AR (no odds) · a roster NPC "
                    "comes with its stats: 2, then enter on it")
        if values is None:
            return
        vit = values.get("vit")  # MetaScape's only: a Façade fighter's levels are a sheet's
        tracker = self.service.tracker
        if values["side"] is Side.PC:
            self.show(tracker.join_pc(values["name"], values["nish"], vit))
        else:
            self.show(tracker.add_npc(values["name"], values["nish"], vit))

    def edit_nish(self, combatant_id: int | None) -> None:
        self.run(self._edit_nish(combatant_id), fight=True)

    async def _edit_nish(self, combatant_id: int | None) -> None:
        combatant = self.combatant(combatant_id)
        current = "" if combatant.nish is None else str(combatant.nish)
        if self.service.facade.playing():
            field = Field("nish", f"{combatant.name}'s Initiative this turn (blank: none)",
                          optional_int("Initiative", FACADE_ACTION), value=current)
            title = f"Edit {combatant.name}'s Initiative"
        else:
            sheet = self.service.combat.sheet_of(combatant)
            rating = sheet.nish.as_rating() if sheet is not None and sheet.nish else None
            field = Field("nish", f"{combatant.name}'s Nish this round (blank: none yet)",
                          optional_int("Nish", RESULT), value=current,
                          doubt=roll_doubt(rating, combatant.name))
            title = f"Edit {combatant.name}'s Nish"
        values = await self.form(title, [field])
        if values is not None:
            self.show(self.service.tracker.set_nish(combatant.id, values["nish"]))

    def add_condition(self, combatant_id: int | None) -> None:
        self.run(self._add_condition(combatant_id), fight=True)

    async def _add_condition(self, combatant_id: int | None) -> None:
        combatant = self.combatant(combatant_id)
        rounds = self.service.running().words.round  # a Façade fight's: its turns
        values = await self.form(f"Condition on {combatant.name}", [
            Field("name", "Condition", required_text("condition"), max_length=TITLE_MAX),
            Field("rounds", f"{rounds.capitalize()}s (blank: until removed; 1 = to the end "
                            f"of next {rounds})",
                  optional_int(f"{rounds}s", replace(ROUNDS, meaning=f"{rounds}s"))),
        ])
        if values is not None:
            self.show(self.service.tracker.add_condition(combatant.id, values["name"],
                                                         values["rounds"]))

    def remove_condition(self, combatant_id: int | None) -> None:
        self.run(self._remove_condition(combatant_id), fight=True)

    async def _remove_condition(self, combatant_id: int | None) -> None:
        combatant = self.combatant(combatant_id)
        tracker = self.service.tracker
        mine = tracker.conditions_on(combatant.id)
        if not mine:
            self.decline(f"no condition on {combatant.name}")
            return
        if len(mine) == 1:
            self.show(tracker.remove_condition(mine[0][0]))
            return
        listing = ", ".join(f"{n + 1} {c.name}" for n, (_, c) in enumerate(mine))
        values = await self.form("Remove a condition", [Field(
            "which", f"Which? {listing}", whole_number("number", Range(1, len(mine), "listed")))])
        if values is not None:
            self.show(tracker.remove_condition(mine[values["which"] - 1][0]))
