"""API: the analysis of a match record, and a player's series of analysed matches."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_field
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


class SummaryOutput(serializers.Serializer):
    side = serializers.IntegerField()
    pr = serializers.FloatField(help_text="PR-like figure: 500 × EMG lost per decision (half "
                                          "the error rate in mEMG); not eXtreme Gammon's PR")
    snowie = serializers.FloatField(allow_null=True,
                                    help_text="gnubg's Snowie error rate: the player's error "
                                              "total per move of both players (mEMG)")
    actual = serializers.FloatField(source="actual_value", allow_null=True,
                                    help_text="Match winning chance gained from 50% (a won "
                                              "match +0.5), or points won in money play")
    luck_adjusted = serializers.FloatField(source="luck_adjusted_value", allow_null=True,
                                           help_text="The actual result less the luck "
                                                     "(gnubg's luck-adjusted result)")


class AnalysisOutput(serializers.Serializer):
    record = serializers.IntegerField(source="record_id")
    status = serializers.CharField()
    plies = serializers.IntegerField()
    progress = serializers.IntegerField()
    gnubg_version = serializers.CharField()
    error = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)
    thresholds = serializers.JSONField(help_text="The EMG lost above which gnubg marked a "
                                                 "decision doubtful, bad, very bad")
    players = PlayerFiguresOutput(many=True, source="players.all")
    decisions = serializers.JSONField()
    summary = serializers.SerializerMethodField()

    @extend_schema_field(SummaryOutput(many=True))
    def get_summary(self, analysis) -> list[dict]:
        return SummaryOutput(selectors.analysis_summary(
            analysis=analysis, record=analysis.record, players=list(analysis.players.all())),
            many=True).data


class SeriesPointOutput(serializers.ModelSerializer):
    record = serializers.IntegerField(source="analysis.record_id")
    uploaded_at = serializers.DateTimeField(source="analysis.record.uploaded_at")
    match_length = serializers.IntegerField(source="analysis.record.match_length")
    plies = serializers.IntegerField(source="analysis.plies")

    class Meta:
        model = PlayerAnalysis
        fields = ("record", "uploaded_at", "match_length", "plies", "side", *selectors.FIGURES)


class PlayerSeriesOutput(serializers.Serializer):
    player = serializers.IntegerField(help_text="The player's id")
    name = serializers.CharField()
    matches = SeriesPointOutput(many=True, help_text="Oldest first")


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
            return Response({"detail": gettext("This match has not been analysed.")}, status=404)
        return Response(AnalysisOutput(analysis).data)


class PlayerAnalysisSeriesApi(APIView):
    """A player's analysed matches that you may see, oldest first: the trend of their error
    rate, chequer play against cube play, and luck."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PlayerSeriesOutput)
    def get(self, request, pk: int):
        player = get_object_or_404(Player, pk=pk)
        rows = selectors.player_series(player_id=player.pk, user=request.user)
        return Response(PlayerSeriesOutput({"player": player.pk, "name": player.name,
                                            "matches": rows}).data)
