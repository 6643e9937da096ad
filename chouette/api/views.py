"""Chouette API: sessions, games, cube actions, results, money (the club's members read;
only its admins and referees write; nobody else sees anything of it). Thin views: the
input serializer checks the shape, the service does the work; its refusal is answered by the
API's one handler (``ops.api``): 400 with its message, 409 for a stale scoreboard.
"""

from decimal import Decimal

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from chouette import selectors, services
from chouette.core import ChouetteSettings
from chouette.models import (
    ChouetteCubeAction,
    ChouetteGame,
    ChouetteLedgerEntry,
    ChouettePayment,
    ChouetteSession,
)
from clubs.permissions import (
    chouette_session_for_referee,
    club_for_member,
    club_for_referee,
    clubs_member_of,
)
from ops.api_schema import refusal
from ops.pagecache import CachedListMixin, cached_answer


def _choice(choices, **kwargs) -> serializers.ChoiceField:
    """A choice field documented by a pattern, not an enum: spectacular turns enums into
    shared components named after the field, which clash with other apps' fields of the same
    name ("winner", "kind")."""
    values = [value for value, _ in choices]
    schema = {"type": "string", "pattern": f"^({'|'.join(values)})$",
              "description": "One of: " + ", ".join(values)}
    # A class per choice set: DRF deep-copies declared fields by re-instantiating the class.
    field_class = extend_schema_field(schema)(type("ChoiceField", (serializers.ChoiceField,), {}))
    return field_class(choices=choices, **kwargs)

# --------------------------------------------------------------------------- output


class ChouetteLedgerEntryOutput(serializers.ModelSerializer):
    class Meta:
        model = ChouetteLedgerEntry
        fields = ["id", "game", "box", "member", "points", "amount", "reverses", "reason",
                  "created_at"]


class ChouetteCubeActionOutput(serializers.ModelSerializer):
    kind = serializers.CharField(read_only=True)
    side = serializers.CharField(read_only=True, help_text="box or team")
    class Meta:
        model = ChouetteCubeAction
        fields = ["seq", "member", "kind", "side", "value", "undone", "created_at"]


class ChouetteGameOutput(serializers.ModelSerializer):
    cube_actions = ChouetteCubeActionOutput(many=True, read_only=True)
    ledger_entries = ChouetteLedgerEntryOutput(many=True, read_only=True)
    status = serializers.CharField(read_only=True, help_text="playing, finished or reversed")
    winner = serializers.CharField(read_only=True, help_text="box, team, or empty")
    kind = serializers.CharField(read_only=True, help_text="single, gammon, backgammon")

    class Meta:
        model = ChouetteGame
        fields = ["id", "session", "number", "status", "box", "captain", "partner", "lineup",
                  "automatic_double", "winner", "kind", "resigned", "captain_won", "points",
                  "started_at", "finished_at", "reversed_at", "reverse_reason", "cube_actions",
                  "ledger_entries"]


class ChouetteSessionOutput(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text="open or closed")
    cube_mode = serializers.CharField(read_only=True)
    consultation = serializers.CharField(read_only=True)
    box_answer_policy = serializers.CharField(read_only=True)

    class Meta:
        model = ChouetteSession
        fields = ["id", "club", "date", "stake", "currency", "status", "version", "cube_mode",
                  "jacoby", "beavers", "raccoons", "automatic_doubles", "consultation",
                  "box_partner_from", "box_answer_policy", "cube_limit", "created_at"]


class ChouetteSessionDetailOutput(ChouetteSessionOutput):
    scoreboard = serializers.SerializerMethodField()

    class Meta(ChouetteSessionOutput.Meta):
        fields = [*ChouetteSessionOutput.Meta.fields, "scoreboard"]

    def get_scoreboard(self, session) -> dict:
        return selectors.scoreboard(session=session)


class ChouettePaymentOutput(serializers.Serializer):
    payer_id = serializers.IntegerField()
    payer = serializers.CharField()
    payee_id = serializers.IntegerField()
    payee = serializers.CharField()
    amount = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouetteBalanceOutput(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    amount = serializers.DecimalField(max_digits=14, decimal_places=2)


class ChouetteSettlementOutput(serializers.Serializer):
    balances = ChouetteBalanceOutput(many=True)
    plan = ChouettePaymentOutput(many=True)


class ChouettePaymentMarkedOutput(serializers.ModelSerializer):
    class Meta:
        model = ChouettePayment
        fields = ["id", "payer", "payee", "amount", "currency", "session", "reverses", "reason",
                  "created_at"]


# --------------------------------------------------------------------------- input


class ChouettePaymentInput(serializers.Serializer):
    payer = serializers.IntegerField(min_value=1, help_text="the paying player's id")
    payee = serializers.IntegerField(min_value=1, help_text="the paid player's id")
    amount = serializers.DecimalField(max_digits=14, decimal_places=2,
                                      min_value=Decimal("0.01"))


class ChouettePaymentUndoInput(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="why the payment is undone")


class _Versioned(serializers.Serializer):
    version = serializers.IntegerField(required=False, min_value=0, help_text=(
        "The session version the client saw; a write from an older one is refused."))


class ChouetteSessionStartInput(serializers.Serializer):
    date = serializers.DateField()
    stake = serializers.DecimalField(max_digits=10, decimal_places=2, min_value=0)
    players = serializers.ListField(child=serializers.IntegerField(min_value=1), min_length=2)
    cube_mode = _choice(choices=ChouetteSession.CubeMode.choices, default="per_member")
    jacoby = serializers.BooleanField(default=True)
    beavers = serializers.BooleanField(default=True)
    raccoons = serializers.BooleanField(default=False)
    automatic_doubles = serializers.IntegerField(default=0, min_value=0, max_value=1)
    consultation = _choice(choices=ChouetteSession.Consultation.choices,
                                           default="no_cube_no_talk")
    box_partner_from = serializers.IntegerField(required=False, allow_null=True, default=None)
    box_answer_policy = _choice(choices=ChouetteSession.BoxAnswerPolicy.choices,
                                                default="free")
    cube_limit = serializers.IntegerField(required=False, allow_null=True, default=None)


class ChouetteOrderRollInput(_Versioned):
    rolls = serializers.DictField(child=serializers.IntegerField(), required=False,
                                  help_text="Player id -> die (1-6). Omit: the server rolls.")

    def validate_rolls(self, value):
        try:
            return {int(key): die for key, die in value.items()}
        except ValueError:
            raise serializers.ValidationError(gettext("Keys are player ids.")) from None


class ChouetteLineupInput(_Versioned):
    action = _choice(choices=[(a, a) for a in ("join", "sit_out", "return", "leave")])
    player = serializers.IntegerField(min_value=1)


class ChouetteGameStartInput(_Versioned):
    automatic_double = serializers.BooleanField(default=False)


class ChouetteCubeActionInput(_Versioned):
    kind = _choice(choices=ChouetteCubeAction.Kind.choices)
    members = serializers.ListField(child=serializers.IntegerField(min_value=1), min_length=1)


class ChouetteResultInput(_Versioned):
    winner = _choice(choices=ChouetteGame.Winner.choices)
    kind = _choice(choices=ChouetteGame.Kind.choices)
    resigned = serializers.BooleanField(default=False)


class ChouetteUndoInput(_Versioned):
    reason = serializers.CharField(default="Undo through the API", max_length=500)


# --------------------------------------------------------------------------- views


class _YourClubsChouette(CachedListMixin):
    """A list across the viewer's clubs, kept per version of their chouettes."""

    def list_version(self) -> str:
        clubs = sorted(clubs_member_of(user=self.request.user).values_list("pk", flat=True))
        return (f"{clubs}:"  # which clubs: the site's stamp (in the key) moves with them
                f"{selectors.chouette_versions(club_ids=clubs)}")


class ChouetteSessionViewSet(_YourClubsChouette, viewsets.ReadOnlyModelViewSet):
    """Chouette sessions of your clubs; the detail carries the live scoreboard."""

    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["club__slug", "status"]
    queryset = ChouetteSession.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return ChouetteSession.objects.none()
        return ChouetteSession.objects.filter(
            club__in=clubs_member_of(user=self.request.user)
        ).select_related("club").order_by("-date", "-pk")

    def get_serializer_class(self):
        return ChouetteSessionDetailOutput if self.action == "retrieve" else ChouetteSessionOutput


def _sessions_of_your_clubs(request):
    if request is None:  # the schema
        return ChouetteSession.objects.none()
    return ChouetteSession.objects.filter(club__in=clubs_member_of(user=request.user))


class ChouetteGameFilter(filters.FilterSet):
    # The choices are rendered in the browsable API's filter form: by default they would be
    # every club's sessions (club and date), shown to any signed-in user.
    session = filters.ModelChoiceFilter(queryset=_sessions_of_your_clubs)

    class Meta:
        model = ChouetteGame
        fields = ["session", "status"]


class ChouetteGameViewSet(_YourClubsChouette, viewsets.ReadOnlyModelViewSet):
    """Chouette games of your clubs, with their cube actions and ledger entries."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = ChouetteGameOutput
    filterset_class = ChouetteGameFilter
    queryset = ChouetteGame.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return ChouetteGame.objects.none()
        return ChouetteGame.objects.filter(
            session__club__in=clubs_member_of(user=self.request.user)
        ).prefetch_related("cube_actions", "ledger_entries").order_by("session", "number")


class _Write(APIView):
    """A write on one session: the caller must referee (or administer) its club."""

    permission_classes = [permissions.IsAuthenticated]
    input_class: type[serializers.Serializer] = _Versioned

    def _session(self, request, pk: int) -> ChouetteSession:
        session = get_object_or_404(ChouetteSession.objects.select_related("club"), pk=pk)
        return chouette_session_for_referee(user=request.user, session=session)

    def _run(self, request, session, work):
        data = self.input_class(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        version = values.pop("version", None)
        work(session=session, expected_version=version, **values)
        session.refresh_from_db()
        return Response(ChouetteSessionDetailOutput(session).data)


class ChouetteSessionStartApi(APIView):
    """Open a chouette session in a club (its admins and referees)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ChouetteSessionStartInput, responses={201: ChouetteSessionDetailOutput})
    def post(self, request, slug: str):
        club = club_for_referee(user=request.user, slug=slug)
        data = ChouetteSessionStartInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        head = {key: values.pop(key) for key in ("date", "stake", "players")}
        session = services.chouette_session_start(
            club=club, created_by=request.user, settings=ChouetteSettings(**values), **head)
        return Response(ChouetteSessionDetailOutput(session).data, status=status.HTTP_201_CREATED)


class ChouetteOrderRollApi(_Write):
    """One round of dice (``rolls``), or the server rolls what is still needed."""

    input_class = ChouetteOrderRollInput

    @extend_schema(request=ChouetteOrderRollInput,  # 409: a scoreboard changed since its version
                   responses={200: ChouetteSessionDetailOutput, 409: refusal(409)})
    def post(self, request, pk: int):
        return self._run(request, self._session(request, pk), services.chouette_order_roll)


class ChouetteLineupApi(_Write):
    """A player joins (bottom of the line), sits out, returns or leaves."""

    input_class = ChouetteLineupInput

    @extend_schema(request=ChouetteLineupInput,  # 409: a scoreboard changed since its version
                   responses={200: ChouetteSessionDetailOutput, 409: refusal(409)})
    def post(self, request, pk: int):
        def work(*, session, expected_version, action, player):
            if action == "join":
                return services.chouette_player_join(
                    session=session, player=player, expected_version=expected_version)
            return services.chouette_player_move(session=session, player=player, move=action,
                                                 expected_version=expected_version)

        return self._run(request, self._session(request, pk), work)


class ChouetteGameStartApi(_Write):
    """Start the next game with the current order."""

    input_class = ChouetteGameStartInput

    @extend_schema(request=ChouetteGameStartInput,  # 409: a scoreboard changed since its version
                   responses={200: ChouetteSessionDetailOutput, 409: refusal(409)})
    def post(self, request, pk: int):
        def work(**kwargs):
            return services.chouette_game_start(started_by=request.user, **kwargs)

        return self._run(request, self._session(request, pk), work)


class ChouetteGameUndoApi(_Write):
    """Undo the last game: reversing entries, the order before its rotation."""

    input_class = ChouetteUndoInput

    @extend_schema(request=ChouetteUndoInput,  # 409: a scoreboard changed since its version
                   responses={200: ChouetteSessionDetailOutput, 409: refusal(409)})
    def post(self, request, pk: int):
        def work(**kwargs):
            return services.chouette_game_undo(undone_by=request.user, **kwargs)

        return self._run(request, self._session(request, pk), work)


class _GameWrite(_Write):
    def _game(self, request, pk: int) -> tuple[ChouetteSession, ChouetteGame]:
        game = get_object_or_404(ChouetteGame, pk=pk)
        return self._session(request, game.session_id), game


class ChouetteCubeActionApi(_GameWrite):
    """A cube decision: a double names the members; take/drop/beaver name one member."""

    input_class = ChouetteCubeActionInput

    @extend_schema(request=ChouetteCubeActionInput,  # 409: a scoreboard changed since its version
                   responses={200: ChouetteSessionDetailOutput, 409: refusal(409)})
    def post(self, request, pk: int):
        session, game = self._game(request, pk)

        def work(**kwargs):
            return services.chouette_cube_action(game=game, created_by=request.user, **kwargs)

        return self._run(request, session, work)


class ChouetteResultApi(_GameWrite):
    """The board's result, recorded once: ledger entries and the rotation follow."""

    input_class = ChouetteResultInput

    @extend_schema(request=ChouetteResultInput,  # 409: a scoreboard changed since its version
                   responses={200: ChouetteSessionDetailOutput, 409: refusal(409)})
    def post(self, request, pk: int):
        session, game = self._game(request, pk)

        def work(**kwargs):
            return services.chouette_result_record(game=game, recorded_by=request.user,
                                                   **kwargs)

        return self._run(request, session, work)


class ChouetteSettlementApi(APIView):
    """A club's outstanding chouette balances and the fewest-payments plan."""

    refuses_reads = True  # its reads may be refused too: 400 in the schema

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ChouetteSettlementOutput})
    def get(self, request, slug: str):
        club = club_for_member(user=request.user, slug=slug)
        return cached_answer(
            request, f"settlement:{selectors.chouette_version(club=club)}",
            lambda: ChouetteSettlementOutput(selectors.settlement(club=club)).data,
            club=club)


class ChouettePaymentApi(APIView):
    """Mark one payment paid (the club's admins and referees): at most what the payer owes
    and the payee is owed."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ChouettePaymentInput, responses={201: ChouettePaymentMarkedOutput})
    def post(self, request, slug: str):
        club = club_for_referee(user=request.user, slug=slug)
        data = ChouettePaymentInput(data=request.data)
        data.is_valid(raise_exception=True)
        payment = services.chouette_payment_record(club=club, created_by=request.user,
                                                   **data.validated_data)
        return Response(ChouettePaymentMarkedOutput(payment).data,
                        status=status.HTTP_201_CREATED)


class ChouettePaymentUndoApi(APIView):
    """Undo a payment marked by mistake, with a reason: a payment back the other way."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ChouettePaymentUndoInput,
                   responses={201: ChouettePaymentMarkedOutput})
    def post(self, request, slug: str, pk: int):
        club = club_for_referee(user=request.user, slug=slug)
        data = ChouettePaymentUndoInput(data=request.data)
        data.is_valid(raise_exception=True)
        undo = services.chouette_payment_reverse(club=club, payment_id=pk,
                                                 created_by=request.user, **data.validated_data)
        return Response(ChouettePaymentMarkedOutput(undo).data, status=status.HTTP_201_CREATED)
