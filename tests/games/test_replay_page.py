"""The replay viewer on the match page: server-rendered frames (no JavaScript needed), the
frame fragment the stepping script asks for, the board direction setting, query counts."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.models import ReplaySetting
from tests.factories import checked_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def record(club):
    return checked_record(club, "5nqfGw9bWG3deTaU.mat")  # g1-t20 is an illegal play


def test_page_draws_the_first_turn_and_lists_every_turn(client, bob, record):
    client.force_login(bob)
    html = client.get(record.get_absolute_url()).content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html
    assert 'data-key="g1-t1"' in html
    assert html.count('<li id="g') == sum(g.turns.count() for g in record.games.all()) - sum(
        g.turns.filter(kind="win").count() for g in record.games.all()) + record.games.count()
    assert 'id="g1-t20" data-turn="g1-t20" class="flagged' in html


def test_without_javascript_a_turn_is_shown_by_its_link(client, bob, record):
    client.force_login(bob)
    html = client.get(record.get_absolute_url(), {"at": "g1-t20"}).content.decode()
    assert 'data-key="g1-t20"' in html
    assert "wrong_distance" in html and "Legal plays for this roll" in html
    assert 'href="?at=g1-t21#replay"' in html and 'href="?at=g1-t19#replay"' in html


def test_a_violation_links_to_its_turn_on_the_board(client, bob, record):
    client.force_login(bob)
    html = client.get(record.get_absolute_url()).content.decode()
    assert '<a href="?game=1&amp;line=25#replay">Show on the board</a>' in html
    html = client.get(record.get_absolute_url(), {"game": "1", "line": "25"}).content.decode()
    assert 'data-key="g1-t20"' in html  # the illegal play, not the other cell of line 25


def test_fragment_of_a_turn_for_the_stepping_script(client, bob, record):
    client.force_login(bob)
    url = reverse("games:match-replay-frame", args=[record.pk, "g2-t3"])
    response = client.get(url)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div class="replay-frame') and "<html" not in body
    assert client.get(reverse("games:match-replay-frame",
                              args=[record.pk, "g99-t1"])).status_code == 404


def test_fragment_of_another_clubs_record_is_refused(client, dave, record):
    client.force_login(dave)
    response = client.get(reverse("games:match-replay-frame", args=[record.pk, "g1-t1"]))
    assert response.status_code in (403, 404)


def test_position_and_match_ids_are_on_the_page(client, bob, record):
    client.force_login(bob)
    html = client.get(record.get_absolute_url()).content.decode()
    assert 'class="pos-id">4HPwATDgc/ABMA<' in html  # the opening position
    assert 'data-copy="4HPwATDgc/ABMA"' in html
    assert "(bottom), 167 pips" in html and "(top), 167 pips" in html  # the engine's count


def test_ruling_is_shown_on_the_turn_it_rules_on(client, bob, carol, record):
    from games.services.rulings import ruling_record

    violation = record.rules_check.violations.get(rule="wrong_distance")
    ruling_record(record=record, referee=carol, kind="stands", reason="Not called in time.",
                  violation=violation)
    client.force_login(bob)
    html = client.get(record.get_absolute_url(), {"at": "g1-t20"}).content.decode()
    assert "Ruling: The play stands as played" in html and "Not called in time." in html
    html = client.get(record.get_absolute_url(), {"at": "g1-t19"}).content.decode()
    assert "Not called in time." not in html.split('id="replay-frame"')[1].split("</div>")[0]


def test_user_setting_is_saved_and_used(client, bob, record):
    client.force_login(bob)
    response = client.post(reverse("games:replay-setting"),
                           {"home": "left", "switch_sides": "on",
                            "next": record.get_absolute_url()})
    assert response.status_code == 302 and response["Location"] == record.get_absolute_url()
    setting = ReplaySetting.objects.get(user=bob)
    assert (setting.home, setting.switch_sides) == ("left", True)
    assert 'data-home="left"' in client.get(record.get_absolute_url()).content.decode()
    game2 = client.get(record.get_absolute_url(), {"at": "g2-t1"}).content.decode()
    assert 'data-home="right"' in game2  # switched for the second game


def test_setting_needs_a_login_and_never_redirects_off_site(client, bob, club, record):
    response = client.post(reverse("games:replay-setting"), {"home": "left"})
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not ReplaySetting.objects.exists()
    client.force_login(bob)
    response = client.post(reverse("games:replay-setting"),
                           {"home": "left", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_anonymous_visitor_of_public_results_sees_the_default_direction(client, club,
                                                                         record):
    club.results_public = True
    club.save()
    html = client.get(record.get_absolute_url()).content.decode()
    assert 'data-home="right"' in html and "to choose the board direction" in html


def test_detail_page_queries_do_not_grow_with_the_match(client, bob, club,
                                                        django_assert_num_queries):
    small = checked_record(club, "gnubg_roll_then_resign_1p.mat")  # 1 game, 2 actions
    big = checked_record(club, "match2.txt")  # 9 games, 350 actions
    client.force_login(bob)
    client.get(small.get_absolute_url())  # the session and the user are loaded once
    # Fixed: session, user, record, violations, games + their turns (prefetch), rulings,
    # the viewer's setting, and the gates' membership lookups: never one per turn or game.
    cache.clear()  # the page built
    with django_assert_num_queries(COUNT) as small_queries:
        client.get(small.get_absolute_url(), {"at": "g1-t1"})
    with django_assert_num_queries(COUNT):
        client.get(big.get_absolute_url(), {"at": "g9-t20"})
    assert len(small_queries.captured_queries) == COUNT
    # Then kept per version of the record: session, user, the record's version, the club
    # with the roles, the sections' versions, the viewer's setting.
    with django_assert_num_queries(6):
        client.get(big.get_absolute_url(), {"at": "g9-t20"})


#: session, user, the record's version, the club with the viewer's roles (the results
#: gate), the sections' versions (the analysis app's, through games.panels), the viewer's
#: setting, the record (with its club, check and players), violations, games, their turns
#: (one prefetch), rulings, and the analysis section's lookup; the rating lists' section:
#: the finished row with its club, the clubs' federations, the club list's settings.
COUNT = 15
