"""A round's name is a sentence kept untranslated (``config.texts``) and read in each
reader's language wherever it is shown: the round itself (bracket, player pages, admin),
the finished match's event (player pages), the notice that a match is ready (mail)."""

import datetime

import pytest
from django.utils import translation

from notifications.models import Notification
from notifications.services.scan import notifications_scan
from results.models import FinishedMatch
from tests.factories import members, tournament_of
from tournaments import services
from tournaments.models import Round, TournamentMatch

pytestmark = pytest.mark.django_db

LANGUAGES = ("da", "de", "it", "ja")


@pytest.fixture(autouse=True)
def _the_default_language_afterwards():
    yield
    translation.deactivate()


@pytest.fixture
def cup(club):
    """Eight entrants in a single elimination: round 1, semi-finals, final."""
    return tournament_of(club, members(club, 8, name="P{}", username="p{}"),
                         starts_on=datetime.date(2026, 11, 27))


def _names(tournament) -> list[str]:
    return [r.display_name for r in Round.objects.filter(tournament=tournament)
            .order_by("number")]


def test_a_rounds_name_is_stored_in_english_and_read_in_every_language(cup):
    assert list(cup.rounds.order_by("number").values_list("name", flat=True)) == [
        "Main round 1", "Main semi-finals", "Main final"]
    english = _names(cup)
    assert english == ["Main round 1", "Main semi-finals", "Main final"]
    for language in LANGUAGES:
        with translation.override(language):
            shown = _names(cup)
            assert all(name not in english for name in shown), (language, shown)
            assert shown[0] == translation.gettext("Main round %(number)s") % {"number": 1}
            # The admin's object name too.
            assert str(cup.rounds.get(number=3)).startswith(shown[2])


def test_the_finished_matchs_event_names_the_round_in_the_readers_language(cup, alice):
    first = TournamentMatch.objects.filter(tournament=cup, round_number=1).first()
    services.match_result_enter(match=first, by=alice, winner=first.player_a_id, score_a=7,
                                score_b=3)
    row = FinishedMatch.objects.get(source="tournament", source_id=first.pk)
    assert row.event == "Cup — Main round 1"  # the plain column, for exports
    for language in LANGUAGES:
        with translation.override(language):
            round_ = translation.gettext("Main round %(number)s") % {"number": 1}
            assert row.event_shown == f"Cup — {round_}" != row.event


def test_the_match_ready_notice_names_the_round_in_the_readers_language(cup):
    notifications_scan()
    notice = Notification.objects.filter(kind="match_ready").first()
    assert notice is not None
    assert "Main round 1" in notice.text
    for language in LANGUAGES:
        with translation.override(language):
            round_ = translation.gettext("Main round %(number)s") % {"number": 1}
            assert round_ in notice.shown_text and "Main round" not in notice.shown_text
            assert round_ in str(notice)  # the admin's object name
