"""API: the analysis of a match record, and a player's series of analysed matches."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from clubs.permissions import match_record_for_viewer
from games.models import MatchRecord

from .. import selectors
from ..models import PlayerAnalysis


class PlayerFiguresOutput(serializers.ModelSerializer):
    class Meta:
        model = PlayerAnalysis
        fields = ("side", "player", "name", *selectors.FIGURES)


class AnalysisOutput(serializers.Serializer):
    record = serializers.IntegerField(source="record_id")
    status = serializers.CharField()
    plies = serializers.IntegerField()
    progress = serializers.IntegerField()
    gnubg_version = serializers.CharField()
    error = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)
    players = PlayerFiguresOutput(many=True, source="players.all")
    decisions = serializers.JSONField()


class SeriesPointOutput(serializers.ModelSerializer):
    record = serializers.IntegerField(source="analysis.record_id")
    uploaded_at = serializers.DateTimeField(source="analysis.record.uploaded_at")
    match_length = serializers.IntegerField(source="analysis.record.match_length")
    plies = serializers.IntegerField(source="analysis.plies")

    class Meta:
        model = PlayerAnalysis
        fields = ("record", "uploaded_at", "match_length", "plies", "side", *selectors.FIGURES)


class MatchAnalysisApi(APIView):
    """The analysis of a match record: status (and progress while it runs), the level and
    gnubg's version, both players' figures and every decision (errors in EMG, rates in
    mEMG, gnubg's definitions)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=AnalysisOutput)
    def get(self, request, pk: int):
        record = get_object_or_404(MatchRecord.objects.select_related("club"), pk=pk)
        match_record_for_viewer(user=request.user, record=record)
        analysis = selectors.analysis_get(record_id=record.pk)
        if analysis is None:
            return Response({"detail": "This match has not been analysed."}, status=404)
        return Response(AnalysisOutput(analysis).data)


class PlayerAnalysisSeriesApi(APIView):
    """A player's analysed matches that you may see, oldest first: the trend of their error
    rate, chequer play against cube play, and luck."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=SeriesPointOutput(many=True))
    def get(self, request, pk: int):
        player = get_object_or_404(Player, pk=pk)
        rows = selectors.player_series(player_id=player.pk, user=request.user)
        return Response({"player": player.pk, "name": player.name,
                         "matches": SeriesPointOutput(rows, many=True).data})
