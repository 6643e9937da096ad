"""Session settings: defaults, validation, and the engine rules they give."""

import pytest

from chouette.core import (
    BoxAnswerPolicy,
    ChouetteSettings,
    Consultation,
    CubeMode,
    SettingsError,
)
from games.engine import Rules


def test_defaults_follow_the_issue():
    settings = ChouetteSettings()
    assert settings.cube_mode is CubeMode.PER_MEMBER
    assert (settings.jacoby, settings.beavers, settings.raccoons) == (True, True, False)
    assert settings.automatic_doubles == 0
    assert settings.consultation is Consultation.NO_CUBE_NO_TALK
    assert settings.box_partner_from is None
    assert settings.box_answer_policy is BoxAnswerPolicy.FREE
    assert settings.cube_limit is None


def test_strings_are_accepted_for_the_choices():
    settings = ChouetteSettings(
        cube_mode="team", consultation="free", box_answer_policy="take_captains"
    )
    assert settings.cube_mode is CubeMode.TEAM
    assert settings.box_answer_policy is BoxAnswerPolicy.TAKE_CAPTAINS


def test_engine_rules_are_money_rules_with_the_session_options():
    rules = ChouetteSettings(raccoons=True, automatic_doubles=1, cube_limit=64).to_engine_rules()
    assert isinstance(rules, Rules)
    assert rules.match_length == 0
    assert (rules.jacoby, rules.beavers, rules.raccoons) == (True, True, True)
    assert (rules.automatic_doubles, rules.cube_limit) == (1, 64)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cube_mode": "single"}, "cube_mode must be one of"),
        ({"box_answer_policy": "half"}, "box_answer_policy"),
        ({"consultation": "loud"}, "consultation"),
        ({"automatic_doubles": 2}, "at most one"),
        ({"automatic_doubles": -1}, "automatic_doubles"),
        ({"box_partner_from": 5}, ">= 6"),
        ({"box_partner_from": True}, "box_partner_from"),
        ({"cube_limit": 3}, "power of two"),
        ({"cube_limit": 0}, "power of two"),
        ({"jacoby": "yes"}, "True or False"),
        ({"raccoons": True, "beavers": False}, "raccoons need beavers"),
    ],
)
def test_bad_settings_are_refused(changes, message):
    with pytest.raises(SettingsError, match=message):
        ChouetteSettings(**changes)


def test_box_partner_active_from_n_players():
    settings = ChouetteSettings(box_partner_from=6)
    assert not settings.box_partner_active(5) and settings.box_partner_active(6)
    assert not ChouetteSettings().box_partner_active(12)
