"""Tournaments API: tournaments with their bracket (anyone reads), a player's report and
the opponent's confirmation (the services check who may)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.models import ResultReport, Tournament, TournamentMatch


class TournamentMatchOutput(serializers.ModelSerializer):
    player_a = serializers.CharField(source="player_a.name", default=None)
    player_b = serializers.CharField(source="player_b.name", default=None)
    status = serializers.CharField(read_only=True)
    flight = serializers.CharField(read_only=True)

    class Meta:
        model = TournamentMatch
        fields = ["id", "key", "flight", "round_number", "length", "slot_a", "slot_b",
                  "player_a_id", "player_a", "player_b_id", "player_b", "status", "score_a",
                  "score_b", "winner_id", "flag"]


class TournamentOutput(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text="draft, registration, running "
                                                             "or finished")
    format = serializers.CharField(read_only=True)

    class Meta:
        model = Tournament
        fields = ["id", "club", "name", "starts_on", "format", "status", "options", "version"]


class TournamentDetailOutput(TournamentOutput):
    matches = TournamentMatchOutput(many=True, read_only=True)

    class Meta(TournamentOutput.Meta):
        fields = [*TournamentOutput.Meta.fields, "matches"]


class TournamentViewSet(viewsets.ReadOnlyModelViewSet):
    """Club tournaments; the detail carries the bracket (every match with its slots)."""

    permission_classes = [permissions.AllowAny]
    filterset_fields = ["club__slug", "status"]

    def get_queryset(self):
        queryset = Tournament.objects.select_related("club").order_by("-starts_on", "-pk")
        if self.action == "retrieve":
            queryset = queryset.prefetch_related("matches__player_a", "matches__player_b")
        return queryset

    def get_serializer_class(self):
        return TournamentDetailOutput if self.action == "retrieve" else TournamentOutput


class TournamentReportInput(serializers.Serializer):
    winner = serializers.IntegerField(min_value=1, help_text="The winner's player id.")
    score_a = serializers.IntegerField(min_value=0)
    score_b = serializers.IntegerField(min_value=0)


class TournamentReportOutput(serializers.ModelSerializer):
    class Meta:
        model = ResultReport
        extra_kwargs = {"status": {"read_only": True}}
        fields = ["id", "match", "winner", "score_a", "score_b", "status", "note",
                  "created_at"]


class MatchReportApi(APIView):
    """Report your own match's result (the opponent confirms it)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=TournamentReportInput, responses={201: TournamentReportOutput})
    def post(self, request, pk: int):
        match = get_object_or_404(TournamentMatch, pk=pk)
        data = TournamentReportInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            report = services.match_result_report(match=match, by=request.user,
                                                  **data.validated_data)
        except services.DOMAIN_ERRORS as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(TournamentReportOutput(report).data, status=status.HTTP_201_CREATED)


class ReportConfirmApi(APIView):
    """Confirm a result your opponent reported."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: TournamentReportOutput})
    def post(self, request, pk: int):
        report = get_object_or_404(ResultReport, pk=pk)
        try:
            report = services.match_result_confirm(report=report, by=request.user)
        except services.DOMAIN_ERRORS as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(TournamentReportOutput(report).data)
