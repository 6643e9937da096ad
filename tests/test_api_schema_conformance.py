"""The OpenAPI schema is the API's contract: every answer is one it describes.

schemathesis generates requests from the schema (positive data only: what the schema
allows; 25 cases per operation, derandomized so every run sends the same) and checks each
answer's status code, content type and body against the schema. The caller is a member
(the club's admin, with an API token) of a club with something of every kind, so that
paths resolve: two generated ids in three are replaced by ids that exist (the others stay
what was generated: mostly 404s), and so are the slugs: the caller's club, or another one
(403s for what is not theirs).

Marked ``schema`` (a few minutes on two cores): ``pytest -m schema`` runs it alone.
"""

import datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.schema, pytest.mark.slow, pytest.mark.django_db]

CHECKS = [status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES = 25  # cases per operation


def _member(club, name, role="player"):
    player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
    MembershipFactory(club=club, player=player, role=role)
    return player


def _tournaments(w):
    from tournaments import services
    from tournaments.models import TournamentMatch

    day = datetime.date(2026, 11, 28)
    # Three entries: one first-round match is a bye (player_b null).
    w.cup = services.tournament_create(club=w.club, name="Cup", starts_on=day,
                                       format="single_elimination")
    for player in (w.bob, w.ann, w.cid):
        services.entry_add(tournament=w.cup, player=player)
    services.tournament_start(tournament=w.cup)
    playable = TournamentMatch.objects.filter(tournament=w.cup, player_a__isnull=False,
                                              player_b__isnull=False).first()
    w.report = services.match_result_report(match=playable, by=playable.player_a.user,
                                            winner=playable.player_a_id, score_a=7, score_b=3)
    w.draft = services.tournament_create(club=w.club, name="Draft", starts_on=day)
    for player in (w.ann, w.cid):
        services.entry_add(tournament=w.draft, player=player)
    w.swiss = services.tournament_create(club=w.club, name="Swiss", starts_on=day,
                                         format="swiss")
    for player in (w.bob, w.ann, w.cid, w.dot):
        services.entry_add(tournament=w.swiss, player=player)
    services.tournament_start(tournament=w.swiss)
    for match in TournamentMatch.objects.filter(tournament=w.swiss):  # finished: rated
        services.match_result_enter(match=match, by=w.alice, winner=match.player_a_id,
                                    score_a=7, score_b=2)


def _ladder_and_league(w):
    from tournaments.services import ladder as ladders
    from tournaments.services import league as leagues

    w.ladder = ladders.ladder_create(club=w.club, name="Ladder")
    for player in (w.ann, w.cid, w.dot):
        ladders.ladder_join(ladder=w.ladder, player=player)
    w.challenge = ladders.challenge_issue(ladder=w.ladder, by=w.dot.user, challenged=w.cid)
    w.season = leagues.season_create(
        club=w.club, name="2026", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 6, 1), divisions=[[w.ann.pk, w.cid.pk, w.dot.pk]],
        length=5)
    leagues.season_start(season=w.season)


def _chouette(w):
    from chouette import services

    players = [w.alice.player, w.bob, w.ann]
    w.session = services.chouette_session_start(club=w.club, date=datetime.date(2026, 3, 6),
                                                stake=Decimal("0.50"), players=players)
    services.chouette_order_roll(session=w.session,
                                 rolls={p.pk: 6 - i for i, p in enumerate(players)})
    first = services.chouette_game_start(session=w.session)
    services.chouette_result_record(session=w.session, game=first, winner="box",
                                    kind="single")
    w.payment = services.chouette_payment_record(
        club=w.club, payer=w.bob.pk, payee=w.alice.player.pk, amount=Decimal("0.25"),
        created_by=w.alice)
    w.game = services.chouette_game_start(session=w.session)


def _record_and_analysis(w):
    """A checked match record, and an analysis of it as the worker stores it (no gnubg
    here), for Ann."""
    from analysis.models import Analysis, PlayerAnalysis
    from analysis.selectors import FIGURES
    from games.services.match_import import match_import
    from tests.analysis.conftest import DATA

    w.record = match_import(club=w.club, data=(DATA / "selfplay_5p.mat").read_bytes(),
                            filename="selfplay_5p.mat", player_left=w.ann,
                            player_right=w.cid)
    analysis = Analysis.objects.create(record=w.record, status=Analysis.Status.DONE,
                                       finished_at=w.record.uploaded_at)
    for side, player in enumerate((w.ann, w.cid)):
        PlayerAnalysis.objects.create(analysis=analysis, side=side, player=player,
                                      name=player.name, **dict.fromkeys(FIGURES, 1))


@pytest.fixture
def world(club, other_club, alice, dave):
    """Riverside (Alice administers it; Bob, Ann, Cid and Dot play there) with a cup
    under way (a bye, a reported result), a draft, a Swiss round played (rated), a
    ladder with a challenge, a league season, a chouette game played (a payment) and one
    under way, an analysed match record, two live matches (one of them Alice's) and an
    invitation; Hilltop is another club (Dave's)."""
    from rest_framework.authtoken.models import Token

    from accounts.services import invitations
    from live import services as live

    w = SimpleNamespace(club=club, other_club=other_club, alice=alice, dave=dave)
    w.bob, w.ann, w.cid, w.dot = (_member(club, name) for name in ("Bob", "Ann", "Cid", "Dot"))
    _tournaments(w)
    _ladder_and_league(w)
    _chouette(w)
    _record_and_analysis(w)
    w.live = [live.live_match_create(club=club, by=w.bob.user, player_a=w.bob,
                                     player_b=w.ann, length=3),
              live.live_match_create(club=club, by=alice, player_a=alice.player,
                                     player_b=w.cid, length=1)]
    w.invitation = invitations.invitation_create(club=club, email="eve@example.com",
                                                 name="Eve", invited_by=alice).invitation
    w.token = Token.objects.create(user=alice).key
    return w


def _ids(w) -> dict[str, list]:
    """What exists, by the path's first part (and by parameter name for the second)."""
    from tournaments.models import Entry, Fixture, TournamentMatch

    events = [w.cup, w.draft, w.swiss]
    return {
        "clubs": [w.club.pk, w.other_club.pk],
        "slug": [w.club.slug, w.other_club.slug],
        "player_id": [w.ann.pk, w.bob.pk, w.dave.player.pk],
        "invitation_id": [w.invitation.pk],
        "players": [w.ann.pk, w.bob.pk, w.dave.player.pk],
        "matches": [w.record.pk],
        "live-matches": [match.pk for match in w.live],
        "tournaments": [e.pk for e in events],
        "tournament-matches": list(TournamentMatch.objects.filter(
            tournament__in=events).values_list("pk", flat=True)),
        "tournament-entries": list(Entry.objects.filter(
            tournament__in=events).values_list("pk", flat=True)),
        "tournament-reports": [w.report.pk],
        "ladders": [w.ladder.pk],
        "ladder-challenges": [w.challenge.pk],
        "leagues": [w.season.pk],
        "league-fixtures": list(Fixture.objects.filter(
            division__season=w.season).values_list("pk", flat=True)),
        "sessions": [w.session.pk],
        "games": [w.game.pk],
        "payments": [w.payment.pk],
    }


def _existing(ids: dict, path: str, name: str, generated):
    """Two generated values in three become one that exists (chosen by the value, so the
    run stays derandomized)."""
    parts = [p for p in path.split("/") if p and p != "api" and p != "chouette"]
    kind = name if name in ids else parts[0] if name == "id" else None
    if name == "id" and "{slug}" in path:  # a club's payments
        kind = parts[2]
    choices = ids.get(kind) or []
    number = generated if isinstance(generated, int) else len(str(generated))
    if not choices or number % 3 == 0:
        return generated
    return choices[(number // 3) % len(choices)]


@pytest.fixture
def _connection_kept():
    """The application is called as a server would, outside Django's test client: keep
    the test's database connection (and its transaction) across requests, as the client
    does."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def _schema(ids: dict):
    """The schema as /api/schema/ serves it, loaded by schemathesis, whose requests go to
    the WSGI application in this process (the test's database)."""
    from config.wsgi import application

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)

    @schema.hook
    def map_path_parameters(context, path_parameters):
        path = context.operation.path
        return path_parameters and {name: _existing(ids, path, name, value)
                                    for name, value in path_parameters.items()}

    return schema


def _failure(operation, exc: BaseException) -> str:
    return f"{operation.label}: {type(exc).__name__}: {str(exc).strip()[:1500]}"


def test_every_answer_is_one_the_schema_describes(world, _connection_kept):
    schema = _schema(_ids(world))
    headers = {"Authorization": f"Token {world.token}"}
    failures, operations = [], 0

    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy(GenerationMode.POSITIVE, hooks=schema.hooks))
        @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                  phases=[Phase.explicit, Phase.generate], suppress_health_check=list(
                      HealthCheck))
        def answers_as_described(case):
            case.call_and_validate(headers=headers, checks=CHECKS)

        try:
            answers_as_described()
        except (FailureGroup, Exception) as exc:  # noqa: BLE001 - every operation's is shown
            failures.append(_failure(operation, exc))

    assert operations > 50
    assert not failures, f"{len(failures)} of {operations} operations:\n\n" + "\n\n".join(
        failures)
