"""A NUL byte in the members search (PostgreSQL's text holds none) is dropped, not a 500."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["live:member-search", "clubs:detail"])
def test_a_nul_byte_in_a_search_is_no_server_error(client, club, bob, url):
    client.force_login(bob)
    response = client.get(reverse(url, args=[club.slug]) + "?q=B%00ob")
    assert response.status_code == 200
