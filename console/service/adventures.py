"""Preparing adventures (issue 29): adventures, scenes and encounters written and edited, NPC
stat lines pasted, an adventure read from and written to Markdown, the scene the table is at,
and a prepared encounter launched into the tracker with its boxed text revealed to the
players. Every change is one undoable action (:meth:`CampaignCore.run`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from console.model import Adventure, Encounter, NpcTemplate
from console.model.adventures import Foe, PreparedEncounter, Scene, title_key, titled
from console.model.errors import ModelError
from console.model.fight_end import EndHow
from console.model.outcome import Outcome
from console.model.prep import (
    add_encounter,
    add_scene,
    delete_adventure,
    delete_encounter,
    delete_scene,
    edit_adventure,
    edit_encounter,
    edit_scene,
    keep_what_if,
    launch,
    move_encounter,
    move_scene,
    new_adventure,
    paste_foes,
    remove_foe,
    reveal,
    set_foe,
    set_table_scene,
    source_of,
    templates_from_lines,
)
from console.model.text import first_invisible, shown
from console.records import record
from console.rules.systems import system
from console.service.core import CampaignCore
from console.service.errors import ActionRefused
from console.service.tracker import ending_now

if TYPE_CHECKING:
    from console.model.stat_lines import StatLineError

__all__ = ["AdventureCommands", "Imported", "Pasted"]


@record
class Pasted:
    """Stat lines pasted: what was saved (None: nothing), and each bad line refused."""

    outcome: Outcome | None
    errors: tuple[StatLineError, ...]


@record
class Imported:
    """An adventure read from Markdown and saved: it, and what was done."""

    adventure: Adventure
    outcome: Outcome


class AdventureCommands:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    # ----- reading ------------------------------------------------------------------------

    def all(self) -> list[Adventure]:
        """Every prepared adventure, by id."""
        return list(self._core.adventures().values())

    def get(self, adventure_id: int) -> Adventure:
        found = self._core.adventures().get(adventure_id)
        if found is None:
            raise ActionRefused("that adventure is gone (deleted, or undone)")
        return found

    def titled(self, title: str) -> Adventure:
        found = titled(self.all(), title)
        if found is None:
            known = ", ".join(a.title for a in self.all()) or "none yet"
            raise ActionRefused(f"no adventure called {title!r} (adventures: {known})")
        return found

    def at_table(self) -> tuple[Adventure, Scene] | None:
        """The adventure and scene the table is at (its encounters are what E offers)."""
        for adventure in self.all():
            scene = None if adventure.at_scene is None else adventure.scene(adventure.at_scene)
            if scene is not None:
                return adventure, scene
        return None

    def source(self, encounter: Encounter | None = None
               ) -> tuple[Adventure, PreparedEncounter] | None:
        """The prepared encounter the running fight (or ``encounter``) was launched from."""
        core = self._core
        return source_of(encounter if encounter is not None else core.encounter(),
                         core.adventures())

    # ----- adventures, scenes, encounters ------------------------------------------------

    def _on(self, name: str, adventure_id: int,
            change: Callable[[Adventure], Outcome]) -> Outcome:
        return self._core.run(name, lambda: change(self.get(adventure_id)))

    def new(self, title: str, background: str = "") -> Outcome:
        core = self._core
        return core.run("adventure.new", lambda: new_adventure(
            self.all(), core.new_id(Adventure.TABLE), title, background))

    def edit(self, adventure_id: int, title: str, background: str) -> Outcome:
        return self._on("adventure.edit", adventure_id,
                        lambda a: edit_adventure(self.all(), a, title, background))

    def delete(self, adventure_id: int) -> Outcome:
        return self._on("adventure.delete", adventure_id, delete_adventure)

    def add_scene(self, adventure_id: int, name: str, notes: str = "") -> Outcome:
        return self._on("adventure.scene", adventure_id, lambda a: add_scene(a, name, notes))

    def edit_scene(self, adventure_id: int, scene_id: int, name: str, notes: str) -> Outcome:
        return self._on("adventure.scene", adventure_id,
                        lambda a: edit_scene(a, scene_id, name, notes))

    def delete_scene(self, adventure_id: int, scene_id: int) -> Outcome:
        return self._on("adventure.scene", adventure_id, lambda a: delete_scene(a, scene_id))

    def move_scene(self, adventure_id: int, scene_id: int, delta: int) -> Outcome:
        return self._on("adventure.move", adventure_id,
                        lambda a: move_scene(a, scene_id, delta))

    def add_encounter(self, adventure_id: int, scene_id: int, name: str, map_number: str = "",
                      boxed: str = "", notes: str = "") -> Outcome:
        return self._on("adventure.encounter", adventure_id, lambda a: add_encounter(
            a, scene_id, name, map_number, boxed, notes))

    def edit_encounter(self, adventure_id: int, encounter_id: int, name: str,
                       map_number: str, boxed: str, notes: str) -> Outcome:
        return self._on("adventure.encounter", adventure_id, lambda a: edit_encounter(
            a, encounter_id, name, map_number, boxed, notes))

    def delete_encounter(self, adventure_id: int, encounter_id: int) -> Outcome:
        return self._on("adventure.encounter", adventure_id,
                        lambda a: delete_encounter(a, encounter_id))

    def move_encounter(self, adventure_id: int, encounter_id: int, delta: int) -> Outcome:
        return self._on("adventure.move", adventure_id,
                        lambda a: move_encounter(a, encounter_id, delta))

    def set_table_scene(self, adventure_id: int, scene_id: int | None) -> Outcome:
        return self._on("adventure.table", adventure_id,
                        lambda a: set_table_scene(self.all(), a, scene_id))

    # ----- foes ---------------------------------------------------------------------------

    def _template(self, template_id: int) -> NpcTemplate:
        found = self._core.npcs().get(template_id)
        if found is None:
            raise ActionRefused("that template is gone from the roster")
        return found

    def set_foe(self, adventure_id: int, encounter_id: int, template_id: int, count: int,
                hidden: tuple[int, ...] = ()) -> Outcome:
        """The encounter's line of a template: ``count`` copies, ``hidden`` among them."""
        template = self._template(template_id)
        return self._on("adventure.foes", adventure_id, lambda a: set_foe(
            a, encounter_id, Foe(template_id, count, hidden), template.name))

    def keep_what_if(self, adventure_id: int, encounter_id: int, foe: Foe,
                     template: NpcTemplate | None) -> Outcome:
        """A forecast's what-if kept, as one action: the foe's count, and the template's
        values when they changed."""
        core = self._core
        if template is not None and template.id not in core.npcs():
            raise ActionRefused("that template is gone from the roster")
        return self._on("adventure.what_if", adventure_id, lambda a: keep_what_if(
            a, encounter_id, foe, None if template is None or core.npcs()[template.id] == template
            else template))

    def remove_foe(self, adventure_id: int, encounter_id: int, template_id: int) -> Outcome:
        template = self._template(template_id)
        return self._on("adventure.foes", adventure_id, lambda a: remove_foe(
            a, encounter_id, template_id, template.name))

    def _template_users(self, adventure_id: int, encounter_id: int) -> dict[int, list[str]]:
        """Where each template is in use but in the encounter ``encounter_id`` of adventure
        ``adventure_id``: the fight running now ("the fight running now (Skrak 1, Skrak
        2)") and each other prepared encounter listing him."""
        users: dict[int, list[str]] = {}
        running = self._core.encounter()
        if running is not None:
            fighting: dict[int, list[str]] = {}
            for combatant in running.combatants:
                if not combatant.is_pc and combatant.ref is not None:
                    fighting.setdefault(combatant.ref, []).append(combatant.name)
            for ref, names in fighting.items():
                users.setdefault(ref, []).append(
                    f"the fight running now ({', '.join(names[:3])}"
                    + (" ..." if len(names) > 3 else "") + ")")
        for adventure in self.all():
            for _scene, encounter in adventure.encounters():
                if (adventure.id, encounter.id) == (adventure_id, encounter_id):
                    continue
                for foe in encounter.foes:
                    users.setdefault(foe.template, []).append(encounter.name)
        return users

    def paste(self, adventure_id: int, encounter_id: int, text: str, *,
              replace: bool = False) -> Pasted:
        """Stat lines into an encounter (console.model.stat_lines): each good line makes or
        updates its template and sets the encounter's line of it, as one action; each bad
        line is refused with its number, field and why, and changes nothing. ``replace``:
        the lines are the encounter's whole list (a foe none names is taken out, when no
        line was bad)."""
        from console.model.stat_lines import parse_stat_lines  # loaded when first used

        core = self._core
        lines, errors = parse_stat_lines(text)
        found: list[Pasted] = []

        def change() -> Outcome:
            pasted = paste_foes(self.get(adventure_id), encounter_id, lines, errors,
                                core.npcs(), core.new_id(NpcTemplate.TABLE),
                                replace=replace,
                                used_by=self._template_users(adventure_id, encounter_id))
            found.append(Pasted(pasted.outcome, pasted.errors))
            return pasted.outcome

        outcome = core.run("adventure.paste", change)
        errors_found = found[-1].errors if found else tuple(errors)
        return Pasted(outcome if outcome.changes else None, errors_found)

    # ----- Markdown ------------------------------------------------------------------------

    def import_markdown(self, text: str, *, replace: bool = False) -> Imported:
        """An adventure from its Markdown file, with the templates its foe lines make or
        update, as one action. The same title again is refused unless ``replace`` (the
        adventure keeps its id, so fights launched from it still find it)."""
        from console.model.adventure_markdown import read_adventure  # when first used

        core = self._core
        done: list[Adventure] = []

        def change() -> Outcome:
            read = read_adventure(text)
            title = read.adventure.title
            hidden = first_invisible(title)
            if hidden is not None:
                raise ModelError(f"the file's title holds {hidden}, which shows nothing: "
                                 "type the title without it")
            twin = titled(self.all(), title)
            if twin is not None and not replace:
                same = "" if twin.title == title else f" (the file's title: '{shown(title)}')"
                raise ModelError(f"an adventure called '{shown(twin.title)}' is there "
                                 f"already{same}: replace it, or change the file's title")
            roster = core.npcs()
            made, refused = templates_from_lines(read.templates, roster,
                                                 core.new_id(NpcTemplate.TABLE))
            if refused:
                raise refused[0]
            by_place = {place: made[line.name.casefold()]
                        for place, line in enumerate(read.templates, start=1)}
            table_at, table_note = _table_kept(twin, read.adventure)
            adventure = read.adventure.with_changes(
                id=twin.id if twin is not None else core.new_id(Adventure.TABLE),
                at_scene=table_at, scenes=tuple(scene.with_changes(encounters=tuple(
                    e.with_changes(foes=tuple(Foe(by_place[f.template].id, f.count, f.hidden)
                                              for f in e.foes))
                    for e in scene.encounters)) for scene in read.adventure.scenes))
            done.append(adventure)
            changed = [t for t in by_place.values() if roster.get(t.id) != t]
            verb = "replaced" if twin is not None else "imported"
            return Outcome.told(*changed, adventure, notices=(
                f"Adventure {adventure.title} {verb}: {len(adventure.scenes)} scenes, "
                f"{sum(1 for _ in adventure.encounters())} encounters"
                + (f", {len(changed)} template{'s' * (len(changed) != 1)} made or updated"
                   if changed else "") + table_note,))

        outcome = core.run("adventure.import", change)
        return Imported(done[-1], outcome)

    def export_markdown(self, adventure_id: int) -> str:
        from console.model.adventure_markdown import write_adventure  # when first used

        adventure = self.get(adventure_id)
        return self._core.guard(lambda: write_adventure(adventure, self._core.npcs()))

    # ----- at the table -------------------------------------------------------------------

    def launch(self, adventure_id: int, encounter_id: int,
               how: EndHow | None = None) -> Outcome:
        """The prepared encounter begins in the tracker (module docstring of model.prep);
        the fight running ends first, ``how`` the GM says it ended (as ``E`` into a blank
        one: ``TrackerCommands.asks_how_it_ended``)."""
        core = self._core
        lowest_first = system(core.campaign().system).lowest_first
        ending = ending_now(core, how)
        return self._on("adventure.launch", adventure_id, lambda a: launch(
            core.session_record(core.session().number)[1], core.new_id(Encounter.TABLE), a,
            encounter_id, core.pcs(), core.npcs(), core.session().number,
            lowest_first=lowest_first, ending=ending))

    def reveal(self) -> Outcome:
        """The running fight's boxed text onto the players' view, or off it again."""
        core = self._core
        return core.run("adventure.reveal",
                        lambda: reveal(core.running(), core.adventures()))


def _table_kept(twin: Adventure | None, read: Adventure) -> tuple[int | None, str]:
    """Where the table is in a replaced adventure: at the file's scene of the same name
    (its scenes are numbered anew; names compared as titles are, and the second "Docks" is
    the file's second "Docks"), or nowhere, said (``t`` on the prep screen puts it back).
    A file's own mark is never taken: an export does not write one."""
    if twin is None or twin.at_scene is None:
        return None, ""
    was = next((scene for scene in twin.scenes if scene.id == twin.at_scene), None)
    if was is None:
        return None, ""
    key = title_key(was.name)
    place = [scene.id for scene in twin.scenes if title_key(scene.name) == key].index(was.id)
    same = [scene for scene in read.scenes if title_key(scene.name) == key]
    if place < len(same):
        return same[place].id, f"; the table is still at {shown(same[place].name)}"
    return None, (f"; the table was at {shown(was.name)}, which the file no longer has: "
                  "t on a scene of the prep screen (P) sets it again")
