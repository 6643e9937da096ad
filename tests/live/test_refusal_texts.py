"""A refused play reads in the player's language: the engine (pure) refuses with a rule's
stable code, and the live board's reason is that code's marked sentence, translated at the
edge (never the engine's English detail, never the raw code)."""

import pytest
from django.utils import translation

from games.engine import IllegalPlayError
from games.engine.rules import Rule
from live.core.match import _PLAY_REFUSALS, Refused, _play_refusal
from live.services import refusal_text

LANGUAGES = ("da", "de", "it", "ja")


def _refused(rule: Rule) -> Refused:
    error = IllegalPlayError(rule, "4HPwATDgc/ABMA", "13/7", detail="checkers on the bar "
                             "must enter first" if rule == Rule.BAR_FIRST else "1 of 2 dice")
    template, params = _play_refusal(error, "13/7")
    return Refused(template, params=params, marked=("rule",))


@pytest.mark.parametrize("rule", [Rule.BAR_FIRST, Rule.MUST_USE_BOTH_DICE, Rule.HIGHER_DIE,
                                  Rule.BLOCKED_POINT, Rule.WRONG_DISTANCE])
def test_a_refused_play_names_its_rule_in_every_language(rule):
    refused = _refused(rule)
    english = refusal_text(refused)
    assert _PLAY_REFUSALS[rule.value] in english and rule.value not in english
    for language in LANGUAGES:
        with translation.override(language):
            text = refusal_text(refused)
        assert "13/7" in text
        assert _PLAY_REFUSALS[rule.value] not in text, (language, text)
        assert rule.value not in text and "legal play" not in text, (language, text)


def test_the_engines_english_detail_is_not_shown():
    with translation.override("de"):
        text = refusal_text(_refused(Rule.BAR_FIRST))
    assert "bar must enter" not in text and "bar first" not in text


@pytest.mark.parametrize("play, code", [("13/8(5)", "token"), ("eight to five", "pair"),
                                        ("13/x", "point"), ("13/bar", "bar_destination"),
                                        ("off/13", "off_source"), ("30/24", "range")])
def test_an_unreadable_play_is_refused_in_german_without_the_engines_english(play, code):
    from live.core import Action
    from live.core.match import _NOTATION_REFUSALS
    from tests.live.test_core import _opened

    with pytest.raises(Refused) as refused:
        _opened().apply(Action("move", 0, play=play))
    with translation.override("de"):
        text = refusal_text(refused.value)
        reason = translation.gettext(_NOTATION_REFUSALS[code])
    assert text.startswith(f"{play!r} ist kein Zug: {reason}."), text
    for english in ("bad token", "bad point", "needs a source", "never a destination",
                    "never a source", "is not 1-25"):
        assert english not in text, text


@pytest.mark.parametrize("beaver", [False, True])
def test_a_cube_refusal_without_its_own_sentence_is_no_engine_english(beaver):
    from games.engine import CubeError
    from live.core.match import _cube_refusal

    error = CubeError(Rule.DICE_RANGE, "player 0 may not double (engine detail)")
    template, params = _cube_refusal(error, beaver=beaver)
    with translation.override("de"):
        text = refusal_text(Refused(template, params=params))
        expected = translation.gettext("You cannot beaver now." if beaver
                                       else "You cannot double now.")
    assert "engine detail" not in text and "player 0" not in text
    assert text == expected
