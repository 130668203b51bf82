"""NPC stat lines, pasted or typed the way adventures print them (issue 29)::

    4 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9, tags alien hive
    Skrak leader — Atk 8M Def 8M Dmg 10M AR 6 Vit 24 Nish 8M
    2 x Gravtank: Atk 12, Def 6, Dmg 10MV, AR 8, Vit 30, Nish 7, type V, hidden 2

A line is an optional count (``4 x``), the name, an optional separator (``:``, a dash), then
fields in any order, separated by commas or spaces, any case: each stat (Atk, Def, Dmg, AR,
Vit, Nish, MR) a value (``15``) or a rating (``8M``), ``type`` P, V or S (a vehicle's or a
ship's Dmg, AR and Vit count in its own type's points, as in the roster), ``tags`` the words
after it, and ``hidden`` the copies kept from the players' view when the fight begins
(``hidden 3 4``; the word alone: every copy). A name or a tag holding spaces or one of the
line's marks is written in double quotes. A key may be followed by ``:`` or ``=``.

Each line makes or updates a template (by name, any case): the fields it gives replace the
template's, the others stay. A bad line is refused with its number, the field and why
(:class:`StatLineError`); the lines around it are read all the same.
"""

from __future__ import annotations

import re

from console.model.errors import ModelError
from console.model.npcs import NPC_STATS, BodyType, NpcTemplate
from console.model.roster import MAX_SPAWN
from console.model.stats import Stat
from console.model.text import NAME_MAX, TAGS_HELD, first_refused, visible
from console.records import record
from console.rules.limits import POINTS

__all__ = [
    "KEYS",
    "StatLine",
    "StatLineError",
    "format_stat_line",
    "merged",
    "parse_stat_line",
    "parse_stat_lines",
]

_STATS = {key: (attribute, label) for attribute, key, label in NPC_STATS}
KEYS = (*_STATS, "type", "tags", "hidden")  # every field a line may name, lower case
_ALIASES = {"tag": "tags", "attack": "atk", "defense": "def", "defence": "def",
            "damage": "dmg", "armor": "ar", "armour": "ar", "vitality": "vit",
            "initiative": "nish", "hide": "hidden"}
_TYPES = {"p": BodyType.P, "personal": BodyType.P, "v": BodyType.V, "vehicle": BodyType.V,
          "s": BodyType.S, "ship": BodyType.S}
_LABELS = {**{key: label for key, (_a, label) in _STATS.items()},
           "type": "type", "tags": "tags", "hidden": "hidden", "name": "name",
           "count": "count", "line": "line"}

# "4 x ", "4x ", "4 \u00d7 " (a multiplication sign), "4 * ": the count before the name.
_COUNT = re.compile("(\\d+)\\s*[xX\u00d7*]\\s+")
# Where the name ends, when the line marks it: a colon, or a dash (a hyphen, an en or an em
# dash) with a space around it.
_DASHES = "\u2014\u2013"
_SEPARATOR = re.compile(f":|\\s[{_DASHES}-]+\\s|\\s[{_DASHES}]|[{_DASHES}]\\s")
_LIST_MARK = re.compile(r"[-*•]\s+")
_PLAIN_WORD = re.compile(f"[^\\s,;:=\"\\\\{_DASHES}]+")


class StatLineError(ModelError):
    """A stat line refused: its number, the field, and why."""

    def __init__(self, line: int, field: str, why: str) -> None:
        self.line = line
        self.field = field
        self.why = why
        super().__init__(f"line {line}, {field}: {why}")


@record
class StatLine:
    """One line read. Fields the line leaves out are None (a template keeps its own);
    ``count`` None: none given (one)."""

    line: int
    name: str
    count: int | None = None
    stats: tuple[tuple[str, Stat], ...] = ()  # (attribute, stat), as NPC_STATS names them
    body_type: BodyType | None = None
    tags: tuple[str, ...] | None = None
    hidden: tuple[int, ...] | None = None

    @property
    def copies(self) -> int:
        return 1 if self.count is None else self.count

    def template(self, existing: NpcTemplate | None, new_id: int) -> NpcTemplate:
        """The template this line makes (``existing`` None, with id ``new_id``) or the
        existing one updated by the fields the line gives."""
        changes: dict[str, object] = dict(self.stats)
        if self.body_type is not None:
            changes["body_type"] = self.body_type
        if self.tags is not None:
            changes["tags"] = self.tags
        try:
            if existing is None:
                return NpcTemplate(new_id, self.name, **changes)  # type: ignore[arg-type]
            return existing.with_changes(**changes)
        except ModelError as error:
            raise StatLineError(self.line, "line", str(error)) from None


# ----- reading ---------------------------------------------------------------------------------

def _tokens(text: str, line: int) -> list[tuple[str, bool]]:
    """The fields' words: (word, quoted). Commas, semicolons and spaces separate them; a
    key's ``:`` or ``=`` is its own separator; ``"..."`` is one word (``\\"`` a quote)."""
    found: list[tuple[str, bool]] = []
    at = 0
    while at < len(text):
        char = text[at]
        if char.isspace() or char in ",;":
            at += 1
            continue
        if char == '"':
            word, at = _quoted(text, at, line, "tags")
            found.append((word, True))
            continue
        match = _PLAIN_WORD.match(text, at)
        if match is None:
            if char in ":=":  # "Atk: 15", "Atk = 15"
                at += 1
                continue
            raise StatLineError(line, "line", f"{char!r} where a field or a value belongs")
        found.append((match.group(), False))
        at = match.end()
    return found


def _quoted(text: str, start: int, line: int, field: str) -> tuple[str, int]:
    """The text of the quoted word starting at ``start``, and where it ends."""
    out: list[str] = []
    at = start + 1
    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text):
            out.append(text[at + 1])
            at += 2
            continue
        if char == '"':
            return "".join(out), at + 1
        out.append(char)
        at += 1
    raise StatLineError(line, _LABELS.get(field, field), "a quote is not closed")


def _key(word: str) -> str | None:
    lowered = word.casefold().rstrip(":=")
    lowered = _ALIASES.get(lowered, lowered)
    return lowered if lowered in KEYS else None


def _name(text: str, line: int, name_max: int) -> str:
    name = text.strip()
    if not name:
        raise StatLineError(line, "name", "missing: write the NPC's name before his stats")
    refused = first_refused(name)
    if refused is not None:
        raise StatLineError(line, "name", f"holds {refused}, which is not text to show")
    if not visible(name):
        raise StatLineError(line, "name", "shows nothing")
    if len(name) > name_max:
        raise StatLineError(line, "name", f"{len(name)} characters; at most {name_max}")
    return name


_WORD = re.compile(f"[^\\s,;:=\"{_DASHES}]+")


def _starts_with_key(text: str) -> bool:
    first = _WORD.search(text)
    return first is None or _key(first.group()) is not None


def _split_name(rest: str, line: int) -> tuple[str, str]:
    """(the name's text, the fields' text). The name ends at the first separator the
    fields after it start from (``Skrak: Atk 15``), else at the first separator not
    after a field's name (``Skrak: Akt 15`` is Skrak's line, with a field misspelled; the
    colon of ``Skrak Atk: 15`` is Atk's), else before the first word naming a field
    (``Skrak leader Atk 8M``)."""
    if rest.startswith('"'):
        name, end = _quoted(rest, 0, line, "name")
        after = rest[end:].lstrip()
        separator = _SEPARATOR.match(" " + after) if after else None
        if separator is not None:
            after = (" " + after)[separator.end():]
        return name, after
    separators = list(_SEPARATOR.finditer(rest))
    for separator in separators:
        if _starts_with_key(rest[separator.end():]):
            return rest[:separator.start()], rest[separator.end():]
    for separator in separators:
        before = _WORD.findall(rest[:separator.start()])
        if not (len(before) > 1 and _key(before[-1]) is not None):
            return rest[:separator.start()], rest[separator.end():]
    for index, word in enumerate(_WORD.finditer(rest)):
        if index and _key(word.group()) is not None:
            return rest[:word.start()], rest[word.start():]
    return rest, ""


def _stat(word: str, quoted: bool, line: int, key: str) -> Stat:
    label = _LABELS[key]
    if quoted:
        raise StatLineError(line, label, "a value like 15 or a rating like 8M, not quoted text")
    try:
        stat = Stat(word)  # as written: 8m is 8M, and a template keeps what it was given
    except ModelError as error:
        raise StatLineError(line, label, f"{word!r} is not a value like 15 or a rating like "
                                         f"8M ({error})") from None
    if stat.value > POINTS.high:
        raise StatLineError(line, label, f"{word} is out of range: {POINTS.describe()}")
    return stat


def parse_stat_line(text: str, line: int = 1, *, name_max: int = NAME_MAX) -> StatLine:
    """One stat line (module docstring); a :class:`StatLineError` names the field and why.
    ``name_max``: the longest name taken (typed: a name's field; imported: the model's)."""
    rest = text.strip()
    mark = _LIST_MARK.match(rest)
    if mark is not None:
        rest = rest[mark.end():]
    count: int | None = None
    counted = _COUNT.match(rest)
    if counted is not None:
        count = int(counted.group(1)[:6])
        if not 1 <= count <= MAX_SPAWN or len(counted.group(1)) > 6:
            raise StatLineError(line, "count", f"1 to {MAX_SPAWN} copies, not "
                                               f"{counted.group(1)[:8]}")
        rest = rest[counted.end():]
    name_text, fields_text = _split_name(rest, line)
    name = _name(name_text, line, name_max)
    tokens = _tokens(fields_text, line)
    stats: dict[str, Stat] = {}
    body_type: BodyType | None = None
    tags: list[str] | None = None
    hidden: list[int] | None = None
    seen: set[str] = set()
    at = 0
    while at < len(tokens):
        word, quoted = tokens[at]
        key = None if quoted else _key(word)
        if key is None:
            raise StatLineError(line, word[:20], "not a field (the fields: Atk, Def, Dmg, "
                                                 "AR, Vit, Nish, MR, type, tags, hidden)")
        label = _LABELS[key]
        if key in seen:
            raise StatLineError(line, label, "given twice")
        seen.add(key)
        at += 1
        if key == "tags":
            tags = []
            while at < len(tokens) and (tokens[at][1] or _key(tokens[at][0]) is None):
                tag = tokens[at][0]
                if not tag.strip() or first_refused(tag) is not None or not visible(tag) \
                        or len(tag) > NAME_MAX:
                    raise StatLineError(line, "tags", f"{tag[:20]!r} is not a tag (a word "
                                                      f"of at most {NAME_MAX} characters)")
                tags.append(tag)
                at += 1
            if len(tags) > TAGS_HELD:
                raise StatLineError(line, "tags", f"{len(tags)} tags; at most {TAGS_HELD}")
            continue
        if key == "hidden":
            hidden = []
            while at < len(tokens) and not tokens[at][1] and tokens[at][0].isdigit():
                copy = int(tokens[at][0][:6])
                if not 1 <= copy <= (count or 1) or len(tokens[at][0]) > 6:
                    raise StatLineError(line, "hidden", f"copy {tokens[at][0][:8]} of "
                                                        f"{count or 1}: each hidden copy is "
                                                        "one of the count")
                hidden.append(copy)
                at += 1
            if not hidden:  # the word alone: every copy
                hidden = list(range(1, (count or 1) + 1))
            continue
        if at >= len(tokens):
            raise StatLineError(line, label, "has no value after it")
        value, value_quoted = tokens[at]
        at += 1
        if key == "type":
            kind = None if value_quoted else _TYPES.get(value.casefold())
            if kind is None:
                raise StatLineError(line, "type", f"P (Personal), V (Vehicle) or S (Ship), "
                                                  f"not {value[:20]!r}")
            body_type = kind
            continue
        stats[_STATS[key][0]] = _stat(value, value_quoted, line, key)
    return StatLine(line, name, count, tuple(stats.items()), body_type,
                    None if tags is None else tuple(tags),
                    None if hidden is None else tuple(sorted(set(hidden))))


def parse_stat_lines(text: str, *, first: int = 1, name_max: int = NAME_MAX
                     ) -> tuple[list[StatLine], list[StatLineError]]:
    """Every line of ``text`` (numbered from ``first``), blank lines passed over: the lines
    read, and each bad line's error. Two lines of the same name are one error (the second),
    since they would make or update the same template twice."""
    read: list[StatLine] = []
    errors: list[StatLineError] = []
    names: dict[str, int] = {}
    for number, raw in enumerate(text.split("\n"), start=first):
        if not raw.strip():
            continue
        try:
            found = parse_stat_line(raw, number, name_max=name_max)
        except StatLineError as error:
            errors.append(error)
            continue
        key = found.name.casefold()
        if key in names:
            errors.append(StatLineError(number, "name", f"{found.name} is on line "
                                                        f"{names[key]} already"))
            continue
        names[key] = number
        read.append(found)
    return read, errors


# ----- writing ---------------------------------------------------------------------------------

def _word(text: str, *, name: bool = False) -> str:
    """``text`` as one word of a line: quoted when it holds a space or a mark, would be
    read as a field, or (a name) as a count."""
    plain = _PLAIN_WORD.fullmatch(text) is not None and _key(text) is None
    if name:
        plain = (_SEPARATOR.search(text) is None and not text.startswith('"')
                 and _COUNT.match(text) is None and _LIST_MARK.match(text) is None
                 and text == text.strip() and all(_key(w) is None for w in text.split()))
    if plain:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_stat_line(template: NpcTemplate, count: int | None = None,
                     hidden: tuple[int, ...] = ()) -> str:
    """The line that reads back as ``template`` (every field it holds), ``count`` copies of
    it, ``hidden`` among them: ``4 x Skrak: Atk 15, Def 8, ..., hidden 3 4``."""
    parts = [f"{label} {stat.text}" for attribute, _key, label in NPC_STATS
             if (stat := getattr(template, attribute)) is not None]
    if template.body_type is not BodyType.P:
        parts.append(f"type {template.body_type.value}")
    if template.tags:
        parts.append("tags " + " ".join(_word(tag) for tag in template.tags))
    if hidden:
        parts.append("hidden " + " ".join(str(copy) for copy in hidden))
    head = ("" if count is None else f"{count} x ") + _word(template.name, name=True)
    return f"{head}: {', '.join(parts)}" if parts else head


def merged(first: StatLine, later: StatLine) -> StatLine:
    """Two lines of one template (an adventure lists its foes in each encounter): the
    fields of both, ``first``'s number. A field both give must agree; ``later`` is named
    when it does not."""
    stats = dict(first.stats)
    for attribute, stat in later.stats:
        held = stats.get(attribute)
        if held is not None and held.text.upper() != stat.text.upper():
            label = next(lab for att, _k, lab in NPC_STATS if att == attribute)
            raise StatLineError(later.line, label, f"{stat.text} differs from line "
                                                   f"{first.line} ({held.text})")
        stats[attribute] = stat
    pairs: list[tuple[str, object, object]] = [
        ("type", first.body_type, later.body_type), ("tags", first.tags, later.tags)]
    for label, mine, theirs in pairs:
        if mine is not None and theirs is not None and mine != theirs:
            raise StatLineError(later.line, label, f"differs from line {first.line}")
    order = [attribute for attribute, _key, _label in NPC_STATS if attribute in stats]
    return StatLine(first.line, first.name, first.count,
                    tuple((attribute, stats[attribute]) for attribute in order),
                    first.body_type or later.body_type,
                    first.tags if first.tags is not None else later.tags, first.hidden)
