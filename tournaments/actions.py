"""The ladders' and the leagues' actions: one table per audience (the players, the club's
admins, its referees), shared by their pages (``views_formats.py``) and their API
(``api/views_formats.py``). Each action names its input (a form of ``forms.py``) and the
service it calls; the audience names the gate of ``clubs.permissions`` asked first. The
page and the API only differ in how they answer (a message and a redirect, or JSON).

Who stands in the event's own data (the two players of a challenge, the opponent who
confirms) is the services' to check: they refuse anyone else with ``NotAllowed`` (403).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms as django_forms
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from clubs.permissions import club_for_admin, club_for_referee, is_club_admin
from clubs.selectors import player_of_user
from tournaments import forms
from tournaments.models import Challenge, Fixture, Ladder, LeagueSeason
from tournaments.services import TournamentError
from tournaments.services import ladder as ladders
from tournaments.services import league as leagues

PLAYER, ADMIN, REFEREE = "player", "admin", "referee"
#: The gate each audience passes (the players': being signed in; the services do the rest).
GATES = {PLAYER: None, ADMIN: club_for_admin, REFEREE: club_for_referee}


@dataclass(frozen=True)
class Action:
    #: The input's shape.
    form: type[django_forms.Form]
    #: (the user, the event, the cleaned data) -> (the row changed, what to tell the user).
    run: Callable[[Any, Any, dict], tuple[Any, str]]


def find(tables: dict[str, dict[str, Action]], name: str) -> tuple[str, Action]:
    """The audience and the action called ``name``; 404 for an unknown one."""
    for audience, table in tables.items():
        if name in table:
            return audience, table[name]
    raise Http404(gettext("Unknown action."))


def gate(audience: str, *, user, club_id: int) -> None:
    """The audience's gate (``PermissionDenied``, a 403, for anyone outside it)."""
    check = GATES[audience]
    if check is not None:
        check(user=user, club_id=club_id)


# --------------------------------------------------------------------------- ladders


def _challenge(ladder: Ladder, data: dict) -> Challenge:
    return get_object_or_404(Challenge, ladder=ladder, pk=data["challenge"])


def _scores(data: dict) -> dict:
    return {"winner": data["winner"], "score_challenger": data["score_a"],
            "score_challenged": data["score_b"]}


def _join(user, ladder, data):
    me = player_of_user(user=user)
    if me is None:
        raise TournamentError(gettext("Your login has no player: ask the club's admins."))
    rung = ladders.ladder_join(ladder=ladder, player=me)
    return rung, gettext("%(player)s joins at the bottom.") % {"player": rung.player}


def _add(user, ladder, data):
    rung = ladders.ladder_join(ladder=ladder, player=data["player"])
    return rung, gettext("%(player)s joins at the bottom.") % {"player": rung.player}


def _challenge_issue(user, ladder, data):
    return ladders.challenge_issue(ladder=ladder, by=user,
                                   challenged=data["challenged"]), gettext("Challenge sent.")


def _leave(user, ladder, data):
    departure = ladders.ladder_leave(ladder=ladder, by=user, player=data.get("player"),
                                     reason=data.get("reason", ""))
    return departure, gettext("%(player)s left the ladder: the players below move up one.") \
        % {"player": departure.player}


def _accept(user, ladder, data):
    return ladders.challenge_accept(challenge=_challenge(ladder, data), by=user), \
        gettext("Challenge accepted.")


def _cancel(user, ladder, data):
    row = ladders.challenge_cancel(challenge=_challenge(ladder, data), by=user,
                                   reason=data.get("reason", ""),
                                   as_admin=is_club_admin(user=user, club=ladder.club))
    return row, gettext("Challenge cancelled.")


def _challenge_report(user, ladder, data):
    return ladders.challenge_report(challenge=_challenge(ladder, data), by=user,
                                    **_scores(data)), \
        gettext("Result reported: your opponent confirms it.")


def _challenge_confirm(user, ladder, data):
    return ladders.challenge_confirm(challenge=_challenge(ladder, data), by=user), \
        gettext("Result confirmed: the ladder is updated.")


def _challenge_enter(user, ladder, data):
    return ladders.challenge_enter(challenge=_challenge(ladder, data), by=user,
                                   **_scores(data)), gettext("Result entered.")


def _challenge_correct(user, ladder, data):
    return ladders.challenge_correct(challenge=_challenge(ladder, data), by=user,
                                     reason=data["reason"], **_scores(data)), \
        gettext("Result corrected.")


LADDER_ACTIONS = {
    PLAYER: {
        "join": Action(forms.NoInput, _join),
        "challenge": Action(forms.ChallengeIssueForm, _challenge_issue),
        "accept": Action(forms.ChallengeForm, _accept),
        "report": Action(forms.ChallengeResultForm, _challenge_report),
        "confirm": Action(forms.ChallengeForm, _challenge_confirm),
        "cancel": Action(forms.ChallengeCancelForm, _cancel),
        "leave": Action(forms.Reason, _leave),
    },
    ADMIN: {
        "add": Action(forms.LadderPlayerForm, _add),
        "enter": Action(forms.ChallengeResultForm, _challenge_enter),
        "remove": Action(forms.LadderRemoveForm, _leave),
    },
    REFEREE: {
        "correct": Action(forms.ChallengeCorrectForm, _challenge_correct),
    },
}


# --------------------------------------------------------------------------- leagues


def _fixture(season: LeagueSeason, data: dict) -> Fixture:
    return get_object_or_404(Fixture, division__season=season, pk=data["fixture"])


def _fixture_scores(data: dict) -> dict:
    return {"winner": data["winner"], "score_a": data["score_a"], "score_b": data["score_b"]}


def _season_start(user, season, data):
    return leagues.season_start(season=season), \
        gettext("The season has started: the fixtures are out.")


def _season_finish(user, season, data):
    return leagues.season_finish(season=season), \
        gettext("The season is over: next season's divisions are drafted.")


def _season_next(user, season, data):
    created = leagues.season_next_confirm(season=season, name=data["name"],
                                          starts_on=data["starts_on"], ends_on=data["ends_on"])
    return created, gettext("%(season)s is drafted with the new divisions.") % {
        "season": created.name}


def _fixture_report(user, season, data):
    return leagues.fixture_report(fixture=_fixture(season, data), by=user,
                                  **_fixture_scores(data)), \
        gettext("Result reported: your opponent confirms it.")


def _fixture_confirm(user, season, data):
    return leagues.fixture_confirm(fixture=_fixture(season, data), by=user), \
        gettext("Result confirmed.")


def _fixture_enter(user, season, data):
    return leagues.fixture_enter(fixture=_fixture(season, data), by=user,
                                 **_fixture_scores(data)), gettext("Result entered.")


def _fixture_walkover(user, season, data):
    return leagues.fixture_enter(fixture=_fixture(season, data), by=user,
                                 winner=data["winner"], walkover=True), \
        gettext("Walkover recorded.")


def _fixture_correct(user, season, data):
    return leagues.fixture_correct(fixture=_fixture(season, data), by=user,
                                   reason=data["reason"], **_fixture_scores(data)), \
        gettext("Result corrected.")


def _fixture_rule(user, season, data):
    row = leagues.fixture_rule(fixture=_fixture(season, data), by=user,
                               outcome=data["outcome"], reason=data["reason"],
                               winner=data["winner"], score_a=data["score_a"],
                               score_b=data["score_b"])
    return row, gettext("Ruled: %(outcome)s.") % {"outcome": row.get_status_display().lower()}


LEAGUE_ACTIONS = {
    PLAYER: {
        "report": Action(forms.FixtureResultForm, _fixture_report),
        "confirm": Action(forms.FixtureForm, _fixture_confirm),
    },
    ADMIN: {
        "start": Action(forms.NoInput, _season_start),
        "finish": Action(forms.NoInput, _season_finish),
        "next": Action(forms.SeasonNextForm, _season_next),
        "enter": Action(forms.FixtureResultForm, _fixture_enter),
        "walkover": Action(forms.FixtureWalkoverForm, _fixture_walkover),
    },
    REFEREE: {
        "correct": Action(forms.FixtureCorrectForm, _fixture_correct),
        "rule": Action(forms.FixtureRulingForm, _fixture_rule),
    },
}
