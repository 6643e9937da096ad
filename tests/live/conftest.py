"""Two members who play each other (Joe and Snow, after the players of the recorded 7-point
match), the API as each of them, and a helper that sends one action."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import member


@pytest.fixture
def joe(club):
    return member(club, "JoeBlack")


@pytest.fixture
def snow(club):
    return member(club, "SnowWhite")


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def start(club, by, a, b, **fields):
    response = api(by).post(reverse("live-match-create-api", args=[club.slug]),
                            {"player_a": a.pk, "player_b": b.pk if b else None,
                             "length": 7, "dice": "manual", **fields}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def act(user, match_id: int, **data):
    return api(user).post(reverse("live-action-api", args=[match_id]), data, format="json")


def state(user, match_id: int) -> dict:
    response = api(user).get(reverse("live-match-api", args=[match_id]))
    assert response.status_code == 200, response.content
    return response.json()


def play_script(steps, match_id: int, users) -> None:
    """Send each scripted action as the user of its side; every one must be accepted."""
    for number, step in enumerate(steps):
        data = {k: v for k, v in step.items() if k != "side"}
        response = act(users[step["side"]], match_id, **data)
        assert response.status_code == 200, (number, step, response.json())
