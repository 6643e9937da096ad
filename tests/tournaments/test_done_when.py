"""The issue's "Done when", scenario by scenario, from the web: a 13-player main +
consolation + last chance event and a 9-player double elimination, run by the director and
the players through the pages from entries to placings: results reported by players and
confirmed by their opponents (one confirmed by a match file), a withdrawal, a dispute
settled by a referee and a correction that changes a later round."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from results.models import FinishedMatch
from tests.factories import members, sample_bytes
from tournaments.models import Entry, Placing, ResultReport, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db
MatchStatus = TournamentMatch.Status


class Event:
    """The director's, the referee's and the players' browsers, as test clients."""

    def __init__(self, club, alice, carol):
        self.club, self.alice, self.carol = club, alice, carol
        self.director, self.referee = Client(), Client()
        self.director.force_login(alice)
        self.referee.force_login(carol)
        self.tournament = None

    def url(self, name, **kwargs):
        return reverse(f"tournaments:{name}", kwargs={"slug": self.club.slug,
                                                      "pk": self.tournament.pk, **kwargs})

    def ok(self, response):
        """The action was done (303/302 to a page whose messages include no error)."""
        assert response.status_code in (302, 303), response.status_code
        return response

    def create(self, **fields):
        response = self.director.post(reverse("tournaments:new", args=[self.club.slug]), {
            "starts_on": "2026-11-28", "main_length": 7, "consolation_length": 5,
            "last_chance_length": 3, "crawford": "on", "reset": "on", **fields})
        assert response.status_code == 302
        self.tournament = Tournament.objects.get(name=fields["name"])

    def direct(self, action, **data):
        response = self.director.post(self.url("direct", action=action), data, follow=True)
        errors = [m.message for m in response.context["messages"] if m.level_tag == "error"]
        assert not errors, errors
        return response

    def match(self, key) -> TournamentMatch:
        return TournamentMatch.objects.select_related(
            "player_a__user", "player_b__user", "round").get(tournament=self.tournament,
                                                              key=key)

    def ready(self):
        return list(TournamentMatch.objects.filter(tournament=self.tournament, status__in=[
            MatchStatus.READY, MatchStatus.IN_PROGRESS])
            .select_related("player_a__user", "player_b__user")
            .order_by("round_number", "pk"))

    @staticmethod
    def as_player(player) -> Client:
        client = Client()
        client.force_login(player.user)
        return client

    def report(self, match, *, winner, score, match_file=None):
        """The winner's side reports from the public page (with a match file, maybe)."""
        data = {"match": match.pk, "winner": winner.pk, "score_a": score[0],
                "score_b": score[1]}
        if match_file:
            data["match_file"] = SimpleUploadedFile("evening.mat", match_file)
        return self.ok(self.as_player(winner).post(self.url("play", action="report"), data))

    def confirm(self, match, *, by):
        report = ResultReport.objects.get(match=match, status=ResultReport.Status.PENDING)
        return self.ok(self.as_player(by).post(self.url("play", action="confirm"),
                                               {"report": report.pk}))

    def play(self, match, *, first_wins=True):
        """Reported by the winner and confirmed by the loser; the director enters matches
        of a player without a login (the guest)."""
        winner, loser = (match.player_a, match.player_b) if first_wins else (
            match.player_b, match.player_a)
        won, lost = match.length, match.length // 2
        score = (won, lost) if first_wins else (lost, won)
        if winner.user_id and loser.user_id:
            self.report(match, winner=winner, score=score)
            self.confirm(match, by=loser)
        else:
            self.direct("enter", match=match.pk, winner=winner.pk, score_a=score[0],
                        score_b=score[1])
        match.refresh_from_db()
        assert match.status == MatchStatus.FINISHED, match

    def play_to_the_end(self, *, first_wins=True):
        for _ in range(200):
            ready = self.ready()
            if not ready:
                break
            self.play(ready[0], first_wins=first_wins)
        self.tournament.refresh_from_db()


def _members(club, count):
    return members(club, count, name="Player {:02d}", username="player{}")


def _enter_everyone(event, players, guest):
    for player in players:
        event.direct("entry", player=player.pk)
    event.direct("entry", guest=guest)


def _losses(event):
    losses = {}
    for m in TournamentMatch.objects.filter(
            tournament=event.tournament, status__in=[MatchStatus.FINISHED, MatchStatus.WALKOVER]):
        loser = m.player_b_id if m.winner_id == m.player_a_id else m.player_a_id
        losses[loser] = losses.get(loser, 0) + 1
    return losses


def test_a_thirteen_player_main_consolation_last_chance_event_from_entries_to_placings(
        club, alice, carol, django_capture_on_commit_callbacks):
    event = Event(club, alice, carol)
    event.create(name="November Monthly", format="consolation_last_chance",
                 semi_final_length=9, final_length=11)
    players = _members(club, 12)
    _enter_everyone(event, players, "Visiting Vera")
    entries = list(event.tournament.entries.order_by("pk"))
    event.direct("seed", order="\n".join(e.player.name for e in entries))  # guest: seed 13
    event.direct("start")
    assert event.match("M1-3").player_b.name == "Visiting Vera"  # 4 v 13
    assert sorted(m.key for m in event.ready()) == ["M1-2", "M1-3", "M1-4", "M1-6", "M1-8"]

    # 8 v 9: reported with a match file; its rules check agrees: confirmed without 9.
    file_match = event.match("M1-2")
    with django_capture_on_commit_callbacks(execute=True):
        event.report(file_match, winner=file_match.player_a, score=(8, 5),
                     match_file=sample_bytes("7point.mat"))
    file_match = event.match("M1-2")
    assert file_match.status == MatchStatus.FINISHED and file_match.match_record_id
    assert file_match.confirmed_by is None and (file_match.score_a, file_match.score_b) == (
        8, 5)

    # 5 v 12: disputed by 12, settled by the referee for 12.
    disputed = event.match("M1-4")
    event.report(disputed, winner=disputed.player_a, score=(7, 3))
    report = ResultReport.objects.get(match=disputed)
    event.ok(event.as_player(disputed.player_b).post(event.url("play", action="dispute"), {
        "report": report.pk, "reason": "I won 7-6, my scoresheet is signed"}))
    assert "I won 7-6" in event.match("M1-4").flag
    event.ok(event.referee.post(event.url("direct", action="resolve"), {
        "match": disputed.pk, "winner": disputed.player_b_id, "score_a": 6, "score_b": 7,
        "reason": "Both scoresheets checked"}))
    disputed = event.match("M1-4")
    assert disputed.winner == disputed.player_b and not disputed.flag

    for key in ("M1-3", "M1-6", "M1-8"):
        event.play(event.match(key))

    # A correction: M1-6 (7 v 10) was misread. Its next match has not started, so the
    # right player moves on to main round 2 (and the other drops to the consolation).
    wrong = event.match("M1-6")
    after = next(m for m in TournamentMatch.objects.filter(tournament=event.tournament)
                 if {"winner_of": "M1-6"} in (m.slot_a, m.slot_b))
    assert after.status in (MatchStatus.READY, MatchStatus.WAITING)
    assert wrong.winner_id in (after.player_a_id, after.player_b_id)
    event.direct("correct", match=wrong.pk, winner=wrong.player_b_id, score_a=3, score_b=7,
                 reason="Scoresheet misread")
    after.refresh_from_db()
    assert wrong.player_b_id in (after.player_a_id, after.player_b_id)
    assert wrong.player_a_id not in (after.player_a_id, after.player_b_id)
    assert AuditEntry.objects.filter(action="result_corrected",
                                     reason="Scoresheet misread").count() == 1

    # A withdrawal in main round 2: the opponent gets a walkover.
    leaving = event.match("M2-1")
    assert leaving.status == MatchStatus.READY
    entry = Entry.objects.get(tournament=event.tournament, player=leaving.player_b)
    event.direct("withdraw", entry=entry.pk)
    leaving = event.match("M2-1")
    assert leaving.status == MatchStatus.WALKOVER and leaving.winner == leaving.player_a

    event.play_to_the_end()
    assert event.tournament.status == Tournament.Status.FINISHED
    places = Placing.objects.filter(tournament=event.tournament)
    assert {p.competition for p in places} == {"main", "consolation", "last_chance"}
    assert places.get(competition="main", place=1).player_id == event.match(
        "M4-1").winner_id
    page = event.director.get(event.url("detail")).content.decode()
    assert "Placings" in page
    walkovers = FinishedMatch.objects.filter(source="tournament", outcome="walkover")
    assert walkovers.count() >= 1 and not any(w.is_played for w in walkovers)
    assert FinishedMatch.objects.filter(source="tournament", outcome="played").count() == \
        TournamentMatch.objects.filter(tournament=event.tournament,
                                       status=MatchStatus.FINISHED).count()
    final = event.match("M4-1")
    assert final.length == 11 and event.match("M3-1").length == 9


def test_a_nine_player_double_elimination_from_entries_to_placings(
        club, alice, carol, django_capture_on_commit_callbacks):
    event = Event(club, alice, carol)
    event.create(name="Friday Double", format="double_elimination")
    players = _members(club, 8)
    _enter_everyone(event, players, "Visiting Victor")
    event.direct("seed", order="")  # a random draw, recorded
    event.tournament.refresh_from_db()
    assert event.tournament.draw_seed
    event.direct("start")

    # The only first-round match is seed 8 v seed 9 (the others are byes); reported with a
    # match file when both players can log in (the draw may have put the guest there).
    first = event.match("M1-2")
    assert [m.key for m in event.ready() if m.round_number == 1] == ["M1-2"]
    if first.player_a.user_id and first.player_b.user_id:
        with django_capture_on_commit_callbacks(execute=True):
            event.report(first, winner=first.player_a, score=(8, 5),
                         match_file=sample_bytes("7point.mat"))
        assert event.match("M1-2").match_record_id
    else:
        event.play(first)
    assert event.match("M1-2").status == MatchStatus.FINISHED

    # Main round 2: one disputed and settled by the referee, the rest played.
    ready = [m for m in event.ready() if m.player_a.user_id and m.player_b.user_id
             and m.flight == "main"]
    disputed = ready[0]
    event.report(disputed, winner=disputed.player_a, score=(7, 2))
    report = ResultReport.objects.get(match=disputed)
    event.ok(event.as_player(disputed.player_b).post(event.url("play", action="dispute"), {
        "report": report.pk, "reason": "It was 7-5"}))
    event.ok(event.referee.post(event.url("direct", action="resolve"), {
        "match": disputed.pk, "winner": disputed.player_a_id, "score_a": 7, "score_b": 5,
        "reason": "The players agree it was 7-5"}))
    assert event.match(disputed.key).score_b == 5
    for match in event.ready():
        if match.flight == "main" and match.round_number == 2:
            event.play(match)

    # A correction of a main round-2 result moves both players: the winner's next main
    # match and the loser's losers' bracket match (neither has started).
    wrong = event.match("M2-2")
    event.direct("correct", match=wrong.pk, winner=wrong.player_b_id, score_a=2, score_b=7,
                 reason="Winner entered the wrong way round")
    nxt = TournamentMatch.objects.get(tournament=event.tournament, key="M3-1")
    assert wrong.player_b_id in (nxt.player_a_id, nxt.player_b_id)
    dropped = [m for m in TournamentMatch.objects.filter(tournament=event.tournament,
                                                         flight="losers")
               if wrong.player_a_id in (m.player_a_id, m.player_b_id)]
    assert dropped and not any(m.flag for m in TournamentMatch.objects.filter(
        tournament=event.tournament))

    # A withdrawal from the losers' bracket: walkovers, never a played match.
    losers_ready = next(m for m in event.ready() if m.flight == "losers")
    event.direct("withdraw", entry=Entry.objects.get(tournament=event.tournament,
                                                     player=losers_ready.player_b).pk)
    assert event.match(losers_ready.key).status == MatchStatus.WALKOVER

    event.play_to_the_end(first_wins=False)  # the second-named wins: F1 goes to the reset
    assert event.tournament.status == Tournament.Status.FINISHED
    assert event.match("F2").status == MatchStatus.FINISHED
    champion = event.match("F2").winner_id
    losses = _losses(event)
    assert losses.get(champion, 0) == 1  # lost F1, won the reset
    withdrawn = Entry.objects.get(tournament=event.tournament, status="withdrawn").player_id
    assert all(count == 2 for player, count in losses.items() if player != champion), losses
    assert len(losses) == 9 and withdrawn in losses  # everyone but nobody out after one
    main = Placing.objects.filter(tournament=event.tournament, competition="main")
    assert main.get(place=1).player_id == champion and main.count() == 9
