"""Preparing adventures, and launching a prepared encounter at the table (issue 29).

Pure functions, like the tracker's: each returns one :class:`~console.model.outcome.Outcome`
(the adventure as it now is, the templates a stat line made or updated, the fight a launch
began), which the service saves as one undoable action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from console.model.adventures import (
    Adventure,
    Foe,
    PreparedEncounter,
    Scene,
    fit_hidden,
    title_key,
    titled,
)
from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter
from console.model.errors import ModelError
from console.model.fight_end import Ending
from console.model.lifecycle import begin_encounter, join_pc
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome, Removed
from console.model.roster import spawn_copies
from console.model.text import first_invisible, shown
from console.records import record

if TYPE_CHECKING:  # the stat lines' module is loaded when lines are first read
    from console.model.stat_lines import StatLine, StatLineError

__all__ = [
    "Pasted",
    "add_encounter",
    "add_scene",
    "check_template_free",
    "delete_adventure",
    "delete_encounter",
    "delete_scene",
    "edit_adventure",
    "edit_encounter",
    "edit_scene",
    "keep_what_if",
    "launch",
    "move_encounter",
    "move_scene",
    "new_adventure",
    "paste_foes",
    "remove_foe",
    "reveal",
    "set_foe",
    "set_table_scene",
    "source_of",
    "templates_from_lines",
]


def _said(adventure: Adventure, line: str) -> Outcome:
    return Outcome.told(adventure, notices=(line,))


def _visible_title(title: str) -> None:
    hidden = first_invisible(title)
    if hidden is not None:
        raise ModelError(f"adventure title: holds {hidden}, which shows nothing: type the "
                         "title without it")


def _unique_title(adventures: Iterable[Adventure], title: str, own: int | None = None) -> None:
    _visible_title(title)
    twin = titled((a for a in adventures if a.id != own), title)
    if twin is not None:
        raise ModelError(f"an adventure called '{shown(twin.title)}' is there already: give "
                         "this one another title")


def new_adventure(adventures: Iterable[Adventure], new_id: int, title: str,
                  background: str = "") -> Outcome:
    _unique_title(adventures, title)
    adventure = Adventure(new_id, title, background)
    return _said(adventure, f"Adventure {adventure.title} prepared")


def edit_adventure(adventures: Iterable[Adventure], adventure: Adventure, title: str,
                   background: str) -> Outcome:
    if title != adventure.title:
        _visible_title(title)
    if title_key(title) != title_key(adventure.title):
        # Checked only for a new title: two titles saved before they were compared as the
        # GM reads them ("Café" composed and decomposed) stay editable.
        _unique_title(adventures, title, adventure.id)
    changed = adventure.with_changes(title=title, background=background)
    return _said(changed, f"Adventure {changed.title} changed")


def _scene(adventure: Adventure, scene_id: int) -> Scene:
    scene = adventure.scene(scene_id)
    if scene is None:
        raise ModelError(f"{adventure.title} has no such scene (it was deleted?)")
    return scene


def _encounter(adventure: Adventure, encounter_id: int) -> tuple[Scene, PreparedEncounter]:
    found = adventure.find(encounter_id)
    if found is None:
        raise ModelError(f"{adventure.title} has no such encounter (it was deleted?)")
    return found


def add_scene(adventure: Adventure, name: str, notes: str = "") -> Outcome:
    scene = Scene(adventure.next_scene_id(), name, notes)
    return _said(adventure.with_scene(scene), f"{adventure.title}: scene {scene.name} added")


def edit_scene(adventure: Adventure, scene_id: int, name: str, notes: str) -> Outcome:
    scene = _scene(adventure, scene_id).with_changes(name=name, notes=notes)
    return _said(adventure.with_scene(scene), f"{adventure.title}: scene {scene.name} changed")


def delete_scene(adventure: Adventure, scene_id: int) -> Outcome:
    scene = _scene(adventure, scene_id)
    changed = adventure.with_changes(
        scenes=tuple(s for s in adventure.scenes if s.id != scene_id),
        at_scene=None if adventure.at_scene == scene_id else adventure.at_scene)
    count = len(scene.encounters)
    with_them = f" and its {count} encounter{'s' * (count != 1)}" if count else ""
    return _said(changed, f"{adventure.title}: scene {scene.name}{with_them} deleted")


def _moved(items: tuple[object, ...], index: int, delta: int) -> tuple[object, ...] | None:
    target = index + delta
    if not 0 <= target < len(items) or delta == 0:
        return None
    items_list = list(items)
    items_list.insert(target, items_list.pop(index))
    return tuple(items_list)


def move_scene(adventure: Adventure, scene_id: int, delta: int) -> Outcome:
    """The scene ``delta`` places later (negative: earlier); nothing at either end."""
    scene = _scene(adventure, scene_id)
    moved = _moved(adventure.scenes, adventure.scenes.index(scene), delta)
    if moved is None:
        return Outcome()
    return _said(adventure.with_changes(scenes=moved),
                 f"{adventure.title}: scene {scene.name} moved")


def add_encounter(adventure: Adventure, scene_id: int, name: str, map_number: str = "",
                  boxed: str = "", notes: str = "") -> Outcome:
    scene = _scene(adventure, scene_id)
    encounter = PreparedEncounter(adventure.next_encounter_id(), name, map_number, boxed, notes)
    return _said(adventure.with_encounter(scene.id, encounter),
                 f"{adventure.title}: encounter {encounter.name} added to {scene.name}")


def edit_encounter(adventure: Adventure, encounter_id: int, name: str, map_number: str,
                   boxed: str, notes: str) -> Outcome:
    scene, encounter = _encounter(adventure, encounter_id)
    changed = encounter.with_changes(name=name, map=map_number, boxed=boxed, notes=notes)
    return _said(adventure.with_encounter(scene.id, changed),
                 f"{adventure.title}: encounter {changed.name} changed")


def delete_encounter(adventure: Adventure, encounter_id: int) -> Outcome:
    scene, encounter = _encounter(adventure, encounter_id)
    changed = adventure.with_scene(scene.with_changes(
        encounters=tuple(e for e in scene.encounters if e.id != encounter_id)))
    return _said(changed, f"{adventure.title}: encounter {encounter.name} deleted")


def move_encounter(adventure: Adventure, encounter_id: int, delta: int) -> Outcome:
    """The encounter ``delta`` places later in its scene; past the scene's end, into the
    next scene (first), past its start, into the scene before (last)."""
    scene, encounter = _encounter(adventure, encounter_id)
    index = scene.encounters.index(encounter)
    moved = _moved(scene.encounters, index, delta)
    if moved is not None:
        changed = adventure.with_scene(scene.with_changes(encounters=moved))
        return _said(changed, f"{adventure.title}: encounter {encounter.name} moved")
    position = adventure.scenes.index(scene) + (1 if delta > 0 else -1)
    if delta == 0 or not 0 <= position < len(adventure.scenes):
        return Outcome()
    other = adventure.scenes[position]
    left = scene.with_changes(encounters=tuple(e for e in scene.encounters
                                               if e.id != encounter_id))
    joined = other.with_changes(encounters=(encounter, *other.encounters) if delta > 0
                                else (*other.encounters, encounter))
    changed = adventure.with_scene(left).with_scene(joined)
    return _said(changed, f"{adventure.title}: encounter {encounter.name} moved to "
                          f"{other.name}")


# ----- foes ------------------------------------------------------------------------------------

def _with_foes(adventure: Adventure, encounter_id: int, foes: tuple[Foe, ...]) -> Adventure:
    scene, encounter = _encounter(adventure, encounter_id)
    return adventure.with_encounter(scene.id, encounter.with_changes(foes=foes))


def set_foe(adventure: Adventure, encounter_id: int, foe: Foe, template_name: str) -> Outcome:
    """The encounter's line of ``foe``'s template set to ``foe`` (added last if new)."""
    _, encounter = _encounter(adventure, encounter_id)
    if encounter.foe(foe.template) is None:
        foes = (*encounter.foes, foe)
    else:
        foes = tuple(foe if f.template == foe.template else f for f in encounter.foes)
    hidden = f", {len(foe.hidden)} hidden" if foe.hidden else ""
    return _said(_with_foes(adventure, encounter_id, foes),
                 f"{encounter.name}: {foe.count} x {template_name}{hidden}")


def remove_foe(adventure: Adventure, encounter_id: int, template: int,
               template_name: str) -> Outcome:
    _, encounter = _encounter(adventure, encounter_id)
    foes = tuple(f for f in encounter.foes if f.template != template)
    if len(foes) == len(encounter.foes):
        raise ModelError(f"{template_name} is no foe of {encounter.name}")
    return _said(_with_foes(adventure, encounter_id, foes),
                 f"{encounter.name}: {template_name} taken out")


def templates_from_lines(lines: Iterable[StatLine], roster: Mapping[int, NpcTemplate],
                         next_id: int) -> tuple[dict[str, NpcTemplate], list[StatLineError]]:
    """The template each line makes (a new name: ids from ``next_id``) or updates (a name of
    the roster, any case), by the name's casefold; a line whose template the model refuses,
    or that names no field and no template of the roster (a typo would make an empty one),
    is an error, the others are made all the same."""
    from console.model.stat_lines import StatLineError

    by_name = {t.name.casefold(): t for t in roster.values()}
    made: dict[str, NpcTemplate] = {}
    errors: list[StatLineError] = []
    for line in lines:
        existing = by_name.get(line.name.casefold())
        if existing is None and not line.stats and line.body_type is None \
                and line.tags is None:
            errors.append(StatLineError(line.line, "name", f"no template {line.name} in the "
                                                           "roster: give his stats"))
            continue
        try:
            template = line.template(existing, next_id)
        except StatLineError as error:
            errors.append(error)
            continue
        if existing is None:
            next_id += 1
        made[line.name.casefold()] = template
    return made, errors


@record
class Pasted:
    """Stat lines pasted into an encounter: what was made of the good ones, and the bad."""

    outcome: Outcome
    errors: tuple[StatLineError, ...]


def paste_foes(adventure: Adventure, encounter_id: int, lines: Iterable[StatLine],
               errors: Iterable[StatLineError], roster: Mapping[int, NpcTemplate],
               next_id: int, *, replace: bool = False,
               used_by: Mapping[int, Iterable[str]] | None = None) -> Pasted:
    """Each good line makes or updates its template and sets the encounter's line of it (its
    count and hidden copies; a line with no count: one, or the count the encounter has);
    the bad lines are said, and change nothing. ``replace``: the lines are the encounter's
    whole list of foes, so a foe no line names is taken out, unless a line was bad (it may
    have been meant for him). ``used_by``: where else each template is in use (the fight
    running now, the other prepared encounters): a template a line changes is said to
    change there too, in a warning (the toast had said "Skrak changed" and no more)."""
    from console.model.stat_lines import StatLineError

    lines = list(lines)
    templates, refused = templates_from_lines(lines, roster, next_id)
    bad = [*errors, *refused]
    _, encounter = _encounter(adventure, encounter_id)
    foes = list(encounter.foes)
    changes: list[NpcTemplate] = []
    notices: list[str] = []
    alerts: list[str] = []
    for line in lines:
        template = templates.get(line.name.casefold())
        if template is None:
            continue
        held = roster.get(template.id)
        if held != template:
            changes.append(template)
            notices.append(f"{template.name} {'made' if held is None else 'changed'}")
            elsewhere = list((used_by or {}).get(template.id, ()))
            if held is not None and elsewhere:
                alerts.append(f"{template.name}'s values changed in the roster, so also in: "
                              f"{', '.join(elsewhere)} (ctrl+z takes it back)")
        old = next((f for f in foes if f.template == template.id), None)
        count = line.count if line.count is not None else (old.count if old else 1)
        try:
            foe = Foe(template.id, count, line.hidden if line.hidden is not None
                      else tuple(c for c in (old.hidden if old else ()) if c <= count))
        except ModelError as error:
            bad.append(StatLineError(line.line, "hidden", str(error)))
            continue
        foes = [foe if f.template == template.id else f for f in foes] if old else [*foes, foe]
        notices.append(f"{encounter.name}: {foe.count} x {template.name}")
    if replace and not bad:
        named = {t.id for t in templates.values()}
        for foe in [f for f in foes if f.template not in named]:
            foes.remove(foe)
            held = roster.get(foe.template)
            notices.append(f"{encounter.name}: {held.name if held else 'a foe'} taken out")
    if not notices:
        return Pasted(Outcome(), tuple(sorted(bad, key=lambda e: e.line)))
    try:
        changed = _with_foes(adventure, encounter_id, tuple(foes))
    except ModelError as error:
        raise ModelError(f"{encounter.name}: {error}") from None
    return Pasted(Outcome.told(*changes, changed, notices=[*notices, *alerts], alerts=alerts),
                  tuple(sorted(bad, key=lambda e: e.line)))


def keep_what_if(adventure: Adventure, encounter_id: int, foe: Foe,
                 template: NpcTemplate | None) -> Outcome:
    """A forecast's what-if kept: the encounter's line of ``foe``'s template set to it, and
    the template's values changed (``template``, if any: every encounter listing him has
    them from now on)."""
    _, encounter = _encounter(adventure, encounter_id)
    old = encounter.foe(foe.template)
    kept = Foe(foe.template, foe.count,
               fit_hidden(old.hidden, old.count, foe.count) if old else ())
    foes = tuple(kept if f.template == foe.template else f for f in encounter.foes) \
        if old else (*encounter.foes, kept)
    changed = _with_foes(adventure, encounter_id, foes)
    said = [f"{encounter.name}: what-if kept"
            + (f", {foe.count} foes of that line" if old is None or old.count != foe.count
               else "")]
    if template is not None:
        said.append(f"{template.name}'s values changed in the roster (every encounter "
                    "listing him has them)")
    return Outcome.told(*([template] if template is not None else []), changed,
                        notices=said)


def check_template_free(template: NpcTemplate, adventures: Iterable[Adventure]) -> None:
    """Refuse to delete a template an adventure's encounter still lists as a foe."""
    users = [f"{adventure.title}: {encounter.name}" for adventure in adventures
             for _scene_, encounter in adventure.encounters()
             if encounter.foe(template.id) is not None]
    if users:
        more = f" and {len(users) - 2} more" if len(users) > 2 else ""
        raise ModelError(f"{template.name} is a foe in {'; '.join(users[:2])}{more}: take "
                         "him out of those encounters first (P)")


def set_table_scene(adventures: Iterable[Adventure], adventure: Adventure,
                    scene_id: int | None) -> Outcome:
    """The scene the table is at (None: none): ``E`` offers its encounters. Any other
    adventure's mark goes, so there is one at most."""
    changes: list[Adventure] = [a.with_changes(at_scene=None) for a in adventures
                                if a.id != adventure.id and a.at_scene is not None]
    if scene_id is None:
        changes.append(adventure.with_changes(at_scene=None))
        return Outcome.told(*changes, notices=(f"{adventure.title}: no scene at the table",))
    scene = _scene(adventure, scene_id)
    changes.append(adventure.with_changes(at_scene=scene_id))
    return Outcome.told(*changes, notices=(f"The table is at {adventure.title}: {scene.name}",))


# ----- at the table ------------------------------------------------------------------------------

def launch(encounters: Iterable[Encounter], new_id: int, adventure: Adventure,
           encounter_id: int, pcs: Mapping[int, PlayerCharacter],
           templates: Mapping[int, NpcTemplate], session: int, *,
           lowest_first: bool = False, ending: Ending | None = None) -> Outcome:
    """A prepared encounter begins: any fight running ends (the one being run with
    ``ending``, how the GM says it ended), every PC of the roster joins,
    each foe as numbered copies (those marked hidden kept from the players' view: an
    ambush), the fight names its source, and the encounter is marked played in
    ``session``. One outcome: one undo takes it all back."""
    _scene_, prepared = _encounter(adventure, encounter_id)
    missing = [f.template for f in prepared.foes if f.template not in templates]
    if missing:
        raise ModelError(f"{prepared.name}: a foe's template is gone from the roster")
    outcome = begin_encounter(encounters, new_id, prepared.name, lowest_first=lowest_first,
                              ending=ending)
    fight = outcome.encounter.with_changes(source=(adventure.id, prepared.id))
    outcome = outcome.then(Outcome.told(fight))
    for pc in sorted(pcs.values(), key=lambda sheet: sheet.name.casefold()):
        step = join_pc(fight, pcs, pc.name, None, None, pc.id)
        fight = step.encounter
        outcome = outcome.then(step)
    for foe in prepared.foes:
        template = templates[foe.template]
        step = spawn_copies(fight, template, foe.count)
        added = step.encounter.combatants[len(fight.combatants):]
        hidden = {added[copy - 1].id for copy in foe.hidden}
        fight = step.encounter.with_changes(combatants=tuple(
            c.with_changes(hidden=True) if c.id in hidden else c
            for c in step.encounter.combatants))
        names = [c.name for c in added if c.id in hidden]
        said = (f"{', '.join(names)} hidden from the players",) if names else ()
        outcome = outcome.then(Outcome.told(fight, notices=(*step.notices, *said)))
    played = adventure.with_encounter(_scene_.id, prepared.with_changes(played=session))
    return outcome.then(Outcome.told(played, notices=(
        f"{adventure.title}: {prepared.name} launched",)))


def reveal(encounter: Encounter, adventures: Mapping[int, Adventure]) -> Outcome:
    """The fight's boxed text shown on the players' view, or taken off it again."""
    if encounter.read_aloud:
        return Outcome.told(encounter.with_changes(read_aloud=""),
                            notices=(f"{encounter.name}: boxed text taken off the players' "
                                     "view",))
    prepared = _source(encounter, adventures)
    if not prepared.boxed:
        raise ModelError(f"{prepared.name} has no boxed text to show")
    return Outcome.told(encounter.with_changes(read_aloud=prepared.boxed),
                        notices=(f"{encounter.name}: boxed text shown to the players",))


def _source(encounter: Encounter, adventures: Mapping[int, Adventure]) -> PreparedEncounter:
    if encounter.source is None:
        raise ModelError(f"{encounter.name} was begun blank: no boxed text (launch a prepared "
                         "encounter with E)")
    adventure = adventures.get(encounter.source[0])
    found = None if adventure is None else adventure.find(encounter.source[1])
    if found is None:
        raise ModelError(f"{encounter.name}'s prepared encounter is gone from its adventure")
    return found[1]


def source_of(encounter: Encounter | None, adventures: Mapping[int, Adventure]
              ) -> tuple[Adventure, PreparedEncounter] | None:
    """The adventure and prepared encounter a fight was launched from (None: begun blank,
    or since deleted)."""
    if encounter is None or encounter.source is None:
        return None
    adventure = adventures.get(encounter.source[0])
    found = None if adventure is None else adventure.find(encounter.source[1])
    return None if found is None or adventure is None else (adventure, found[1])


def delete_adventure(adventure: Adventure) -> Outcome:
    return Outcome.told(Removed(Adventure.TABLE, adventure.id),
                        notices=(f"Adventure {adventure.title} deleted",))
