"""The initiative tracker: the round's order, the current actor, ties, holds and states."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from rich.cells import cell_len
from textual.binding import Binding, BindingType
from textual.message import Message

from console.model import Campaign, Encounter, NpcTemplate, PlayerCharacter, Status
from console.service import CampaignService, View
from console.ui.bindings import cursor_ends
from console.ui.changes import Changed, Redraws
from console.ui.tracker.rows import COLUMNS, NARROW_WIDTHS, WIDTHS, RowCache, tracker_rows
from console.ui.widgets.row_list import RowList

if TYPE_CHECKING:
    from console.ui.combat.flows import CombatFlows
    from console.ui.facade.flows import FacadeFlows
    from console.ui.hazards.flows import HazardFlows
    from console.ui.table.flows import TableFlows
    from console.ui.tracker.flows import TrackerFlows

__all__ = ["TrackerFlowsHost", "TrackerPane"]

_TEMPLATES = frozenset({NpcTemplate.TABLE})


class TrackerFlowsHost(Protocol):
    """Where the tracker's keys find their flows (the main screen, which makes each the
    first time it is asked: their dialogs are not loaded before the first frame)."""

    @property
    def tracker_flows(self) -> TrackerFlows: ...

    @property
    def combat_flows(self) -> CombatFlows: ...

    @property
    def hazard_flows(self) -> HazardFlows: ...

    @property
    def table_flows(self) -> TableFlows: ...

    @property
    def facade_flows(self) -> FacadeFlows: ...


class TrackerPane(Redraws, RowList):
    """The round in Nish order. Rows are combatants; a turn may hold several (a wave)."""

    # The campaign's too: its system says the keys and columns (a Façade campaign's).
    SHOWS: ClassVar[frozenset[str]] = frozenset({Encounter.TABLE, PlayerCharacter.TABLE,
                                                 Campaign.TABLE})

    PANE_TITLE: ClassVar[str] = "Tracker"
    METASCAPE_HELP: ClassVar[str] = """\
## Initiative tracker

Call for Nish (`n`) at the start of every round: type each PC's rolled result, or press
`ctrl+r` in the entry to roll his Nish rating. NPCs act on their recorded Nish. Play goes
highest first; tied combatants (bracketed) act at once, in the order you set with
`shift+up/down`. In a Façade campaign (`D`, then `ctrl+t`) new fights go lowest first, as
its lowest Action declares first: a higher one interrupts with `j` (its own keys: F1 there).

`space` hands the turn on to the highest turn with someone still to act (those who have
acted are dimmed), so a Nish corrected mid-round, a kill or a newcomer never skips or
repeats anyone. `b` steps back to the turn before, `enter` makes the selected combatant's
turn the current one. `h` saves a PC's Initiative (all of it, passing the turn; `H` for
part), `o` lets a held combatant act now. Saved Initiative is lost at the next call for Nish.
A result a rating cannot give, or one under a 0.5% chance, is questioned once: `enter`
again keeps it.

`m` switches individual / wave / group Initiative. `s` marks shock (failed: Nish 0;
critical: no Nish this round). `u` unconscious, `d` dead (on a vehicle or ship, which
never dies: `u` crippled, `d` destroyed), `x` removes, `e` edits a Nish, `c` adds a
condition with a duration: "one round" lasts until the end of the next round. The detail
pane shows what expires when and the checks a critically wounded PC owes (his State says
"checks due" until `k` records them), an NPC's set values, and the odds of one exchange
each way: an NPC's expected wounds (`~3.7 wnd`) count only up to what puts him down.
`Wounds/Vit` counts wounds taken: `0/20` is unhurt, `24/20 CD 4` is critical damage 4.

`v` hides the selected combatant from the players' view (`gm-console player-view`, `gm-console
serve`), or reveals him: an ambush stays off their screen until it strikes (the roster's
spawn form can add copies hidden). Hidden ones are marked "hidden" here and still take their
turns. The players see NPCs' health as a word (unhurt, hurt, badly hurt, critical if you
kept him up past his Vit, down), never
their numbers, stats or your notes; `O` chooses the rest (PCs' health as words, NPCs as
"Foe 1", "Foe 2", NPCs kept out of the order until they act, NPCs' conditions) and the
turn timer. With foes, each NPC's number is shown here ("Foe 2") and `N` tells the
players his name (again: his number back).

`E` begins a fight: with the table at a prepared scene (`P`, the prep screen), its
encounters are offered, and one launched brings in the party and its foes (those marked
hidden kept off the players' view) and shows you its boxed text and GM notes (`G` again);
`U` puts the boxed text on the players' view, or takes it off. A fight whose Nish was
called ends (`ctrl+e`, or `E` into the next) with one key for how it ended, won, fled or
other, kept for the session's recap (`R`).

Typed on the selected combatant, `-7` puts 7 wounds on him (the GM's own figure: no roll,
no armor; critical damage as always) and `+3` heals a PC 3 (in the `-` form, `+3` heals an
NPC). `a` adds a fighter, `p` the whole party (every PC not in the fight yet, one undo).

`A` starts an attack on the selected combatant: on an NPC, a PC attacks him (weapon,
Table 15 modifiers, the player's Atk and damage results; wounding damage = damage - AR, and
critical damage kills him unless you keep him up); on a PC, an NPC attacks him (Table 14
modifiers, his Def result, then his AR result; wounds go on his sheet). Every prompt shows
the exact chance from the dice engine. `k` takes a critically wounded PC's checks, `+`
heals him (or applies the kill rule), `V` rolls a damaged vehicle's or ship's system
failure (Tables 9/11 and 10). `B` works out an explosion's damage square by square.

A vehicle or ship never dies. When an NPC's first takes critical damage (an attack or `-`),
you rule it crippled (to be boarded) or destroyed; neither acts again. The party's own
vessel (the roster's `o` on a vehicle or ship template) has no Nish of its own: `A` on it is
a hit (the damage and its type, its armor roll), `k` takes its critical checks against 5 x
its critical damage (a hull breach and a system failure when critical damage first occurs
and at every armor check while it lasts; a failed system cascades, a check every round
until one succeeds), `-N` / `+N` the GM's damage or repairs.

`z` puts a hazard on the selected combatant. Lasting ones (drowning, suffocation, vacuum, a
hull breach, falling, freezing, heat, fatigue, panic, sleep, hunger, thirst) move on once a
round, on his Nish: before he acts the console shows the check due and its difficulty
(with his chance); `Z` takes the player's result and applies what follows (wounds, passing
out, death). With nothing due, `Z` ends the hazard (air is back: the revive Dif and the
brain-damage Dif are shown). `T` lets days, hours or minutes pass for the hazards that run
outside the rounds. One-off checks (poison, radiation, brain damage, fear,
materialization) ask their question, take the result and roll the book's table on a
failure. One who fainted in panic is brought round by a slap or a shake: `u` on him marks
him up, and his panic is over.
"""
    FACADE_HELP: ClassVar[str] = """\
## Initiative tracker: a Façade campaign

Its fights follow the seed's Dramatic Combat (its default) or Simple Combat (`m` switches,
for the campaign). The tracker's round is Façade's turn. `n` calls the next turn:
everyone's Initiative is his Action (a PC's sheet, an NPC's template), lowest first, and
everyone's actions are fresh (in Simple Combat, the last turn's damage lands first). `I`
takes the contest of Action between those tied: each tie goes lowest roll first. The state
column shows each one's actions this turn: `A` and `P` while he has his Active and Passive
action, dots once spent, `full A` / `full P` for a fully Active or fully Passive turn.

`space` hands the click on to the next Initiative with someone still to act, `b` steps
back, `enter` makes the selected combatant's click the current one. `j` on a combatant with
a better Initiative (still to come this turn, with an action left) interrupts the click in
progress: an attack, another action or a stance; the click stays where it was, and one who
has spent everything by interrupting is passed by. `t` records an action at his own click
(a move, a full dodge). Once his click has passed he only defends.

`A`: the selected combatant attacks. Dramatic Combat: target, weapon and the GM's modifier;
the roll's trait (attribute + skill, less his hits' penalties; his Limit raising the
difficulty or failing the roll) and the exact chance of every row of the chart; his roll;
the target's defense roll if it would land and he has an action for it (Passive: block or
dodge; Active: Fully Defensive); then the blow, chosen from what the chart allows by
location, each with its damage through the armor there. The hit is noted ("Torso Hits: B,
C") and its penalty shown and counted at once; Limit for failed rolls and too-heavy
weapons is added; an NPC out of Deadly levels falls. Simple Combat: both rolls, the
winner's blow by how far he won (a better one traded for a location), landing at the end
of the turn.

`-` notes the GM's own hit ("2C arms": no roll, no armor), `L` raises or lowers a Limit
Pool, `+` first aid (difficulty: his damage less his Health; made, he is stable) or days of
healing on a PC's sheet. The details show his traits, weapons with their chance to land a
blow on each foe, armor, hits, penalties and what his pools do.

`a` adds a fighter, `p` the whole party, `e` edits an Initiative, `u` unconscious, `d`
dead, `x` removes, `c` adds a condition, `v` hides him from the players' view (which shows
health in Façade's words: a PC's levels taken of each track, an NPC's word), `N` tells the
players an NPC's name. MetaScape's own keys (Nish, holds, shock, its attacks, hazards) are
not a Façade fight's; the forecast (`f`) plays MetaScape's fights only.
"""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "call_nish", "Nish", tooltip="Call for Nish", id="tracker.call_nish"),
        Binding("space", "next_turn", "Next", tooltip="Next turn", id="tracker.next"),
        Binding("b", "previous_turn", "Back a turn", id="tracker.previous", show=False),
        Binding("enter", "jump", "Their turn now", id="tracker.jump", show=False),
        Binding("h", "hold", "Hold", id="tracker.hold"),
        Binding("H", "hold_part", "Hold part", id="tracker.hold_part", show=False),
        Binding("o", "act_now", "Act", tooltip="Act now (a held one)", id="tracker.act_now"),
        Binding("a", "add", "Add", id="tracker.add"),
        Binding("p", "party", "Add the party", id="tracker.party", show=False),
        Binding("e", "edit_nish", "Edit Nish", id="tracker.edit_nish", show=False),
        Binding("s", "shock", "Shock", id="tracker.shock"),
        Binding("u", "unconscious", "Unconscious", id="tracker.unconscious", show=False),
        Binding("d", "dead", "Dead", id="tracker.dead", show=False),
        Binding("x", "remove", "Remove", id="tracker.remove", show=False),
        Binding("c", "condition", "Cond.", tooltip="Add a condition", id="tracker.condition"),
        Binding("v", "hidden", "Hide/reveal", tooltip="Hide from the players' view, or reveal",
                id="tracker.hidden", show=False),
        Binding("N", "named", "Name to players",
                tooltip="Tell the players an NPC's name (a view of Foe 1, Foe 2), or take it back",
                id="tracker.named", show=False),
        Binding("m", "mode", "Mode", id="tracker.mode"),
        Binding("A", "attack", "Attack", id="tracker.attack"),
        Binding("k", "checks", "Checks", id="tracker.checks", show=False),
        Binding("plus", "heal", "Heal", id="tracker.heal", show=False),
        Binding("minus", "wounds", "Wounds", tooltip="Wounds or healing: -7, +3",
                id="tracker.wounds", show=False),
        Binding("V", "vessel", "System failure", id="tracker.vessel", show=False),
        Binding("B", "blast", "Explosion", id="tracker.blast", show=False),
        Binding("z", "hazard", "Hazard", id="tracker.hazard"),
        Binding("Z", "hazard_check", "Hazard check", id="tracker.hazard_check", show=False),
        Binding("T", "hazard_time", "Time passes", id="tracker.hazard_time", show=False),
        # A Façade campaign's own (check_action lets these or MetaScape's through).
        Binding("n", "facade_turn", "Turn", tooltip="Next turn: Initiative is Action",
                id="tracker.facade_turn"),
        Binding("A", "facade_attack", "Attack", tooltip="The selected combatant attacks",
                id="tracker.facade_attack"),
        # j, "jumps in": i is the details' key on every screen (issue 27).
        Binding("j", "interrupt", "Interrupt",
                tooltip="A better Initiative interrupts the click in progress",
                id="tracker.interrupt"),
        Binding("t", "facade_action", "Action", tooltip="An action or a stance at his click",
                id="tracker.facade_action"),
        Binding("I", "contest", "Contest", tooltip="The contest of Action between ties",
                id="tracker.contest"),
        Binding("L", "pools", "Limit", tooltip="Raise or lower a Limit Pool",
                id="tracker.pools"),
        Binding("e", "edit_initiative", "Edit Initiative", id="tracker.edit_initiative",
                show=False),
        Binding("minus", "facade_hit", "Hit", tooltip="The GM's own hit: 2C arms",
                id="tracker.facade_hit", show=False),
        Binding("plus", "facade_aid", "First aid", tooltip="First aid, or days of healing",
                id="tracker.facade_aid", show=False),
        Binding("m", "facade_combat", "Combat",
                tooltip="Façade fights: Dramatic or Simple Combat", id="tracker.facade_combat",
                show=False),
        Binding("shift+up", "tie(-1)", "Earlier in tie", id="tracker.tie_up", show=False),
        Binding("shift+down", "tie(1)", "Later in tie", id="tracker.tie_down", show=False),
        *cursor_ends("tracker"),
    ]

    class Selected(Message):
        def __init__(self, combatant_id: int | None) -> None:
            self.combatant_id = combatant_id
            super().__init__()

    # In a Façade campaign its own keys, and not MetaScape's that have no meaning there.
    _FACADE: ClassVar[frozenset[str]] = frozenset({
        "facade_turn", "facade_attack", "interrupt", "facade_action", "contest", "pools",
        "facade_hit", "facade_aid", "facade_combat", "edit_initiative"})
    _NOT_FACADE: ClassVar[frozenset[str]] = frozenset({
        "call_nish", "attack", "heal", "wounds", "mode", "hold", "hold_part", "act_now",
        "shock", "checks", "vessel", "blast", "hazard", "hazard_check", "hazard_time",
        "edit_nish"})

    def __init__(self, service: CampaignService, host: TrackerFlowsHost, *,
                 id: str | None = None) -> None:
        columns = [(column.capitalize() if column != "turn" else "", WIDTHS[column])
                   for column in COLUMNS]
        narrow = {COLUMNS.index(column): width for column, width in NARROW_WIDTHS.items()}
        super().__init__(columns, drop_first=[COLUMNS.index("side")], narrow=narrow,
                         stretch=COLUMNS.index("conditions"),
                         cut_at_space=[COLUMNS.index("vit")], id=id)
        self.service = service
        self.host = host
        self._system = service.campaign().system  # its keys, columns and F1 (issue 31)
        self._row_keys: list[int] = []
        self._row_cache = RowCache()
        self._current: str | None = None  # the turn the cursor last followed

    # ----- showing ------------------------------------------------------------------------

    def redraw(self) -> None:
        self.show(self.service.view())

    def watch_changed(self, changed: Changed | None) -> None:
        # A Façade fight's NPC reads his numbers from his template's sheet (issue 31): an
        # edited template redraws the fight there, and only there.
        if (changed is not None and self._system == "facade"
                and changed.touches(_TEMPLATES)):
            self.redraw()
            return
        super().watch_changed(changed)

    def show(self, view: View) -> None:
        """Bring the list up to date: only rows whose cells changed are drawn again."""
        if view.system != self._system:
            self._system = view.system
            self.refresh_bindings()  # a Façade campaign's keys, or MetaScape's
        labels = ["" if column == "turn" else column.capitalize() for column in COLUMNS]
        # "0/20" under "Vit" read as no Vit left: the cell is the wounds taken of the Vit.
        labels[COLUMNS.index("vit")] = "Wounds/Vit"
        if view.system == "facade":  # Initiative is Action; health is Façade's tracks
            labels[COLUMNS.index("nish")], labels[COLUMNS.index("vit")] = "Init", "Health"
        self.set_labels(labels)
        rows = tracker_rows(view, self._row_cache)
        keys = [key for key, _ in rows]
        selected = self.selected_id
        reordered = keys != self._row_keys
        self._row_keys = keys
        self.set_rows([cells for _, cells in rows])
        # A wave's Nish ("10.8 (16)": its average and his own) is wider than a Nish alone;
        # a state can say several things ("unconscious, checks due"); a name may be long
        # ("Pirate captai…" beside 35 empty cells of conditions at 100 columns).
        for column in (COLUMNS.index("nish"), COLUMNS.index("state"), COLUMNS.index("name")):
            self.widen(column, max((cell_len(str(cells[column])) for _, cells in rows),
                                   default=0))
        if reordered and selected in keys:
            self.move_cursor(row=keys.index(selected))
        # When the turn moves on, the cursor (and so the detail pane) follows the actor.
        current = view.encounter.current if view.encounter is not None else None
        if current != self._current:
            self._current = current
            acting = [t.members[0] for t in view.order.turns if t.key == current]
            if acting and acting[0] in keys:
                self.move_cursor(row=keys.index(acting[0]))

    # F1 reads a pane's HELP, which Textual declares a class variable; the tracker's follows
    # the campaign's system, so a Façade GM reads his own keys.
    @property
    def HELP(self) -> str:  # type: ignore[override]
        return self.FACADE_HELP if self._system == "facade" else self.METASCAPE_HELP

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self._FACADE:
            return self._system == "facade"
        if action in self._NOT_FACADE:
            return self._system != "facade"
        return True

    @property
    def tracker(self) -> TrackerFlows:
        return self.host.tracker_flows

    @property
    def combat(self) -> CombatFlows:
        return self.host.combat_flows

    @property
    def hazards(self) -> HazardFlows:
        return self.host.hazard_flows

    @property
    def table(self) -> TableFlows:
        return self.host.table_flows

    @property
    def facade(self) -> FacadeFlows:
        return self.host.facade_flows

    @property
    def selected_id(self) -> int | None:
        if not self._row_keys or self.cursor_row < 0 or self.cursor_row >= len(self._row_keys):
            return None
        return self._row_keys[self.cursor_row]

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        event.stop()
        self.post_message(self.Selected(self.selected_id))

    def on_row_list_chosen(self, event: RowList.Chosen) -> None:
        event.stop()
        self.tracker.jump_to(self.selected_id)

    # ----- keys: each hands the selected combatant to its feature's flow -------------------

    def action_call_nish(self) -> None:
        self.tracker.call_for_nish()

    def action_next_turn(self) -> None:
        self.tracker.next_turn()

    def action_previous_turn(self) -> None:
        self.tracker.previous_turn()

    def action_jump(self) -> None:
        self.tracker.jump_to(self.selected_id)

    def action_hold(self) -> None:
        self.tracker.hold(self.selected_id)

    def action_hold_part(self) -> None:
        self.tracker.hold(self.selected_id, part=True)

    def action_act_now(self) -> None:
        self.tracker.act_now(self.selected_id)

    def action_add(self) -> None:
        self.tracker.add()

    def action_party(self) -> None:
        self.tracker.add_party()

    def action_edit_nish(self) -> None:
        self.tracker.edit_nish(self.selected_id)

    def action_edit_initiative(self) -> None:  # a Façade fight's words for the same field
        self.tracker.edit_nish(self.selected_id)

    def action_shock(self) -> None:
        self.tracker.cycle_shock(self.selected_id)

    def action_unconscious(self) -> None:
        self.tracker.toggle_status(self.selected_id, Status.UNCONSCIOUS)

    def action_dead(self) -> None:
        self.tracker.toggle_status(self.selected_id, Status.DEAD)

    def action_remove(self) -> None:
        self.tracker.toggle_status(self.selected_id, Status.REMOVED)

    def action_hidden(self) -> None:
        self.tracker.toggle_hidden(self.selected_id)

    def action_named(self) -> None:
        self.table.toggle_named(self.selected_id)

    def action_condition(self) -> None:
        self.tracker.add_condition(self.selected_id)

    def action_mode(self) -> None:
        self.tracker.cycle_mode()

    def action_tie(self, offset: int) -> None:
        self.tracker.move_in_tie(self.selected_id, offset)

    def action_attack(self) -> None:
        self.combat.attack(self.selected_id)

    def action_checks(self) -> None:
        self.combat.checks(self.selected_id)

    def action_wounds(self) -> None:
        self.combat.change_wounds(self.selected_id)

    def action_heal(self) -> None:
        self.combat.heal(self.selected_id)

    def action_vessel(self) -> None:
        self.combat.system_failure(self.selected_id)

    def action_blast(self) -> None:
        self.combat.blast()

    def action_hazard(self) -> None:
        self.hazards.start_hazard(self.selected_id)

    def action_hazard_check(self) -> None:
        self.hazards.resolve(self.selected_id)

    def action_hazard_time(self) -> None:
        self.hazards.pass_time(self.selected_id)

    # ----- a Façade campaign's keys (issue 31) ---------------------------------------------

    def action_facade_turn(self) -> None:
        self.facade.new_turn()

    def action_facade_attack(self) -> None:
        self.facade.attack(self.selected_id)

    def action_interrupt(self) -> None:
        self.facade.interrupt(self.selected_id)

    def action_facade_action(self) -> None:
        self.facade.action(self.selected_id)

    def action_contest(self) -> None:
        self.facade.contest()

    def action_pools(self) -> None:
        self.facade.pools(self.selected_id)

    def action_facade_hit(self) -> None:
        self.facade.hit(self.selected_id)

    def action_facade_aid(self) -> None:
        self.facade.aid(self.selected_id)

    def action_facade_combat(self) -> None:
        self.facade.switch_combat()
