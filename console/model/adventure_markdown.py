"""An adventure as a Markdown file a GM can write in any editor and share (issue 29)::

    # The Hive at Kessa Deep

    The background: paragraphs, read by the GM (or to the players) before the first scene.

    ## The docks

    What the scene is about (optional).

    ### [12] Ambush at bay 4

    > The boxed text, read to the characters as they arrive. A blank quote line (">")
    > between its paragraphs.

    GM notes, in paragraphs, with **key words** marked.

    - 4 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9, tags alien hive, hidden 3 4
    - Skrak leader: Atk 8M, Def 8M, Dmg 10M, AR 6, Vit 24, Nish 8M

``#`` is the title (once, first), ``##`` a scene, ``###`` an encounter with its map number
in brackets (optional), a ``>`` quote its boxed text (before its notes: the book's order),
paragraphs its GM notes, ``- `` items its foes as stat lines (:mod:`stat_lines`). A text line
that would read as one of these marks starts with a backslash (``\\# not a heading``); the
writer adds it, the reader takes it off. What the campaign keeps besides (which encounters
were played, the scene the table is at) is not in the file.

Foes are named, not numbered: reading a file gives the adventure with each foe's template
as its place in :attr:`AdventureFile.templates` (1 for the first), which the service turns
into the roster's templates (made or updated by name). Every error names the line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from console.model.adventures import Adventure, Foe, PreparedEncounter, Scene
from console.model.errors import ModelError
from console.model.npcs import NpcTemplate
from console.model.stat_lines import (
    StatLine,
    StatLineError,
    format_stat_line,
    merged,
    parse_stat_line,
)
from console.model.text import NAME_HELD, first_refused
from console.records import record

__all__ = ["AdventureFile", "AdventureFileError", "read_adventure", "write_adventure"]

# A text line that would read as a mark: a heading, a quote, a list item, or an escape.
_MARKED = re.compile(r"#|>|[-*](\s|$)|\\")
_ITEM = re.compile(r"[-*](\s|$)")
_HEADING = re.compile(r"(#{1,3})(?:\s+(.*))?")
_MAP = re.compile(r"\[([^\]\n]*)\]\s*(.*)")


class AdventureFileError(ModelError):
    """A file refused: the line, and why (a bad stat line says its field too)."""

    def __init__(self, line: int, why: str) -> None:
        self.line = line
        self.why = why
        super().__init__(f"line {line}: {why}")


@dataclass
class _Part:
    """What is being read: the text lines of a background, a scene or an encounter."""

    line: int
    heading: str
    kind: str  # "title", "scene" or "encounter"
    text: list[str] = field(default_factory=list)
    boxed: list[str] | None = None
    foes: list[StatLine] = field(default_factory=list)
    encounters: list[_Part] = field(default_factory=list)


@record
class AdventureFile:
    """A file read: the adventure (each foe's ``template`` is its line's place in
    ``templates``, from 1) and one stat line per template named, merged from every line
    that names it."""

    adventure: Adventure
    templates: tuple[StatLine, ...]


def _unescaped(text: str) -> str:
    if text.startswith("\\") and _MARKED.match(text[1:]):
        return text[1:]
    return text


def _escaped(text: str) -> str:
    return "\n".join("\\" + line if _MARKED.match(line) else line for line in text.split("\n"))


def _heading(level: str, rest: str | None, number: int) -> str:
    text = (rest or "").strip()
    kind = {1: "the title", 2: "a scene", 3: "an encounter"}[len(level)]
    if not text:
        raise AdventureFileError(number, f"{level} names {kind}: it is empty")
    return text


def read_adventure(text: str, adventure_id: int = 1) -> AdventureFile:
    """The adventure in Markdown ``text`` (module docstring), or an
    :class:`AdventureFileError` naming the first bad line and why."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    title: _Part | None = None
    scenes: list[_Part] = []
    current: _Part | None = None  # where text lines go
    for number, line in enumerate(text.split("\n"), start=1):
        refused = first_refused(line, notes=True)
        if refused is not None:
            raise AdventureFileError(number, f"holds {refused}, which is not text to show")
        heading = _HEADING.fullmatch(line) if line.startswith("#") else None
        if heading is not None and (heading.group(2) is not None or line == heading.group(1)):
            level = len(heading.group(1))
            name = _heading(heading.group(1), heading.group(2), number)
            if level == 1:
                if title is not None:
                    raise AdventureFileError(number, f"a second title (line {title.line} is "
                                                     "the first): one adventure per file")
                title = current = _Part(number, name, "title")
            elif title is None:
                raise AdventureFileError(number, "the file starts with the title: # Title")
            elif level == 2:
                current = _Part(number, name, "scene")
                scenes.append(current)
            elif not scenes:
                raise AdventureFileError(number, "an encounter (###) belongs to a scene: a "
                                                 "## scene comes first")
            else:
                current = _Part(number, name, "encounter")
                scenes[-1].encounters.append(current)
            continue
        if current is None:
            if line.strip():
                raise AdventureFileError(number, "the file starts with the title: # Title")
            continue
        is_encounter = current.kind == "encounter"
        if line.startswith(">"):
            if not is_encounter:
                raise AdventureFileError(number, "boxed text (>) belongs to an encounter "
                                                 "(###); write \\> for a line that starts "
                                                 "with >")
            if any(t.strip() for t in current.text):
                raise AdventureFileError(number, "the boxed text (>) comes before the GM "
                                                 "notes (the book's order), in one quote")
            if current.boxed is None:
                current.boxed = []
            elif current.text:  # a blank line between two quotes: a new paragraph
                current.boxed.append("")
            current.text.clear()
            quoted = line[1:]
            current.boxed.append(quoted[1:] if quoted.startswith(" ") else quoted)
            continue
        if _ITEM.match(line):
            if not is_encounter:
                raise AdventureFileError(number, "a foe (- ) belongs to an encounter (###); "
                                                 "write \\- for a line that starts with -")
            current.foes.append(parse_stat_line(line, number, name_max=NAME_HELD))
            continue
        current.text.append(_unescaped(line))
    if title is None:
        raise AdventureFileError(1, "no title: the file starts with # Title")
    return _built(title, scenes, adventure_id)


def _block(part: _Part) -> str:
    return "\n".join(part.text)


def _built(title: _Part, scenes: list[_Part], adventure_id: int) -> AdventureFile:
    templates: dict[str, StatLine] = {}
    places: dict[str, int] = {}
    for scene in scenes:
        for encounter in scene.encounters:
            for line in encounter.foes:
                key = line.name.casefold()
                if key in templates:
                    templates[key] = merged(templates[key], line)
                else:
                    templates[key] = line
                    places[key] = len(places) + 1
    built_scenes: list[Scene] = []
    encounter_id = 0
    for scene_id, scene in enumerate(scenes, start=1):
        encounters: list[PreparedEncounter] = []
        for part in scene.encounters:
            encounter_id += 1
            found = _MAP.fullmatch(part.heading)
            map_number, name = (found.group(1).strip(), found.group(2).strip()) if found \
                else ("", part.heading)
            if not name:
                raise AdventureFileError(part.line, "the encounter has a map number but no "
                                                    "name")
            foes: list[Foe] = []
            seen: dict[str, int] = {}
            for line in part.foes:
                key = line.name.casefold()
                if key in seen:
                    raise StatLineError(line.line, "name", f"{line.name} is a foe of this "
                                                           f"encounter on line {seen[key]} "
                                                           "already")
                seen[key] = line.line
                try:
                    foes.append(Foe(places[key], line.copies, line.hidden or ()))
                except ModelError as error:
                    raise AdventureFileError(line.line, str(error)) from None
            try:
                encounters.append(PreparedEncounter(
                    encounter_id, name, map_number, "\n".join(part.boxed or ()),
                    _block(part), tuple(foes)))
            except ModelError as error:
                raise AdventureFileError(part.line, str(error)) from None
        try:
            built_scenes.append(Scene(scene_id, scene.heading, _block(scene),
                                      tuple(encounters)))
        except ModelError as error:
            raise AdventureFileError(scene.line, str(error)) from None
    try:
        adventure = Adventure(adventure_id, title.heading, _block(title), tuple(built_scenes))
    except ModelError as error:
        raise AdventureFileError(title.line, str(error)) from None
    ordered = sorted(templates.items(), key=lambda item: places[item[0]])
    return AdventureFile(adventure, tuple(line for _, line in ordered))


def write_adventure(adventure: Adventure, templates: Mapping[int, NpcTemplate]) -> str:
    """``adventure`` as Markdown that :func:`read_adventure` reads back as the same
    adventure (its foes by the roster's ``templates``, every field of each written in
    every line that names it)."""
    out: list[str] = [f"# {adventure.title}", ""]

    def text(block: str) -> None:
        if block:
            out.extend([_escaped(block), ""])

    text(adventure.background)
    for scene in adventure.scenes:
        out.extend([f"## {scene.name}", ""])
        text(scene.notes)
        for encounter in scene.encounters:
            heading = f"[{encounter.map}] {encounter.name}" if encounter.map else (
                f"[] {encounter.name}" if encounter.name.startswith("[") else encounter.name)
            out.extend([f"### {heading}", ""])
            if encounter.boxed:
                out.extend([">" + (" " + line if line else "")
                            for line in encounter.boxed.split("\n")])
                out.append("")
            text(encounter.notes)
            for foe in encounter.foes:
                template = templates.get(foe.template)
                if template is None:
                    raise ModelError(f"{encounter.name}: its foe's template "
                                     f"{foe.template} is not in the roster")
                out.append("- " + format_stat_line(
                    template, foe.count if foe.count > 1 else None, foe.hidden))
            if encounter.foes:
                out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
