"""An ended membership loses access at once: the next page and the next API call (session or
token) are refused, with nothing cached from before."""

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from clubs.models import Membership
from clubs.services import membership_end

pytestmark = pytest.mark.django_db


def test_the_next_page_and_api_call_are_refused(client, club, alice, bob):
    token = Token.objects.create(user=bob)
    client.force_login(bob)
    page = reverse("chouette:list", args=[club.slug])
    api = reverse("rating-list-api", args=[club.slug])
    assert client.get(page).status_code == 200
    assert client.get(api, HTTP_AUTHORIZATION=f"Token {token.key}").status_code == 200
    membership_end(membership=Membership.objects.get(player=bob.player), actor=alice,
                   reason="Left the club")
    assert client.get(page).status_code == 403
    assert client.get(api, HTTP_AUTHORIZATION=f"Token {token.key}").status_code == 403
    assert client.get(reverse("me-api")).json()["clubs"] == []
