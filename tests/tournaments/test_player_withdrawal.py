"""A player withdraws themselves, from "my tournaments" (a confirmation step, then the
withdrawal) or the API: before the start the entry goes; after it the next opponent gets a
walkover, kept as not played. The same withdrawal as the director's; nobody withdraws
someone else but the club's admins (403)."""


import pytest
from django.urls import reverse

from results.models import FinishedMatch
from tests.factories import members_named, tournament_of
from tournaments import services
from tournaments.models import Entry, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


@pytest.fixture
def cup(club, bob):
    """Bob (seed 1) and three members entered in a four-player knockout, not started."""
    entrants = [bob.player, *members_named(club, "Ann", "Cid", "Dot")]
    return tournament_of(club, entrants, name="Withdrawal Cup", start=False)


def _entry(tournament, user):
    return Entry.objects.get(tournament=tournament, player__user=user)


def _url(tournament, name="withdraw"):
    return reverse(f"tournaments:{name}", args=[tournament.club.slug, tournament.pk])


def _bobs_semi(cup):
    return TournamentMatch.objects.select_related("player_a", "player_b").get(
        tournament=cup, key="M1-1")


def test_a_player_withdraws_themselves_before_the_start_after_confirming(client, cup, bob):
    client.force_login(bob)
    mine = client.get(reverse("tournaments:mine", args=[cup.club.slug])).content.decode()
    assert _url(cup) in mine  # the way in, from "my tournaments"
    confirm = client.get(_url(cup))
    assert confirm.status_code == 200
    assert "Withdraw from Withdrawal Cup?" in confirm.content.decode()
    assert _entry(cup, bob).status == Entry.Status.ACTIVE  # asking changes nothing
    response = client.post(_url(cup), {"entry": _entry(cup, bob).pk}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournaments:mine",
                                                     args=[cup.club.slug])
    assert "You withdrew from Withdrawal Cup." in response.content.decode()
    assert _entry(cup, bob).status == Entry.Status.WITHDRAWN
    services.tournament_start(tournament=cup)
    drawn = set(cup.entries.exclude(seed=None).values_list("player__name", flat=True))
    assert drawn == {"Ann", "Cid", "Dot"}  # three entrants drawn, without Bob


def test_after_the_start_the_next_opponent_gets_a_walkover_not_a_played_match(client, cup,
                                                                              bob):
    services.tournament_start(tournament=cup)
    semi = _bobs_semi(cup)
    opponent = semi.player_b if semi.player_a_id == bob.player.pk else semi.player_a
    client.force_login(bob)
    assert "your next opponent gets a walkover" in client.get(_url(cup)).content.decode()
    response = client.post(reverse("tournament-entry-withdraw-api",
                                   args=[_entry(cup, bob).pk]), content_type="application/json")
    assert response.status_code == 200 and response.json()["status"] == "withdrawn"
    semi = _bobs_semi(cup)
    assert semi.status == MatchStatus.WALKOVER and semi.winner == opponent
    row = FinishedMatch.objects.get(source=FinishedMatch.Source.TOURNAMENT, source_id=semi.pk)
    assert row.outcome == FinishedMatch.Outcome.WALKOVER and row.winner == opponent
    assert row.outcome not in FinishedMatch.PLAYED_OUTCOMES
    final = TournamentMatch.objects.get(tournament=cup, key="M2-1")
    assert opponent.pk in (final.player_a_id, final.player_b_id)  # the bracket advanced


def test_a_player_withdraws_from_the_page_after_the_start_too(client, cup, bob):
    services.tournament_start(tournament=cup)
    client.force_login(bob)
    response = client.post(_url(cup), {"entry": _entry(cup, bob).pk}, follow=True)
    assert "Your next opponent gets a walkover." in response.content.decode()
    assert _bobs_semi(cup).status == MatchStatus.WALKOVER


def test_a_player_cannot_withdraw_someone_else_through_the_api(client, cup, bob):
    ann = Entry.objects.get(tournament=cup, player__name="Ann")
    client.force_login(bob)
    response = client.post(reverse("tournament-entry-withdraw-api", args=[ann.pk]),
                           content_type="application/json")
    assert response.status_code == 403
    assert "Only the player of an entry withdraws it" in response.json()["detail"]
    assert Entry.objects.get(pk=ann.pk).status == Entry.Status.ACTIVE


def test_a_player_cannot_withdraw_someone_else_from_the_page(client, cup, bob):
    services.tournament_start(tournament=cup)
    ann = Entry.objects.get(tournament=cup, player__name="Ann")
    client.force_login(bob)
    before = cup.matches.filter(status=MatchStatus.WALKOVER).count()
    response = client.post(_url(cup), {"entry": ann.pk})
    assert response.status_code == 403
    assert "Only the player of an entry withdraws it" in response.content.decode()
    assert Entry.objects.get(pk=ann.pk).status == Entry.Status.ACTIVE
    assert cup.matches.filter(status=MatchStatus.WALKOVER).count() == before


def test_the_confirmation_is_only_for_someone_entered(client, cup, carol):
    client.force_login(carol)  # a referee of the club, not entered
    assert client.get(_url(cup)).status_code == 404


def test_a_finished_event_offers_no_withdrawal(client, cup, bob, alice):
    services.tournament_start(tournament=cup)
    for _ in range(3):
        ready = cup.matches.filter(status=MatchStatus.READY).first()
        services.match_result_enter(match=ready, by=alice, winner=ready.player_a_id,
                                    score_a=7, score_b=0)
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.FINISHED
    client.force_login(bob)
    mine = client.get(reverse("tournaments:mine", args=[cup.club.slug])).content.decode()
    assert _url(cup) not in mine
    response = client.post(_url(cup), {"entry": _entry(cup, bob).pk}, follow=True)
    assert "The tournament is over" in response.content.decode()
    assert _entry(cup, bob).status == Entry.Status.ACTIVE
