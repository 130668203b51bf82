"""Prepared adventures (issue 29): what the GM readies before the table, laid out as the Rule
Book's chapter "Adventure Preparation" lays out a published adventure.

An adventure's body is "a background section and several scenes"; scenes are "broken down
into encounters", each "laid out with a map number, encounter name, boxed text section, and
GM notes (in that order)". The boxed text is what the characters learn on reaching the place
(read to the table, or paraphrased); the GM notes are the GM's alone, with key words marked
``**like this**`` (the book's highlighter), shown highlighted. An encounter's foes are NPC
templates of the roster with a count (the book's NPC list gives "the likely maximum number of
miniatures"), each copy possibly hidden when the fight begins (an ambush).

One adventure is one document of the ``adventures`` table (its own file, adventures.json):
its scenes, their encounters and foes nested in it. Scenes and encounters carry ids unique
within their adventure, so a fight launched from an encounter names it for good
(``Encounter.source``), whatever is moved or renamed later. Text is checked by
:mod:`console.model.text` and kept in one normal form (names without surrounding spaces,
blocks of text without trailing spaces or blank lines at their ends), so an adventure written
to Markdown and read back is the same adventure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any, ClassVar

from console.model.errors import ModelError
from console.model.fields import check_keys, need_int, need_list, need_mapping, opt_int
from console.model.text import NAME_HELD, NOTES_HELD, need_line, need_name, need_notes
from console.records import record
from console.rules.limits import COUNT

__all__ = [
    "ADVENTURE_TEXT_HELD",
    "MAP_MAX",
    "MAX_ENCOUNTERS",
    "MAX_FOES",
    "MAX_SCENES",
    "Adventure",
    "Foe",
    "PreparedEncounter",
    "Scene",
    "block",
    "fit_hidden",
    "key_words",
    "reflow",
    "titled",
]

MAX_SCENES = 40  # an adventure's scenes: a long campaign arc, not a typo's thousands
MAX_ENCOUNTERS = 40  # a scene's encounters
MAX_FOES = 20  # an encounter's foe lines (each with up to COUNT.high copies)
MAP_MAX = 12  # a map number as typed: "12", "A3", "B-14"
# All the text of one adventure together, saved: a published adventure runs to about
# 150,000 characters; a document must never weigh megabytes (console.model.text).
ADVENTURE_TEXT_HELD = 600_000


def block(text: str) -> str:
    """``text`` in its normal form: no trailing spaces on a line, no blank line at either
    end (what any editor may do to a Markdown file, so a round trip keeps it)."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


_OWN_LINE = re.compile(r"\s|[-*\u2022]\s|\d+[.)]\s|>|#")  # a list item, an indent ...


def reflow(text: str) -> str:
    """``text`` read as Markdown reads a paragraph: its lines joined into one (a file's
    lines are wrapped where its writer's editor wrapped them, not where the screen does),
    a blank line still a new paragraph, a line that starts a list item or is indented
    still a line of its own."""
    out: list[str] = []
    for line in text.split("\n"):
        if out and out[-1] and line and not _OWN_LINE.match(line):
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return "\n".join(out)


def key_words(notes: str) -> Iterator[tuple[str, bool]]:
    """``notes`` in pieces, each with whether it is a key word (marked ``**word**``); the
    marks themselves are left out. An unmatched ``**`` is plain text."""
    rest = notes
    while rest:
        start = rest.find("**")
        end = rest.find("**", start + 2) if start >= 0 else -1
        if start < 0 or end < 0 or end == start + 2:
            yield rest, False
            return
        if start:
            yield rest[:start], False
        yield rest[start + 2:end], True
        rest = rest[end + 2:]


def _name(value: object, what: str) -> str:
    return need_name(value, what, NAME_HELD).strip()


def _block(value: object, what: str) -> str:
    return block(need_notes(value, what, NOTES_HELD))


def fit_hidden(hidden: tuple[int, ...], before: int, count: int) -> tuple[int, ...]:
    """The hidden copies once ``before`` copies become ``count``: an ambush stays an
    ambush and foes in sight stay in sight. As many hidden as before, but one copy at
    least still in sight if one was (3 Skraks and an ambusher down to 3: 2 and the
    ambusher), those past the new count moved to the highest copies left."""
    wanted = min(len(hidden), count if len(hidden) >= before else max(0, count - 1))
    kept = [copy for copy in hidden if copy <= count][:wanted]
    for copy in range(count, 0, -1):
        if len(kept) >= wanted:
            break
        if copy not in kept:
            kept.append(copy)
    return tuple(sorted(kept))


@record
class Foe:
    """``count`` copies of NPC template ``template``; ``hidden``: the copies (numbered 1 ..
    count) kept from the players' view when the fight begins."""

    template: int
    count: int = 1
    hidden: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        need_int(self.template, "foe's template", minimum=1)
        need_int(self.count, "foe count", minimum=1)
        if self.count > COUNT.high:
            raise ModelError(f"foe count: 1 to {COUNT.high}, not {self.count}")
        hidden = tuple(need_int(copy, "hidden copy", minimum=1)
                       for copy in need_list(self.hidden, "hidden copies"))
        if any(copy > self.count for copy in hidden):
            raise ModelError(f"hidden copies: each from 1 to {self.count} (the count), "
                             f"not {max(hidden)}")
        object.__setattr__(self, "hidden", tuple(sorted(set(hidden))))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"template": self.template, "count": self.count}
        if self.hidden:
            data["hidden"] = list(self.hidden)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Foe:
        raw = need_mapping(data, "foe")
        check_keys(raw, "foe", {"template", "count", "hidden"}, {"template"})
        return cls(raw["template"], raw.get("count", 1),
                   tuple(need_list(raw.get("hidden", []), "hidden copies")))


@record
class PreparedEncounter:
    """One encounter as prepared: ``map`` its map number ("" none), ``boxed`` the boxed
    text, ``notes`` the GM notes; ``played``: the session it was launched in (None: not
    yet)."""

    id: int
    name: str
    map: str = ""
    boxed: str = ""
    notes: str = ""
    foes: tuple[Foe, ...] = ()
    played: int | None = None

    def __post_init__(self) -> None:
        need_int(self.id, "encounter id", minimum=1)
        name = _name(self.name, "encounter name")
        object.__setattr__(self, "name", name)
        what = f"encounter {name}"
        map_number = need_line(self.map, f"{what}: map number", NAME_HELD).strip()
        if "]" in map_number or "\n" in map_number:
            raise ModelError(f"{what}: a map number holds no ']'")
        object.__setattr__(self, "map", map_number)
        object.__setattr__(self, "boxed", _block(self.boxed, f"{what}: boxed text"))
        object.__setattr__(self, "notes", _block(self.notes, f"{what}: GM notes"))
        foes = tuple(self.foes)
        if len(foes) > MAX_FOES:
            raise ModelError(f"{what}: {len(foes)} foe lines; at most {MAX_FOES}")
        if not all(isinstance(foe, Foe) for foe in foes):
            raise ModelError(f"{what}: foes must be foes")
        templates = [foe.template for foe in foes]
        if len(set(templates)) != len(templates):
            raise ModelError(f"{what}: a template is listed twice (one line per template, "
                             "its hidden copies named in it)")
        object.__setattr__(self, "foes", foes)
        opt_int(self.played, f"{what}: played in session", minimum=0)

    @property
    def heading(self) -> str:
        """``[12] Docking bay`` or ``Docking bay``."""
        return f"[{self.map}] {self.name}" if self.map else self.name

    def foe(self, template: int) -> Foe | None:
        return next((foe for foe in self.foes if foe.template == template), None)

    def with_changes(self, **changes: Any) -> PreparedEncounter:
        return replace(self, **changes)

    def text_size(self) -> int:
        return len(self.name) + len(self.map) + len(self.boxed) + len(self.notes)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name}
        optional = {"map": self.map, "boxed": self.boxed, "notes": self.notes,
                    "foes": [foe.to_dict() for foe in self.foes], "played": self.played}
        data.update((key, value) for key, value in optional.items()
                    if value not in ("", [], None))
        return data

    @classmethod
    def from_dict(cls, data: object) -> PreparedEncounter:
        raw = need_mapping(data, "prepared encounter")
        check_keys(raw, f"encounter {raw.get('name', '?')}",
                   {"id", "name", "map", "boxed", "notes", "foes", "played"}, {"id", "name"})
        return cls(raw["id"], raw["name"], raw.get("map", ""), raw.get("boxed", ""),
                   raw.get("notes", ""),
                   tuple(Foe.from_dict(foe) for foe in need_list(raw.get("foes", []), "foes")),
                   raw.get("played"))


@record
class Scene:
    """A scene: its name, what the GM notes about it as a whole, and its encounters."""

    id: int
    name: str
    notes: str = ""
    encounters: tuple[PreparedEncounter, ...] = ()

    def __post_init__(self) -> None:
        need_int(self.id, "scene id", minimum=1)
        name = _name(self.name, "scene name")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "notes", _block(self.notes, f"scene {name}: notes"))
        encounters = tuple(self.encounters)
        if len(encounters) > MAX_ENCOUNTERS:
            raise ModelError(f"scene {name}: {len(encounters)} encounters; at most "
                             f"{MAX_ENCOUNTERS}")
        if not all(isinstance(e, PreparedEncounter) for e in encounters):
            raise ModelError(f"scene {name}: encounters must be prepared encounters")
        object.__setattr__(self, "encounters", encounters)

    def with_changes(self, **changes: Any) -> Scene:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.notes:
            data["notes"] = self.notes
        data["encounters"] = [e.to_dict() for e in self.encounters]
        return data

    @classmethod
    def from_dict(cls, data: object) -> Scene:
        raw = need_mapping(data, "scene")
        check_keys(raw, f"scene {raw.get('name', '?')}", {"id", "name", "notes", "encounters"},
                   {"id", "name"})
        return cls(raw["id"], raw["name"], raw.get("notes", ""), tuple(
            PreparedEncounter.from_dict(e)
            for e in need_list(raw.get("encounters", []), "encounters")))


@record
class Adventure:
    """A prepared adventure. ``at_scene``: the scene the table has reached (its encounters
    are those ``E`` offers); at most one adventure of a campaign has one."""

    TABLE: ClassVar[str] = "adventures"

    id: int
    title: str
    background: str = ""
    scenes: tuple[Scene, ...] = ()
    at_scene: int | None = None

    def __post_init__(self) -> None:
        need_int(self.id, "adventure id", minimum=1)
        title = _name(self.title, "adventure title")
        object.__setattr__(self, "title", title)
        what = f"adventure {title}"
        object.__setattr__(self, "background", _block(self.background, f"{what}: background"))
        scenes = tuple(self.scenes)
        if len(scenes) > MAX_SCENES:
            raise ModelError(f"{what}: {len(scenes)} scenes; at most {MAX_SCENES}")
        if not all(isinstance(scene, Scene) for scene in scenes):
            raise ModelError(f"{what}: scenes must be scenes")
        object.__setattr__(self, "scenes", scenes)
        scene_ids = [scene.id for scene in scenes]
        if len(set(scene_ids)) != len(scene_ids):
            raise ModelError(f"{what}: two scenes share an id")
        encounter_ids = [e.id for scene in scenes for e in scene.encounters]
        if len(set(encounter_ids)) != len(encounter_ids):
            raise ModelError(f"{what}: two encounters share an id")
        opt_int(self.at_scene, f"{what}: scene at the table", minimum=1)
        if self.at_scene is not None and self.at_scene not in scene_ids:
            raise ModelError(f"{what}: the scene at the table is not one of its scenes")
        size = len(title) + len(self.background) + sum(
            len(scene.name) + len(scene.notes) + sum(e.text_size() for e in scene.encounters)
            for scene in scenes)
        if size > ADVENTURE_TEXT_HELD:
            raise ModelError(f"{what}: {size:,} characters of text; at most "
                             f"{ADVENTURE_TEXT_HELD:,} fit in one adventure")

    # ----- finding its parts --------------------------------------------------------------

    def scene(self, scene_id: int) -> Scene | None:
        return next((scene for scene in self.scenes if scene.id == scene_id), None)

    def encounters(self) -> Iterator[tuple[Scene, PreparedEncounter]]:
        """Every encounter with its scene, in the adventure's order."""
        for scene in self.scenes:
            for encounter in scene.encounters:
                yield scene, encounter

    def find(self, encounter_id: int) -> tuple[Scene, PreparedEncounter] | None:
        return next(((scene, e) for scene, e in self.encounters() if e.id == encounter_id),
                    None)

    def next_scene_id(self) -> int:
        return max((scene.id for scene in self.scenes), default=0) + 1

    def next_encounter_id(self) -> int:
        return max((e.id for _, e in self.encounters()), default=0) + 1

    def templates(self) -> set[int]:
        """The roster templates its encounters' foes are made from."""
        return {foe.template for _, e in self.encounters() for foe in e.foes}

    # ----- changed copies -----------------------------------------------------------------

    def with_changes(self, **changes: Any) -> Adventure:
        return replace(self, **changes)

    def with_scene(self, scene: Scene) -> Adventure:
        """This adventure with ``scene`` in place of the scene of its id (or added last)."""
        if self.scene(scene.id) is None:
            return self.with_changes(scenes=(*self.scenes, scene))
        return self.with_changes(scenes=tuple(scene if s.id == scene.id else s
                                              for s in self.scenes))

    def with_encounter(self, scene_id: int, encounter: PreparedEncounter) -> Adventure:
        """``encounter`` in place of the one of its id, or added last to scene ``scene_id``."""
        found = self.find(encounter.id)
        if found is not None:
            return self.with_scene(found[0].with_changes(encounters=tuple(
                encounter if e.id == encounter.id else e for e in found[0].encounters)))
        scene = self.scene(scene_id)
        if scene is None:
            raise ModelError(f"adventure {self.title}: no scene {scene_id}")
        return self.with_scene(scene.with_changes(encounters=(*scene.encounters, encounter)))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "title": self.title}
        if self.background:
            data["background"] = self.background
        data["scenes"] = [scene.to_dict() for scene in self.scenes]
        if self.at_scene is not None:
            data["at_scene"] = self.at_scene
        return data

    @classmethod
    def from_dict(cls, data: object) -> Adventure:
        raw = need_mapping(data, "adventure")
        check_keys(raw, f"adventure {raw.get('title', '?')}",
                   {"id", "title", "background", "scenes", "at_scene"}, {"id", "title"})
        return cls(raw["id"], raw["title"], raw.get("background", ""),
                   tuple(Scene.from_dict(s) for s in need_list(raw.get("scenes", []), "scenes")),
                   raw.get("at_scene"))


def title_key(title: str) -> str:
    """What two titles share when they read the same to the GM: any case, an accent typed
    as a letter and a mark or as one letter (NFC), spaces however many, and characters that
    draw nothing (a zero-width space, a soft hyphen: Unicode's format characters) left out.
    "Café" imported once composed and once decomposed, or "Dark  Relay" beside "Dark Relay",
    would be two adventures that look the same in every list."""
    shown = "".join(char for char in unicodedata.normalize("NFC", title)
                    if unicodedata.category(char) != "Cf")
    return " ".join(shown.split()).casefold()


def titled(adventures: Iterable[Adventure], title: str) -> Adventure | None:
    """The adventure of this title, as the GM reads it (:func:`title_key`)."""
    wanted = title_key(title)
    return next((a for a in adventures if title_key(a.title) == wanted), None)
