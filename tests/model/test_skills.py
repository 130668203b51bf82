"""A sheet's skills (issue 31): Façade's skill totals and Metalface's core skills, whose
highest gives the professional rank."""

from __future__ import annotations

import json

import pytest

from console.model import PlayerCharacter
from console.model.errors import ModelError
from console.model.skills import Skills, format_skills, parse_skills


def test_metalface_rank_from_the_highest_core_skill() -> None:
    """"For example, a character with a doctor core skill of level 5 would considered a
    'Master Doctor.'\""""
    doctor = PlayerCharacter.new(1, "Ada", skills=parse_skills("Doctor 5, Pilot 2", 6))
    assert doctor.skills.rank == "Master"
    assert Skills().rank == "Unskilled" and parse_skills("Guns 6", 6).rank == "Elite"
    assert PlayerCharacter.from_dict(json.loads(json.dumps(doctor.to_dict()))) == doctor


def test_skills_read_and_written_back() -> None:
    skills = parse_skills(" Swords 5 , Martial Arts 2,, Dodge 0 ")
    assert skills.levels == (("Swords", 5), ("Martial Arts", 2), ("Dodge", 0))
    assert parse_skills(format_skills(skills)) == skills
    assert skills.level("swords") == 5 and skills.level("Riding") == 0
    assert skills.has("DODGE") and not skills.has("Riding")
    with pytest.raises(ModelError, match="like Swords 5"):
        parse_skills("Swords")
    with pytest.raises(ModelError, match="0 to 6"):
        parse_skills("Guns 7", 6)
    with pytest.raises(ModelError):
        Skills((("Swords", -1),))
