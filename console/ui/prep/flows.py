"""The prep screen's flows and the table's (issue 29): writing an adventure, its scenes and
encounters; foes as stat lines; the what-if of a forecast; and at the table, ``E`` offering
the scene's prepared encounters, the briefing (``G``) and the boxed text shown to the
players (``U``). Each change is one undoable action of the service's (``service.prep``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from console.model.adventures import MAP_MAX, Adventure, Foe, PreparedEncounter, fit_hidden
from console.model.completion import named
from console.model.npcs import NPC_STATS, NpcTemplate
from console.model.stat_lines import StatLineError, format_stat_line
from console.model.stats import Stat
from console.model.text import NAME_MAX, TITLE_MAX
from console.rules.limits import COUNT, POINTS
from console.service import ActionRefused
from console.ui.dialogs.form_dialog import Field, required_text, whole_number
from console.ui.flow import Flows
from console.ui.prep.block import Block

if TYPE_CHECKING:
    from console.ui.prep.writing_dialog import WritingDialog
    from console.ui.tracker.flows import TrackerFlows

__all__ = ["PrepFlows", "Selection", "WhatIfChange"]

# What the prep screen's cursor is on: ("adventure", id, 0), ("scene", adventure, scene) or
# ("encounter", adventure, encounter).
Selection = tuple[str, int, int]
# A what-if: the encounter as it would be, the templates as they would be, and in words.
WhatIfChange = tuple[PreparedEncounter, dict[int, NpcTemplate], str, Foe, NpcTemplate | None]


def _writing(title: str, fields: list[Field], blocks: list[Block], hint: str = ""
             ) -> WritingDialog:
    """A writing form (loaded when first used: Textual's text area with it)."""
    from console.ui.prep.writing_dialog import WritingDialog

    return WritingDialog(title, fields, blocks, hint)


def _map_number(text: str) -> str:
    cleaned = text.strip()
    if "]" in cleaned:
        raise ValueError("map number: no ']' in it (it is written in brackets)")
    return cleaned


def _text(what: str) -> Any:
    return required_text(what)


def stat_field(attribute: str, label: str, stat: Stat | None,
               follow: tuple[str, Callable[[str], str | None]] | None = None) -> Field:
    """A foe's stat in a what-if: a value or a rating (blank: none); ``follow``: the foe's
    field it follows (the foe named: his value)."""
    def parse(text: str) -> Stat | None:
        if not text.strip():
            return None
        found = Stat(text)
        if found.value > POINTS.high:
            raise ValueError(f"{label}: {found.text} is out of range: {POINTS.describe()}")
        return found

    return Field(attribute, f"{label} (value or rating)", parse,
                 "" if stat is None else stat.text, follow=follow)


class PrepFlows(Flows):
    # ----- adventures, scenes, encounters -------------------------------------------------

    def new_adventure(self) -> None:
        async def steps() -> None:
            values = await self.ask(_writing(
                "A new adventure", [Field("title", "Title", _text("title"),
                                          max_length=TITLE_MAX)],
                [Block("background", "Background (how the characters are gathered and set "
                                     "off; what they know)")]))
            if values is not None:
                outcome = self.service.prep.new(values["title"], values["background"])
                self.show(outcome)
                made = outcome.latest(Adventure)
                if made is not None:
                    self._select(("adventure", made.id, 0))

        self.run(steps())

    def new_scene(self, selection: Selection | None) -> None:
        adventure = self._adventure(selection)

        async def steps() -> None:
            values = await self.ask(_writing(
                f"A new scene of {adventure.title}",
                [Field("name", "Scene", _text("scene"), max_length=TITLE_MAX)],
                [Block("notes", "What the scene covers (optional)")]))
            if values is not None:
                scene_id = self.service.prep.get(adventure.id).next_scene_id()
                self.show(self.service.prep.add_scene(adventure.id, values["name"],
                                                      values["notes"]))
                self._select(("scene", adventure.id, scene_id))

        self.run(steps())

    def new_encounter(self, selection: Selection | None) -> None:
        adventure, scene_id = self._scene_of(selection, last=True)
        scene = adventure.scene(scene_id)
        assert scene is not None

        async def steps() -> None:
            values = await self.ask(self._encounter_dialog(
                f"A new encounter in {scene.name}", None))
            if values is not None:
                encounter_id = self.service.prep.get(adventure.id).next_encounter_id()
                self.show(self.service.prep.add_encounter(
                    adventure.id, scene.id, values["name"], values["map"], values["boxed"],
                    values["notes"]))
                self._select(("encounter", adventure.id, encounter_id))

        self.run(steps())

    @staticmethod
    def _encounter_dialog(title: str, encounter: PreparedEncounter | None) -> WritingDialog:
        return _writing(title, [
            Field("name", "Encounter", _text("encounter"),
                  encounter.name if encounter else "", max_length=TITLE_MAX),
            Field("map", "Map number (optional)", _map_number,
                  encounter.map if encounter else "", max_length=MAP_MAX)],
            [Block("boxed", "Boxed text (what the characters learn on arriving; read or "
                            "shown to the players)", encounter.boxed if encounter else ""),
             Block("notes", "GM notes (mark key words **like this**)",
                   encounter.notes if encounter else "", weight=2)],
            "tab: next · ctrl+s: save · escape: cancel · foes: p on the encounter")

    def edit(self, selection: Selection | None) -> None:
        if selection is None:
            raise ActionRefused("nothing to edit: a adds an adventure")
        kind, adventure_id, item = selection
        adventure = self.service.prep.get(adventure_id)

        async def steps() -> None:
            prep = self.service.prep
            if kind == "adventure":
                values = await self.ask(_writing(
                    f"Adventure: {adventure.title}",
                    [Field("title", "Title", _text("title"), adventure.title,
                           max_length=TITLE_MAX)],
                    [Block("background", "Background", adventure.background)]))
                if values is not None:
                    self.show(prep.edit(adventure.id, values["title"], values["background"]))
            elif kind == "scene":
                scene = adventure.scene(item)
                if scene is None:
                    raise ActionRefused("that scene is gone")
                values = await self.ask(_writing(
                    f"Scene: {scene.name}",
                    [Field("name", "Scene", _text("scene"), scene.name, max_length=TITLE_MAX)],
                    [Block("notes", "What the scene covers (optional)", scene.notes)]))
                if values is not None:
                    self.show(prep.edit_scene(adventure.id, scene.id, values["name"],
                                              values["notes"]))
            else:
                found = adventure.find(item)
                if found is None:
                    raise ActionRefused("that encounter is gone")
                values = await self.ask(self._encounter_dialog(
                    f"Encounter: {found[1].name}", found[1]))
                if values is not None:
                    self.show(prep.edit_encounter(adventure.id, item, values["name"],
                                                  values["map"], values["boxed"],
                                                  values["notes"]))

        self.run(steps())

    def delete(self, selection: Selection | None) -> None:
        if selection is None:
            raise ActionRefused("nothing to delete")
        kind, adventure_id, item = selection
        prep = self.service.prep
        if kind == "adventure":
            self.command(lambda: prep.delete(adventure_id), undoable=True)
        elif kind == "scene":
            self.command(lambda: prep.delete_scene(adventure_id, item), undoable=True)
        else:
            self.command(lambda: prep.delete_encounter(adventure_id, item), undoable=True)

    def move(self, selection: Selection | None, delta: int) -> None:
        if selection is None or selection[0] == "adventure":
            self.decline("move a scene or an encounter (shift+up, shift+down)")
            return
        kind, adventure_id, item = selection
        prep = self.service.prep
        run = (prep.move_scene if kind == "scene" else prep.move_encounter)
        outcome = run(adventure_id, item, delta)
        if not outcome.changes:
            self.decline("it is at the end already")
            return
        self.show(outcome)

    def table_here(self, selection: Selection | None) -> None:
        """The table is at the selected scene (an encounter: its scene); again: nowhere."""
        adventure, scene_id = self._scene_of(selection)
        again = adventure.at_scene == scene_id and (selection or ("",))[0] == "scene"
        self.command(lambda: self.service.prep.set_table_scene(
            adventure.id, None if again else scene_id), confirm=True)

    # ----- foes ---------------------------------------------------------------------------

    def foes(self, selection: Selection | None) -> None:
        """The encounter's foes as stat lines, to edit or paste into (console.model.
        stat_lines): the good lines are saved as one action, the bad ones come back with
        their number, field and why."""
        adventure, encounter = self._encounter(selection)
        roster = self.service.npcs()
        lines = [format_stat_line(roster[f.template], f.count if f.count > 1 else None,
                                  f.hidden) for f in encounter.foes if f.template in roster]

        async def steps() -> None:
            text = "\n".join(lines)
            hint = ("One foe a line: 4 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9, "
                    "tags alien hive, hidden 4 · a line makes or updates its template · a "
                    "foe whose line is gone is taken out · ctrl+s: save")
            first = True
            while True:
                values = await self.ask(_writing(
                    f"Foes of {encounter.name}: stat lines", [],
                    [Block("lines", "Stat lines (values or ratings, any order, commas or "
                                    "spaces; type V/S; tags; hidden copies)", text)],
                    hint))
                if values is None:
                    return
                pasted = self.service.prep.paste(adventure.id, encounter.id, values["lines"],
                                                 replace=first)
                if pasted.outcome is not None:
                    self.show(pasted.outcome)
                if not pasted.errors:
                    if pasted.outcome is None:
                        self.decline("the foes stay as they were")
                    return
                # The bad lines again, to mend, numbered as they now stand, each with what
                # is wrong with it; the good ones are saved.
                bad = sorted({error.line for error in pasted.errors})
                written = values["lines"].split("\n")
                text = "\n".join(written[number - 1] for number in bad)
                saved = " · the other lines are saved" if pasted.outcome is not None else ""
                hint = (" · ".join(str(StatLineError(bad.index(e.line) + 1, e.field, e.why))
                                   for e in pasted.errors)[:600]
                        + saved + " · ctrl+s: save · escape: leave them")
                first = False

        self.run(steps())

    # ----- what-ifs ------------------------------------------------------------------------

    async def ask_what_if(self, selection: Selection | None) -> WhatIfChange | None:
        """A foe's count or values changed, nothing saved: the encounter and templates as
        they would be, for a forecast."""
        _, encounter = self._encounter(selection)
        roster = self.service.npcs()
        foes = [(f, roster[f.template]) for f in encounter.foes if f.template in roster]
        if not foes:
            raise ActionRefused(f"{encounter.name} has no foes: p adds them")
        names = {template.name.casefold(): (foe, template) for foe, template in foes}

        def foe_named(text: str) -> str | None:
            """The foe ``text`` names (as tab completes: "eel  mother" is Eel mother)."""
            found = named([template.name for _, template in foes], text)
            return found[0].casefold() if len(found) == 1 else None

        def which(text: str) -> str:
            key = foe_named(text)
            if key is None:
                raise ValueError(f"foe: one of {', '.join(t.name for _, t in foes)}")
            return key

        def of_foe(value: Callable[[Foe, NpcTemplate], str]) -> Callable[[str], str | None]:
            """What a field shows for the foe named so far (None: no foe of that name):
            another foe named, his count and values replace the one's named before."""
            def shown(typed: str) -> str | None:
                key = foe_named(typed)
                return None if key is None else value(*names[key])
            return shown

        def stat_text(attribute: str) -> Callable[[Foe, NpcTemplate], str]:
            def text(_foe: Foe, template: NpcTemplate) -> str:
                stat = getattr(template, attribute)
                return "" if stat is None else str(stat.text)
            return text

        first_foe, first = foes[0]
        fields = [Field("foe", "Foe (his name; tab completes)", which, first.name,
                        max_length=NAME_MAX, complete=tuple(t.name for _, t in foes)),
                  Field("count", "Count", whole_number("count", COUNT), str(first_foe.count),
                        follow=("foe", of_foe(lambda foe, _t: str(foe.count))))]
        fields += [stat_field(attribute, label, getattr(first, attribute),
                              follow=("foe", of_foe(stat_text(attribute))))
                   for attribute, _key, label in NPC_STATS if attribute != "mr"]
        values = await self.form(
            f"What if, in {encounter.name}", fields,
            "Another count, or other values, for one foe: forecast at once, nothing saved "
            "(k keeps it). Leave a value as it is to keep it · enter: next · ctrl+s: go")
        if values is None:
            return None
        foe, template = names[values["foe"]]
        changed_template = template.with_changes(**{
            attribute: values[attribute] for attribute, _k, _l in NPC_STATS
            if attribute != "mr"})
        count = values["count"]
        new_foe = Foe(foe.template, count, fit_hidden(foe.hidden, foe.count, count))
        changed = encounter.with_changes(foes=tuple(
            new_foe if f.template == foe.template else f for f in encounter.foes))
        words = [f"{count} x {template.name}"] if count != foe.count else []
        words += [f"{label} {getattr(changed_template, attribute)}"
                  for attribute, _k, label in NPC_STATS
                  if getattr(changed_template, attribute) != getattr(template, attribute)]
        label = ", ".join(words) or "as it is"
        kept_template = changed_template if changed_template != template else None
        return (changed, {template.id: changed_template}, label, new_foe, kept_template)

    def keep_what_if(self, selection: Selection | None, change: WhatIfChange | None) -> None:
        if change is None:
            self.decline("no what-if to keep: w asks one, after f")
            return
        adventure, encounter = self._encounter(selection)
        _changed, _templates, _label, foe, template = change
        self.command(lambda: self.service.prep.keep_what_if(adventure.id, encounter.id, foe,
                                                            template), undoable=True)

    # ----- at the table --------------------------------------------------------------------

    def begin_fight(self, tracker: TrackerFlows) -> None:
        """``E``: the scene the table is at offers its prepared encounters, or a blank one
        as before; none at the table, the blank one at once."""
        at = self.service.prep.at_table()
        if at is None or not at[1].encounters:
            tracker.new_encounter()
            return
        adventure, scene = at
        from console.ui.prep.choose_dialog import BLANK, ChooseDialog

        async def steps() -> None:
            go_on, how = await tracker.end_running_first("; then the next fight begins")
            if not go_on:  # the fight running ends first, as E into a blank one
                return
            chosen = await self.ask(ChooseDialog(adventure, scene, self.service.npcs()))
            if chosen is None:
                return
            if chosen == BLANK:  # as E always asked
                values = await self.form("New encounter", [Field(
                    "name", "Encounter name", required_text("name"), max_length=TITLE_MAX)])
                if values is not None:
                    self.show(self.service.tracker.new_encounter(values["name"], how))
                return
            # The log says it all.
            self.show(self.service.prep.launch(adventure.id, chosen, how))
            await self._briefing()  # the next dialog of this flow, its keys held for it

        self.run(steps(), fight=True)

    def open_briefing(self) -> None:
        """The running fight's boxed text and GM notes, for the GM (``G``)."""
        source = self.service.prep.source()
        if source is None:
            encounter = self.service.encounter()
            self.decline("no prepared encounter running: E launches one" if encounter is None
                         else f"{encounter.name} was begun blank: no boxed text or notes")
            return
        self.run(self._briefing(), writes=False)

    async def _briefing(self) -> None:
        from console.ui.prep.briefing import BriefingDialog

        reveal = await self.ask(BriefingDialog(self.service))
        if reveal:
            self.show(self.service.prep.reveal(), confirm=True)

    def reveal(self) -> None:
        """The running fight's boxed text onto the players' view, or off it (``U``)."""
        self.command(self.service.prep.reveal, confirm=True)

    # ----- what the keys point at ---------------------------------------------------------

    def _adventure(self, selection: Selection | None) -> Adventure:
        if selection is None:
            raise ActionRefused("no adventure yet: a adds one")
        return self.service.prep.get(selection[1])

    def _select(self, selection: Selection) -> None:
        """The cursor onto what was just made (the prep screen's outline)."""
        select = getattr(self.host, "select", None)
        if select is not None:
            select(selection)

    def _scene_of(self, selection: Selection | None, *, last: bool = False
                  ) -> tuple[Adventure, int]:
        """The scene of the selection (``last``: on an adventure, its last scene)."""
        adventure = self._adventure(selection)
        assert selection is not None
        kind, _, item = selection
        if kind == "scene":
            return adventure, item
        if kind == "encounter":
            found = adventure.find(item)
            if found is not None:
                return adventure, found[0].id
        if not adventure.scenes:
            raise ActionRefused(f"{adventure.title} has no scenes yet: s adds one")
        if last:
            return adventure, adventure.scenes[-1].id
        raise ActionRefused("put the cursor on a scene (or one of its encounters) first")

    def _encounter(self, selection: Selection | None) -> tuple[Adventure, PreparedEncounter]:
        adventure = self._adventure(selection)
        assert selection is not None
        if selection[0] != "encounter":
            raise ActionRefused("put the cursor on an encounter first")
        found = adventure.find(selection[2])
        if found is None:
            raise ActionRefused("that encounter is gone")
        return adventure, found[1]
