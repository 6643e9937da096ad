"""``ratings_recompute``: a club's ratings recomputed in the process, without a worker."""

import pytest
from django.core.management import CommandError, call_command

from ratings.models import RatingSettings
from ratings.services.updates import ratings_recompute_request

pytestmark = pytest.mark.django_db


def test_it_runs_what_is_pending(small_club, capsys):
    w = small_club
    ratings_recompute_request(club_id=w.club.pk, from_at=w.m2.finished_at,
                              from_match_id=w.m2.pk)
    call_command("ratings_recompute", "riverside")
    assert "riverside: 4 rated matches replayed" in capsys.readouterr().out
    assert not RatingSettings.objects.get(club=w.club).recompute_pending


def test_it_says_when_nothing_was_pending_and_full_replays_everything(small_club, capsys):
    call_command("ratings_recompute", "riverside")
    call_command("ratings_recompute", "riverside", "--full")
    out = capsys.readouterr().out
    assert "nothing was pending" in out and "5 rated matches replayed" in out


def test_an_unknown_club_is_refused(db):
    with pytest.raises(CommandError):
        call_command("ratings_recompute", "nowhere")
