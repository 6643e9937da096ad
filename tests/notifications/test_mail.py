"""A notification's mail, through a real SMTP server: a short subject that names the thing,
the scores in the winner's order, no raw escapes, and a link to the page where the reader
acts, as plain text and as HTML."""

import datetime
from email import message_from_bytes, policy

import pytest
from django.urls import reverse

from accounts.models import OutboundMail
from accounts.services.clubs import join_request_create, join_request_decide
from notifications.services.scan import notifications_scan
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db

SITE = "https://club.example"


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE


def _parts(message):
    return {part.get_content_type(): part.get_content().replace("\r\n", "\n")
            for part in message.iter_parts()}


def test_the_result_reported_mail_lets_the_opponent_confirm_or_dispute(
        final, bob, client, committed, smtp_server):
    # Bob reports player_b the winner 7 points to 3: in the players' order that is 3–7.
    winner = final.player_b
    committed(services.match_result_report, match=final, by=bob, winner=winner.pk,
              score_a=3, score_b=7)
    [envelope] = smtp_server.inbox.messages
    assert envelope.rcpt_tos == ["ann@example.org"]
    assert b"\\u2013" not in envelope.content and b"\\u" not in envelope.content
    message = message_from_bytes(envelope.content, policy=policy.default)
    subject = str(message["Subject"])
    assert subject == f"Result to confirm: {winner.name} won 7–3, Notify Cup"
    assert len(subject) <= 78 and "Confirm it or dispute it" not in subject
    assert message.get_content_type() == "multipart/alternative"
    text, html = _parts(message)["text/plain"], _parts(message)["text/html"]
    link = f"{SITE}/clubs/riverside/tournaments/{final.tournament_id}/#confirm-M1-1"
    assert f"{winner.name} won 7–3" in text and "3–7" not in text
    assert f"Confirm or dispute the result:\n{link}" in text
    assert f"{winner.name} won 7–3" in html and f'href="{link}"' in html
    row = OutboundMail.objects.get()
    assert message["Message-ID"] == row.message_id
    # The link is the page where Ann confirms or disputes (her own login).
    ann = final.player_b if final.player_a == bob.player else final.player_a
    client.force_login(ann.user)
    page = client.get(link.removeprefix(SITE)).content.decode()
    assert 'id="confirm-M1-1"' in page and ">Confirm</button>" in page
    assert ">Dispute</button>" in page


def test_a_name_with_markup_is_escaped_in_the_html_part_only(final, bob, committed):
    final.player_b.name = "Ann <b>&</b>"
    final.player_b.save()
    committed(services.match_result_report, match=final, by=bob, winner=final.player_b.pk,
              score_a=3, score_b=7)
    mail = OutboundMail.objects.get()
    assert "Ann <b>&</b> won 7–3" in mail.body
    assert "Ann &lt;b&gt;&amp;&lt;/b&gt; won 7–3" in mail.html_body


def test_every_notice_names_the_thing_and_links_to_its_page(club, alice, committed):
    # A ready match (the periodic look), an answered request to join, and so on.
    cup = services.tournament_create(club=club, name="Scan Cup",
                                     starts_on=datetime.date(2026, 11, 28))
    for name in ("Ann", "Ben"):
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player)
        services.entry_add(tournament=cup, player=player)
    services.tournament_start(tournament=cup)
    notifications_scan()
    club.join_requests_open = True
    club.save()
    request = join_request_create(club=club, user=UserFactory(username="yann"), name="Yann")
    committed(join_request_decide, request=request, approve=True, by=alice)
    mails = list(OutboundMail.objects.order_by("kind", "to"))
    assert [m.kind for m in mails] == ["match_ready", "match_ready", "membership"]
    pages = {"match_ready": reverse("tournaments:mine", args=["riverside"]),
             "membership": reverse("clubs:detail", args=["riverside"])}
    for mail in mails:
        link = SITE + pages[mail.kind]
        assert len(mail.subject) <= 78 and "\n" not in mail.subject
        assert link in mail.body and f'href="{link}"' in mail.html_body
    assert mails[0].subject == "Your match against Ben is ready: Scan Cup"
    assert mails[2].subject == "Riverside Backgammon Club: your request to join was approved"


def test_a_long_subject_is_cut_short(bob):
    from notifications.models import Kind
    from notifications.services import notify

    notify(key="k", kind=Kind.MEMBERSHIP, users=[bob], subject="Word " * 40, text="x",
           url="/")
    subject = OutboundMail.objects.get().subject
    assert len(subject) == 78 and subject.endswith("…")


def test_a_ladder_correction_links_to_the_ladder(club, bob, carol, committed):
    from django.utils import timezone

    from audit.models import AuditEntry
    from audit.services import audit_record
    from tournaments.models_formats import Challenge, Ladder

    ann = PlayerFactory(name="Ann", user=UserFactory(username="ann"))
    MembershipFactory(club=club, player=ann)
    ladder = Ladder.objects.create(club=club, name="Club ladder")
    now = timezone.now()
    challenge = Challenge.objects.create(ladder=ladder, challenger=ann, challenged=bob.player,
                                         issued_at=now, deadline=now, length=7)
    committed(audit_record, club_id=club.pk, actor=carol, target=challenge,
              action=AuditEntry.Action.RESULT_CORRECTED, reason="Recount")
    link = SITE + reverse("tournaments:ladder", args=[club.slug, ladder.pk])
    mails = OutboundMail.objects.order_by("to")
    assert [m.to for m in mails] == ["ann@example.org", "bob@example.org"]  # not Carol
    for mail in mails:
        assert mail.subject.startswith("Result corrected: ") and len(mail.subject) <= 78
        assert "Recount" in mail.body and link in mail.body and f'href="{link}"' in mail.html_body
