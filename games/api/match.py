"""Match records API: upload (202 + the record's URL and check status) and reads."""

from django.db.models import Q
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Membership
from clubs.permissions import clubs_refereed, roles_in
from games.models import MatchGame, MatchRecord, Violation
from games.services.match_import import MatchImportError, RuleOptions, match_import


class MatchUploadInput(serializers.Serializer):
    file = serializers.FileField()
    player_left = serializers.IntegerField(required=False, help_text="Membership id.")
    player_right = serializers.IntegerField(required=False, help_text="Membership id.")
    jacoby = serializers.BooleanField(default=False)
    beavers = serializers.BooleanField(default=False)
    crawford = serializers.BooleanField(default=True)


class ViolationOutput(serializers.ModelSerializer):
    class Meta:
        model = Violation
        fields = ["game_number", "line", "rule", "severity", "message", "position_id", "dice",
                  "play_text", "legal_plays"]


class GameOutput(serializers.ModelSerializer):
    class Meta:
        model = MatchGame
        fields = ["number", "score_left", "score_right", "crawford", "winner", "points",
                  "result_kind", "ended_by", "cube_value", "is_void"]


class MatchOutput(serializers.ModelSerializer):
    url = serializers.HyperlinkedIdentityField(view_name="match-record-detail")
    check_status = serializers.CharField(source="rules_check.status", read_only=True)
    player_left = serializers.CharField(source="player_left.player.name")
    player_right = serializers.CharField(source="player_right.player.name")
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = MatchRecord
        fields = ["id", "url", "club", "player_left", "player_right", "match_length",
                  "crawford", "jacoby", "beavers", "score_left", "score_right", "winner",
                  "check_status", "uploaded_at"]


class MatchDetailOutput(MatchOutput):
    games = GameOutput(many=True, read_only=True)
    violations = serializers.SerializerMethodField()

    class Meta(MatchOutput.Meta):
        fields = [*MatchOutput.Meta.fields, "games", "violations"]

    @extend_schema(exclude=True)
    def get_violations(self, record) -> list[dict]:
        check = getattr(record, "rules_check", None)
        rows = check.violations.all() if check else []
        return ViolationOutput(rows, many=True).data


class MatchRecordViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Match records you may see: your own, and all of the clubs you referee."""

    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["club__slug", "rules_check__status"]

    def get_serializer_class(self):
        return MatchDetailOutput if self.action == "retrieve" else MatchOutput

    queryset = MatchRecord.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):
        user = self.request.user
        if getattr(self, "swagger_fake_view", False) or not user.is_authenticated:
            return MatchRecord.objects.none()
        visible = (Q(club__in=clubs_refereed(user=user)) | Q(player_left__player__user=user)
                   | Q(player_right__player__user=user))
        return MatchRecord.objects.filter(visible).select_related(
            "club", "rules_check", "player_left__player", "player_right__player"
        ).prefetch_related("games").order_by("-uploaded_at").distinct()


class MatchUploadApi(APIView):
    """Upload a match file to a club: 202 with the record's URL and its check status."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request={"multipart/form-data": MatchUploadInput},
                   responses={202: MatchOutput})
    def post(self, request, slug: str):
        club = get_object_or_404(Club, slug=slug)
        if not roles_in(user=request.user, club=club):
            raise PermissionDenied("Only members of this club can upload its matches.")
        data = MatchUploadInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        try:
            record = match_import(
                club=club, data=values["file"].read(), filename=values["file"].name,
                uploaded_by=request.user,
                player_left=self._member(club, values.get("player_left")),
                player_right=self._member(club, values.get("player_right")),
                options=RuleOptions(jacoby=values["jacoby"], beavers=values["beavers"],
                                    crawford=values["crawford"]),
            )
        except MatchImportError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        record = MatchRecord.objects.select_related("rules_check", "club").get(pk=record.pk)
        body = MatchOutput(record, context={"request": request}).data
        location = str(body["url"])  # a plain str: WSGI servers reject str subclasses
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": location})

    @staticmethod
    def _member(club, membership_id):
        if membership_id is None:
            return None
        member = Membership.objects.filter(pk=membership_id, club=club).first()
        if member is None:
            raise serializers.ValidationError({"player": f"No member {membership_id} here."})
        return member
