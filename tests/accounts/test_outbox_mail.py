"""A club's admins open a mail of its outbox (issue 33, point 8): its text as sent, an
invitation's link without its token (it would sign in the invited address's login); only
their own club's mails; nobody else."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from accounts.models import OutboundMail
from accounts.services.invitations import invitation_create
from accounts.services.mail import mail_queue

pytestmark = pytest.mark.django_db


def _url(club, mail):
    return reverse("accounts:club-outbox-mail", args=[club.slug, mail.pk])


@pytest.fixture
def invitation_mail(club):
    invitation_create(club=club, email="erin@example.org", name="Erin")
    return OutboundMail.objects.get(kind="invitation")


def test_the_outbox_links_each_mail_and_the_admin_reads_the_invitation(
        client, club, alice, invitation_mail):
    client.force_login(alice)
    outbox = client.get(reverse("accounts:club-outbox", args=[club.slug])).content.decode()
    assert f'href="{_url(club, invitation_mail)}"' in outbox
    page = client.get(_url(club, invitation_mail)).content.decode()
    assert escape(invitation_mail.body.splitlines()[0]) in page
    assert invitation_mail.subject in page and "erin@example.org" in page


def test_the_invitations_token_is_never_shown(client, club, alice, invitation_mail):
    token = re.search(r"/accounts/invitations/([^/\s]+)/", invitation_mail.body).group(1)
    client.force_login(alice)
    page = client.get(_url(club, invitation_mail)).content.decode()
    assert token not in page and "/accounts/invitations/…/" in page


def test_a_notice_is_shown_as_it_was_sent(client, club, alice):
    mail = mail_queue(key="notify:x:1", to="bob@example.org", kind="result_reported",
                      subject="Result to confirm", body="Bob won 7–3.\n\nhttps://x/clubs/",
                      club_id=club.pk)
    client.force_login(alice)
    page = client.get(_url(club, mail)).content.decode()
    assert "Bob won 7–3.\n\nhttps://x/clubs/" in page


@pytest.mark.parametrize("who", ["bob", "carol", "dave"])
def test_only_the_clubs_admins_open_its_mails(client, club, invitation_mail, who, request):
    client.force_login(request.getfixturevalue(who))
    assert client.get(_url(club, invitation_mail)).status_code == 403


def test_another_clubs_mail_is_not_found_through_ones_own_club(
        client, club, other_club, alice):
    invitation_create(club=other_club, email="hilda@example.org", name="Hilda")
    theirs = OutboundMail.objects.get(club=other_club)
    client.force_login(alice)
    assert client.get(_url(club, theirs)).status_code == 404


def test_a_visitor_is_sent_to_log_in(client, club, invitation_mail):
    response = client.get(_url(club, invitation_mail))
    assert response.status_code == 302 and "login" in response["Location"]
