"""Across matches: a player's analysis page (the error rate over time, the best and the worst
matches, chequer play against cube play), the club's season leaderboard of error rates (the
club turns it on, each player chooses to be on it) and the choices themselves."""

import datetime
import itertools

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from analysis.core.decisions import Thresholds
from analysis.models import Analysis, AnalysisSetting, PlayerAnalysis, PlayerChoice
from analysis.services import AnalysisError, analysis_setting_save
from clubs.models import Player
from games.models import MatchRecord
from games.services.match_import import match_import
from ratings.models import Season
from tests.factories import MembershipFactory, PlayerFactory, sample_bytes

pytestmark = pytest.mark.django_db
_COPIES = itertools.count(1)


def _figures(error_rate: float, *, cube: float = 0.0, unforced: int = 20, close: int = 5):
    """Figures whose chequer-play rate is ``error_rate`` (per unforced move) and whose cube
    errors total ``cube``."""
    chequer = error_rate * unforced / 1000
    return dict(moves=unforced + 3, unforced_moves=unforced, chequer_error_total=chequer,
                chequer_error_rate=error_rate, cube_decisions=close, close_cube_decisions=close,
                cube_error_total=cube, cube_error_rate=1000 * cube / close if close else 0,
                error_total=chequer + cube, error_rate=1000 * (chequer + cube) / (unforced + close),
                doubtful=0, bad=0, very_bad=0, luck_total=0.0, luck_rate=0.0)


def _analysed(club, left: Player, right: Player, rates: tuple[float, float], *, winner=0,
              when=None, cube=(0.0, 0.0)) -> MatchRecord:
    # the same file again, told apart by trailing blank lines (a file is imported once)
    data = sample_bytes("gnubg_roll_then_resign_1p.mat") + b"\n" * next(_COPIES)
    record = match_import(club=club, data=data, filename="m.mat", player_left=left,
                          player_right=right)
    MatchRecord.objects.filter(pk=record.pk).update(
        winner=winner, uploaded_at=when or timezone.now())
    analysis = Analysis.objects.create(record=record, status=Analysis.Status.DONE)
    for side, player in enumerate((left, right)):
        PlayerAnalysis.objects.create(analysis=analysis, side=side, player=player,
                                      name=player.name, **_figures(rates[side], cube=cube[side]))
    return record


@pytest.fixture
def players(club, alice, bob):
    return Player.objects.get(user=alice), Player.objects.get(user=bob)


def _day(n: int) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime(2026, 3, n, 20))


class TestThePlayersPage:
    def test_it_draws_the_error_rate_of_each_match_over_time(self, client, bob, club,
                                                             players):
        ann, bo = players
        for day, rate in ((1, 60.0), (2, 120.0), (3, 30.0)):
            _analysed(club, bo, ann, (rate, 50.0), when=_day(day))
        client.force_login(bob)
        page = client.get(reverse("analysis:player", args=[club.slug, bo.pk])).content.decode()
        chart = page[page.index('<svg class="chart"'):page.index("</svg>")]
        assert 'aria-label="Error rate per match (mEMG per decision)"' in chart
        assert chart.count("<circle") == 3
        shown = date_format(datetime.date(2026, 3, 2), "SHORT_DATE_FORMAT")
        assert f"{shown} v Alice: 96.0 mEMG" in chart  # 120 chequer over 25 decisions

    def test_its_dates_are_in_the_readers_format(self, client, bob, club, players):
        ann, bo = players
        _analysed(club, bo, ann, (60.0, 50.0), when=_day(2))
        client.force_login(bob)
        page = client.get(reverse("analysis:player", args=[club.slug, bo.pk]),
                          HTTP_ACCEPT_LANGUAGE="de").content.decode()
        chart = page[page.index('<svg class="chart"'):page.index("</svg>")]
        assert "02.03.2026" in chart and "2026-03-02" not in chart
        table = page[page.index('data-testid="extremes"'):]
        assert ">02.03.2026</time>" in table

    def test_it_lists_the_best_and_the_worst_matches(self, client, bob, club, players):
        ann, bo = players
        for day, rate in enumerate((60.0, 120.0, 30.0, 90.0, 45.0, 75.0, 10.0), start=1):
            _analysed(club, bo, ann, (rate, 50.0), when=_day(day))
        client.force_login(bob)
        page = client.get(reverse("analysis:player", args=[club.slug, bo.pk])).content.decode()
        table = page[page.index('data-testid="extremes"'):]
        best = table[:table.index('class="worst"')]
        worst = table[table.index('class="worst"'):table.index("</table>")]
        assert "2026-03-07" in best and "2026-03-03" in best and "2026-03-02" not in best
        assert "2026-03-02" in worst and "2026-03-07" not in worst

    def test_it_sets_chequer_play_against_cube_play(self, client, bob, club, players):
        ann, bo = players
        _analysed(club, bo, ann, (50.0, 50.0), cube=(0.1, 0.0))  # 20 moves, 5 cube decisions
        _analysed(club, bo, ann, (100.0, 50.0), cube=(0.0, 0.0))
        client.force_login(bob)
        page = client.get(reverse("analysis:player", args=[club.slug, bo.pk])).content.decode()
        table = page[page.index('data-testid="chequer-cube"'):page.index("</table>")]
        # chequer: (1.0 + 2.0) EMG over 40 unforced moves; cube: 0.1 EMG over 10 decisions
        assert ">40</td><td class=\"num\">75.0<" in table
        assert ">10</td><td class=\"num\">10.0<" in table

    def test_a_player_with_no_analysed_match_gets_an_empty_chart(self, client, bob, club,
                                                                  players):
        client.force_login(bob)
        page = client.get(reverse("analysis:player", args=[club.slug, players[1].pk]))
        assert "No analysed matches yet." in page.content.decode()

    def test_the_page_costs_the_same_queries_however_many_matches(
            self, client, bob, club, players, django_assert_num_queries):
        ann, bo = players
        url = reverse("analysis:player", args=[club.slug, bo.pk])
        client.force_login(bob)
        _analysed(club, bo, ann, (60.0, 50.0))
        client.get(url)
        # session, user, the club with the viewer's roles (the results gate), the player
        # with their choice, their analysed matches with the records and both players
        with django_assert_num_queries(PLAYER_PAGE_QUERIES):
            client.get(url)
        for _ in range(4):
            _analysed(club, bo, ann, (60.0, 50.0))
        with django_assert_num_queries(PLAYER_PAGE_QUERIES):
            client.get(url)

    def test_a_player_of_another_club_is_a_404(self, client, bob, club, dave):
        client.force_login(bob)
        stranger = Player.objects.get(user=dave)
        assert client.get(reverse("analysis:player", args=[club.slug, stranger.pk])
                          ).status_code == 404

    def test_the_ratings_player_page_links_to_it(self, client, bob, club, players):
        client.force_login(bob)
        page = client.get(reverse("clubs:player", args=[club.slug, players[1].pk]))
        assert reverse("analysis:player", args=[club.slug, players[1].pk]) in \
            page.content.decode()


PLAYER_PAGE_QUERIES = 5


class TestTheChoices:
    def test_a_player_shows_their_error_rate_on_their_own_page(self, client, bob, club,
                                                               players):
        bo = players[1]
        client.force_login(bob)
        page = client.get(reverse("analysis:player", args=[club.slug, bo.pk])).content.decode()
        assert 'data-testid="leaderboard-choice"' in page and " checked" not in page
        response = client.post(reverse("analysis:choice", args=[bo.pk]),
                               {"on_leaderboard": "on", "next": "/elsewhere/"})
        assert response.status_code == 302 and response["Location"] == "/elsewhere/"
        assert PlayerChoice.objects.get(player=bo).on_leaderboard is True
        client.post(reverse("analysis:choice", args=[bo.pk]), {})
        assert PlayerChoice.objects.get(player=bo).on_leaderboard is False

    def test_nobody_chooses_for_another_player(self, client, alice, club, players):
        client.force_login(alice)  # the club's admin
        response = client.post(reverse("analysis:choice", args=[players[1].pk]),
                               {"on_leaderboard": "on"})
        assert response.status_code == 403 and not PlayerChoice.objects.exists()
        page = client.get(reverse("analysis:player", args=[club.slug, players[1].pk]))
        assert 'data-testid="leaderboard-choice"' not in page.content.decode()

    def test_a_club_admin_turns_the_leaderboard_on(self, client, alice, club):
        client.force_login(alice)
        url = reverse("analysis:manage", args=[club.slug])
        members = client.get(reverse("clubs:manage", args=[club.slug])).content.decode()
        assert f'href="{url}"' in members  # reached from the club's manage page
        assert client.post(url, {"plies": "2", "leaderboard": "on"}).status_code == 302
        setting = AnalysisSetting.objects.get(club=club)
        assert (setting.plies, setting.leaderboard) == (2, True)

    def test_an_unknown_level_is_a_form_error(self, client, alice, club):
        client.force_login(alice)
        response = client.post(reverse("analysis:manage", args=[club.slug]), {"plies": "7"})
        assert response.status_code == 200 and not AnalysisSetting.objects.exists()


class TestTheThresholds:
    """A club's admins choose where gnubg marks errors doubtful, bad and very bad."""

    def _post(self, client, club, **values):
        data = {"plies": "0", **values}
        return client.post(reverse("analysis:manage", args=[club.slug]), data)

    def test_gnubgs_own_thresholds_are_offered_first(self, client, alice, club):
        client.force_login(alice)
        page = client.get(reverse("analysis:manage", args=[club.slug])).content.decode()
        assert 'value="0.030"' in page and 'value="0.060"' in page and 'value="0.120"' in page

    def test_a_club_admin_changes_them(self, client, alice, club):
        client.force_login(alice)
        response = self._post(client, club, doubtful="0.04", bad="0.08", very_bad="0.16")
        assert response.status_code == 302
        setting = AnalysisSetting.objects.get(club=club)
        assert setting.thresholds() == Thresholds(0.04, 0.08, 0.16)

    def test_a_threshold_left_empty_keeps_its_value(self, client, alice, club):
        AnalysisSetting.objects.create(club=club, doubtful="0.020", bad="0.050",
                                       very_bad="0.100")
        client.force_login(alice)
        assert self._post(client, club, bad="0.07").status_code == 302
        assert AnalysisSetting.objects.get(club=club).thresholds() == Thresholds(
            0.02, 0.07, 0.10)

    @pytest.mark.parametrize(("values", "field", "message"), [
        ({"doubtful": "0.06", "bad": "0.06", "very_bad": "0.12"}, "bad",
         "Bad must be above 0.06 EMG"),
        ({"doubtful": "0.03", "bad": "0.13", "very_bad": "0.12"}, "very_bad",
         "Very bad must be above 0.13 EMG"),
        ({"doubtful": "0", "bad": "0.06", "very_bad": "0.12"}, "doubtful",
         "greater than or equal to 0.001"),
        ({"doubtful": "-0.03"}, "doubtful", "greater than or equal to 0.001"),
        ({"doubtful": "lots"}, "doubtful", "Enter a number"),
    ])
    def test_they_must_rise_from_zero(self, client, alice, club, values, field, message):
        client.force_login(alice)
        response = self._post(client, club, **values)
        assert response.status_code == 200
        assert message in " ".join(response.context["form"].errors[field])
        assert not AnalysisSetting.objects.exists()

    def test_the_database_refuses_thresholds_that_do_not_rise(self, club):
        from django.db import IntegrityError, transaction

        with pytest.raises(IntegrityError), transaction.atomic():
            AnalysisSetting.objects.create(club=club, doubtful="0.1", bad="0.06")

    def test_the_service_refuses_thresholds_that_do_not_rise(self, club):
        with pytest.raises(AnalysisError, match="rise"):
            # three decimals: 0.0301 and 0.0304 are the same threshold
            analysis_setting_save(club_id=club.pk, plies=0, leaderboard=False,
                                  thresholds=Thresholds(0.0301, 0.0304, 0.12))
        assert not AnalysisSetting.objects.exists()

    def test_a_player_of_the_club_cannot_change_them(self, client, bob, club):
        client.force_login(bob)
        response = self._post(client, club, doubtful="0.5", bad="0.6", very_bad="0.7")
        assert response.status_code in (403, 404) and not AnalysisSetting.objects.exists()

    def test_another_clubs_admin_cannot_change_them(self, client, alice, dave, club):
        AnalysisSetting.objects.create(club=club)
        client.force_login(dave)
        response = self._post(client, club, doubtful="0.5", bad="0.6", very_bad="0.7")
        assert response.status_code in (403, 404)
        page = client.get(reverse("analysis:manage", args=[club.slug]))
        assert page.status_code in (403, 404)
        assert AnalysisSetting.objects.get(club=club).thresholds() == Thresholds()


class TestTheLeaderboard:
    @pytest.fixture
    def season(self, club):
        return Season.objects.create(club=club, name="Spring", starts_on=datetime.date(
            2026, 3, 1), ends_on=datetime.date(2026, 5, 31))

    @pytest.fixture
    def on(self, club):
        return AnalysisSetting.objects.create(club=club, leaderboard=True)

    def _board(self, client, club, **params) -> str:
        page = client.get(reverse("analysis:leaderboard", args=[club.slug]), params)
        return page.content.decode()

    def test_it_is_off_until_the_club_turns_it_on(self, client, bob, club, players, season):
        ann, bo = players
        PlayerChoice.objects.create(player=bo, on_leaderboard=True)
        _analysed(club, bo, ann, (60.0, 50.0), when=_day(2))
        client.force_login(bob)
        page = self._board(client, club)
        assert 'data-testid="leaderboard-off"' in page and "Bob" not in page

    def test_it_lists_only_the_players_who_chose_to_show_it(self, client, bob, club, players,
                                                             season, on):
        ann, bo = players
        PlayerChoice.objects.create(player=bo, on_leaderboard=True)
        _analysed(club, bo, ann, (60.0, 50.0), when=_day(2))
        client.force_login(bob)
        table = self._board(client, club)
        table = table[table.index('data-testid="error-leaderboard"'):]
        assert ">Bob</a>" in table and ">Alice</a>" not in table

    def test_it_ranks_by_the_errors_summed_over_the_seasons_matches(
            self, client, bob, club, players, season, on):
        ann, bo = players
        carl = PlayerFactory(name="Carl")
        MembershipFactory(club=club, player=carl)
        for player in (ann, bo, carl):
            PlayerChoice.objects.create(player=player, on_leaderboard=True)
        _analysed(club, bo, ann, (40.0, 50.0), when=_day(2))
        _analysed(club, bo, carl, (80.0, 55.0), when=_day(3))
        _analysed(club, bo, carl, (0.0, 0.0), when=_day(3) - datetime.timedelta(days=60))
        client.force_login(bob)
        table = self._board(client, club, season=season.pk)
        table = table[table.index('data-testid="error-leaderboard"'):]
        # Ann 40, Carl 44, Bob (32 + 64) / 2 = 48 per decision; the winter match not counted
        assert table.index(">Alice<") < table.index(">Carl<") < table.index(">Bob<")
        assert "48.0" in table and "<td class=\"num\">2</td>" in table

    def test_a_former_member_leaves_the_leaderboard(self, client, bob, club, players, season,
                                                    on):
        ann, bo = players
        PlayerChoice.objects.create(player=ann, on_leaderboard=True)
        _analysed(club, bo, ann, (40.0, 50.0), when=_day(2))
        ann.memberships.update(is_active=False)
        client.force_login(bob)
        table = self._board(client, club)
        assert ">Alice</a>" not in table[table.index('data-testid="error-leaderboard"'):]

    def test_the_leaderboard_costs_the_same_queries_however_many_players(
            self, client, bob, club, players, season, on, django_assert_num_queries):
        ann, bo = players
        PlayerChoice.objects.create(player=bo, on_leaderboard=True)
        _analysed(club, bo, ann, (40.0, 50.0), when=_day(2))
        url = reverse("analysis:leaderboard", args=[club.slug])
        client.force_login(bob)
        client.get(url)
        # session, user, the club with the viewer's roles, the club's setting, the seasons,
        # the leaderboard (one aggregate)
        with django_assert_num_queries(LEADERBOARD_QUERIES):
            client.get(url)
        for n in range(4):
            other = PlayerFactory(name=f"P{n}")
            MembershipFactory(club=club, player=other)
            PlayerChoice.objects.create(player=other, on_leaderboard=True)
            _analysed(club, other, ann, (40.0 + n, 50.0), when=_day(3))
        with django_assert_num_queries(LEADERBOARD_QUERIES):
            client.get(url)


LEADERBOARD_QUERIES = 6
