"""A PDF is made once and kept until what it prints changes (or is asked in another
language): the same bytes without a rendering, then a new pack after a result, the old one
dropped."""

from unittest import mock

import pytest
from django.urls import reverse
from django.utils import translation

from printing.models import PrintPack
from printing.selectors import tournament_printable
from printing.services import packs
from tournaments import services
from tournaments.models import TournamentMatch

pytestmark = pytest.mark.django_db


def _bracket(client, tournament):
    return client.get(reverse("printing:tournament",
                              args=[tournament.club.slug, tournament.pk, "bracket"]))


def test_a_second_print_serves_the_kept_pdf_without_rendering(client, knockout):
    first = _bracket(client, knockout)
    with mock.patch.object(packs, "pdf_render_parts", side_effect=AssertionError) as render:
        second = _bracket(client, knockout)
    assert not render.called
    assert second.status_code == 200 and second.content == first.content
    assert PrintPack.objects.count() == 1


def test_a_result_makes_a_new_pdf_and_drops_the_old_one(client, alice, knockout, read_pdf):
    before = _bracket(client, knockout)
    old_key = PrintPack.objects.get().key
    match = TournamentMatch.objects.select_related("player_a").get(tournament=knockout,
                                                                    key="M1-1")
    services.match_result_enter(match=match, winner=match.player_a_id, score_a=match.length,
                                score_b=0, by=alice)
    knockout.refresh_from_db()
    after = _bracket(client, knockout)
    assert after.content != before.content
    pack = PrintPack.objects.get()  # the old version's pack is gone
    assert pack.key != old_key and pack.key.endswith(f":v{knockout.version}")
    assert f"{match.length}" in read_pdf(after).text


def test_each_language_has_its_own_pdf(knockout):
    printable = tournament_printable(tournament=knockout, what="bracket")
    english = packs.print_pack_get(printable=printable, language="en")
    with translation.override("de"):
        german = packs.print_pack_get(printable=printable, language="de")
    assert english.pk != german.pk and PrintPack.objects.count() == 2


def test_a_failed_pack_is_made_again_when_asked(knockout):
    printable = tournament_printable(tournament=knockout, what="pairings")
    with mock.patch.object(packs, "pdf_render_parts", side_effect=RuntimeError("no paper")):
        failed = packs.print_pack_get(printable=printable, language="en")
    assert failed.status == PrintPack.Status.FAILED and "no paper" in failed.error
    again = packs.print_pack_get(printable=printable, language="en")
    assert again.status == PrintPack.Status.DONE and again.pages == 1


def test_a_pack_made_twice_is_made_once(knockout):
    printable = tournament_printable(tournament=knockout, what="pairings")
    pack = packs.print_pack_get(printable=printable, language="en")
    with mock.patch.object(packs, "pdf_render_parts", side_effect=AssertionError) as render:
        packs.print_pack_make(pack_id=pack.pk)  # a redelivered task: nothing to do
    assert not render.called


def test_a_round_that_does_not_exist_makes_no_pack_of_its_own(client, alice, knockout):
    client.force_login(alice)
    url = reverse("printing:tournament", args=[knockout.club.slug, knockout.pk, "pairings"])
    for value in ("", "99", "7", "1x"):
        assert client.get(url, {"round": value} if value else {}).status_code == 200
    assert PrintPack.objects.count() == 1


def test_a_pack_keeps_the_site_its_qr_codes_link_to(client, alice, knockout, settings):
    settings.PRINT_INLINE_SHEETS = 0
    client.force_login(alice)
    client.get(reverse("printing:tournament", args=[knockout.club.slug, knockout.pk,
                                                    "scoresheets"]))
    assert PrintPack.objects.get().params["site"] == "http://testserver"
