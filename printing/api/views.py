"""Printing API: the PDF of a tournament's bracket, pairings, standings, scoresheets or table
cards, of a club's rating list and a season's standings, of a chouette sheet — with the
gates of the pages that show them (``printing.permissions``). A small PDF is made while the
request waits (200, ``application/pdf``); a big pack of scoresheets or table cards (more than
``PRINT_INLINE_SHEETS``) is made by the worker: 202 with the pack's status, read again at
``status_url`` until it is ``done``, then the PDF at ``pdf_url``. Every PDF is kept until
what it prints changes."""

from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from printing import permissions as gates
from printing import selectors
from printing.models import PrintPack
from printing.services.packs import print_pack_get
from printing.views import pdf_response, print_language

Status = PrintPack.Status


class PdfRenderer(BaseRenderer):
    """Lets a client ask for ``application/pdf``; the PDFs themselves are sent as they are
    (errors in JSON)."""

    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, bytes):
            return data
        return JSONRenderer().render(data)


class PrintPackOutput(serializers.Serializer):
    id = serializers.IntegerField()
    what = serializers.CharField(help_text="bracket, pairings, standings, scoresheets, "
                                           "tablecards, chouette, ratings or season")
    status = serializers.ChoiceField(choices=Status.choices)
    done = serializers.IntegerField(help_text="Scoresheets (or parts) made so far")
    total = serializers.IntegerField(help_text="Scoresheets (or parts) to make")
    progress = serializers.IntegerField(help_text="Per cent made")
    pages = serializers.IntegerField(help_text="Pages of the PDF, once made")
    error = serializers.CharField(help_text="Why it failed (status failed)")
    status_url = serializers.CharField(help_text="Read again for the progress")
    pdf_url = serializers.CharField(help_text="The PDF, once done")


def _pack_data(pack: PrintPack) -> dict:
    return {"id": pack.pk, "what": pack.what, "status": pack.status, "done": pack.done,
            "total": pack.total, "progress": pack.progress, "pages": pack.pages,
            "error": pack.error,
            "status_url": reverse("print-pack-api", args=[pack.pk]),
            "pdf_url": reverse("print-pack-pdf-api", args=[pack.pk])}


PDF_OR_PACK = {
    (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY,
                                              description="The PDF (made now, or kept)."),
    202: OpenApiResponse(PrintPackOutput, description=(
        "A big pack is being made by the worker: read status_url until done, then "
        "pdf_url.")),
}
PDF_ONLY = {(200, "application/pdf"): PDF_OR_PACK[(200, "application/pdf")]}


class _PrintApi(APIView):
    permission_classes = [permissions.AllowAny]  # the gates of the pages decide
    renderer_classes = [JSONRenderer, PdfRenderer]
    refuses_reads = True

    def answer(self, request, printable: selectors.Printable):
        pack = print_pack_get(printable=printable, language=print_language(printable.club),
                              user=request.user)
        if pack.status == Status.DONE:
            return pdf_response(pack_id=pack.pk, filename=printable.filename)
        if pack.status == Status.FAILED:
            raise exceptions.APIException(gettext("The PDF could not be made: %(why)s")
                                          % {"why": pack.error})
        return Response(_pack_data(pack), status=202)


ROUND = OpenApiParameter("round", int, description=(
    "The round to print (pairings, scoresheets, table cards): by default the latest paired "
    "round, or a knockout's matches still to play."))


class TournamentPrintApi(_PrintApi):
    @extend_schema(operation_id="tournament_print", parameters=[ROUND],
                   responses=PDF_OR_PACK, summary=(
                       "A tournament's bracket (knockouts: landscape wall chart), pairings, "
                       "standings (round-based), scoresheets or table cards as a PDF"),
                   description=(
                       "what: bracket, pairings, standings, scoresheets or tablecards "
                       "(anything else: 404 saying which). The bracket, pairings and "
                       "standings: anyone, like the pages; scoresheets and table cards: the "
                       "club's referees and admins. Scoresheets and table cards for more "
                       "than PRINT_INLINE_SHEETS matches answer 202 (made by the worker)."))
    def get(self, request, pk: int, what: str):
        tournament = gates.tournament_for_print(user=request.user, what=what, pk=pk)
        value = request.query_params.get("round", "")
        return self.answer(request, selectors.tournament_printable(
            tournament=tournament, what=what,
            round_number=int(value) if value.isdigit() else None))


class RatingsPrintApi(_PrintApi):
    @extend_schema(operation_id="club_ratings_print", responses=PDF_ONLY,
                   summary="The club's rating list as a PDF (the results gate)")
    def get(self, request, slug: str):
        club = gates.club_for_ratings_print(user=request.user, slug=slug)
        return self.answer(request, selectors.ratings_printable(club=club))


class SeasonPrintApi(_PrintApi):
    @extend_schema(operation_id="club_standings_print", responses=PDF_ONLY,
                   parameters=[OpenApiParameter("season", int, description=(
                       "The season (by default the one running today, else the latest)"))],
                   summary="A season's standings as a PDF (the results gate)")
    def get(self, request, slug: str):
        club = gates.club_for_ratings_print(user=request.user, slug=slug)
        return self.answer(request, selectors.season_printable(
            club=club, season_id=request.query_params.get("season")))


class ChouettePrintApi(_PrintApi):
    @extend_schema(operation_id="chouette_session_print", responses=PDF_ONLY,
                   summary="A chouette evening's sheet as a PDF (the club's members)")
    def get(self, request, pk: int):
        session = gates.chouette_session_for_print(user=request.user, pk=pk)
        return self.answer(request, selectors.chouette_printable(session=session))


class TeamCardPrintApi(_PrintApi):
    @extend_schema(operation_id="team_fixture_print", responses=PDF_ONLY,
                   summary="A team league fixture's match card as a PDF (the card's gate)",
                   description=(
                       "Teams, boards in order with their lengths, the results entered and "
                       "both captains' signature lines. Whoever may read the card may print "
                       "it; a line-up still hidden from the reader (until both are in or "
                       "the deadline passed) stays blank on the paper too."))
    def get(self, request, pk: int):
        fixture, shown = gates.team_fixture_for_print(user=request.user, pk=pk)
        return self.answer(request, selectors.team_card_printable(fixture=fixture,
                                                                  shown=shown))


class PrintPackApi(_PrintApi):
    renderer_classes = [JSONRenderer]

    @extend_schema(operation_id="print_pack", responses={200: PrintPackOutput},
                   summary="A pack being made: its status and progress")
    def get(self, request, pk: int):
        pack = gates.pack_for_reader(user=request.user, pack=selectors.pack_get(pack_id=pk))
        return Response(_pack_data(pack))


class PrintPackPdfApi(_PrintApi):
    @extend_schema(operation_id="print_pack_pdf", responses=PDF_OR_PACK,
                   summary="A pack's PDF once made (202 with its status until then)")
    def get(self, request, pk: int):
        pack = gates.pack_for_reader(user=request.user, pack=selectors.pack_get(pack_id=pk))
        if pack.status == Status.DONE:
            return pdf_response(pack_id=pack.pk, filename=f"{pack.what}.pdf")
        return Response(_pack_data(pack), status=202)
