"""API authentication: DRF's token scheme, answering 401 only to clients that sent one.

DRF answers an unauthenticated request with 401 when the *first* authentication class has
a challenge (``WWW-Authenticate``), else with 403. The token class comes first so that a
script with a wrong or revoked token gets 401 and the scheme to retry with; a request with
no credentials at all (the browser, an anonymous reader) keeps the 403 it always had.
"""

from rest_framework.authentication import TokenAuthentication


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate_header(self, request):
        if request.META.get("HTTP_AUTHORIZATION"):
            return self.keyword
        return None
