"""The one result workflow (``tournaments.services.workflow``) that knockout matches, ladder
challenges and league fixtures share: the same questions in the same order (who, before
what), the same correction with its reason, and the lengths rule's default everywhere."""

import datetime

import pytest

from tests.factories import members
from tournaments import formats, forms
from tournaments.models import Fixture
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues
from tournaments.services.errors import NotAllowed, TournamentError
from tournaments.services.options import DEFAULT_OPTIONS

pytestmark = pytest.mark.django_db


@pytest.fixture
def decided_challenge(club):
    ladder = ladders.ladder_create(club=club, name="Ladder", length=5)
    players = members(club, 3)
    for player in players:
        ladders.ladder_join(ladder=ladder, player=player)
    a, b, c = players
    challenge = ladders.challenge_issue(ladder=ladder, by=c.user, challenged=b)
    ladders.challenge_enter(challenge=challenge, by=None, winner=c.pk, score_challenger=5,
                            score_challenged=2)
    return challenge, a


@pytest.fixture
def fixture(club):
    players = members(club, 4)
    season = leagues.season_create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 5),
        ends_on=datetime.date(2026, 6, 30), divisions=[[p.pk for p in players]])
    leagues.season_start(season=season)
    return Fixture.objects.filter(division__season=season).select_related(
        "player_a__user", "player_b__user").first(), players


def test_a_stranger_confirming_a_decided_challenge_is_refused_as_a_stranger(
        decided_challenge):
    challenge, stranger = decided_challenge
    with pytest.raises(NotAllowed, match="Only the opponent"):
        ladders.challenge_confirm(challenge=challenge, by=stranger.user)


def test_a_stranger_reporting_a_decided_challenge_is_refused_as_a_stranger(
        decided_challenge):
    challenge, stranger = decided_challenge
    with pytest.raises(NotAllowed, match="Only the two players report their challenge"):
        ladders.challenge_report(challenge=challenge, by=stranger.user,
                                 winner=challenge.challenger_id, score_challenger=5,
                                 score_challenged=0)


def test_a_ladder_correction_without_a_reason_is_refused_as_a_knockouts_is(
        decided_challenge):
    challenge, _ = decided_challenge
    with pytest.raises(TournamentError, match="Give a reason"):
        ladders.challenge_correct(challenge=challenge, by=None, winner=challenge.challenged_id,
                                  score_challenger=2, score_challenged=5, reason="  ")


def test_the_reporter_does_not_confirm_their_own_fixture(fixture):
    row, _ = fixture
    leagues.fixture_report(fixture=row, by=row.player_a.user, winner=row.player_a_id,
                           score_a=7, score_b=1)
    with pytest.raises(NotAllowed, match="Only the opponent"):
        leagues.fixture_confirm(fixture=row, by=row.player_a.user)
    assert leagues.fixture_confirm(fixture=row, by=row.player_b.user).status == "finished"


def test_a_fixture_entered_twice_is_refused_and_corrected_with_a_reason(fixture):
    row, _ = fixture
    leagues.fixture_enter(fixture=row, by=None, winner=row.player_a_id, score_a=7, score_b=1)
    with pytest.raises(TournamentError, match="correct it instead"):
        leagues.fixture_enter(fixture=row, by=None, winner=row.player_b_id, score_a=1,
                              score_b=7)
    with pytest.raises(TournamentError, match="already recorded"):
        leagues.fixture_correct(fixture=row, by=None, winner=row.player_a_id, score_a=7,
                                score_b=1, reason="Same")
    corrected = leagues.fixture_correct(fixture=row, by=None, winner=row.player_b_id,
                                        score_a=1, score_b=7, reason="Swapped")
    assert (corrected.winner_id, corrected.score_a, corrected.score_b) == (row.player_b_id, 1, 7)


def test_every_default_length_is_the_lengths_rules(club, fixture):
    row, _ = fixture
    main = formats.DEFAULT_LENGTHS[formats.Flight.MAIN]
    assert formats.DEFAULT_LENGTH == main == row.length
    assert ladders.ladder_create(club=club, name="Default").length == main
    assert DEFAULT_OPTIONS["lengths"] == {str(f): n for f, n in formats.DEFAULT_LENGTHS.items()}
    assert forms.LadderForm().fields["length"].initial == main
    assert forms.SeasonForm().fields["length"].initial == main


def test_a_clubs_referee_confirms_a_report_in_the_opponents_stead(fixture, carol):
    """A second person decides a report one login made: the opponent, or the club's admin
    or referee (a match played on one device ends as such a report)."""
    row, _ = fixture
    leagues.fixture_report(fixture=row, by=row.player_a.user, winner=row.player_a_id,
                           score_a=7, score_b=1)
    assert leagues.fixture_confirm(fixture=row, by=carol).status == "finished"


def test_another_clubs_admin_does_not_confirm_a_report(fixture, dave):
    row, _ = fixture
    leagues.fixture_report(fixture=row, by=row.player_a.user, winner=row.player_a_id,
                           score_a=7, score_b=1)
    with pytest.raises(NotAllowed, match="Only the opponent"):
        leagues.fixture_confirm(fixture=row, by=dave)
    row.refresh_from_db()
    assert row.status != "finished"


# --------------------------------------------------------------------------- evidence


def _record(status, winner=0, left=3, right=1):
    from types import SimpleNamespace

    return SimpleNamespace(rules_check=SimpleNamespace(status=status), winner=winner,
                           score_left=left, score_right=right)


def test_a_checked_file_that_agrees_confirms_the_reported_result():
    from tournaments.services.workflow import evidence_verdict

    verdict = evidence_verdict(_record("passed"), players=(7, 8), winner=7, score_a=3,
                               score_b=1)
    assert verdict.confirms and verdict.why is None


@pytest.mark.parametrize(("status", "winner", "why"), [
    ("failed", 7, "the rules check found violations"),
    ("error", 7, "could not replay the match file"),
    ("passed", 8, "the match file's score is 3–1"),
])
def test_a_file_that_does_not_confirm_says_why_a_person_decides(status, winner, why):
    from tournaments.services.workflow import evidence_verdict

    verdict = evidence_verdict(_record(status), players=(7, 8), winner=winner, score_a=3,
                               score_b=1)
    assert not verdict.confirms and why in str(verdict.why)


def test_a_file_not_checked_yet_has_no_verdict():
    from tournaments.services.workflow import evidence_verdict

    assert evidence_verdict(_record("queued"), players=(7, 8), winner=7, score_a=3,
                            score_b=1) is None


def test_a_report_s_evidence_keeps_an_explicit_person_decides_state():
    from config.texts import StoredText
    from tournaments.services.workflow import evidence_fields

    why = StoredText.gettext("Played on one device by %(name)s.", name="Dave")
    assert evidence_fields(None, why)["person_decides"] is True
    assert evidence_fields(None)["person_decides"] is False
