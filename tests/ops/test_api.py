"""The one mapping of domain errors to HTTP (ops/api.py), used by every app's API."""

import pytest
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from ops.api import ApiErrorsMixin, api_exception
from tournaments.services import NotAllowed, TournamentError


@pytest.mark.parametrize(("error", "status"), [
    (PermissionDenied("Only the admins."), 403),
    (NotAllowed("Only the opponent confirms."), 403),  # a "not you" is not bad input
    (ObjectDoesNotExist("No such fixture."), 404),
    (Http404("No such ladder."), 404),
    (ValidationError("Give both scores."), 400),
    (TournamentError("The round is not over."), 400),
    (ValueError("A match length is odd."), 400),
])
def test_each_kind_of_refusal_has_its_status(error, status):
    mapped = api_exception(error)
    assert isinstance(mapped, exceptions.APIException)
    assert mapped.status_code == status
    assert str(mapped.detail) == (" ".join(error.messages) if isinstance(error, ValidationError)
                                  else str(error))


def test_a_fault_is_left_alone_to_be_a_500():
    fault = RuntimeError("bug")
    assert api_exception(fault) is fault


def test_drf_s_own_exceptions_pass_unchanged():
    throttled = exceptions.Throttled(3)
    assert api_exception(throttled) is throttled


class _Refuses(ApiErrorsMixin, APIView):
    authentication_classes: list = []
    permission_classes: list = []
    error: Exception = ValueError("no")

    def get(self, request):
        raise self.error


@pytest.mark.parametrize(("error", "status"), [
    (NotAllowed("Only the two players report their fixture."), 403),
    (TournamentError("Give both scores."), 400),
    (ObjectDoesNotExist(), 404),
])
def test_a_view_with_the_mixin_answers_with_the_reason(error, status):
    view = _Refuses.as_view(error=error)
    response = view(APIRequestFactory().get("/"))
    assert response.status_code == status
    if str(error):
        assert response.data == {"detail": str(error)}
