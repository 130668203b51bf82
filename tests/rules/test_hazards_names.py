"""A hazard is shown by its own name: drowning under water, suffocation without air, read
whole or from its saved form (the tracker's rows)."""

from __future__ import annotations

from console.rules.hazards import hazard_name, saved_hazard_name, suffocation, vacuum


def test_drowning_is_named_drowning_wherever_it_is_shown() -> None:
    water = suffocation.start("water", prepared=False)
    air = suffocation.start("no air", prepared=False)
    assert (hazard_name(water), hazard_name(air)) == ("drowning", "suffocation")
    assert saved_hazard_name(water.to_dict()) == "drowning"
    assert saved_hazard_name(air.to_dict()) == "suffocation"
    exposed = vacuum.start(ears_exposed=False)
    assert hazard_name(exposed) == saved_hazard_name(exposed.to_dict()) == "vacuum"
