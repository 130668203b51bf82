"""Details of what the GM has selected: a combatant's numbers, conditions and what comes
due, or a roster entry's sheet.

It shows its screen's ``subject`` (the combatant under the tracker's cursor, or the roster
entry under the roster's while the GM is there) and redraws when the subject or the
campaign it shows changes. It is drawn when Textual paints it (``render``), not when told:
a key that moves the turn and then the cursor with it draws it once."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import var
from textual.widget import Widget

from console.model import Combatant, Encounter, NpcTemplate, PlayerCharacter, Stat
from console.model.checks_owed import checks_due_for, checks_moment
from console.model.combat import NpcNumbers, npc_numbers
from console.model.encounters import Condition
from console.model.hazards import describe, due_now, hazards_of
from console.model.player_view import shown_name
from console.model.points_awards import describe_bought, standing
from console.model.table_settings import NpcNames
from console.model.tracker import (
    END,
    current_turn,
    expiring_this_round,
)
from console.rules.advancement import rank_title
from console.rules.hazards import hazard_name
from console.rules.initiative import rounds_left
from console.rules.ratings import RatingType
from console.rules.systems.points import POINTS_RULES
from console.service import CampaignService, View
from console.ui.changes import EVERYTHING, LOG, Redraws
from console.ui.combat.exchange_odds import SHOWN, exchange_lines, vessel_lines
from console.ui.facade.details import facade_lines, facade_sheet_lines, metalface_lines
from console.ui.formatting import stat_text, typed_stat_text
from console.ui.safety import Guarded, drawn_safely
from console.ui.tracker.rows import health_line, state_text

__all__ = ["FIGHT", "DetailPane", "Subject"]

# What the details are about: ("fight", the combatant's id or None), or a roster entry
# ("pc" or "npc", its id).
Subject = tuple[str, int | None]
FIGHT = "fight"


def npc_values(numbers: NpcNumbers) -> str:
    """An NPC's set values on one line: "Atk 15 · Def 16 · Dmg 20 · AR 4" (Dmg and AR in
    points of his body's type, named when not Personal); "—" for one not recorded."""
    kind = "" if numbers.type is RatingType.P else numbers.type.name
    parts = [("Atk", numbers.atk, ""), ("Def", numbers.def_, ""), ("Dmg", numbers.dmg, kind),
             ("AR", numbers.ar, kind)]
    return " · ".join(f"{label} {'—' if value is None else f'{value}{unit}'}"
                      for label, value, unit in parts)


def advancement(sheet: PlayerCharacter, system: str) -> str:
    """A PC's advancement in his campaign's units: AP and rank, or SP / EP and pools."""
    rules = POINTS_RULES.get(system)
    if rules is None:
        # Table 8's name, as the AP screen says it ("rank 0" there read "Initiate").
        return (f"AP {sheet.ap_total} total, {sheet.unused_ap} unused  ·  "
                f"{rank_title(sheet.rank)}")
    points = sheet.points
    if points.system not in ("", rules.name):
        theirs = POINTS_RULES[points.system]
        return f"{points.earned} {theirs.unit} from {theirs.system}"
    parts = [standing(rules, points), *describe_bought(rules, points)]
    parts += [f"{p.label} {points.left(p.key)}/{points.pools[p.key]}"
              for p in rules.pools if points.pools.get(p.key)]
    return "  ·  ".join(parts)


def vessel_figures(template: NpcTemplate, body: RatingType) -> list[RenderableType]:
    """A vehicle's or ship's numbers, each in its own type's points with the type: Atk, Def
    and Nish in Personal, Dmg, AR and hull points (Vit) in the body's."""
    def personal(label: str, stat: Stat | None) -> str | None:
        return None if stat is None else f"{label} {stat_text(stat)} P"

    def own(label: str, stat: Stat | None) -> str | None:
        return None if stat is None else f"{label} {typed_stat_text(stat, body)}"

    rows = [[personal("Atk", template.atk), personal("Def", template.def_),
             personal("Nish", template.nish)],
            [own("Dmg", template.dmg), own("AR", template.ar), own("Vit", template.vit)]]
    return [Text("  ·  ".join(part for part in row if part)) for row in rows
            if any(row)]


class DetailPane(Redraws, Guarded, Widget):
    """What the GM needs about one combatant before he acts, or about a roster entry."""

    PANE_TITLE: ClassVar[str] = "Details"
    SHOWS: ClassVar[frozenset[str]] = EVERYTHING - {LOG}
    subject = var[Subject]((FIGHT, None), init=False)

    def __init__(self, service: CampaignService | None = None, *,
                 id: str | None = None, every_opponent: bool = False) -> None:
        super().__init__(id=id)
        self.service = service
        # The pane lists a few opponents' odds (the checks he owes come after them); the
        # whole-screen details (i) list every one.
        self._opponents: int | None = None if every_opponent else SHOWN
        self._content: RenderableType | None = None  # None: to be drawn at the next paint

    def redraw(self) -> None:
        # The pane's height is fixed by the screen's CSS: repainted, never laid out again.
        self._content = None
        self.refresh()

    def watch_subject(self) -> None:
        self.redraw()

    def render(self) -> RenderableType:
        if self._content is None:
            self._content = drawn_safely(self, self._draw)
            self._say_if_cut(self._content)
        return self._content

    # Where the pane is shorter than what it shows (a fight of many opponents: two lines of
    # odds each), its lower edge says so, and which key shows it whole.
    MORE: ClassVar[str] = "more below: i"

    def on_resize(self) -> None:
        if self._content is not None:
            self._say_if_cut(self._content)

    def _say_if_cut(self, content: RenderableType) -> None:
        if self.id != "detail" or self.size.height <= 0:
            return  # the whole-screen details (i) scroll
        console = self.app.console
        lines = console.render_lines(content, console.options.update_width(
            max(1, self.content_region.width)), pad=False)
        cut = self.MORE if len(lines) > self.content_region.height else ""
        if self.border_subtitle != cut:
            # After this paint: a border changed while Textual paints is not drawn.
            self.call_after_refresh(setattr, self, "border_subtitle", cut)

    def _draw(self) -> RenderableType:
        if self.service is None:
            return Text("")
        view = self.service.view()
        kind, key = self.subject
        if kind != FIGHT and key is not None:
            sheet = self.service.roster.find(kind, key)
            if sheet is not None:
                return self.render_sheet(sheet, view.system)
        return self.render_for(view, key if kind == FIGHT else None)

    @staticmethod
    def render_sheet(sheet: PlayerCharacter | NpcTemplate,
                     system: str = "metascape") -> RenderableType:
        def line(pairs: list[tuple[str, Stat | None]]) -> Text:
            shown = [f"{label} {stat_text(stat)}" for label, stat in pairs if stat is not None]
            return Text("  ·  ".join(shown) or "no stats yet")

        if system == "facade":  # Façade's own numbers (issue 31)
            head = Text(sheet.name, style="bold")
            if isinstance(sheet, PlayerCharacter):
                health = sheet.facade_health
                head.append(f"  {advancement(sheet, system)}")
                if health.hits:
                    head.append(f"  ·  {health.notation}")
                if health.pools:  # what fights left him with (his Limit Pools)
                    head.append("  ·  " + ", ".join(f"{pool} {level}" for pool, level
                                                     in health.pools.items()))
            else:
                head.append("  NPC template")
            shown: list[RenderableType] = [head, *facade_sheet_lines(sheet.facade,
                                                                     sheet.skills)]
            if sheet.notes:
                shown.append(Text(sheet.notes, style="italic"))
            return Group(*shown)
        if isinstance(sheet, NpcTemplate):
            head = Text(f"{sheet.name}", style="bold")
            head.append(f"  NPC template, type {sheet.body_type.value}")
            lines: list[RenderableType] = [head]
            body = RatingType[sheet.body_type.value]
            if body is RatingType.P:
                lines += [line([("Atk", sheet.atk), ("Def", sheet.def_), ("Dmg", sheet.dmg),
                                ("AR", sheet.ar)]),
                          line([("Vit", sheet.vit), ("Nish", sheet.nish), ("MR", sheet.mr)])]
            else:  # each figure in its own type's points, with the type (Table 12)
                lines += vessel_figures(sheet, body)
                if sheet.mr is not None:
                    lines.append(line([("MR", sheet.mr)]))
            if sheet.tags:
                lines.append(Text("tags: " + ", ".join(sheet.tags), style="dim"))
        else:
            head = Text(sheet.name, style="bold")
            if sheet.player:
                head.append(f"  played by {sheet.player} (player rank {sheet.player_rank})")
            lines = [
                head,
                line([("Nish", sheet.nish), ("Def", sheet.def_), ("AR", sheet.ar),
                      ("NAR", sheet.nar), ("Vit", sheet.vit_max)]),
                line([("WP", sheet.wp), ("FR", sheet.fr), ("Healing", sheet.healing),
                      ("Str", sheet.str_), ("Dex", sheet.dex), ("Shock", sheet.shock),
                      ("Cha", sheet.cha)]),
                Text(f"wounds {sheet.wounds}  ·  {advancement(sheet, system)}"),
            ]
            lines.extend(Text(f"  {w.name}: Atk {stat_text(w.atk)}  Dmg {stat_text(w.dmg)}")
                         for w in sheet.weapons)
            if system == "metalface":  # his professional rank (issue 31)
                lines.extend(metalface_lines(sheet))
        if sheet.notes:
            lines.append(Text(sheet.notes, style="italic"))
        return Group(*lines)

    def render_for(self, view: View, combatant_id: int | None) -> RenderableType:
        encounter = view.encounter
        if encounter is None:
            return self._first_steps(view)
        lines: list[RenderableType] = [self._round_line(view)]
        combatant = encounter.combatant(combatant_id) if combatant_id is not None else None
        if combatant is not None:
            lines.extend(self._combatant_lines(view, combatant, self._opponents))
        ending = expiring_this_round(encounter)
        if ending:
            lines.append(Text(f"Ends with this {encounter.words.round}: " + ", ".join(
                _whose(encounter, c) for c in ending), style="yellow"))
        return Group(*lines)

    @staticmethod
    def _first_steps(view: View) -> RenderableType:
        """With no fight running: the steps to one, each with its key, those not yet done
        (a new campaign shows them all; they go as the GM does each)."""
        steps = []
        if not view.pcs:
            steps.append(("2, p", "add the player characters"))
        if not view.npcs:
            steps.append(("2, n", "add NPC templates"))
        if view.session.number == 0 or not view.session.running:
            clock = " (its clock is AP)" if view.system not in POINTS_RULES else ""
            steps.append(("S", f"start a session{clock}"))
        steps.append(("E", "start an encounter; a adds fighters"))
        text = Text("No encounter running.", style="bold")
        if len(steps) > 1:
            text.append(" To get a table going:", style="bold")
        for key, what in steps:
            text.append("\n  ")
            text.append(f"{key:<6}", style="bold cyan")
            text.append(what)
        if not view.pcs and not view.npcs:
            text.append("\n\nTo look around first: gm-console demo", style="dim")
        text.append("\nF1: help here · ctrl+p: every action by name", style="dim")
        return text

    @staticmethod
    def _round_line(view: View) -> Text:
        encounter = view.encounter
        assert encounter is not None
        if view.system == "facade":  # the tracker's round is Façade's turn (issue 31)
            return DetailPane._facade_turn_line(view)
        if encounter.round == 0:
            return Text(f"{encounter.name}: Nish not called yet (n)", style="bold")
        turn = current_turn(encounter, view.order)
        if encounter.current == END:
            now = "round over: call for Nish (n)"
        elif turn is not None:
            now = f"turn: {turn.label}"
        else:
            now = "no turn"
        return Text(f"{encounter.name}, round {encounter.round}, {encounter.mode.value}: {now}",
                    style="bold")

    @staticmethod
    def _facade_turn_line(view: View) -> Text:
        encounter = view.encounter
        assert encounter is not None
        combat = "Dramatic" if view.facade_combat == "dramatic" else "Simple"
        if encounter.round == 0:
            return Text(f"{encounter.name} ({combat} Combat): no turn called yet (n)",
                        style="bold")
        turn = current_turn(encounter, view.order)
        now = ("turn over: the next (n)" if encounter.current == END else
               f"click: {turn.label}" if turn is not None else "no click")
        return Text(f"{encounter.name}, turn {encounter.round} ({combat} Combat): {now}",
                    style="bold")

    @staticmethod
    def _combatant_lines(view: View, combatant: Combatant,
                         opponents: int | None) -> list[RenderableType]:
        """His lines; ``opponents``: how many opponents' odds, None for every one (the
        whole-screen details, which also say what the tracker's row shows)."""
        encounter = view.encounter
        assert encounter is not None
        lines: list[RenderableType] = []
        sheet = view.pcs.get(combatant.ref) if combatant.is_pc and combatant.ref else None
        head = Text(combatant.name, style="bold")
        if view.system == "facade":
            pass  # his Initiative is his Action, said below
        elif sheet is not None and sheet.nish is not None:
            head.append(f"  Nish rating {sheet.nish.canonical}")
        elif combatant.recorded_nish is not None:
            head.append(f"  recorded Nish {combatant.recorded_nish}")
        them, their = combatant.pronoun.them, combatant.pronoun.their
        if combatant.hidden:
            head.append(f"  hidden from the players (v reveals {them})", style="italic dim")
        elif not combatant.is_pc and view.players.npc_names is NpcNames.FOES:
            if combatant.named:
                head.append(f"  named to the players (N: {their} foe number again)",
                            style="italic dim")
            else:
                head.append(f"  the players see {shown_name(combatant, view.players)} "
                            f"(N names {them})", style="italic dim")
        lines.append(head)
        # Over the whole screen (i) the tracker's row is hidden: its Nish and Wounds/Vit are
        # said here (the pane beside the tracker leaves them to the row).
        if opponents is None and view.system != "facade":  # Façade's tracks: said below
            health = health_line(combatant, sheet)
            acting = "" if combatant.nish is None else f"Nish this round {combatant.nish}"
            if health is not None or acting:
                said = Text("  ")
                if acting:
                    said.append(acting)
                if health is not None:
                    said.append("  ·  " if acting else "").append_text(health)
                lines.append(said)
        if not combatant.is_pc and view.system != "facade":  # Façade's: said below
            # His set values, which no pane showed in a fight but the attack form.
            lines.append(Text("  " + npc_values(npc_numbers(
                combatant, view.npcs.get(combatant.ref) if combatant.ref else None))))
        standing = state_text(combatant)
        if standing.plain:  # the tracker's State cell, which may end in "…" there
            lines.append(Text("  state: ").append_text(standing))
        for condition in encounter.conditions:
            if condition.target != combatant.id:
                continue
            if condition.until_round is None:
                lasting = "until removed"
            else:
                left = rounds_left(condition.until_round, encounter.round)
                lasting = (f"through {encounter.words.round} {condition.until_round} "
                           f"({left} to go)")
            lines.append(Text(f"  {condition.name}: {lasting}"))
        if view.system == "facade":  # Façade's numbers and health (issue 31)
            lines.extend(facade_lines(view, combatant))
        elif view.system == "metalface" and sheet is not None:  # his rank (issue 31)
            lines.extend(metalface_lines(sheet))
        lines.extend(vessel_lines(combatant, view.npcs, encounter))
        for _index, state in hazards_of(encounter, combatant.id):
            lines.append(Text(f"{hazard_name(state)}: {describe(state)}", style="magenta"))
        for _index, check in due_now(encounter, combatant.id):
            lines.append(Text(f"  due now (Z): {check.describe()}", style="bold magenta"))
        odds = ([] if view.system == "facade"
                else exchange_lines(view, combatant, view.npcs, opponents))
        if odds:
            lines.append(Text("One exchange each way, exact (attacker → target):",
                              style="bold"))
            lines.extend(odds)
        due = checks_due_for(encounter, combatant.id, view.pcs)
        if due:
            moment = checks_moment(encounter, combatant.id)
            lines.append(Text(f"Checks {moment}:", style="bold red"))
            lines.extend(Text(f"  {check.describe()}", style="red") for check in due)
        return lines


def _whose(encounter: Encounter, condition: Condition) -> str:
    """A condition ending this round and whom it is on: the details show it under any
    combatant, so "stunned" alone read as the one selected."""
    if condition.target is None:
        return f"{condition.name} (everyone)"
    target = encounter.combatant(condition.target)
    return condition.name if target is None else f"{condition.name} on {target.name}"
