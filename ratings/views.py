"""Rating and standings pages: the rating list, the season leaderboard, master points,
head-to-head, a player's page, the what-if calculator, and the admin's settings page.

They show results, so they pass the results gate (members, or everyone when the club's
results are public); the chouette record on a player's page passes the chouette gate.
"""

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from clubs.decorators import login_if_anonymous
from clubs.models import Player
from clubs.permissions import (
    chouette_visible_to,
    club_for_admin,
    club_for_results,
    is_club_admin,
)
from config.refusals import Refusal
from config.spreadsheets import safe_row
from federations.permissions import federation_for_viewer
from games.selectors.match import match_list
from ops.pagecache import cached_page
from ratings import selectors
from ratings.forms import RatingSettingsForm, SeasonForm, WhatIfForm
from ratings.models import OfficialList
from ratings.selectors import national
from ratings.selectors.national import player_national
from ratings.services import updates as services
from results.selectors import head_to_head, player_results

RECENT = 15
CACHE_SECONDS = 3600
PLAYER_PAGE_SECONDS = 60


def _csv(filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows(safe_row(row) for row in rows)  # a name a spreadsheet would run
    return response


def _fragment(request, key: str | None, template: str, make_context,
              seconds: int = CACHE_SECONDS) -> str:
    """A page's table, rendered once per version of the club's ratings (see
    ``selectors.cache_key``): the selector runs only when the cache misses."""
    key = key and f"{key}:{get_language()}"
    html = cache.get(key) if key else None
    if html is None:
        html = render_to_string(template, make_context(), request)
        if key:
            cache.set(key, html, seconds)
    return mark_safe(html)  # noqa: S308 - our own template's output


def _whole_page(request, club, key: str | None, build, *, vary=(),
                seconds: int = CACHE_SECONDS) -> HttpResponse:
    """A page whose ``build()`` gives (template, context), cached under the table's key, the
    flags in ``vary`` and the URL, for ``seconds``.

    Anonymous visitors (public results) all get the same page: it is cached whole. For a
    signed-in user only the part below the top bar is cached (it shows no one's name, no
    form with a CSRF token): it is put in the site's frame with their name (``base.html``),
    so a warm page renders the frame only. With messages to show, nothing is cached."""
    if key is None or len(messages.get_messages(request)):
        return render(request, *build())
    flags = ":".join(str(flag) for flag in (get_language(), *vary))
    if request.user.is_authenticated:
        return _member_page(request, club, f"{key}:member:{flags}:{request.get_full_path()}",
                            build, seconds)
    page_key = f"{key}:page:{flags}:{request.get_full_path()}"
    body = cache.get(page_key)
    if body is None:
        response = render(request, *build())
        cache.set(page_key, response.content, seconds)
        return response
    response = HttpResponse(body)
    patch_vary_headers(response, ["Cookie"])  # as the page built for a visitor says
    return response


BARE = "ratings/public/_bare.html"
BARE_SPLIT = "<!-- content -->"


def _member_page(request, club, part_key: str, build, seconds: int) -> HttpResponse:
    part = cache.get(part_key)
    if part is None:
        template, context = build()
        html = render_to_string(template, {**context, "frame": BARE}, request)
        title, _, content = html.partition(BARE_SPLIT)
        part = (title.strip(), content)
        cache.set(part_key, part, seconds)
    return render(request, "ratings/public/_member_frame.html", {
        "club": club, "title": mark_safe(part[0]),  # noqa: S308 - our own templates' output
        "content": mark_safe(part[1])})  # noqa: S308


def _player(club, player_id: int) -> Player:
    return get_object_or_404(Player.objects.members_of(club, past_too=True), pk=player_id)


def _season(request, club, settings):
    seasons = selectors.season_list(club=club, settings=settings)
    return seasons, selectors.season_pick(seasons=seasons, season_id=request.GET.get("season"))


@login_if_anonymous
def rating_list(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)
    if request.GET.get("format") == "csv":
        data = selectors.rating_list(club=club)
        rows = [[r["rank"] or "", r["name"], r["shown"], r["experience"], r["matches"],
                 r["wins"], r["losses"], "provisional" if r["rank"] is None else ""]
                for r in data["established"] + data["provisional"]]
        return _csv(f"{club.slug}-ratings.csv", ["rank", "player", "rating", "experience",
                                                 "matches", "wins", "losses", "status"], rows)
    settings = selectors.settings_for(club=club)
    key = selectors.cache_key(settings, "list")

    def build():
        table = _fragment(request, key, "ratings/public/_ratings_tables.html",
                          lambda: {"club": club, **selectors.rating_list(club=club)})
        return "ratings/public/ratings.html", {
            "club": club, "settings": settings, "pending": settings.recompute_pending,
            "table": table, "tab": "ratings", "can_manage": can_manage}

    can_manage = is_club_admin(user=request.user, club=club)
    return _whole_page(request, club, key, build,
                       vary=(can_manage, settings.recompute_pending))


@login_if_anonymous
def leaderboard(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)
    settings = selectors.settings_for(club=club)
    seasons, season = _season(request, club, settings)
    if request.GET.get("format") == "csv":
        data = selectors.leaderboard(club=club, season=season)
        rows = [[r["rank"], r["name"], *r["cells"]] for r in data["rows"]]
        return _csv(f"{club.slug}-leaderboard.csv",
                    ["rank", "player", *[key for key, _ in data["columns"]]], rows)
    key = selectors.cache_key(settings, "leaderboard", season.pk if season else "",
                              selectors.attendance_version(club=club))

    def build():
        table = _fragment(request, key, "ratings/public/_leaderboard_table.html", lambda: {
            "club": club, **selectors.leaderboard(club=club, season=season)})
        return "ratings/public/leaderboard.html", {
            "club": club, "seasons": seasons, "season": season, "table": table,
            "pending": settings.recompute_pending, "tab": "leaderboard"}

    return _whole_page(request, club, key, build, vary=(settings.recompute_pending,))


@login_if_anonymous
def master_points(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)
    settings = selectors.settings_for(club=club)
    seasons, season = _season(request, club, settings)
    if request.GET.get("season") == "all":
        season = None
    if request.GET.get("format") == "csv":
        data = selectors.master_points_table(club=club, season=season)
        rows = [[r["rank"], r["name"], r["match_wins"], r["match_points"],
                 r["placement_points"], r["total"], r["tournaments"]] for r in data["rows"]]
        return _csv(f"{club.slug}-master-points.csv", ["rank", "player", "match_wins",
                                                       "match_points", "placement_points",
                                                       "total", "tournaments"], rows)
    key = selectors.cache_key(settings, "master", season.pk if season else "all")

    def build():
        table = _fragment(request, key, "ratings/public/_master_points_table.html", lambda: {
            "club": club, **selectors.master_points_table(club=club, season=season)})
        return "ratings/public/master_points.html", {
            "club": club, "seasons": seasons, "season": season, "table": table,
            "pending": settings.recompute_pending, "tab": "master"}

    return _whole_page(request, club, key, build, vary=(settings.recompute_pending,))


@login_if_anonymous
def player_head_to_head(request, slug: str, player_id: int):
    club = club_for_results(user=request.user, slug=slug)
    player = selectors.player_for_page(club=club, player_id=player_id)
    if player is None:
        raise Http404(gettext("No such player in this club."))
    settings = selectors.settings_for(club=club)
    opponent_id = request.GET.get("opponent", "")

    def build():
        table = selectors.head_to_head_table(club=club, player=player)
        meetings = None
        if opponent_id.isdigit():
            opponent = _player(club, int(opponent_id))
            meetings = head_to_head(club=club, player=player, opponent=opponent)
        return "ratings/public/head_to_head.html", {
            "club": club, **table, "meetings": meetings, "tab": "ratings"}

    # Per version of the club's ratings, as the player page's head-to-head (the URL, with
    # the opponent, is in the key).
    return _whole_page(request, club, selectors.cache_key(settings, "h2h", player.pk), build,
                       vary=(settings.recompute_pending,))


@login_if_anonymous
def player_page(request, slug: str, player_id: int):
    club = club_for_results(user=request.user, slug=slug)
    player = selectors.player_for_page(club=club, player_id=player_id)
    if player is None:
        raise Http404(gettext("No such player in this club."))
    settings = selectors.settings_for(club=club)
    key = selectors.cache_key(settings, "player", player.pk)

    members = chouette_visible_to(user=request.user, club=club)
    live_key = _live_key(key, player, members)

    def build():
        story = _fragment(request, key, "ratings/public/_player_story.html", lambda: {
            "club": club, "player": player,
            "rating": selectors.player_rating(club=club, player=player),
            "recent": list(player_results(club=club, player=player)[:RECENT]),
            "placings": selectors.player_placings(club=club, player=player),
            "h2h": selectors.head_to_head_table(club=club, player=player)})
        live = _fragment(request, live_key, "ratings/public/_player_live.html", lambda: {
            "club": club, "player": player,
            "chouette": selectors.chouette_record(club=club, player=player) if members
            else None,
            "records": list(match_list(club=club).filter(
                Q(player_left=player) | Q(player_right=player))
                .order_by("-uploaded_at")[:RECENT])}, seconds=PLAYER_PAGE_SECONDS)
        national = _fragment(request, None, "ratings/public/_player_national.html", lambda: {
            "club": club, "player": player,
            "club_rating": selectors.player_rating(club=club, player=player),
            **player_national(player=player,
                              club_series=selectors.player_series(club=club, player=player))})
        return "ratings/public/player.html", {
            "club": club, "player": player, "tab": "ratings", "story": story,
            "pending": settings.recompute_pending, "live": live, "national": national}

    # The match records' rules-check verdicts change without a recompute: a minute at most.
    return _whole_page(request, club, live_key, build, vary=(settings.recompute_pending,),
                       seconds=PLAYER_PAGE_SECONDS)


def _live_key(key: str | None, player: Player, members: bool) -> str | None:
    """The chouette record and the match records: a new version when the player's ledger or
    records move (a new game, a reversal, an upload); verdicts within a minute."""
    if key is None:
        return None
    chouette = selectors.chouette_version(player) if members else "hidden"
    return f"{key}:live:{chouette}:{selectors.records_version(player)}"


@login_if_anonymous
def what_if(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)
    form = WhatIfForm(request.GET or None, club=club)
    answer = None
    if form.is_valid():
        a, b = form.standings(selectors.standing_of)
        answer = selectors.what_if_for(club=club, a=a, b=b,
                                       length=form.cleaned_data["length"])
    return render(request, "ratings/public/what_if.html", {
        "club": club, "form": form, "answer": answer, "tab": "what-if",
        "settings": selectors.settings_for(club=club)})


@login_required
def ratings_manage(request, slug: str):
    club = club_for_admin(user=request.user, slug=slug)
    current = selectors.settings_for(club=club)
    form = RatingSettingsForm(request.POST or None, instance=current, prefix="settings")
    season_form = SeasonForm(request.POST or None, prefix="season")
    if request.method == "POST":
        done = _save_settings(request, club, form) if "settings-start_rating" in request.POST \
            else _add_season(request, club, season_form)
        if done:
            return redirect("clubs:ratings-manage", slug=club.slug)
    return render(request, "ratings/manage/ratings.html", {
        "club": club, "form": form, "season_form": season_form, "settings": current,
        "seasons": selectors.season_list(club=club),
        "can_manage": is_club_admin(user=request.user, club=club)})


def _save_settings(request, club, form) -> bool:
    if not form.is_valid():
        return False
    try:
        services.rating_settings_update(club=club, **form.service_values())
    except services.RatingSettingsError as exc:
        form.add_error(None, str(exc))
        return False
    messages.success(request, gettext("Rating settings saved."))
    return True


def _add_season(request, club, form) -> bool:
    if not form.is_valid():
        return False
    try:
        services.season_create(club=club, **form.cleaned_data)
    except services.RatingSettingsError as exc:
        form.add_error(None, str(exc))
        return False
    messages.success(request, gettext("Season %(name)s added.") % {
        "name": form.cleaned_data["name"]})
    return True


FEDERATION_PAGE_ROWS = 100


def federation_ratings(request, slug: str):
    """A federation's national list as of a day (public, like the federation's page), with
    its official lists."""
    federation = federation_for_viewer(slug=slug)
    error, day, inactive = "", national.as_of_day(None), False
    try:
        day = national.as_of_day(request.GET.get("as_of"))
        inactive = national.inactive_included(request.GET.get("inactive"))
    except Refusal as refusal:
        error = str(refusal)
    pool = national.federation_pool(federation)

    def build():
        rows = national.national_rows(federation=federation, as_of=day, inactive=inactive,
                                      pool=pool)
        page = Paginator(rows, FEDERATION_PAGE_ROWS).get_page(request.GET.get("page"))
        if pool is not None:
            national.matches_fill(page.object_list, pool_id=pool.pk, as_of=day)
        return "ratings/public/federation_ratings.html", {
            "federation": federation, "page": page, "as_of": day, "error": error,
            "inactive": inactive, "pending": pool is not None and pool.recompute_pending,
            "lists": OfficialList.objects.filter(federation=federation).order_by("-number")}

    # The part below the top bar kept per version of the list (``listing_version``), the
    # site's stamp (memberships, renames), a pending replay, the official lists and what
    # the heading shows of the federation.
    version = national.listing_version(federation=federation, pool=pool, as_of=day,
                                       inactive=inactive)
    pending = pool is not None and pool.recompute_pending
    key = (f"federation-ratings:{version}:{pending}:"
           f"{national.official_lists_version(federation=federation)}:{federation.name}:"
           f"{federation.formula}:{federation.start_rating}")
    return cached_page(request, None, key, build)
