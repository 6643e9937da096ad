"""The national lists' API: the live list as of a day, the official lists (publish, read,
the changes since another list, the exports with every input of the formula).

Reading is public (a federation's lists are public, like its page); publishing is for the
federation's rating officers and admins (``federations.permissions.federation_for_officer``).
"""

from __future__ import annotations

import csv
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from config.refusals import Refusal
from config.spreadsheets import safe_row
from federations.permissions import federation_for_officer, federation_for_viewer
from ops.pagecache import cached_answer
from ratings.models import OfficialList
from ratings.selectors import national as selectors
from ratings.services.official_lists import official_list_publish

# --------------------------------------------------------------------------- output


class NationalRowOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    clubs = serializers.ListField(child=serializers.CharField(), help_text="Club slugs")
    rating = serializers.FloatField(help_text="Unrounded")
    experience = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="Rated matches on this list")
    provisional = serializers.BooleanField()
    inactive = serializers.BooleanField(
        help_text="No rated match within the federation's inactive_after_months (listed "
                  "only with ?inactive=include)")


class NationalPageOutput(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = NationalRowOutput(many=True)


class OfficialRowOutput(NationalRowOutput):
    inactive = None  # an official list lists the active players only
    rank = serializers.IntegerField(allow_null=True, help_text="Empty for provisional players")
    last_played = serializers.DateField(allow_null=True)


class OfficialListInput(serializers.Serializer):
    period = serializers.CharField(help_text="A month (2026-11) or an ISO week (2026-W47)")


class OfficialListOutput(serializers.Serializer):
    number = serializers.IntegerField()
    period = serializers.CharField()
    first_day = serializers.DateField()
    last_day = serializers.DateField()
    published_at = serializers.DateTimeField()
    revision = serializers.IntegerField(help_text="1, then one more per republication")
    formula = serializers.CharField()
    start_rating = serializers.FloatField()
    provisional_below = serializers.IntegerField()
    inactive_after_months = serializers.IntegerField()
    changes = serializers.JSONField(help_text="What the last republication changed, per "
                                              "player: {player, name, before, after}")


class OfficialListDetailOutput(OfficialListOutput):
    rows = OfficialRowOutput(many=True)


class ChangeMatchOutput(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    finished_at = serializers.DateTimeField()
    opponent = serializers.IntegerField(source="opponent_id")
    opponent_name = serializers.CharField(source="opponent.name")
    length = serializers.IntegerField()
    won = serializers.BooleanField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    change = serializers.FloatField()
    experience_before = serializers.IntegerField()
    experience_after = serializers.IntegerField()
    k = serializers.FloatField()
    p = serializers.FloatField()


class LineOutput(serializers.Serializer):
    rating = serializers.FloatField()
    experience = serializers.IntegerField()
    matches = serializers.IntegerField()


class PlayerChangeOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    before = LineOutput(allow_null=True, help_text="Empty: not on the earlier list")
    after = LineOutput(allow_null=True, help_text="Empty: not on this list")
    matches = ChangeMatchOutput(many=True, help_text="The rated matches between the lists")


class ChangesOutput(serializers.Serializer):
    number = serializers.IntegerField()
    since = serializers.IntegerField()
    players = PlayerChangeOutput(many=True)


# --------------------------------------------------------------------------- helpers


def _official(slug: str, number: int) -> OfficialList:
    federation = federation_for_viewer(slug=slug)
    return selectors.official_list_get(federation=federation, number=number)


def _list_answer(lst: OfficialList, *, rows: bool) -> dict:
    answer = {name: getattr(lst, name) for name in OfficialListOutput().fields}
    if rows:
        answer["rows"] = [{"player": r.player_id, **{name: getattr(r, name) for name in (
            "name", "clubs", "rating", "experience", "matches", "provisional", "rank",
            "last_played")}} for r in lst.rows.order_by("-rating", "player_id")]
    return answer


# --------------------------------------------------------------------------- views


class NationalRatingsApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("as_of", OpenApiTypes.DATE, required=False,
                                     description="The list after this day's matches "
                                                 "(today when not given; never a future day)"),
                    OpenApiParameter("inactive", str, required=False,
                                     enum=["exclude", "include"],
                                     description="include: the inactive players too, each "
                                                 "row marked (default: exclude, as the "
                                                 "listing rule says)"),
                    OpenApiParameter("page", int, required=False)],
        responses=NationalPageOutput)
    def get(self, request, slug: str):
        federation = federation_for_viewer(slug=slug)
        day = selectors.as_of_day(request.query_params.get("as_of"))
        inactive = selectors.inactive_included(request.query_params.get("inactive"))
        pool = selectors.federation_pool(federation)

        def make():
            paginator = PageNumberPagination()
            page = paginator.paginate_queryset(
                selectors.national_rows(federation=federation, as_of=day, inactive=inactive,
                                        pool=pool), request, view=self)
            if pool is not None:
                selectors.matches_fill(page, pool_id=pool.pk, as_of=day)
            return paginator.get_paginated_response(
                NationalRowOutput(page, many=True).data).data

        # Each page answered once per version of the list (``listing_version``) and site
        # stamp (memberships, renames; ``cached_answer`` holds it): a request reads the
        # federation, its pool and the kept JSON.
        version = selectors.listing_version(federation=federation, pool=pool, as_of=day,
                                            inactive=inactive)
        return cached_answer(request, f"national:{version}", make)


class OfficialListsApi(APIView):
    """GET: the federation's official lists, newest first; POST: publish one."""

    def get_permissions(self):
        if self.request.method == "POST":
            return [permissions.IsAuthenticated()]
        return [permissions.AllowAny()]

    @extend_schema(responses=OfficialListOutput(many=True))
    def get(self, request, slug: str):
        federation = federation_for_viewer(slug=slug)
        lists = OfficialList.objects.filter(federation=federation).order_by("-number")
        return Response(OfficialListOutput([_list_answer(lst, rows=False) for lst in lists],
                                           many=True).data)

    @extend_schema(request=OfficialListInput, responses={201: OfficialListDetailOutput})
    def post(self, request, slug: str):
        federation = federation_for_officer(user=request.user, slug=slug)
        data = OfficialListInput(data=request.data)
        data.is_valid(raise_exception=True)
        published = official_list_publish(federation=federation,
                                          period=data.validated_data["period"],
                                          by=getattr(request.user, "player", None),
                                          actor=request.user)
        return Response(OfficialListDetailOutput(_list_answer(published, rows=True)).data,
                        status=status.HTTP_201_CREATED)


class OfficialListApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=OfficialListDetailOutput)
    def get(self, request, slug: str, number: int):
        return Response(OfficialListDetailOutput(
            _list_answer(_official(slug, number), rows=True)).data)


class OfficialListChangesApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("since", int, required=True,
                                                description="The earlier list's number")],
                   responses=ChangesOutput)
    def get(self, request, slug: str, number: int):
        later = _official(slug, number)
        since = request.query_params.get("since", "")
        if not since.isdigit():
            raise Refusal(gettext("since is the number of another list of this federation, "
                                  "not %(text)s.") % {"text": repr(since)})
        earlier = _official(slug, int(since))
        players = selectors.official_list_changes(later=later, earlier=earlier)
        return Response(ChangesOutput({"number": later.number, "since": earlier.number,
                                       "players": players}).data)


# --------------------------------------------------------------------------- exports

MATCH_FIELDS = ("match", "finished_at", "length", "winner", "loser", "winner_rating_before",
                "winner_experience_before", "loser_rating_before", "loser_experience_before",
                "p", "winner_k", "loser_k", "winner_change", "loser_change",
                "winner_rating_after", "loser_rating_after")
CSV_HEADER = ("record", "key", "value", "player", "name", "rating", "experience", "rank",
              "clubs", "matches", "provisional") + MATCH_FIELDS


def export_data(lst: OfficialList) -> dict:
    """Every input of the formula: the settings, each player's standing before the period,
    the period's rated matches with both players' values, and the list's rows."""
    pool = selectors.federation_pool(lst.federation)
    opening = {} if pool is None else selectors.period_opening(pool_id=pool.pk,
                                                               first_day=lst.first_day)
    names = dict(lst.rows.values_list("player_id", "name"))
    matches = []
    if pool is not None:
        for won, lost in selectors.period_matches(pool_id=pool.pk, first_day=lst.first_day,
                                                  last_day=lst.last_day):
            matches.append(dict(zip(MATCH_FIELDS, (
                won[0], won[1].isoformat(), won[3], won[2], lost[2], won[5], won[6], lost[5],
                lost[6], won[11], won[10], lost[10], won[9], lost[9], won[7], lost[7]),
                strict=True)))
    return {
        "federation": lst.federation.slug, "number": lst.number, "period": lst.period,
        "first_day": lst.first_day.isoformat(), "last_day": lst.last_day.isoformat(),
        "revision": lst.revision, "published_at": lst.published_at.isoformat(),
        "settings": {"formula": lst.formula, "start_rating": lst.start_rating,
                     "provisional_below": lst.provisional_below,
                     "inactive_after_months": lst.inactive_after_months},
        "opening": [{"player": p, "name": names.get(p, ""), "rating": r, "experience": e}
                    for p, (r, e) in sorted(opening.items())],
        "matches": matches,
        "rows": _list_answer(lst, rows=True)["rows"],
    }


def export_csv(data: dict) -> list[list]:
    width = len(CSV_HEADER)
    lines = []

    def line(**values):
        lines.append(safe_row(values.get(name, "") for name in CSV_HEADER)[:width])

    for key in ("federation", "number", "period", "first_day", "last_day", "revision"):
        line(record="list", key=key, value=data[key])
    for key, value in data["settings"].items():
        line(record="setting", key=key, value=value)
    for row in data["opening"]:
        line(record="opening", **row)
    for match in data["matches"]:
        line(record="match", **match)
    for row in data["rows"]:
        line(record="row", **{**row, "clubs": " ".join(row["clubs"]),
                              "last_played": None})
    return lines


class OfficialListExportApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT),
                              (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR)},
                   description="The list with every input of its formula: the settings, "
                               "each player's standing before the period, the period's rated "
                               "matches and the rows. CSV: one record per line (its kind in "
                               "the first column).")
    def get(self, request, slug: str, number: int, kind: str):
        lst = _official(slug, number)
        data = export_data(lst)
        filename = f"{lst.federation.slug}-{lst.number}-{lst.period}"
        if kind == "json":
            response = HttpResponse(json.dumps(data, indent=1, cls=DjangoJSONEncoder),
                                    content_type="application/json")
            response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
            return response
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
        writer = csv.writer(response)
        writer.writerow(CSV_HEADER)
        writer.writerows(export_csv(data))
        return response
