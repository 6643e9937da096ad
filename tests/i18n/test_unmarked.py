"""No text of a page is left unmarked: the main pages of every area, rendered in a
pseudo-language whose catalogue writes each marked msgid as ⟦msgid⟧, show no text with
letters outside the markers but the data (names of players, clubs, tournaments...), numbers,
dates, move notation and Django's own strings.

The pseudo catalogue is made from the committed German catalogue's msgids (so a string
marked in the code but missing from the catalogues shows up here too)."""

import datetime
import re
from decimal import Decimal
from pathlib import Path

import allauth
import django
import polib
import pytest
import rest_framework
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import password_validators_help_texts
from django.core.management import call_command
from django.db import models
from django.test import override_settings
from django.urls import reverse
from django.utils import dates, translation

from accounts.services.language import SESSION_KEY
from chouette.models import ChouetteSession

from .catalogues import CLOSE, OPEN, PSEUDO, catalogue_path, pseudo_catalogue, visible_texts

TAG = re.compile(r"<[^>]+>")
WORD = re.compile(r"[^\W\d_]{2,}")
#: Move notation: "bar/22", "6/off".
MOVE_WORDS = re.compile(r"(?i)(?:(?<=/)(?:bar|off)\b|\b(?:bar|off)(?=/))")
#: gnubg's Position and Match IDs (base64), and file names' extensions.
#: A bracket's match keys ("LC1-2", "M3-1", "F1").
IDS = re.compile(r"\b[A-Za-z0-9+/]{12,16}\b|\.(?:mat|sgf|txt|csv)\b|\b[A-Z]{1,3}\d+(?:-\d+)?\b")
#: Texts that stay as they are in every language.
ALLOWED = {"API", "SGF", "CSV", "JSON", "PDF", "gnubg", "GNU Backgammon", "OK", "ID", "PR",
           "PIN", "URL", "Elo", "FIBS", "XG", "eXtreme Gammon", "vs", "px", "am", "pm"}
PROJECT_APPS = {"clubs", "results", "games", "chouette", "tournaments", "accounts",
                "notifications", "ratings", "analysis", "live", "audit", "ops"}
DATA_FIELDS = {"currency", "subject", "draw_seed", "city", "event", "place", "email", "slug",
               "title", "venue", "location", "username", "first_name", "last_name"}


@pytest.fixture(scope="session")
def pseudo_locale(tmp_path_factory):
    source = catalogue_path("de", "django")
    assert source.exists(), f"{source} is missing: run `make messages-merge` (bin/i18n)"
    directory = tmp_path_factory.mktemp("pseudo-locale")
    pseudo_catalogue(source, directory)
    return directory


@pytest.fixture
def pseudo(pseudo_locale, settings):
    with override_settings(LANGUAGES=[*settings.LANGUAGES, (PSEUDO, "Pseudo")],
                           LOCALE_PATHS=[pseudo_locale, *settings.LOCALE_PATHS]):
        yield PSEUDO
    translation.activate("en")


def _third_party_texts() -> set[str]:
    """The msgids of Django's, allauth's and DRF's own catalogues (their texts are theirs to
    translate), and the words of dates and durations Django writes."""
    texts = set()
    for package in (django, allauth, rest_framework):
        for mo in Path(package.__file__).parent.rglob("locale/de/LC_MESSAGES/django.mo"):
            for entry in polib.mofile(str(mo)):
                texts.update(filter(None, [entry.msgid, entry.msgid_plural]))
    with translation.override("en"):
        for names in (dates.MONTHS, dates.MONTHS_3, dates.MONTHS_AP, dates.MONTHS_ALT,
                      dates.WEEKDAYS, dates.WEEKDAYS_ABBR):
            texts.update(text for name in names.values() for text in (str(name),
                                                                      str(name).rstrip(".")))
        # Django's own help texts, written with their values (its catalogue translates them).
        texts.update(str(text) for text in password_validators_help_texts())
    texts.update({"a.m.", "p.m.", "AM", "PM", "noon", "midnight", "minute", "minutes", "hour",
                  "hours", "day", "days", "week", "weeks", "month", "months", "year", "years"})
    return texts


def _data_values() -> list[str]:
    """The names the fixture's world holds (players, clubs, tournaments, users...)."""
    values = set()
    for model in apps.get_models():
        if model._meta.app_label not in PROJECT_APPS | {"auth"}:
            continue
        fields = [field.name for field in model._meta.get_fields()
                  if isinstance(field, models.CharField) and not field.choices
                  and ("name" in field.name or field.name in DATA_FIELDS)]
        for field in fields:
            values.update(value for value in model.objects.values_list(field, flat=True)
                          if value and len(value) > 1)
    # Each language's name is written in that language, whatever the page's language.
    values.update(str(name) for _code, name in settings.LANGUAGES)
    return sorted(values, key=len, reverse=True)


def outside_markers(texts: list[str]) -> list[str]:
    """Each text with what lies inside ⟦markers⟧ blanked out. Markers nest (a marked
    sentence holding a marked word) and span texts (a marked sentence with a link inside
    reaches over three text nodes), so the depth is carried through the page's texts."""
    depth, outside = 0, []
    for text in texts:
        kept = []
        for char in text:
            if char in (OPEN, CLOSE):
                depth = depth + 1 if char == OPEN else max(depth - 1, 0)
                kept.append(" ")
            else:
                kept.append(char if depth == 0 else " ")
        outside.append("".join(kept))
    return outside


def unmarked(texts: list[str], data: list[str], third_party: set[str]) -> list[str]:
    """The texts with letters outside ⟦markers⟧, data, Django's own strings and ALLOWED."""
    found = []
    for text, rest in zip(texts, outside_markers(texts), strict=True):
        if text in third_party:
            continue
        for value in data:
            if value in rest:
                rest = rest.replace(value, " ")
        rest = IDS.sub(" ", MOVE_WORDS.sub(" ", rest))
        words = [word for word in WORD.findall(rest)
                 if word not in ALLOWED and word not in third_party]
        if words:
            found.append(text)
    return found


def _world():
    """The demo club (tournaments of every format, a ladder, a league, match records), a
    chouette evening, a live match, an invitation and a notification."""
    from accounts.services.invitations import invitation_create
    from chouette import services as chouette
    from clubs.models import Club, Player
    from live.services import live_match_create

    call_command("demo_data", verbosity=0)
    club = Club.objects.get(slug="riverside")
    admin = get_user_model().objects.get(username="admin")
    members = list(club.memberships.order_by("player__name").values_list("player", flat=True))
    players = members[:4]
    session = chouette.chouette_session_start(
        club=club, date=datetime.date(2026, 3, 6), stake=Decimal("2.00"), players=players)
    chouette.chouette_order_roll(session=session, rolls=dict(zip(players, (6, 5, 4, 3),
                                                                 strict=True)))
    chouette.chouette_game_start(session=session)
    chouette.chouette_result_record(session=session, winner="team", kind="single")
    live = live_match_create(club=club, by=admin, player_a=Player.objects.get(pk=members[0]),
                             player_b=Player.objects.get(pk=members[1]), length=5)
    invitation = invitation_create(club=club, email="newcomer@example.org",
                                   name="Quentin Quokka", invited_by=admin)
    tournaments = {tournament.format: tournament for tournament in club.tournaments.all()}
    return {"club": club, "admin": admin, "session": session, "live": live,
            "token": invitation.token, "player": members[2], "opponent": members[3],
            "record": club.matches.order_by("pk").first(), "tournaments": tournaments,
            "ladder": club.ladders.get(), "league": club.leagues.get()}


def _pages(world) -> dict[str, tuple[str, bool]]:
    """label -> (path, as the admin?)"""
    slug, club = "riverside", world["club"]
    record, player = world["record"], world["player"]
    tournament = next(iter(world["tournaments"].values()))
    swiss = world["tournaments"].get("swiss", tournament)
    pages = {
        "clubs home": (reverse("clubs:home"), True),
        "clubs home (anonymous)": (reverse("clubs:home"), False),
        "club page": (reverse("clubs:detail", args=[slug]), True),
        "club manage": (reverse("clubs:manage", args=[slug]), True),
        "login": (reverse("account_login"), False),
        "my data": (reverse("accounts:my-data"), True),
        "tokens": (reverse("accounts:tokens"), True),
        "invitations": (reverse("accounts:club-invitations", args=[slug]), True),
        "invitation accept": (reverse("accounts:invitation-accept", args=[world["token"]]),
                              False),
        "notifications": (reverse("notifications:list"), True),
        "chouette list": (reverse("chouette:list", args=[slug]), True),
        "chouette new": (reverse("chouette:new", args=[slug]), True),
        "chouette board": (reverse("chouette:board", args=[slug, world["session"].pk]), True),
        "settlement": (reverse("chouette:settlement", args=[slug]), True),
        "chouette record": (reverse("chouette:record", args=[slug, player]), True),
        "tournaments": (reverse("tournaments:list", args=[slug]), True),
        "tournament new": (reverse("tournaments:new", args=[slug]), True),
        "tournaments mine": (reverse("tournaments:mine", args=[slug]), True),
        "standings": (reverse("tournaments:standings", args=[slug, swiss.pk]), True),
        "ladders": (reverse("tournaments:ladders", args=[slug]), True),
        "leagues": (reverse("tournaments:leagues", args=[slug]), True),
        "ratings manage": (reverse("clubs:ratings-manage", args=[slug]), True),
        "analysis manage": (reverse("analysis:manage", args=[slug]), True),
        "outbox": (reverse("accounts:club-outbox", args=[slug]), True),
        "ladder": (reverse("tournaments:ladder", args=[slug, world["ladder"].pk]), True),
        "league": (reverse("tournaments:league", args=[slug, world["league"].pk]), True),
        "match list": (reverse("games:match-list", args=[slug]), True),
        "match upload": (reverse("games:match-upload", args=[slug]), True),
        "match page": (reverse("games:match-detail", args=[record.pk]), True),
        "ratings": (reverse("clubs:ratings", args=[slug]), True),
        "leaderboard": (reverse("clubs:leaderboard", args=[slug]), True),
        "master points": (reverse("clubs:master-points", args=[slug]), True),
        "what-if": (reverse("clubs:what-if", args=[slug]), True),
        "player": (reverse("clubs:player", args=[slug, player]), True),
        "head to head": (reverse("clubs:head-to-head", args=[slug, player])
                         + f"?opponent={world['opponent']}", True),
        "analysis leaderboard": (reverse("analysis:leaderboard", args=[slug]), True),
        "analysis player": (reverse("analysis:player", args=[slug, player]), True),
        "analysis panel": (reverse("analysis:panel", args=[record.pk]), True),
        "live lobby": (reverse("live:club", args=[slug]), True),
        "live club screen": (reverse("live:club-screen", args=[slug]), True),
        "live board": (reverse("live:board", args=[world["live"].pk]), True),
        "live screen": (reverse("live:screen", args=[world["live"].pk]), True),
    }
    for format_name, each in world["tournaments"].items():
        pages[f"tournament {format_name}"] = (
            reverse("tournaments:detail", args=[slug, each.pk]), True)
    pages["tournament manage"] = (reverse("tournaments:manage", args=[slug, tournament.pk]),
                                  True)
    assert club.slug == slug
    return pages


def _in_pseudo(client, user=None):
    if user is not None:
        client.force_login(user)
    session = client.session
    session[SESSION_KEY] = PSEUDO
    session.save()
    return client


@pytest.mark.django_db
def test_every_text_of_the_main_pages_is_marked(client, pseudo):
    world = _world()
    data, third_party = _data_values(), _third_party_texts()
    problems, pages = [], _pages(world)
    anonymous = _in_pseudo(client.__class__())
    admin = _in_pseudo(client, world["admin"])
    for label, (path, as_admin) in pages.items():
        response = (admin if as_admin else anonymous).get(path)
        if response.status_code != 200:
            problems.append(f"{label} ({path}): answered {response.status_code}")
            continue
        html = response.content.decode()
        if "<html" in html and f'lang="{PSEUDO}"' not in html:
            problems.append(f"{label} ({path}): <html lang> is not {PSEUDO}")
        for text in dict.fromkeys(unmarked(visible_texts(html), data, third_party)):
            problems.append(f"{label} ({path}): {text!r}")
    assert not problems, "unmarked texts:\n" + "\n".join(problems)


@pytest.mark.django_db
def test_the_api_answers_its_refusals_in_the_pages_language(client, pseudo, alice):
    _in_pseudo(client, alice)
    missing = client.get("/api/tournaments/999999/")
    assert missing.status_code == 404
    assert OPEN in missing.json()["detail"], missing.json()
    anonymous = _in_pseudo(client.__class__())
    refused = anonymous.post(reverse("chouette-session-list"), {}, content_type="application/json")
    assert refused.status_code in (401, 403)
    assert OPEN in refused.json()["detail"], refused.json()


@pytest.mark.django_db
def test_a_forms_errors_are_marked(client, pseudo, alice):
    """A service's refusal shown as the form's error (a chouette of one player)."""
    _in_pseudo(client, alice)
    response = client.post(reverse("chouette:new", args=["riverside"]), {
        "date": "2026-03-06", "stake": "2.00", "players": [alice.player.pk],
        "cube_mode": ChouetteSession.CubeMode.PER_MEMBER, "automatic_doubles": "0",
        "consultation": ChouetteSession.Consultation.NO_CUBE_NO_TALK,
        "box_answer_policy": ChouetteSession.BoxAnswerPolicy.FREE})
    assert response.status_code == 200
    errors = [TAG.sub("", error).strip() for error in
              re.findall(r'role="alert"[^>]*>(.*?)</(?:div|span)>', response.content.decode(),
                         re.S)]
    assert errors, "the form showed no error"
    assert all(OPEN in error for error in errors), errors


def test_the_unmarked_check_finds_an_unmarked_text():
    """The check itself: a text outside the markers is reported, data and markers are not."""
    texts = visible_texts("<p>⟦Rating⟧ Alice Archer 1500.0</p><p>Plain English</p>"
                          "<script>var x = 'code';</script><input type=submit value='Go on'>"
                          "<p>24/18 bar/22 6/off</p>")
    assert unmarked(texts, ["Alice Archer"], set()) == ["Plain English", "Go on"]
