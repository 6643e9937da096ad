"""The federation's audit log (issue 34): its roles granted and revoked, its policy changed,
clubs applying, joining, refused and leaving, its official lists published, each an entry
of the federation's (a club's joining or leaving in the club's log too); its admins read
it on the federation's page, nobody else does."""

import datetime

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from federations import services
from federations.models import FederationRole
from ratings.services.official_lists import official_list_publish
from tests.factories import PlayerFactory, UserFactory
from tests.ratings.federation_world import at, build_federation, play

pytestmark = pytest.mark.django_db
Action = AuditEntry.Action
POLICY = {"min_length": 3, "event_kinds": ["swiss", "league"], "friendly_if_agreed": False,
          "live": True, "online": True}


def _log(federation) -> list[tuple]:
    return list(AuditEntry.objects.filter(federation=federation).order_by("pk")
                .values_list("action", "club_id", "actor_name"))


def test_granting_and_revoking_a_role_is_in_the_federations_log(client, federation, erik,
                                                               bob):
    client.force_login(erik)
    body = {"player": bob.player.pk, "role": "rating_officer"}
    url = f"/api/federations/{federation.slug}/roles/"
    assert client.post(url, body, content_type="application/json").status_code == 201
    assert client.post(url, body, content_type="application/json").status_code == 201
    assert client.post(url + "revoke/", body,
                       content_type="application/json").status_code == 204
    assert _log(federation) == [(Action.FEDERATION_ROLE_GRANTED, None, "erik"),
                                (Action.FEDERATION_ROLE_REVOKED, None, "erik")]
    granted = AuditEntry.objects.get(action=Action.FEDERATION_ROLE_GRANTED)
    assert granted.after == {"player": bob.player.pk, "name": bob.player.name,
                             "role": "rating_officer"}


def test_a_refused_grant_or_revoke_logs_nothing(client, federation, erik, bob):
    client.force_login(erik)
    url = f"/api/federations/{federation.slug}/roles/"
    assert client.post(url, {"player": bob.player.pk, "role": "king"},
                       content_type="application/json").status_code == 400
    assert client.post(url + "revoke/", {"player": erik.player.pk, "role": "admin"},
                       content_type="application/json").status_code == 400
    assert _log(federation) == []


def test_a_policy_change_is_in_the_federations_log_with_before_and_after(client, federation,
                                                                        erik):
    client.force_login(erik)
    url = f"/api/federations/{federation.slug}/policy/"
    assert client.put(url, POLICY, content_type="application/json").status_code == 200
    assert client.put(url, POLICY, content_type="application/json").status_code == 200
    (entry,) = AuditEntry.objects.filter(federation=federation)
    assert (entry.action, entry.club_id, entry.actor_name) == (
        Action.FEDERATION_POLICY_CHANGED, None, "erik")
    assert entry.before["min_length"] == 1 and entry.after["min_length"] == 3
    assert entry.after["event_kinds"] == ["swiss", "league"]


def test_a_club_applying_joining_and_leaving_is_in_both_logs(federation, club, alice, erik,
                                                            other_club, dave):
    services.federation_club_apply(federation=federation, club=club, actor=alice)
    services.federation_club_accept(federation=federation, club=club, actor=erik)
    services.federation_club_leave(federation=federation, club=club, actor=alice)
    services.federation_club_apply(federation=federation, club=other_club, actor=dave)
    services.federation_club_refuse(federation=federation, club=other_club, actor=erik)
    assert _log(federation) == [
        (Action.FEDERATION_APPLIED, club.pk, "alice"),
        (Action.FEDERATION_ACCEPTED, club.pk, "erik"),
        (Action.FEDERATION_LEFT, club.pk, "alice"),
        (Action.FEDERATION_APPLIED, other_club.pk, "dave"),
        (Action.FEDERATION_REFUSED, other_club.pk, "erik")]


def test_publishing_an_official_list_is_in_the_federations_log(
        club, other_club, alice, django_capture_on_commit_callbacks):
    world = build_federation(club, other_club)
    with django_capture_on_commit_callbacks(execute=True):  # the list replayed
        play(club, world.ann, world.ben, world.ann, at(2026, 3, 1))
    published = official_list_publish(federation=world.federation, period="2026-03",
                                      by=alice.player, today=datetime.date(2026, 4, 2))
    official_list_publish(federation=world.federation, period="2026-03", by=alice.player,
                          today=datetime.date(2026, 4, 3))
    entries = list(AuditEntry.objects.filter(federation=world.federation).order_by("pk"))
    assert [(e.action, e.club_id, e.actor_name, e.target_id) for e in entries] == [
        (Action.OFFICIAL_LIST_PUBLISHED, None, "alice", published.pk)] * 2
    assert [e.after["revision"] for e in entries] == [1, 2]
    assert entries[0].after["period"] == "2026-03"


def test_the_federations_admins_read_its_log_on_its_page(client, federation, erik, bob):
    services.federation_role_grant(federation=federation, player=bob.player,
                                   role="rating_officer", actor=erik)
    other = services.federation_create(name="Japan Backgammon League", slug="jbl",
                                       country="JP")
    kenji = UserFactory(username="kenji")
    FederationRole.objects.create(federation=other, role="admin",
                                  player=PlayerFactory(name="Kenji", user=kenji))
    services.federation_policy_update(federation=other, values=POLICY, actor=kenji)
    url = reverse("federations:audit", args=[federation.slug])
    client.force_login(erik)
    page = client.get(url).content.decode()
    assert "Federation role granted" in page and bob.player.name in page
    assert "Federation&#x27;s rated-match policy changed" not in page  # the other's
    assert 'data-testid="audit-link"' in client.get(
        reverse("federations:detail", args=[federation.slug])).content.decode()
    client.force_login(kenji)
    assert client.get(url).status_code == 403
    client.force_login(bob)  # a rating officer is not an admin
    assert client.get(url).status_code == 403
    assert 'data-testid="audit-link"' not in client.get(
        reverse("federations:detail", args=[federation.slug])).content.decode()
    client.logout()
    assert client.get(url).status_code == 302
