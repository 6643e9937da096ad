"""The base of the tournaments API's views: the services' refusals answered in one place
instead of in every view. "You may not" (``NotAllowed``: someone other than the match's
players reporting it, say) is a 403; any other refusal is bad input, a 400; both with the
reason."""

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.services import DOMAIN_ERRORS, NotAllowed


class TournamentApiView(APIView):
    def handle_exception(self, exc):
        if isinstance(exc, NotAllowed):
            # DRF's own 403 (the same body as a gate's refusal), with the service's reason.
            return super().handle_exception(exceptions.PermissionDenied(str(exc)))
        if isinstance(exc, DOMAIN_ERRORS):
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)
