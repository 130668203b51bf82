"""Hypothesis strategies for the campaign model."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st

from console.model import (
    Allowance,
    ApAward,
    AwardKind,
    BodyType,
    Campaign,
    Change,
    Combatant,
    Condition,
    Encounter,
    Hold,
    InitiativeMode,
    LogEntry,
    NpcTemplate,
    PlayerCharacter,
    Session,
    Shock,
    Side,
    Status,
    Weapon,
)
from console.model.characters import PC_STATS
from console.model.npcs import NPC_STATS
from console.model.table_settings import (
    LIMIT_MAX,
    LIMIT_MIN,
    NpcNames,
    PcHealth,
    PlayersSettings,
    TurnTimer,
)
from console.model.text import visible

__all__ = ["campaigns", "encounters", "log_entries", "npcs", "pcs", "sessions", "stat_texts"]

ids = st.integers(min_value=1, max_value=10_000)
counts = st.integers(min_value=0, max_value=5_000)
# What a name or a note may hold (console.model.text): any text but the characters that
# steer a terminal; a name shows something. tests/model/test_text.py tries those too.
_shown = st.characters(exclude_categories=("Cc", "Cs"),
                       exclude_characters="\u061c\u200e\u200f\u2028\u2029\ufeff"
                       + "".join(map(chr, range(0x202A, 0x202F)))
                       + "".join(map(chr, range(0x2066, 0x206A))))
text = st.text(_shown, max_size=30)
names = st.text(_shown, min_size=1, max_size=20).filter(visible)
ratings = st.builds(
    lambda die, category, kind, lower: (f"{die}{category}{kind}".lower() if lower
                                         else f"{die}{category}{kind}"),
    st.sampled_from([6, 8, 10]), st.sampled_from("LMH"), st.sampled_from(["", "P", "V", "S", "B"]),
    st.booleans(),
)
values = st.one_of(
    st.integers(min_value=0, max_value=10**6).map(str),
    st.decimals(min_value=0, max_value=1000, places=2, allow_nan=False).map(str),
)
stat_texts = st.one_of(ratings, values)
optional_stats = st.one_of(st.none(), stat_texts)
times = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                     timezones=st.just(UTC))

weapons = st.builds(Weapon, names, optional_stats, optional_stats, text)
pcs = st.builds(
    PlayerCharacter, id=ids, name=names, player=text, player_rank=st.integers(0, 30),
    weapons=st.lists(weapons, max_size=3).map(tuple), wounds=counts, ap_total=counts,
    unused_ap=counts, rank=st.integers(0, 30), missions_completed=counts,
    allowance=st.builds(Allowance, counts, counts), notes=text, ship_captain=st.booleans(),
    **{attribute: optional_stats for attribute, _, _ in PC_STATS},
)
npcs = st.builds(
    NpcTemplate, id=ids, name=names, body_type=st.sampled_from(BodyType), notes=text,
    tags=st.lists(names, max_size=4).map(tuple),
    **{attribute: optional_stats for attribute, _, _ in NPC_STATS},
)
nish_values = st.one_of(st.none(), st.integers(0, 200))
combatants = st.builds(
    Combatant, id=ids, name=names, side=st.sampled_from(Side), ref=st.one_of(st.none(), ids),
    nish=nish_values, recorded_nish=nish_values, wounds=counts,
    vit_max=st.one_of(st.none(), counts), status=st.sampled_from(Status),
    shock=st.sampled_from(Shock), hold=st.sampled_from(Hold), tie_order=st.integers(-5, 5),
    group=st.one_of(st.none(), ids),
    pass_out_check_done=st.booleans(), drain_stopped=st.booleans(), notes=text,
    hidden=st.booleans(), foe=st.one_of(st.none(), ids), named=st.booleans(),
)
conditions = st.builds(Condition, name=names, target=st.one_of(st.none(), ids),
                       until_round=st.one_of(st.none(), st.integers(0, 100)),
                       since_round=st.integers(0, 100), notes=text)
encounters = st.builds(
    Encounter, id=ids, name=names,
    combatants=st.lists(combatants, max_size=6, unique_by=lambda c: c.id).map(tuple),
    round=st.integers(0, 100), current=st.one_of(st.none(), st.sampled_from(["c1", "wave"])),
    mode=st.sampled_from(InitiativeMode), party_nish=nish_values,
    leader=st.one_of(st.none(), ids),
    conditions=st.lists(conditions, max_size=3).map(tuple), active=st.booleans(),
    turn_since=st.one_of(st.none(), times),
)
awards = st.builds(ApAward, ids, st.integers(0, 50), st.sampled_from(AwardKind), text)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    start = draw(times)
    length = draw(st.one_of(st.none(), st.timedeltas(timedelta(0), timedelta(hours=12))))
    return Session(draw(st.integers(0, 9999)), start, None if length is None else start + length,
                   tuple(draw(st.lists(awards, max_size=4))), draw(text))


players_settings = st.builds(PlayersSettings, st.sampled_from(PcHealth),
                             st.sampled_from(NpcNames), st.booleans(), st.booleans())
turn_timers = st.builds(TurnTimer, st.booleans(),
                        st.one_of(st.none(), st.integers(LIMIT_MIN, LIMIT_MAX)))
campaigns = st.builds(Campaign, names, times, text, st.integers(1, 100),
                      players=players_settings, turn_timer=turn_timers)
scalars = st.one_of(st.integers(), st.text(max_size=5), st.none(), st.booleans())
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from("abcd"), inner, max_size=3),
        # lists of documents with ids: what $items patches are for
        st.lists(st.fixed_dictionaries({"id": st.integers(1, 4), "x": inner}), max_size=4),
    ),
    max_leaves=12,
)
json_docs = st.dictionaries(st.sampled_from(["a", "b", "c", "$fields", "$items"]), json_values,
                            max_size=4)
changes = st.builds(Change.between, st.sampled_from(["pcs", "npcs", "encounters"]), ids,
                    st.one_of(st.none(), json_docs), json_docs)
log_entries = st.builds(LogEntry, ids, names, text, times,
                        st.lists(changes, max_size=3).map(tuple))
