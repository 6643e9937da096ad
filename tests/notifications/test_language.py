"""A notice speaks its reader's language: its mail is written in the recipient's (their
choice, else the club's, else the site's), whatever language the worker runs in; the row on
the site keeps its sentences and is shown in the language its reader has when reading.

(The translations come from the assembled catalogues, ``locale/parts/*``.)"""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import AccountPreference, JoinRequest, OutboundMail
from config.texts import StoredText
from notifications.models import Kind, Notification
from notifications.services import notify
from notifications.services.events import join_request_notify

pytestmark = pytest.mark.django_db


def _choose(user, language: str) -> None:
    AccountPreference.objects.update_or_create(user=user, defaults={"language": language})


def _answered(club, user, by, status=JoinRequest.Status.APPROVED) -> JoinRequest:
    return JoinRequest.objects.create(club=club, user=user, name=user.username.title(),
                                      status=status, decided_by=by)


def test_a_mail_to_a_member_who_chose_german_is_german(club, alice, bob):
    bob.email = "bob@example.org"
    bob.save()
    _choose(bob, "de")
    with translation.override("it"):  # the worker's language does not matter
        join_request_notify(request_id=_answered(club, bob, alice).pk)
    mail = OutboundMail.objects.get(to="bob@example.org")
    assert mail.subject == ("Riverside Backgammon Club: Ihre Beitrittsanfrage wurde "
                            "angenommen")
    assert "Ihre Beitrittsanfrage an Riverside Backgammon Club wurde angenommen" in mail.body
    assert "Seite von Riverside Backgammon Club öffnen" in mail.body
    assert "Sie erhalten diese Mail" in mail.body
    assert "Ihre Beitrittsanfrage" in mail.html_body and 'lang="de"' in mail.html_body


def test_a_member_who_chose_nothing_gets_the_clubs_language(club, alice, bob):
    bob.email = "bob@example.org"
    bob.save()
    club.language = "da"
    club.save()
    join_request_notify(request_id=_answered(club, bob, alice,
                                             JoinRequest.Status.REFUSED).pk)
    mail = OutboundMail.objects.get(to="bob@example.org")
    assert mail.subject == "Riverside Backgammon Club: din anmodning om medlemskab er afvist"


def test_the_notices_page_shows_a_stored_notice_in_the_readers_language(client, club, alice,
                                                                         bob):
    join_request_notify(request_id=_answered(club, bob, alice).pk)
    note = Notification.objects.get(user=bob)
    assert note.text == "Your request to join Riverside Backgammon Club was approved: welcome."
    _choose(bob, "it")  # chosen after the notice was made
    client.force_login(bob)
    page = client.get(reverse("notifications:list")).content.decode()
    assert "Notifiche" in page
    assert ("La tua richiesta di adesione a Riverside Backgammon Club è stata approvata: "
            "ti diamo il benvenuto.") in page
    assert "Segna tutte come lette" in page


def test_values_are_written_in_the_readers_number_and_date_format(bob):
    text = StoredText.gettext("You pay %(payee)s %(amount)s %(currency)s.", payee="Ann",
                              amount=Decimal("1234.50"), currency="EUR")
    stored = StoredText.from_json(text.as_json())
    with translation.override("en"):
        assert str(stored) == "You pay Ann 1234.50 EUR."
    with translation.override("de"):
        assert str(stored) == "Sie zahlen Ann 1234,50 EUR."
    when = StoredText.gettext("Chouette settled: %(date)s at %(club)s",
                              date=datetime.date(2026, 11, 26), club="Riverside")
    with translation.override("de"):
        assert str(StoredText.from_json(when.as_json())).startswith(
            "Chouette abgerechnet: 26. November 2026")


def test_a_row_from_before_kept_sentences_shows_its_text(bob):
    notify(key="old:1", kind=Kind.MEMBERSHIP, users=[bob], subject="Old", text="Plain old text")
    note = Notification.objects.get(user=bob)
    assert note.message == [] and note.shown_text == "Plain old text"



def test_a_dispute_notice_carries_the_report_s_note_in_its_reader_s_language(
        final, bob, committed):
    """The report's note inside the notice is a stored sentence too: Bob, who reads German,
    reads it in German, though Ann's request that disputed it spoke Italian."""
    from tournaments import services

    _choose(bob, "de")
    ann = final.player_b if final.player_a == bob.player else final.player_a
    bob_won = (7, 3) if final.player_a == bob.player else (3, 7)
    committed(services.match_result_report, match=final, by=bob, winner=bob.player.pk,
              score_a=bob_won[0], score_b=bob_won[1])
    with translation.override("it"):  # Ann's report says she won: the players disagree
        committed(services.match_result_report, match=final, by=ann.user, winner=ann.pk,
                  score_a=bob_won[1], score_b=bob_won[0])
    note = Notification.objects.get(user=bob, kind="report_disputed")
    assert "Die Spieler sind sich uneinig" in note.text
    with translation.override("en"):
        assert "The players disagree: the other report says" in note.shown_text
