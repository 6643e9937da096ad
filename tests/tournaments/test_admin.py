"""The referees' admin for tournaments: the queue of flagged and disputed matches, decisions
with a required reason (through the services, with an audit entry), the audit trail on the
match's page, and nothing of another club."""


import pytest
from django.urls import reverse
from django.utils import translation

from audit.models import AuditEntry
from tests.factories import member, members_named, tournament_of
from tournaments import services
from tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db
CHANGELIST = "admin:tournaments_tournamentmatch_changelist"


@pytest.fixture
def cup(club):
    return tournament_of(club, members_named(club, "Ann", "Ben", "Cat", "Dan"),
                         name="Admin Cup")


def _match(cup, key):
    return TournamentMatch.objects.select_related("player_a__user", "player_b__user").get(
        tournament=cup, key=key)


@pytest.fixture
def disputed(cup):
    match = _match(cup, "M1-1")
    report = services.match_result_report(match=match, by=match.player_a.user,
                                          winner=match.player_a_id, score_a=7, score_b=3)
    services.match_result_dispute(report=report, by=match.player_b.user, reason="I won 7-6")
    return _match(cup, "M1-1")


@pytest.fixture
def referee(carol, staff_permissions):
    return staff_permissions(carol, "view_tournamentmatch")


def _act(client, action, match, **form):
    data = {"action": action, "_selected_action": [match.pk]}
    if form:
        data.update(apply="1", **form)
    return client.post(reverse(CHANGELIST), data)


def test_the_queue_lists_flagged_and_disputed_matches_only(client, referee, disputed, cup):
    client.force_login(referee)
    page = client.get(reverse(CHANGELIST), {"flagged": "yes"}).content.decode()
    assert "I won 7-6" in page and "M1-1" in page
    assert "M1-2" not in page


def test_the_referee_reads_the_flag_in_their_own_language(client, referee, disputed):
    """The dispute was written in English; a German referee's queue and match page say it
    in German (the player's own words as typed)."""
    from accounts.services.language import SESSION_KEY

    client.force_login(referee)
    session = client.session
    session[SESSION_KEY] = "de"
    session.save()
    page = client.get(reverse(CHANGELIST), {"flagged": "yes"}).content.decode()
    disputer = disputed.player_b.name
    assert f'field-shown_flag">Angefochten von {disputer}: I won 7-6<' in page
    change = reverse("admin:tournaments_tournamentmatch_change", args=[disputed.pk])
    detail = client.get(change).content.decode()
    assert "Angefochten von" in detail and "flag_message" not in detail


def test_a_referee_settles_a_dispute_with_a_reason(client, referee, disputed):
    client.force_login(referee)
    form = _act(client, "settle_dispute", disputed)
    assert form.status_code == 200 and "Required: it is kept in the audit log" in \
        form.content.decode()
    response = _act(client, "settle_dispute", disputed, winner="b", score_a=6, score_b=7,
                    reason="Both scoresheets say 6-7")
    assert response.status_code == 302
    match = _match(disputed.tournament, "M1-1")
    assert match.status == "finished" and match.winner_id == match.player_b_id
    assert not match.flag
    entry = AuditEntry.objects.get(action="result_dispute_resolved")
    assert entry.reason == "Both scoresheets say 6-7" and entry.actor == referee


def test_without_a_reason_nothing_changes(client, referee, disputed):
    client.force_login(referee)
    response = _act(client, "settle_dispute", disputed, winner="b", score_a=6, score_b=7,
                    reason="")
    assert response.status_code == 200 and "This field is required" in \
        response.content.decode()
    match = _match(disputed.tournament, "M1-1")
    assert match.status == "in_progress" and match.flag
    assert not AuditEntry.objects.exists()


def test_a_bad_score_is_refused_with_its_reason(client, referee, disputed):
    client.force_login(referee)
    response = _act(client, "settle_dispute", disputed, winner="b", score_a=6, score_b=5,
                    reason="Checked")
    assert response.status_code == 302
    messages = [m.message for m in response.wsgi_request._messages]
    assert any("not a finished result" in m for m in messages), messages
    assert _match(disputed.tournament, "M1-1").status == "in_progress"


def test_a_correction_in_the_admin_moves_the_later_round(client, referee, cup, alice):
    first = _match(cup, "M1-1")
    services.match_result_enter(match=first, by=alice, winner=first.player_a_id, score_a=7,
                                score_b=2)
    client.force_login(referee)
    _act(client, "correct_result", first, winner="b", score_a=2, score_b=7,
         reason="Scoresheet misread")
    final = _match(cup, "M2-1")
    assert final.player_a_id == first.player_b_id
    page = client.get(reverse("admin:tournaments_tournamentmatch_change",
                              args=[first.pk])).content.decode()
    assert "Scoresheet misread" in page and "Result corrected" in page


def test_a_flagged_result_is_let_stand_with_a_reason(client, referee, cup, alice):
    for key in ("M1-1", "M1-2"):
        m = _match(cup, key)
        services.match_result_enter(match=m, by=alice, winner=m.player_a_id, score_a=7,
                                    score_b=0)
    final = _match(cup, "M2-1")
    services.match_result_enter(match=final, by=alice, winner=final.player_a_id, score_a=7,
                                score_b=1)
    first = _match(cup, "M1-1")
    services.match_result_correct(match=first, by=alice, winner=first.player_b_id, score_a=0,
                                  score_b=7, reason="Wrong winner")
    assert _match(cup, "M2-1").flag  # the final was played by someone who lost
    client.force_login(referee)
    _act(client, "let_result_stand", _match(cup, "M2-1"), reason="Both agreed to keep it")
    assert not _match(cup, "M2-1").flag
    assert AuditEntry.objects.filter(reason="Both agreed to keep it").count() == 1


def test_another_clubs_admin_cannot_settle_our_dispute(client, dave, staff_permissions,
                                                       disputed):
    staff_permissions(dave, "view_tournamentmatch")
    client.force_login(dave)
    _act(client, "settle_dispute", disputed, winner="b", score_a=6, score_b=7,
         reason="I am not their referee")
    match = _match(disputed.tournament, "M1-1")
    assert match.status == "in_progress" and match.flag
    assert not AuditEntry.objects.exists()


def _final_played_then_round_one_corrected(cup, alice):
    """Ann beat Dan, Ben beat Cat, Ann beat Ben in the final; then round 1 is corrected
    (Dan won): the final was played by someone who lost."""
    for key in ("M1-1", "M1-2", "M2-1"):
        m = _match(cup, key)
        services.match_result_enter(match=m, by=alice, winner=m.player_a_id, score_a=7,
                                    score_b=0)
    first = _match(cup, "M1-1")
    services.match_result_correct(match=first, by=alice, winner=first.player_b_id,
                                  score_a=0, score_b=7, reason="Wrong winner")
    return _match(cup, "M2-1")


def test_a_referee_orders_a_flagged_match_replayed(client, referee, cup, alice):
    final = _final_played_then_round_one_corrected(cup, alice)
    assert "should be Dan v Ben" in final.flag
    client.force_login(referee)
    _act(client, "replay", final, reason="Dan should have played it")
    final = _match(cup, "M2-1")
    assert final.status == "ready" and (final.player_a.name, final.player_b.name) == (
        "Dan", "Ben")
    assert not final.flag and final.winner_id is None
    assert AuditEntry.objects.filter(reason="Dan should have played it").count() == 1


def test_a_new_result_for_a_flagged_match_is_between_the_players_it_should_have(
        client, referee, cup, alice):
    final = _final_played_then_round_one_corrected(cup, alice)
    client.force_login(referee)
    _act(client, "settle_dispute", final, winner="a", score_a=7, score_b=5,
         reason="Played again: Dan won")
    final = _match(cup, "M2-1")
    assert final.status == "finished" and final.winner.name == "Dan"
    assert (final.player_a.name, final.player_b.name) == ("Dan", "Ben") and not final.flag


def test_ladder_departures_are_listed_read_only_for_the_referees(client, club, carol,
                                                                 staff_permissions):
    from tournaments.models_formats import LadderDeparture
    from tournaments.services import ladder as ladders

    ladder = ladders.ladder_create(club=club, name="Club Ladder")
    leaver = member(club, "Lea Leaver", username="lea")
    ladders.ladder_join(ladder=ladder, player=leaver)
    ladders.ladder_leave(ladder=ladder, player=leaver, by=leaver.user)
    referee = staff_permissions(carol, "view_ladderdeparture")
    client.force_login(referee)
    changelist = reverse("admin:tournaments_ladderdeparture_changelist")
    page = client.get(changelist).content.decode()
    assert "Lea Leaver" in page and "Club Ladder" in page
    assert 'id="changelist-filter"' in page  # filters by club, ladder and date
    departure = LadderDeparture.objects.get(player=leaver)
    change = client.get(reverse("admin:tournaments_ladderdeparture_change",
                                args=[departure.pk])).content.decode()
    assert 'name="_save"' not in change  # read-only: an audit of who left
    assert client.get(reverse("admin:tournaments_ladderdeparture_add")).status_code == 403


def test_the_referees_admin_speaks_italian(client, referee, disputed):
    """Column names, object names and filters in the referee's language (issue 33.4)."""
    client.force_login(referee)
    page = client.get(reverse(CHANGELIST), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="it"' in page
    for english in (">Score A<", ">Status<", ">Player A<", " v Dan"):
        assert english not in page, english
    assert "Punteggio A" in page or "punteggio A" in page.lower()
    with translation.override("it"):  # the object's name (its page's title, the history)
        assert str(disputed) == f"M1-1: {disputed.player_a} contro {disputed.player_b}"
        report = disputed.reports.first()
        assert "vince 7–3" in str(report) and "wins" not in str(report)


def test_the_fields_have_names_in_every_language():
    from games.models import Violation
    from tournaments.models import ResultReport

    fields = [(ResultReport, "winner"), (ResultReport, "score_a"), (ResultReport, "resolved_by"),
              (ResultReport, "reported_by"), (Violation, "rule"), (Violation, "severity")]
    english = [str(model._meta.get_field(name).verbose_name) for model, name in fields]
    for language in ("da", "de", "it", "ja"):
        with translation.override(language):
            shown = [str(model._meta.get_field(name).verbose_name) for model, name in fields]
        assert all(a != b for a, b in zip(shown, english, strict=True)), (language, shown)
