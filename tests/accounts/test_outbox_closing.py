"""Closing a login: its mails stay in the club's outbox as "sent to a closed login", without
its address or their text; one not sent yet never goes. Mails to an address the login only
added (never confirmed: it may be someone else's) are not its own."""

import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from accounts.models import OutboundMail
from accounts.services.closing import account_close
from accounts.services.mail import mail_retry_failed, mail_send

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def _mail(key, to, club, status="sent", **kwargs):
    from django.utils import timezone

    return OutboundMail.objects.create(
        key=key, to=to, kind="test", subject=f"About {key}", body=f"Secret text {key}",
        html_body=f"<p>Secret text {key}</p>", club=club, status=status,
        sent_at=timezone.now() if status == "sent" else None, **kwargs)


def test_closing_a_login_empties_its_mails_and_keeps_the_rows(client, club, alice, bob, carol):
    EmailAddress.objects.create(user=bob, email="pete@north.example", verified=False)
    sent = _mail("invitation:1", "bob@example.org", club)
    notice = _mail(f"notify:report:7:{bob.pk}", "bob@example.org", club, status="pending")
    pete = _mail("invitation:2", "pete@north.example", club)  # not Bob's: never confirmed
    others = _mail(f"notify:report:7:{carol.pk}", "carol@example.org", club)
    account_close(user=bob, password=PASSWORD)
    sent.refresh_from_db()
    assert (sent.to, sent.body, sent.html_body, sent.to_closed_login, sent.status) == (
        "", "", "", True, "sent")
    assert sent.subject == "About invitation:1" and sent.message_id  # what it was, kept
    notice.refresh_from_db()
    assert notice.to_closed_login and notice.to == notice.body == ""
    assert notice.status == "failed" and "login was closed" in notice.last_error
    assert mail_send(mail_id=notice.pk) == "done"  # never goes
    assert mail_retry_failed(mail_ids=[notice.pk]) == 0  # not even when an admin asks
    for mail in (pete, others):
        mail.refresh_from_db()
        assert not mail.to_closed_login and mail.body.startswith("Secret text")
    # The club's admins see the rows, not the address nor the text.
    client.force_login(alice)
    page = client.get(reverse("accounts:club-outbox", args=[club.slug])).content.decode()
    assert page.count("a closed login") == 2 and "About invitation:1" in page
    assert "bob@example.org" not in page.lower()
    assert "carol@example.org" in page and "pete@north.example" in page
