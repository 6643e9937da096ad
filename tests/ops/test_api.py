"""The one mapping of domain errors to HTTP (ops/api.py), used by every app's API; the one
shape of every 4xx, and the schema that lists them (ops/api_schema.py)."""

import pytest
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404
from rest_framework import exceptions, serializers
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from chouette.services import StaleStateError
from config.refusals import Forbidden, Refusal, Stale
from live.services import StaleAction
from ops.api import api_exception
from tournaments.services import NotAllowed, TournamentError


@pytest.mark.parametrize(("error", "status"), [
    (PermissionDenied("Only the admins."), 403),
    (NotAllowed("Only the opponent confirms."), 403),  # a "not you" is not bad input
    (ObjectDoesNotExist("No such fixture."), 404),
    (Http404("No such ladder."), 404),
    (ValidationError("Give both scores."), 400),
    (TournamentError("The round is not over."), 400),
    (ValueError("A match length is odd."), 400),
    (Refusal("No."), 400), (Forbidden("Not you."), 403), (Stale("Look again."), 409),
    (StaleAction("The match has changed since."), 409),
    (StaleStateError("The scoreboard changed in the meantime."), 409),
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


class _Refuses(APIView):  # no mixin: DRF's exception handler maps every view's errors
    authentication_classes: list = []
    permission_classes: list = []
    error: Exception = ValueError("no")

    def get(self, request):
        raise self.error


@pytest.mark.parametrize(("error", "status"), [
    (NotAllowed("Only the two players report their fixture."), 403),
    (TournamentError("Give both scores."), 400),
    (ObjectDoesNotExist(), 404),
    (ValueError("A domain error."), 400),  # was a 500 in a view without the mixin
    (StaleStateError("The scoreboard changed in the meantime."), 409),
])
def test_any_view_answers_a_refusal_with_its_reason_not_a_500(error, status):
    view = _Refuses.as_view(error=error)
    response = view(APIRequestFactory().get("/"))
    assert response.status_code == status
    if str(error):
        assert response.data == {"detail": str(error)}


# --------------------------------------------------------------------------- one shape


class _Takes(APIView):
    authentication_classes: list = []
    permission_classes: list = []

    class Input(serializers.Serializer):
        name = serializers.CharField()
        pairs = serializers.ListField(child=serializers.ListField(
            child=serializers.IntegerField()))

    def post(self, request):
        self.Input(data=request.data).is_valid(raise_exception=True)


def test_invalid_input_is_a_detail_with_the_messages_per_field():
    response = _Takes.as_view()(APIRequestFactory().post(
        "/", {"pairs": [[1, 2], [3, "x"]]}, format="json"))
    assert response.status_code == 400
    assert response.data == {
        "detail": "name: This field is required. pairs.1.1: A valid integer is required.",
        "errors": {"name": ["This field is required."],
                   "pairs.1.1": ["A valid integer is required."]}}


@pytest.mark.parametrize("raised", [
    exceptions.ValidationError("Send a JSON object."),
    exceptions.ValidationError({"detail": "Send a JSON object."}),
    exceptions.ValidationError({"non_field_errors": ["Send a JSON object."]}),
])
def test_a_request_refused_as_a_whole_says_why_in_detail(raised):
    response = _Refuses.as_view(error=raised)(APIRequestFactory().get("/"))
    assert response.status_code == 400
    assert response.data == {"detail": "Send a JSON object.",
                             "errors": {"non_field_errors": ["Send a JSON object."]}}


@pytest.mark.parametrize(("raised", "status"), [
    (exceptions.NotAuthenticated(), 403), (exceptions.Throttled(3), 429),
    (exceptions.NotFound("Invalid page."), 404), (exceptions.MethodNotAllowed("PUT"), 405),
])
def test_drf_s_own_refusals_have_the_same_shape(raised, status):
    response = _Refuses.as_view(error=raised)(APIRequestFactory().get("/"))
    assert response.status_code == status
    assert list(response.data) == ["detail"] and isinstance(response.data["detail"], str)


@pytest.mark.django_db
def test_a_missing_export_answers_its_error_in_json_not_as_an_empty_file(client):
    response = client.get("/api/matches/999/export.mat/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "No MatchRecord matches the given query."}


# --------------------------------------------------------------------------- the schema


@pytest.fixture(scope="module")
def schema():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _errors(schema, path, method="get"):
    responses = schema["paths"][path][method]["responses"]
    assert all(answer["content"] == {"application/json": {"schema": {
        "$ref": "#/components/schemas/Error"}}} for code, answer in responses.items()
        if code.startswith("4"))
    return sorted(code for code in responses if code.startswith("4"))


def test_the_schema_lists_each_operation_s_refusals_in_the_one_shape(schema):
    assert _errors(schema, "/api/clubs/") == ["400", "401", "404", "429"]  # filters, pages
    assert _errors(schema, "/api/clubs/{id}/") == ["401", "404", "429"]  # anyone reads
    assert _errors(schema, "/api/me/") == ["401", "403", "429"]
    assert _errors(schema, "/api/tournaments/{id}/start/", "post") == [
        "400", "401", "403", "404", "429"]
    assert schema["paths"]["/api/me/"]["get"]["responses"]["429"]["headers"] == {
        "Retry-After": {"schema": {"type": "integer"},
                        "description": "Seconds to wait before trying again."}}


def test_a_path_parameter_takes_what_its_url_converter_matches(schema):
    parameters = {p["name"]: p["schema"] for p in
                  schema["paths"]["/api/clubs/{slug}/ratings/"]["get"]["parameters"]}
    assert parameters["slug"]["pattern"] == "^[-a-zA-Z0-9_]+$"
    parameters = {p["name"]: p["schema"] for p in
                  schema["paths"]["/api/tournaments/{id}/start/"]["post"]["parameters"]}
    assert parameters["id"] == {"type": "integer", "minimum": 1, "maximum": 2**63 - 1}
