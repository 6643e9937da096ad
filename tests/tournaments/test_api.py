"""The tournaments API: who may write what (a persona x endpoint table), the director's flow
through the API, and bad input answered with a clear 400 that changes nothing."""

import datetime
from dataclasses import dataclass
from types import SimpleNamespace

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from tests.factories import UserFactory, member
from tournaments import services
from tournaments.models import Entry, ResultReport, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status
PERSONAS = ("anonymous", "stranger", "dave", "bob", "carol", "alice", "root")


@pytest.fixture
def world(club, alice, bob, carol, dave):
    """Bob (seed 1) meets Dot (seed 4) in M1-1 of a running cup; a draft event waits for
    its seeds; M1-2 is finished (Ann beat Cid), so it can be corrected."""
    w = SimpleNamespace(alice=alice, bob=bob, carol=carol, dave=dave, club=club,
                        stranger=UserFactory(username="stranger"),
                        root=UserFactory(username="root", is_staff=True, is_superuser=True))
    w.ann, w.cid, w.dot = (member(club, n) for n in ("Ann", "Cid", "Dot"))
    w.cup = services.tournament_create(club=club, name="Cup", format="single_elimination",
                                       starts_on=datetime.date(2026, 11, 28))
    for player in (bob.player, w.ann, w.cid, w.dot):
        services.entry_add(tournament=w.cup, player=player)
    services.tournament_start(tournament=w.cup)
    w.m11 = TournamentMatch.objects.get(tournament=w.cup, key="M1-1")
    w.m12 = TournamentMatch.objects.get(tournament=w.cup, key="M1-2")
    services.match_result_enter(match=w.m12, by=alice, winner=w.m12.player_a_id, score_a=7,
                                score_b=4)
    w.draft = services.tournament_create(club=club, name="Draft", starts_on=datetime.date(
        2026, 12, 5))
    w.eve = member(club, "Eve")
    for player in (w.ann, w.cid):
        services.entry_add(tournament=w.draft, player=player)
    w.entry = Entry.objects.get(tournament=w.draft, player=w.ann)
    return w


def _dot_reports(w):
    """Dot reports "Dot won 7-5" on M1-1: Bob is the one to confirm or dispute."""
    return services.match_result_report(match=w.m11, by=w.dot.user, winner=w.dot.pk,
                                        score_a=5, score_b=7)


def _disputed(w):
    report = _dot_reports(w)
    services.match_result_dispute(report=report, by=w.bob, reason="I won 7-5")
    return w.m11


@dataclass(frozen=True)
class Write:
    name: str
    allowed: frozenset
    args: object  # world -> url args
    data: object  # world -> body
    refused: frozenset = frozenset({403})  # what a signed-in outsider gets
    setup: object = None  # world -> None, before the call
    label: str = ""  # tells two rows of one endpoint apart in the test ids


ADMINS = frozenset({"alice", "root"})  # the superuser passes every gate
REFEREES = frozenset({"alice", "carol", "root"})
BOB = frozenset({"bob"})
NOT_YOURS = frozenset({403})  # the service refuses a match that is not the caller's

WRITES = [
    Write("tournament-create-api", ADMINS, lambda w: [w.club.slug],
          lambda w: {"name": "December KO", "starts_on": "2026-12-19",
                     "format": "double_elimination", "options": {"reset": False}}),
    Write("tournament-entry-add-api", ADMINS, lambda w: [w.draft.pk],
          lambda w: {"player": w.eve.pk}),
    Write("tournament-entry-withdraw-api", ADMINS, lambda w: [w.entry.pk], lambda w: {}),
    # ... and a player their own entry (Bob's, in the draft): NotAllowed for anyone else.
    Write("tournament-entry-withdraw-api", ADMINS | BOB, lambda w: [w.bob_entry.pk],
          lambda w: {}, setup=lambda w: setattr(w, "bob_entry", services.entry_add(
              tournament=w.draft, player=w.bob.player)), label="-own"),
    Write("tournament-seed-api", ADMINS, lambda w: [w.draft.pk], lambda w: {}),
    Write("tournament-start-api", ADMINS, lambda w: [w.draft.pk], lambda w: {}),
    Write("tournament-match-enter-api", ADMINS, lambda w: [w.m11.pk],
          lambda w: {"winner": w.bob.player.pk, "score_a": 7, "score_b": 3}),
    Write("tournament-match-report-api", BOB, lambda w: [w.m11.pk],
          lambda w: {"winner": w.bob.player.pk, "score_a": 7, "score_b": 3},
          refused=NOT_YOURS),
    # The opponent confirms, or a second person of the club's: its admins and referees.
    Write("tournament-report-confirm-api", BOB | REFEREES, lambda w: [w.report.pk],
          lambda w: {},
          refused=NOT_YOURS, setup=lambda w: setattr(w, "report", _dot_reports(w))),
    Write("tournament-report-dispute-api", BOB, lambda w: [w.report.pk],
          lambda w: {"reason": "I won 7-5"}, refused=NOT_YOURS,
          setup=lambda w: setattr(w, "report", _dot_reports(w))),
    Write("tournament-match-resolve-api", REFEREES, lambda w: [w.m11.pk],
          lambda w: {"winner": w.bob.player.pk, "score_a": 7, "score_b": 5,
                     "reason": "Scoresheet signed by both"}, setup=_disputed),
    Write("tournament-match-correct-api", REFEREES, lambda w: [w.m12.pk],
          lambda w: {"winner": w.m12.player_b_id, "score_a": 4, "score_b": 7,
                     "reason": "Names swapped on the scoresheet"}),
]


def snapshot():
    return (list(Tournament.objects.order_by("pk").values_list("pk", "status", "version")),
            list(Entry.objects.order_by("pk").values_list("pk", "status", "seed")),
            list(TournamentMatch.objects.order_by("pk").values_list(
                "status", "winner", "score_a", "score_b", "flag")),
            list(ResultReport.objects.order_by("pk").values_list("pk", "status")))


@pytest.mark.parametrize("write, persona", [
    pytest.param(w, p, id=f"{w.name}{w.label}-{p}")
    for w in WRITES for p in PERSONAS])
def test_only_the_right_people_write(client, world, write, persona):
    if write.setup:
        write.setup(world)
    if persona != "anonymous":
        client.force_login(getattr(world, persona))
    before = snapshot()
    response = client.post(reverse(write.name, args=write.args(world)), write.data(world),
                           content_type="application/json")
    if persona in write.allowed:
        assert response.status_code in (200, 201), (response.status_code, response.content)
        assert snapshot() != before
        return
    expected = {401, 403} if persona == "anonymous" else write.refused
    assert response.status_code in expected, (response.status_code, response.content)
    assert snapshot() == before


def test_every_knockout_write_endpoint_is_in_the_table():
    """Every write view of ``tournaments.api.views`` (the knockout API; the other formats'
    views live in ``views_formats`` with tests of their own)."""
    from tournaments.api import views
    from tournaments.api.urls import urlpatterns

    names = {p.name for p in urlpatterns if p.name and p.name.endswith("-api")
             and getattr(p.callback, "view_class", None).__module__ == views.__name__}
    assert names == {w.name for w in WRITES}


def _post(client, name, args, data):
    return client.post(reverse(name, args=args), data, content_type="application/json")


def test_the_director_runs_an_event_through_the_api(client, club, alice):
    client.force_login(alice)
    created = _post(client, "tournament-create-api", [club.slug], {
        "name": "API Cup", "starts_on": "2026-12-12", "format": "single_elimination"})
    assert created.status_code == 201
    pk = created.json()["id"]
    players = [member(club, f"Api{n}") for n in range(3)]
    entries = [_post(client, "tournament-entry-add-api", [pk], {"player": p.pk}).json()
               for p in players]
    guest = _post(client, "tournament-entry-add-api", [pk], {"guest": "Visiting Vic"})
    assert guest.status_code == 201 and guest.json()["player"] == "Visiting Vic"
    order = [guest.json()["id"], *(e["id"] for e in entries)]
    seeded = _post(client, "tournament-seed-api", [pk], {"order": order})
    assert [e["seed"] for e in seeded.json()] == [1, 2, 3, 4]
    started = _post(client, "tournament-start-api", [pk], {})
    assert started.json()["status"] == "running"
    first = next(m for m in started.json()["matches"] if m["key"] == "M1-1")
    assert first["player_a"] == "Visiting Vic" and first["status"] == "ready"
    entered = _post(client, "tournament-match-enter-api", [first["id"]], {
        "winner": first["player_b_id"], "score_a": 4, "score_b": 7})
    assert entered.json()["status"] == "finished"
    detail = client.get(reverse("tournament-detail", args=[pk])).json()
    final = next(m for m in detail["matches"] if m["key"] == "M2-1")
    assert final["player_a_id"] == first["player_b_id"]  # the bracket advanced
    assert {e["player"] for e in detail["entries"]} >= {"Visiting Vic", "Api0"}


def test_a_referee_corrects_through_the_api_with_an_audit_entry(client, world):
    client.force_login(world.carol)
    response = _post(client, "tournament-match-correct-api", [world.m12.pk], {
        "winner": world.m12.player_b_id, "score_a": 4, "score_b": 7,
        "reason": "Names swapped"})
    assert response.status_code == 200 and response.json()["winner_id"] == world.m12.player_b_id
    entry = AuditEntry.objects.get(action="result_corrected")
    assert entry.reason == "Names swapped" and entry.actor == world.carol


def test_a_correction_needs_a_reason(client, world):
    client.force_login(world.carol)
    before = snapshot()
    response = _post(client, "tournament-match-correct-api", [world.m12.pk], {
        "winner": world.m12.player_b_id, "score_a": 4, "score_b": 7})
    assert response.status_code == 400 and "reason" in response.json()["errors"]
    assert snapshot() == before


@pytest.mark.parametrize("name, data, message", [
    ("tournament-match-enter-api", {"score_a": 5, "score_b": 3}, "not a finished result"),
    ("tournament-match-enter-api", {"score_a": 7, "score_b": 7}, "not a finished result"),
    ("tournament-match-enter-api", {"winner": "ann", "score_a": 7, "score_b": 0},
     "one of the two players"),
    ("tournament-match-report-api", {"score_a": 5, "score_b": 3}, "not a finished result"),
    ("tournament-match-report-api", {"winner": "ann", "score_a": 7, "score_b": 0},
     "one of the two players"),
])
def test_bad_results_get_a_clear_error_and_change_nothing(client, world, name, data, message):
    client.force_login(world.alice if name == "tournament-match-enter-api" else world.bob)
    winner = world.ann.pk if data.get("winner") == "ann" else world.bob.player.pk
    before = snapshot()
    response = _post(client, name, [world.m11.pk], {**data, "winner": winner})
    assert response.status_code == 400 and message in response.json()["detail"]
    assert snapshot() == before


@pytest.mark.parametrize("persona, answers", [
    ("carol", ["tournament-report-dispute-api"]),
    ("dot", ["tournament-report-confirm-api", "tournament-report-dispute-api"])])
def test_answering_a_report_that_is_not_yours_is_a_403_with_the_reason(client, world, persona,
                                                                        answers):
    """A referee is not a player of the match (she may confirm, as a second person of the
    club's, not dispute); the reporter does not answer their own report; and the answer is
    the same once the report is settled (who, before what)."""
    report = _dot_reports(world)
    services.match_result_confirm(report=report, by=world.bob)
    client.force_login(getattr(world, persona) if persona == "carol" else world.dot.user)
    before = snapshot()
    data = {"tournament-report-confirm-api": {}, "tournament-report-dispute-api": {"reason": "No"}}
    for name in answers:
        response = _post(client, name, [report.pk], data[name])
        assert response.status_code == 403, (name, response.content)
        assert "Only the opponent" in response.json()["detail"]
    assert snapshot() == before


def test_the_opponent_answering_a_settled_report_gets_a_400(client, world):
    report = _dot_reports(world)
    services.match_result_confirm(report=report, by=world.bob)
    client.force_login(world.bob)
    response = _post(client, "tournament-report-confirm-api", [report.pk], {})
    assert response.status_code == 400
    assert "no longer waiting" in response.json()["detail"]


def test_a_report_on_a_match_not_ready_is_refused(client, world):
    final = TournamentMatch.objects.get(tournament=world.cup, key="M2-1")
    client.force_login(world.bob)
    before = snapshot()
    response = _post(client, "tournament-match-report-api", [final.pk], {
        "winner": world.bob.player.pk, "score_a": 7, "score_b": 0})
    assert response.status_code == 400 and "not ready" in response.json()["detail"]
    assert snapshot() == before


def test_the_schema_documents_every_write(client):
    schema = client.get(reverse("api-schema")).content.decode()
    for path in ("/entries/", "/seed/", "/start/", "/withdraw/", "/result/", "/report/",
                 "/confirm/", "/dispute/", "/resolve/", "/correct/",
                 "/api/clubs/{slug}/tournaments/"):
        assert path in schema, path


def test_the_bracket_reads_in_a_fixed_number_of_queries(client, club,
                                                        django_assert_max_num_queries):
    tournament = services.tournament_create(club=club, name="Big API Cup",
                                            format="consolation_last_chance",
                                            starts_on=datetime.date(2026, 11, 28))
    for n in range(24):
        services.entry_add(tournament=tournament, player=member(club, f"Big{n}"))
    services.tournament_start(tournament=tournament)
    # tournament + club, matches, entries and placings with players: none per match; then the
    # finished rows (the byes), their clubs' federations and the club list's settings (their
    # rated verdicts, issue 34).
    with django_assert_max_num_queries(7):
        body = client.get(reverse("tournament-detail", args=[tournament.pk])).json()
    assert len(body["entries"]) == 24 and len(body["matches"]) > 40


def test_the_directors_page_has_a_fixed_number_of_queries(client, club, alice,
                                                          django_assert_max_num_queries):
    tournament = services.tournament_create(club=club, name="Big Day",
                                            format="consolation_last_chance",
                                            starts_on=datetime.date(2026, 11, 28))
    for n in range(24):
        services.entry_add(tournament=tournament, player=member(club, f"Day{n}"))
    services.tournament_start(tournament=tournament)
    client.force_login(alice)
    # session, user, club, roles, tournament, matches (read once for the bracket, the day
    # and the corrections), placings, reports, entries, members: none per match or entry;
    # whether its matches will be rated (issue 34).
    with django_assert_max_num_queries(12):
        response = client.get(reverse("tournaments:manage", args=[club.slug, tournament.pk]))
    assert response.status_code == 200


def test_a_referee_records_a_new_result_for_a_flagged_match_through_the_api(client, world):
    """M1-2 was corrected after its winner played the final: the final is flagged; the
    referee's new result is between the players the bracket now gives."""
    services.match_result_enter(match=world.m11, by=world.alice, winner=world.m11.player_a_id,
                                score_a=7, score_b=2)
    final = TournamentMatch.objects.get(tournament=world.cup, key="M2-1")
    services.match_result_enter(match=final, by=world.alice, winner=final.player_a_id,
                                score_a=7, score_b=2)
    services.match_result_correct(match=world.m12, by=world.carol, winner=world.cid.pk,
                                  score_a=4, score_b=7, reason="Cid won")
    final.refresh_from_db()
    assert f"should be {world.bob.player.name} v Cid" in final.flag
    client.force_login(world.carol)
    wrong = _post(client, "tournament-match-resolve-api", [final.pk], {
        "winner": world.ann.pk, "score_a": 7, "score_b": 2, "reason": "Ann won"})
    assert wrong.status_code == 400  # Ann is no longer in the final: nothing changes
    final.refresh_from_db()
    assert final.player_b_id == world.ann.pk and final.flag
    response = _post(client, "tournament-match-resolve-api", [final.pk], {
        "winner": world.cid.pk, "score_a": 2, "score_b": 7, "reason": "Replayed: Cid won"})
    assert response.status_code == 200, response.json()
    assert response.json()["winner_id"] == world.cid.pk and not response.json()["flag"]


def test_a_finished_tournament_s_placings_are_in_its_api_detail(client, club, alice):
    tournament = services.tournament_create(club=club, name="Placed Cup",
                                            format="single_elimination",
                                            starts_on=datetime.date(2026, 11, 28))
    for n in range(4):
        services.entry_add(tournament=tournament, player=member(club, f"Placed{n}"))
    services.tournament_start(tournament=tournament)
    for key in ("M1-1", "M1-2", "M2-1"):
        match = tournament.matches.get(key=key)
        services.match_result_enter(match=match, by=alice, winner=match.player_a_id,
                                    score_a=7, score_b=3)
    champion = tournament.matches.get(key="M2-1").player_a
    body = client.get(reverse("tournament-detail", args=[tournament.pk])).json()
    assert body["status"] == "finished"
    placings = body["placings"]
    assert placings[0] == {"competition": "main", "place": 1, "label": "1st", "shared": 1,
                           "field_size": 4, "player_id": champion.pk,
                           "player": champion.name}
    assert [p["label"] for p in placings] == ["1st", "2nd", "3rd=", "3rd="]


def test_the_schema_documents_the_placings(client):
    schema = client.get(reverse("api-schema"), {"format": "json"}).json()
    detail = schema["components"]["schemas"]["TournamentDetailOutput"]["properties"]
    assert "placings" in detail
    placing = schema["components"]["schemas"]["PlacingOutput"]["properties"]
    assert {"competition", "place", "label", "player_id", "player"} <= set(placing)
