"""One refusal, one status wherever it is answered (config/refusals.py): the API (DRF's
exception handler, every view), a page, a page's JSON."""

import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404
from django.test import RequestFactory
from django.utils import translation

from chouette.core import CubeLimitError
from chouette.services import StaleStateError
from config.refusals import Forbidden, Kind, Refusal, Stale, refusal_text, refused
from config.texts import StoredText
from config.views_refusals import refusal_json, refusal_page
from live.services import LiveError, StaleAction
from ops.api import api_exception
from tournaments.formats.errors import SettingError
from tournaments.services import NotAllowed, TournamentError

KINDS = [
    (Refusal("No."), 400), (ValueError("Odd length."), 400),
    (ValidationError("Give both scores."), 400), (TournamentError("Not over."), 400),
    (LiveError("Not your turn."), 400),
    (Forbidden("Not you."), 403), (PermissionDenied("Admins only."), 403),
    (NotAllowed("Only the opponent confirms."), 403),
    (Http404("No such ladder."), 404), (ObjectDoesNotExist("No such fixture."), 404),
    (Stale("Look again."), 409), (StaleAction("The match has changed since."), 409),
    (StaleStateError("The scoreboard changed in the meantime."), 409),
]


def _request():
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


@pytest.mark.parametrize(("error", "status"), KINDS)
def test_each_kind_of_refusal_has_one_status_at_every_door(error, status):
    assert refused(error).status == status
    assert api_exception(error).status_code == status
    assert refusal_json(error).status_code == status
    assert refusal_page(_request(), error, back_name="Cup", back_url="/").status_code == status


def test_a_stale_version_is_409_and_says_so_in_the_page_json():
    answer = refusal_json(StaleStateError("The scoreboard changed in the meantime."),
                          version=4)
    assert answer.status_code == 409
    assert json.loads(answer.content) == {
        "ok": False, "message": "The scoreboard changed in the meantime.", "stale": True,
        "version": 4}


def test_a_refusal_s_fields_come_with_it():
    answer = refusal_json(LiveError("Illegal play.", legal_plays=("8/5 6/5",)))
    assert json.loads(answer.content)["legal_plays"] == ["8/5 6/5"]


def test_a_fault_is_no_refusal():
    assert refused(RuntimeError("bug")) is None
    with pytest.raises(RuntimeError):
        refusal_json(RuntimeError("bug"))


def test_a_refusal_carries_a_stored_sentence_shown_in_the_reader_s_language():
    refusal = Refusal(StoredText.gettext("This field is required."))
    with translation.override("de"):
        assert refused(refusal).reason == "Dieses Feld ist erforderlich."
    assert refusal.kind is Kind.INVALID


@pytest.mark.parametrize("error", [
    CubeLimitError("The cube is at its limit of %(limit)s.", {"limit": 64}),
    SettingError("Unknown setting %(name)s.", name="x"),
])
def test_the_pure_cores_errors_have_one_translator(error):
    with translation.override("en"):
        assert refusal_text(error) == str(error)  # the template translated, then filled
