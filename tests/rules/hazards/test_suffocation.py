"""Suffocation and drowning, with the issue's worked examples."""

import pytest

from console.rules.errors import RulesError
from console.rules.hazards import suffocation as s
from console.rules.hazards.common import EffectKind


def run(state, results):
    """Tick one Nish per result (None = expect nothing due); collect (ability, dif) asked."""
    asked = []
    for result in results:
        state = s.nish(state)
        check = s.due(state)
        if result is None:
            assert check is None, s.status(state)
            asked.append(None)
            continue
        assert check is not None, s.status(state)
        asked.append((check.ability, check.difficulty))
        state, _step = s.apply(state, result)
    return state, asked


def test_wp_8l_holds_breath_two_rounds_then_wp_5_10_15() -> None:
    state = s.start("water", prepared=True, wp="8L")
    state, asked = run(state, [None, None, 99, 99, 99])
    assert asked == [None, None, ("WP", 5), ("WP", 10), ("WP", 15)]
    assert state.phase is s.Phase.STRUGGLING and state.rounds == 5


def test_breath_rounds_is_the_wp_level() -> None:
    assert [s.breath_rounds(r) for r in ("6L", "8L", "10L", "6M", "10H")] == [1, 2, 3, 4, 9]
    assert s.breath_rounds("10HB") == 0  # Bantam has no level


def test_unprepared_rolls_wp_5_on_the_first_nish() -> None:
    _state, asked = run(s.start("no air", prepared=False), [99])
    assert asked == [("WP", 5)]


def test_passing_out_in_no_air_leads_to_vit_5_10_15_then_death() -> None:
    state = s.start("no air", prepared=False)
    state, asked = run(state, [99, 0, 99, 99, 0])
    assert asked == [("WP", 5), ("WP", 10), ("Vit", 5), ("Vit", 10), ("Vit", 15)]
    assert state.phase is s.Phase.DEAD
    state, asked = run(state, [None, None])  # the count goes on while dead
    assert state.rounds == 7
    ended, step = s.end(state)
    assert ended.phase is s.Phase.ENDED
    assert step.amount_of(EffectKind.REVIVE_DIF) == 7
    assert step.amount_of(EffectKind.BRAIN_DAMAGE_DIF) == 7


def test_passing_out_in_water_is_death() -> None:
    state = s.nish(s.start("water", prepared=False))
    state, step = s.apply(state, 4)
    assert state.phase is s.Phase.DEAD
    assert step.has(EffectKind.DEAD) and step.outcome is not None and not step.outcome.success


def test_tie_goes_to_the_player() -> None:
    state = s.nish(s.start("water", prepared=False))
    state, step = s.apply(state, 5)
    assert state.phase is s.Phase.STRUGGLING and not step.effects


def test_unconscious_revive_dif_is_total_rounds_including_held_breath() -> None:
    state = s.start("no air", prepared=True, wp="6L")  # holds 1 round
    state, _ = run(state, [None, 0, 10])
    assert state.phase is s.Phase.UNCONSCIOUS and state.rounds == 3
    _ended, step = s.end(state)
    assert step.amount_of(EffectKind.REVIVE_DIF) == 3


def test_conscious_victim_needs_no_revival() -> None:
    state, _ = run(s.start("water", prepared=False), [5])
    _ended, step = s.end(state)
    assert not step.has(EffectKind.REVIVE_DIF)


def test_races_that_do_not_breathe_are_immune() -> None:
    state = s.start("water", prepared=False, breathes=False)
    for _ in range(5):
        state = s.nish(state)
        assert s.due(state) is None
    assert "immune" in s.status(state)


def test_misuse_raises_clear_errors() -> None:
    with pytest.raises(RulesError, match="WP rating"):
        s.start("water", prepared=True)
    with pytest.raises(RulesError, match="medium"):
        s.start("lava", prepared=False)
    with pytest.raises(RulesError, match="WP"):
        s.start("water", prepared=True, wp="7L")
    state = s.nish(s.start("water", prepared=False))
    with pytest.raises(RulesError, match="still owed"):
        s.nish(state)
    with pytest.raises(RulesError, match="whole number"):
        s.apply(state, "12")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="negative"):
        s.apply(state, -1)
    with pytest.raises(RulesError, match="no check"):
        s.apply(s.start("water", prepared=False), 10)
    ended, _ = s.end(state)
    with pytest.raises(RulesError, match="ended"):
        s.nish(ended)
    with pytest.raises(RulesError, match="ended"):
        s.end(ended)


def test_inhale_passes_out_at_once() -> None:
    state, step = s.inhale(s.start("no air", prepared=False))
    assert state.phase is s.Phase.UNCONSCIOUS and step.has(EffectKind.UNCONSCIOUS)
    state, asked = run(state, [5])
    assert asked == [("Vit", 5)]
