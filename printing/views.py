"""The "Print" links of the pages: each answers the PDF of what its page shows, in the
club's language (the club's own, else the reader's: the one rule of
``accounts.middleware``). A big pack is made by the worker: the link answers a page with its
progress, which reloads itself until the PDF is ready. The gates are those of the pages
(``printing.permissions``); a refused visitor who is not signed in is sent to log in."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import translation

from clubs.decorators import login_if_anonymous
from config.views_refusals import refusal_page
from printing import permissions, selectors
from printing.models import PrintPack
from printing.services.packs import print_pack_get

Status = PrintPack.Status


def print_language(club) -> str:
    """The club's language, else the page's (the reader's, by the one rule)."""
    return club.language or translation.get_language()


def _round(request) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isdigit() else None


def pdf_response(*, pack_id: int, filename: str) -> HttpResponse:
    response = HttpResponse(selectors.pack_pdf(pack_id=pack_id), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _answer(request, printable: selectors.Printable) -> HttpResponse:
    pack = print_pack_get(printable=printable, language=print_language(printable.club),
                          user=request.user)
    return _pack_answer(request, pack, printable.filename)


def _pack_answer(request, pack: PrintPack, filename: str) -> HttpResponse:
    if pack.status == Status.DONE:
        return pdf_response(pack_id=pack.pk, filename=filename)
    status = 500 if pack.status == Status.FAILED else 202
    return render(request, "printing/pack.html", {"pack": pack, "club": pack.club},
                  status=status)


@login_if_anonymous
def print_tournament(request, slug: str, pk: int, what: str):
    tournament = permissions.tournament_for_print(user=request.user, what=what, pk=pk,
                                                  slug=slug)
    try:
        printable = selectors.tournament_printable(tournament=tournament, what=what,
                                                   round_number=_round(request))
    except selectors.NothingToPrint as exc:  # 404 saying why, with the way back
        return refusal_page(request, exc, club=tournament.club, back_name=tournament.name,
                            back_url=tournament.get_absolute_url())
    return _answer(request, printable)


@login_if_anonymous
def print_chouette(request, slug: str, pk: int):
    session = permissions.chouette_session_for_print(user=request.user, pk=pk, slug=slug)
    return _answer(request, selectors.chouette_printable(session=session))


@login_if_anonymous
def print_ratings(request, slug: str):
    club = permissions.club_for_ratings_print(user=request.user, slug=slug)
    return _answer(request, selectors.ratings_printable(club=club))


@login_if_anonymous
def print_season(request, slug: str):
    club = permissions.club_for_ratings_print(user=request.user, slug=slug)
    return _answer(request, selectors.season_printable(club=club,
                                                       season_id=request.GET.get("season")))


@login_if_anonymous
def print_team_card(request, pk: int):
    """A team league fixture's match card, as its reader may see it."""
    fixture, shown = permissions.team_fixture_for_print(user=request.user, pk=pk)
    return _answer(request, selectors.team_card_printable(fixture=fixture, shown=shown))


@login_if_anonymous
def pack_page(request, pk: int):
    """A pack being made: its progress (the page reloads itself), then the PDF."""
    pack = permissions.pack_for_reader(user=request.user, pack=selectors.pack_get(pack_id=pk))
    return _pack_answer(request, pack, f"{pack.what}.pdf")
