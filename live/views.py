"""The live board pages: a club's live matches (start one), the board for the two players
(and anyone of the club following it), the club screen's view, and the small JSON the board
follows. Every control is a form that works without JavaScript; static/js/live.js posts them
without a reload, builds a play from taps, and follows the match over a WebSocket (or by
polling the state JSON when the socket is down)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from accounts.middleware import club_page
from clubs.decorators import login_if_anonymous
from clubs.models import Club, Player
from clubs.permissions import club_for_member, is_club_admin
from config.refusals import refusal_text
from config.views_refusals import refusal_json
from games.board.svg import BAR_TITLE, OFF_TITLE, BoardView, render_board
from games.engine import InvalidNotationError, Phase, parse_moves
from games.models import ReplaySetting
from live import selectors, services
from live.core import LiveMatchPlay
from live.models import LiveMatch
from live.permissions import live_club_for_viewer, live_sides_for
from live.texts import event_text
from live.views_lobby import lobby_me, lobby_members, lobby_player
from teamleagues.permissions import fixture_for_reader
from tournaments.models import Challenge, TournamentMatch

# --------------------------------------------------------------------------- the board


def _match(request, pk: int) -> LiveMatch:
    match = selectors.live_match_get(user=request.user, pk=pk)
    club_page(request, slug=match.club.slug)  # its page, refusals and state: its language
    return match


def _my_sides(request, match: LiveMatch) -> frozenset[int]:
    if match.status != LiveMatch.Status.PLAYING:
        return frozenset()
    try:
        return live_sides_for(user=request.user, match=match)
    except PermissionDenied:
        return frozenset()


def _home(request) -> str:
    if not request.user.is_authenticated:
        return "right"
    return ReplaySetting.objects.filter(user=request.user).values_list(
        "home", flat=True).first() or "right"


def _controls(match: LiveMatch, played: LiveMatchPlay, mine: frozenset[int]) -> dict:
    """What the viewer may do now (the engine still judges each action)."""
    game, turn = played.game, played.turn()
    acting = turn in mine
    phase = game.phase
    return {
        "opening": bool(mine) and played.opening,
        "choose_winner": played.opening and len(mine) > 1 and match.dice == "manual",
        "roll": acting and phase is Phase.ROLL,
        "double": acting and phase is Phase.ROLL and game.can_double() is None,
        "move": acting and phase is Phase.MOVE,
        "answer_double": acting and phase is Phase.DOUBLE,
        "beaver": acting and phase is Phase.DOUBLE and game.rules.beavers_in_force,
        "answer_resign": acting and phase is Phase.RESIGN,
        "resign": any(played.resign_refusal(side) is None for side in mine),
        "manual": match.dice == LiveMatch.Dice.MANUAL,
        "any": bool(mine),
    }


def _preview_moves(played: LiveMatchPlay, text: str) -> tuple[tuple[int, int], ...]:
    if not text or played.game.phase is not Phase.MOVE:
        return ()
    try:
        return tuple((move.src, move.dst) for move in parse_moves(text))
    except InvalidNotationError:
        return ()


def _board_svg(played: LiveMatchPlay, *, home: str, actor: int, targets: bool,
               preview: str = "") -> str:
    game = played.game
    names = played.settings.names
    turn = played.turn()
    if turn is None:
        label = gettext("%(white)s (white, bottom) v %(black)s (black, top)") % {
            "white": names[0], "black": names[1]}
    else:
        label = gettext("%(white)s (white, bottom) v %(black)s (black, top); %(name)s to "
                        "play") % {"white": names[0], "black": names[1], "name": names[turn]}
    view = BoardView(
        sides=played.sides(), home=home, actor=actor,
        dice=game.dice if game.phase is Phase.MOVE else None,
        cube_value=game.cube.value, cube_owner=game.cube.owner,
        cube_offered=game.phase is Phase.DOUBLE, moves=_preview_moves(played, preview),
        label=label, targets=targets,
        bar_title=gettext(BAR_TITLE), off_title=gettext(OFF_TITLE))
    return render_board(view)


def _board_context(request, match: LiveMatch, played: LiveMatchPlay, *,
                   screen: bool = False) -> dict:
    mine = frozenset() if screen else _my_sides(request, match)
    controls = _controls(match, played, mine)
    turn = played.turn()
    game = played.game
    actor = turn if turn is not None else (next(iter(sorted(mine))) if mine else 0)
    names = played.settings.names
    state = selectors.live_state(match=match, played=played)
    ids = [match.player_a_id, match.player_b_id]
    resign_words = _resign_words()
    return {
        "match": match, "state": state, "controls": controls, "names": names,
        "screen": screen,
        "players": [{"id": ids[side], "name": names[side], "side": side} for side in (0, 1)],
        "turn_name": names[turn] if turn is not None else "",
        "me_name": _both(names[s] for s in sorted(mine)),
        "winner_name": _name_of(names, ids, state.get("winner")),
        "last_winner_name": _name_of(names, ids, (state.get("last_game") or {}).get("winner")),
        "owner_name": names[state["cube"]["owner_side"]] if _owned(state) else "",
        "resign_offered": resign_words.get((state.get("resignation") or {}).get("value"), ""),
        "board": mark_safe(_board_svg(played, home=_home(request), actor=actor,  # noqa: S308
                                      targets=controls["move"])),
        "moves": [(names[event.player], event_text(event)) for event in played.sheet.events],
        "resign_words": resign_words,
        "offered": 2 * game.cube.value,
        "crawford": game.crawford_game and not played.opening,
        "dice_faces": range(1, 7),
        "computer_turn": (match.is_practice and match.status == LiveMatch.Status.PLAYING
                          and turn == services.COMPUTER_SIDE),
    }


def _resign_words() -> dict[int, str]:
    return {1: pgettext("resign", "a single game"), 2: pgettext("resign", "a gammon"),
            3: pgettext("resign", "a backgammon")}


def _both(names) -> str:
    """One name, or two joined ("A and B")."""
    names = list(names)
    if len(names) == 2:
        return gettext("%(first)s and %(second)s") % {"first": names[0], "second": names[1]}
    return "".join(names)


def _name_of(names, ids, player_id) -> str:
    """The name of the match's player whose id is ``player_id`` (the second player's
    otherwise, as the board always said)."""
    return names[0] if player_id == ids[0] else names[1]


def _owned(state: dict) -> bool:
    return (state.get("cube") or {}).get("owner_side") is not None


@login_if_anonymous
def live_board(request, pk: int):
    match = _match(request, pk)
    played = selectors.live_match_play(match=match)
    if _waits_for_the_computer(request, match, played):
        services.computer_turn_send(match_id=match.pk)  # a turn lost on the way: again
    return render(request, "live/public/board.html", {
        **_board_context(request, match, played),
        # Players know before they play whether the match is rated, and where (the page
        # only: the partial the board and the club's screen refresh reads no policy).
        "rated": selectors.live_rated_forecast(match=match)})


def _waits_for_the_computer(request, match: LiveMatch, played: LiveMatchPlay) -> bool:
    """The practice match's own player opens the board while the computer is to act (its
    turn never reached a worker: the broker was down). A second send is harmless."""
    return (match.is_practice and match.status == LiveMatch.Status.PLAYING
            and played.turn() == services.COMPUTER_SIDE
            and request.user.is_authenticated and match.player_a.user_id == request.user.pk)


@login_if_anonymous
def live_screen(request, pk: int):
    """The club's screen on tournament day: the board and the score, big, no controls."""
    match = _match(request, pk)
    played = selectors.live_match_play(match=match)
    return render(request, "live/public/screen.html",
                  _board_context(request, match, played, screen=True))


@login_if_anonymous
def live_state(request, pk: int):
    """The poll (and what the socket's "changed" fetches): the version, and the board's
    HTML when it differs from ``since``."""
    match = _match(request, pk)
    since = request.GET.get("since", "")
    body = {"version": match.version, "changed": since != str(match.version)}
    if body["changed"]:
        played = selectors.live_match_play(match=match)
        body["html"] = _partial(request, match, played, screen=request.GET.get("screen") == "1")
        body["state"] = selectors.live_state(match=match, played=played)
    return JsonResponse(body)


def _partial(request, match, played, *, screen: bool = False) -> str:
    return render_to_string("live/public/_board.html",
                            _board_context(request, match, played, screen=screen),
                            request=request)


@login_if_anonymous
def live_preview(request, pk: int):
    """The board with the play being built drawn as arrows (before it is confirmed)."""
    match = _match(request, pk)
    played = selectors.live_match_play(match=match)
    turn = played.turn()
    mine = _my_sides(request, match)
    svg = _board_svg(played, home=_home(request), actor=turn if turn is not None else 0,
                     targets=turn in mine and played.game.phase is Phase.MOVE,
                     preview=request.GET.get("play", "")[:120])
    return HttpResponse(svg, content_type="image/svg+xml")


_FIELDS = ("action", "play", "value", "player", "d1", "d2", "version")


@require_POST
@login_required
def live_act(request, pk: int):
    """One action from the board's forms: JSON for the page's script, else a redirect."""
    match = _match(request, pk)
    data = {name: request.POST.get(name, "").strip() for name in _FIELDS}
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        match = services.live_action_apply(
            match_id=match.pk, by=request.user, action=data["action"], play=data["play"],
            value=_int(data["value"]), player=_int(data["player"]),
            version=_int(data["version"]),
            dice=[_int(data["d1"]), _int(data["d2"])] if data["d1"] or data["d2"] else None)
    except services.LiveError as exc:
        return _refused(request, pk, exc, wants_json=wants_json)
    if wants_json:
        return JsonResponse({"ok": True, "message": "", "version": match.version,
                             "html": _partial(request, match, match.played)})
    return redirect("live:board", pk=pk)


def _refused(request, pk: int, exc: services.LiveError, *, wants_json: bool):
    """The pages' one answer to a refused action: the reason (and the legal plays), as
    JSON for the board's script (``config.views_refusals``: 409 when the board was behind
    the match), else as a message on the board."""
    if wants_json:
        return refusal_json(exc, legal_plays=list(exc.legal_plays))
    messages.error(request, str(exc))
    return redirect("live:board", pk=pk)


def _int(text: str) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------------- a club's matches


@login_if_anonymous
def club_screen(request, slug: str):
    """The club's screen on tournament day: every match being played, each board following
    its match (live-screens.js; without a script the page reloads itself every minute)."""
    club = live_club_for_viewer(user=request.user,
                                club=get_object_or_404(Club, slug=slug))
    boards = [(match, _partial(request, match, selectors.live_match_play(match=match),
                               screen=True))
              for match in selectors.live_matches_on_screen(club=club)]
    return render(request, "live/public/club_screen.html", {"club": club, "boards": boards})


@login_required
def club_live(request, slug: str):
    """The club's live matches; a member starts one against another member."""
    club = club_for_member(user=request.user, slug=slug)
    if request.method == "POST":
        return _start(request, club)
    # No select of every member (a club of 500): a search field whose datalist the page's
    # script fills from live:member-search; a small club's names come with the page.
    return render(request, "live/public/list.html", {
        "club": club, "matches": selectors.live_match_list(club=club)[:50],
        "members": lobby_members(club=club), "me": lobby_me(club=club, user=request.user),
        "admin": is_club_admin(user=request.user, club=club),
        "dice_choices": LiveMatch.Dice.choices, "level_choices": LiveMatch.Level.choices})


def _named(model, value):
    """The row a form names by id (None when it names none; a 404 when there is no such)."""
    if not value:
        return None
    row = model.objects.filter(pk=_int(value)).first()
    if row is None:
        raise Http404(gettext("No such %(thing)s.") % {"thing": model._meta.verbose_name})
    return row


def _start(request, club):
    post = request.POST
    me = Player.objects.filter(user=request.user).first()
    row = _named(TournamentMatch, post.get("tournament_match"))
    challenge = _named(Challenge, post.get("challenge"))
    for which in ({"tournament_match": row}, {"challenge": challenge}):
        playing = selectors.live_match_of(**which) if next(iter(which.values())) else None
        if playing is not None and playing.club_id == club.pk:
            return redirect("live:board", pk=playing.pk)  # already on a board: follow it
    try:
        a = lobby_player(club=club, post=post, field="player_a") or (
            me if row is None else None)
        computer = post.get("player_b") == "computer"
        b = None if computer else lobby_player(club=club, post=post, field="player_b")
        if row is None and challenge is None and (a is None or (b is None and not computer)):
            raise services.LiveError(gettext("Choose the two players."))
        match = services.live_match_create(
            club=club, by=request.user, player_a=a, player_b=b,
            length=_int(post.get("length", "")) or 0,
            dice="digital" if computer else post.get("dice", "manual"),
            level=post.get("level", "") if computer else "", tournament_match=row,
            one_device=post.get("one_device") == "on", challenge=challenge)
    except services.LiveError as exc:
        messages.error(request, str(exc))
        return redirect("live:club", slug=club.slug)
    return redirect(reverse("live:board", args=[match.pk]))


# --------------------------------------------------------------------------- a team's board


@require_POST
@login_required
def team_board_start(request, pk: int, board: int):
    """A board of a team league's card started on the live board (the card's button): the
    board's page, or the card with the reason it cannot be (a board already live: its
    page)."""
    fixture = fixture_for_reader(user=request.user, pk=pk)
    try:
        match = services.team_board_live_start(
            fixture_id=fixture.pk, board=board, by=request.user,
            dice=request.POST.get("dice", "") or LiveMatch.Dice.DIGITAL,
            one_device=request.POST.get("one_device") == "on")
    except services.AlreadyLive as exc:
        return redirect("live:board", pk=exc.match_id)
    except PermissionDenied:  # not this person's to start: the 403 page
        raise
    except ValueError as exc:  # a refusal: said on the card
        messages.error(request, refusal_text(exc))
        return redirect("teamleagues:card", pk=fixture.pk)
    return redirect("live:board", pk=match.pk)
