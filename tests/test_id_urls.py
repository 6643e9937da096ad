"""A database id beyond the 64-bit column is no page: ``<id:...>`` (config/converters.py)
and the routers' detail routes answer 404 where Django's ``<int:...>`` passed the number to
the database and answered 500 (OverflowError)."""

import pytest
from django.test import Client

from config.converters import MAX_ID, IdConverter

BEYOND = str(MAX_ID + 1)  # 9223372036854775808
HUGE = "99999999999999999999"


@pytest.fixture
def signed_out():
    return Client(raise_request_exception=False)


@pytest.fixture
def bob_client(bob):
    client = Client(raise_request_exception=False)
    client.force_login(bob)
    return client


@pytest.mark.django_db
def test_a_match_page_beyond_the_largest_id_is_404_signed_out(signed_out):
    assert signed_out.get(f"/matches/{BEYOND}/").status_code == 404


@pytest.mark.django_db
def test_a_player_page_with_a_twenty_digit_id_is_404(bob_client, club):
    assert bob_client.get(f"/clubs/{club.slug}/players/{HUGE}/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("path", [
    f"/matches/{BEYOND}/export.mat", f"/live/{BEYOND}/", f"/live/{HUGE}/state.json",
    f"/clubs/riverside/tournaments/{HUGE}/", f"/clubs/riverside/chouette/{BEYOND}/",
    f"/clubs/riverside/players/{BEYOND}/analysis/", "/matches/0/",
])
def test_the_pages_take_database_ids_only(bob_client, club, path):
    assert bob_client.get(path).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("path", [
    # The routers' detail routes (config.converters.IdRouter).
    f"/api/players/{HUGE}/", f"/api/clubs/{BEYOND}/", f"/api/tournaments/{BEYOND}/",
    f"/api/matches/{BEYOND}/", f"/api/chouette/sessions/{HUGE}/",
    f"/api/chouette/games/{BEYOND}/",
    # The API's own paths.
    f"/api/live-matches/{BEYOND}/", f"/api/tournaments/{HUGE}/standings/",
    f"/api/matches/{HUGE}/analysis/", f"/api/clubs/riverside/players/{BEYOND}/rating-history/",
])
def test_the_api_detail_routes_take_database_ids_only(bob_client, club, path):
    response = bob_client.get(path)
    assert response.status_code == 404, (path, response.status_code)


@pytest.mark.django_db
def test_the_largest_id_itself_is_looked_up(bob_client):
    # Matched and looked up (no such row): the bound is the column's, not below it.
    assert bob_client.get(f"/api/players/{MAX_ID}/").status_code == 404
    assert bob_client.get(f"/matches/{MAX_ID}/").status_code == 404


def test_the_converter_takes_one_to_the_largest_id():
    converter = IdConverter()
    assert converter.to_python("1") == 1
    assert converter.to_python(str(MAX_ID)) == MAX_ID
    for value in ("0", BEYOND, HUGE):
        with pytest.raises(ValueError):
            converter.to_python(value)


@pytest.mark.django_db
def test_the_api_detail_routes_still_answer_an_id(bob_client, club):
    assert bob_client.get(f"/api/clubs/{club.pk}/").json()["slug"] == club.slug
    assert bob_client.get(f"/api/clubs/{club.pk}.json").status_code == 200
