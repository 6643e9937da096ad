"""The analysis across matches: a player's page (error rate over time, best and worst
matches, chequer play against cube play, their own choice to show it), the club's season
leaderboard of error rates, and the club admins' settings."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.decorators import login_if_anonymous
from clubs.models import Player
from clubs.permissions import club_for_admin, club_for_results, is_club_admin
from ratings.selectors import season_list, season_pick

from . import selectors_player as selectors
from .forms import AnalysisSettingForm
from .services import analysis_setting_save, player_choice_save


@login_if_anonymous
def player_analysis(request, slug: str, player_id: int):
    club = club_for_results(user=request.user, slug=slug)
    player = selectors.club_player_get(club=club, player_id=player_id)
    if player is None:
        raise Http404(gettext("No such player in this club."))
    own = request.user.is_authenticated and player.user_id == request.user.pk
    choice = getattr(player, "analysis_choice", None)
    return render(request, "analysis/public/player.html", {
        "club": club, "player": player, "tab": "analysis", "own": own,
        "on_leaderboard": bool(choice and choice.on_leaderboard),
        **selectors.player_analysis_page(club=club, player=player)})


@login_required
@require_POST
def player_choice(request, player_id: int):
    """The signed-in player's own choice (nobody chooses for them, not even an admin)."""
    player = get_object_or_404(Player, pk=player_id)
    if player.user_id != request.user.pk:
        raise PermissionDenied(gettext("Only the player chooses whether their error rate is "
                                       "shown."))
    shown = request.POST.get("on_leaderboard") in ("on", "1", "true")
    player_choice_save(player_id=player.pk, on_leaderboard=shown)
    messages.success(request, gettext("Your error rate is now shown on your clubs' "
                                      "leaderboards.")
                     if shown else gettext("Your error rate is no longer shown on leaderboards."))
    target = request.POST.get("next", "")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = "/"
    return HttpResponseRedirect(target)


@login_if_anonymous
def error_leaderboard(request, slug: str):
    club = club_for_results(user=request.user, slug=slug)
    setting = selectors.club_analysis_setting(club=club)
    seasons = season_list(club=club)
    season = season_pick(seasons=seasons, season_id=request.GET.get("season"))
    return render(request, "analysis/public/leaderboard.html", {
        "club": club, "tab": "errors", "seasons": seasons, "season": season,
        "shown": setting.leaderboard,
        "rows": selectors.error_leaderboard(club=club, season=season)
        if setting.leaderboard else [],
        "is_admin": is_club_admin(user=request.user, club=club)})


@login_required
def analysis_manage(request, slug: str):
    club = club_for_admin(user=request.user, slug=slug)
    setting = selectors.club_analysis_setting(club=club)
    form = AnalysisSettingForm(request.POST or None, current=setting.thresholds(), initial={
        "plies": setting.plies, "leaderboard": setting.leaderboard,
        "doubtful": setting.doubtful, "bad": setting.bad, "very_bad": setting.very_bad})
    if request.method == "POST" and form.is_valid():
        analysis_setting_save(club_id=club.pk, plies=form.cleaned_data["plies"],
                              leaderboard=form.cleaned_data["leaderboard"],
                              thresholds=form.cleaned_data["thresholds"])
        messages.success(request, gettext("Analysis settings saved."))
        return redirect("analysis:manage", slug=club.slug)
    return render(request, "analysis/manage/settings.html", {"club": club, "form": form})
