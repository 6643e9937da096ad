"""The base of the tournaments API's views: a refusal by the services is a 400 with the
reason (the services' domain errors), answered in one place instead of in every view."""

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.services import DOMAIN_ERRORS


class TournamentApiView(APIView):
    def handle_exception(self, exc):
        if isinstance(exc, DOMAIN_ERRORS):
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)
