"""What a club night prints, as plain values for the templates under ``templates/printing/``:
each printable thing is a ``Printable`` (what it is, whose, its version, the template) and
its content is read by ``contents_of`` when it is made (in the request for a small one, in
the worker for a big pack). No gate here: the views ask ``printing.permissions`` first."""

import math
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Max
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from chouette.models import ChouetteCubeAction, ChouetteGame, ChouetteSession
from clubs.models import Club
from config.site import site_url
from printing.models import PrintPack
from ratings import selectors as ratings
from ratings.models import Season
from teamleagues import selectors as teamleagues
from teamleagues.models import Fixture as TeamFixture
from tournaments import selectors as tournaments
from tournaments import selectors_rounds
from tournaments.models import Tournament, TournamentMatch
from tournaments.models_labels import competition_name

#: What a tournament prints (``/print/<what>/``).
TOURNAMENT_PRINTS = ("bracket", "pairings", "standings", "scoresheets", "tablecards")
#: First-round matches on one page of a bracket (32 names on A4 landscape); a bigger draw
#: is split over pages, its later rounds on a page of their own, with join marks.
BRACKET_ROWS = 16
#: Scoresheets rendered per part of a pack (the worker's progress moves part by part).
SHEETS_PER_PART = 20
#: Rows on a chouette sheet (the evening's games), at least.
CHOUETTE_ROWS = 30

MatchStatus = TournamentMatch.Status


@dataclass(frozen=True)
class Printable:
    """One thing to print: ``subject`` names it (its pack's key adds the version and the
    language); ``params`` is all the worker needs to read it again; ``parts`` how many
    scoresheets or pages it will hold, which decides whether the worker makes it."""

    what: str
    club: Club
    subject: str
    version: str
    template: str
    params: dict = field(default_factory=dict)
    parts: int = 1
    filename: str = "print.pdf"


class NothingToPrint(Http404):
    """No such thing to print (an unknown ``what``, a bracket of a Swiss): 404 with why."""


# --------------------------------------------------------------------------- what


def tournament_printable(*, tournament: Tournament, what: str,
                         round_number: int | None = None) -> Printable:
    """One of ``TOURNAMENT_PRINTS`` of the tournament (``NothingToPrint`` when unknown or when
    the format has none: a Swiss has no bracket, a knockout no standings)."""
    if what not in TOURNAMENT_PRINTS:
        raise NothingToPrint(gettext(
            "Nothing called “%(what)s” can be printed here: choose bracket, pairings, "
            "standings, scoresheets or tablecards.") % {"what": what})
    kind = tournament.kind
    if what == "bracket" and kind.is_round_based:  # groups: their knockout is an event
        raise NothingToPrint(gettext("This tournament has no bracket: print its pairings or "
                                     "its standings."))
    if what == "standings" and not kind.is_round_based:
        raise NothingToPrint(gettext("A knockout has no standings: print its bracket."))
    params = {"tournament": tournament.pk}
    if round_number is not None and (what in ("bracket", "standings") or not
                                     tournament.matches.filter(round_number=round_number)
                                     .exists()):
        round_number = None  # one pack per round that exists, whatever else is asked
    if round_number is not None:
        params["round"] = round_number
    parts = 1
    if what in ("scoresheets", "tablecards"):
        parts = len(_table_matches(tournament, round_number))
    template = "printing/bracket.html" if what == "bracket" else f"printing/{what}.html"
    suffix = f":r{round_number}" if round_number is not None else ""
    return Printable(what=what, club=tournament.club, params=params, parts=parts,
                     subject=f"tournament:{tournament.pk}:{what}{suffix}",
                     version=f"v{tournament.version}", template=template,
                     filename=f"{tournament.club.slug}-{tournament.pk}-{what}.pdf")


def chouette_printable(*, session: ChouetteSession) -> Printable:
    return Printable(what="chouette", club=session.club, params={"session": session.pk},
                     subject=f"chouette:{session.pk}", version=f"v{session.version}",
                     template="printing/chouette.html",
                     filename=f"{session.club.slug}-chouette-{session.date.isoformat()}.pdf")


def _ratings_version(club: Club, *parts) -> str:
    settings_ = ratings.settings_for(club=club)
    stamp = settings_.recomputed_at.timestamp() if settings_.recomputed_at else "never"
    return ":".join(str(p) for p in (settings_.pk, settings_.version, stamp, *parts))


def ratings_printable(*, club: Club) -> Printable:
    return Printable(what="ratings", club=club, params={"club": club.pk},
                     subject=f"ratings:{club.pk}", version=_ratings_version(club),
                     template="printing/ratings.html", filename=f"{club.slug}-ratings.pdf")


def season_printable(*, club: Club, season_id: str | int | None) -> Printable:
    """A season's standings (the leaderboard): the season asked for, else the current one."""
    season = ratings.season_pick(seasons=ratings.season_list(club=club), season_id=season_id)
    pk = season.pk if season else None
    return Printable(what="season", club=club, params={"club": club.pk, "season": pk},
                     subject=f"season:{club.pk}:{pk}",
                     version=_ratings_version(club, ratings.attendance_version(club=club)),
                     template="printing/season.html", filename=f"{club.slug}-standings.pdf")


def team_card_printable(*, fixture: TeamFixture, shown: tuple[str, ...]) -> Printable:
    """A team league fixture's match card, with the line-ups of the ``shown`` sides (what
    its reader may see: ``teamleagues.selectors.lineup_sides_shown``); one pack per view,
    so a captain's print never serves a reader who may not see that line-up. In the home
    club's language (the card is filled in at the home club's table)."""
    shown = tuple(side for side in ("home", "away") if side in shown)
    return Printable(what="teamcard", club=fixture.home.club,
                     params={"fixture": fixture.pk, "shown": list(shown)},
                     subject=f"teamcard:{fixture.pk}:{'+'.join(shown) or 'none'}",
                     version=f"v{fixture.league.version}",
                     template="printing/team_match_card.html",
                     filename=f"team-card-{fixture.pk}.pdf")


def team_fixture_get(*, pk: int) -> TeamFixture:
    return TeamFixture.objects.select_related(
        "league", "division", "home__club", "away__club", "home__captain",
        "away__captain").get(pk=pk)


def printable_again(*, what: str, params: dict) -> Printable:
    """The printable a pack was made for, read again (in the worker)."""
    if what == "teamcard":
        return team_card_printable(fixture=team_fixture_get(pk=params["fixture"]),
                                   shown=tuple(params.get("shown", ())))
    if what == "chouette":
        session = ChouetteSession.objects.select_related("club").get(pk=params["session"])
        return chouette_printable(session=session)
    if what == "ratings":
        return ratings_printable(club=Club.objects.get(pk=params["club"]))
    if what == "season":
        return season_printable(club=Club.objects.get(pk=params["club"]),
                                season_id=params.get("season"))
    tournament = Tournament.objects.select_related("club").get(pk=params["tournament"])
    return tournament_printable(tournament=tournament, what=what,
                                round_number=params.get("round"))


# --------------------------------------------------------------------------- contents


def contents_of(printable: Printable) -> list[dict]:
    """The template's contexts, one per part (a pack of scoresheets: ``SHEETS_PER_PART``
    sheets a part; everything else: one)."""
    make = {"bracket": _bracket, "pairings": _pairings, "standings": _standings,
            "scoresheets": _scoresheets, "tablecards": _tablecards, "chouette": _chouette,
            "ratings": _ratings, "season": _season, "teamcard": _teamcard}[printable.what]
    contexts = make(printable)
    base = {"club": printable.club, "printed_at": timezone.localtime(),
            "what": printable.what}
    return [{**base, **context} for context in contexts]


def _tournament(printable: Printable) -> Tournament:
    return Tournament.objects.select_related("club").get(pk=printable.params["tournament"])


def flight_name(flight: str) -> str:
    names = {"losers": pgettext("tournament", "Losers"),
             "final": pgettext("tournament", "Final")}
    return names.get(flight) or competition_name(flight)


def bracket_pages(flights: list[dict], *, rows: int = BRACKET_ROWS) -> list[dict]:
    """The bracket laid out on pages: a flight whose first round holds more than ``rows``
    matches is split into sections of its early rounds (each on a page) and a page of its
    later rounds; a section's last column says on which page its winners go on (the join
    mark), the later rounds' page from which pages they come."""
    pages: list[dict] = []
    for flight in flights:
        rounds = flight["rounds"]
        if not rounds:
            continue
        sections = math.ceil(len(rounds[0]["matches"]) / rows)
        split = []  # the leading rounds that share out evenly over the sections
        for column in rounds if sections > 1 else ():
            if len(column["matches"]) < sections or len(column["matches"]) % sections:
                break
            split.append(column)
        rest = rounds[len(split):]
        first = len(pages) + 1
        finals_page = first + sections if split else None
        for section in range(sections if split else 0):
            columns = []
            for number, column in enumerate(split):
                share = len(column["matches"]) // sections
                columns.append({**column, "matches": column["matches"][
                    section * share:(section + 1) * share],
                    "joins_to": finals_page if number == len(split) - 1 and rest else None})
            pages.append({"flight": flight["flight"], "columns": columns,
                          "section": section + 1, "sections": sections})
        if rest or not split:
            pages.append({"flight": flight["flight"],
                          "columns": [{**c, "joins_to": None} for c in (rest or rounds)],
                          "joined_from": list(range(first, first + sections)) if split else [],
                          "section": None, "sections": sections if split else 1})
    for number, page in enumerate(pages, start=1):
        page["number"] = number
        page["flight_name"] = flight_name(page["flight"])
        page["rows"] = max(len(c["matches"]) for c in page["columns"])
    return pages


def _bracket(printable: Printable) -> list[dict]:
    tournament = _tournament(printable)
    pages = bracket_pages(tournaments.bracket(tournament=tournament))
    return [{"tournament": tournament, "pages": pages, "page_count": len(pages)}]


def _round_matches(tournament: Tournament, round_number: int | None) -> tuple[str, list]:
    """The round to print (its name) and its matches: the round asked for, else the latest
    paired round of a round-based event, else a knockout's matches still to play."""
    if tournament.kind.is_round_based:
        by_round = selectors_rounds.pairings_by_round(tournament=tournament)
        numbers = sorted({r["number"] for r in by_round})
        if not numbers:
            return "", []
        wanted = round_number if round_number in numbers else numbers[-1]
        columns = [r for r in by_round if r["number"] == wanted]
        name = columns[0]["display_name"] if columns else ""
        return name, [m for c in columns for m in sorted(c["matches"], key=lambda m: m.index)]
    rows = tournaments.matches(tournament=tournament)
    if round_number is not None:
        rows = [m for m in rows if m.round_number == round_number]
    else:
        rows = [m for m in rows if m.status in (MatchStatus.READY, MatchStatus.IN_PROGRESS,
                                                 MatchStatus.WAITING)]
    rows.sort(key=lambda m: (m.round_number, m.flight, m.index))
    names = sorted({m.round.display_name for m in rows})
    return " · ".join(names), rows


def _table_matches(tournament: Tournament, round_number: int | None) -> list:
    """The matches given a table (both players known), table 1 first."""
    return [m for m in _round_matches(tournament, round_number)[1]
            if m.player_a_id and m.player_b_id]


def _pairings(printable: Printable) -> list[dict]:
    tournament = _tournament(printable)
    name, rows = _round_matches(tournament, printable.params.get("round"))
    tables = iter(range(1, len(rows) + 1))
    lines = [{"table": next(tables) if m.player_a_id and m.player_b_id else None,
              "match": m, "bye": not (m.player_a_id and m.player_b_id),
              "alone": m.player_a or m.player_b} for m in rows]
    return [{"tournament": tournament, "round_name": name, "lines": lines}]


def _standings(printable: Printable) -> list[dict]:
    tournament = _tournament(printable)
    return [{"tournament": tournament,
             "tables": selectors_rounds.standings_tables(tournament=tournament)}]


def report_url(match: TournamentMatch, tournament: Tournament) -> str:
    """The page where the match's result is reported (its players' form), absolute."""
    path = reverse("tournaments:detail", args=[tournament.club.slug, tournament.pk])
    return f"{site_url()}{path}#report-{match.key}"


def sheet_rows(length: int) -> int:
    """Game rows on a scoresheet: enough for a match of ``length`` points won one point a
    game by turns (2 × length − 1), at least 7, at most 25."""
    return min(max(2 * length - 1, 7), 25)


def scoresheet_values(match: TournamentMatch, tournament: Tournament, table: int) -> dict:
    url = report_url(match, tournament)
    return {"tournament_name": tournament.name, "round_name": match.round.display_name,
            "key": match.key, "table": table, "length": match.length,
            "player_a": match.player_a.name, "player_b": match.player_b.name,
            "rows": range(1, sheet_rows(match.length) + 1), "url": url}


def _scoresheets(printable: Printable) -> list[dict]:
    tournament = _tournament(printable)
    rows = _table_matches(tournament, printable.params.get("round"))
    sheets = [scoresheet_values(m, tournament, table) for table, m in enumerate(rows, 1)]
    return [{"tournament": tournament, "sheets": sheets[i:i + SHEETS_PER_PART]}
            for i in range(0, len(sheets), SHEETS_PER_PART)] or [
        {"tournament": tournament, "sheets": []}]


def _tablecards(printable: Printable) -> list[dict]:
    tournament = _tournament(printable)
    rows = _table_matches(tournament, printable.params.get("round"))
    return [{"tournament": tournament,
             "cards": [{"table": n, "match": m} for n, m in enumerate(rows, start=1)]}]


def _chouette(printable: Printable) -> list[dict]:
    session = ChouetteSession.objects.select_related("club").get(pk=printable.params["session"])
    seats = list(session.seats.select_related("player").order_by("position", "joined_at", "pk"))
    players = [{"id": s.player_id, "name": s.player.name} for s in seats]
    games = list(session.games.filter(status=ChouetteGame.Status.FINISHED)
                 .select_related("box").order_by("number"))
    cubes = dict(ChouetteCubeAction.objects.filter(game__session=session, undone=False)
                 .values("game_id").annotate(top=Max("value")).values_list("game_id", "top"))
    rows = []
    for game in games:
        own = {member: -points for member, points in game.points}
        own[game.box_id] = sum(points for _, points in game.points)
        rows.append({"number": game.number, "box": game.box.name,
                     "cube": cubes.get(game.pk) or 1,
                     "points": [own.get(p["id"]) for p in players]})
    blanks = range(len(rows) + 1, max(CHOUETTE_ROWS, len(rows) + 5) + 1)
    return [{"session": session, "players": players, "rows": rows, "blanks": blanks}]


def _ratings(printable: Printable) -> list[dict]:
    return [{**ratings.rating_list(club=printable.club)}]


def _season(printable: Printable) -> list[dict]:
    season_id = printable.params.get("season")
    season = Season.objects.filter(pk=season_id).first() if season_id else None
    return [{"season": season, **ratings.leaderboard(club=printable.club, season=season)}]


def _teamcard(printable: Printable) -> list[dict]:
    fixture = team_fixture_get(pk=printable.params["fixture"])
    return [{"card": teamleagues.card_sheet(fixture=fixture,
                                            shown=printable.params.get("shown", ()))}]


def inline_limit() -> int:
    """The most scoresheets (or table cards) made while the request waits; more go to the
    worker (``PRINT_INLINE_SHEETS``)."""
    return settings.PRINT_INLINE_SHEETS


def pack_pdf(*, pack_id: int) -> bytes:
    """A made pack's PDF."""
    return bytes(PrintPack.objects.values_list("pdf", flat=True).get(pk=pack_id) or b"")


def pack_get(*, pack_id: int):
    pack = PrintPack.objects.defer("pdf").filter(pk=pack_id).first()
    if pack is None:
        raise Http404(gettext("No such print."))
    return pack
