"""What is waiting for someone, found by a periodic look (every minute) rather than by hooks
in every place that can cause it: a match that became ready (a knockout's next round, a
published Swiss round, the first round's bulk-created matches), a ladder challenge to you or
accepted by your opponent or about to expire, a league fixture whose deadline is two days
away. Each is an event with a key, so a second look tells nobody twice."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from notifications.models import Kind, Notification
from notifications.services import notify
from tournaments.models import TournamentMatch
from tournaments.models_formats import Challenge, Fixture

C, F_, M = Challenge.Status, Fixture.Status, TournamentMatch.Status


def _told(keys) -> set[str]:
    return set(Notification.objects.filter(key__in=list(keys)).values_list("key", flat=True))


def _events(now):
    """(key, kind, users, text, url, club_id) for everything currently waiting on someone."""
    ready = (TournamentMatch.objects.filter(status=M.READY, player_a__isnull=False,
                                            player_b__isnull=False)
             .select_related("tournament__club", "player_a__user", "player_b__user", "round"))
    for match in ready:
        club = match.tournament.club
        for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            yield (f"match-ready:{match.pk}:{me.pk}:{them.pk}", Kind.MATCH_READY, [me.user],
                   f"Your match against {them.name} in {match.tournament.name} "
                   f"({match.round.name}, {match.length} points) is ready to play.",
                   reverse("tournaments:mine", args=[club.slug]), club.pk)
    challenges = (Challenge.objects.filter(status__in=[C.OPEN, C.ACCEPTED])
                  .select_related("ladder__club", "challenger__user", "challenged__user"))
    soon = now + timedelta(hours=24)
    for ch in challenges:
        club, url = ch.ladder.club, reverse("tournaments:ladder", args=[ch.ladder.club.slug,
                                                                        ch.ladder_id])
        if ch.status == C.OPEN:
            yield (f"challenge:{ch.pk}:issued", Kind.CHALLENGE, [ch.challenged.user],
                   f"{ch.challenger.name} challenges you on {ch.ladder.name} "
                   f"({ch.length} points).", url, club.pk)
        else:
            yield (f"challenge:{ch.pk}:accepted", Kind.CHALLENGE, [ch.challenger.user],
                   f"{ch.challenged.name} accepted your challenge on {ch.ladder.name}.",
                   url, club.pk)
        if ch.deadline <= soon:
            when = timezone.localtime(ch.deadline).strftime("%a %d %b %H:%M")
            yield (f"challenge:{ch.pk}:expiring", Kind.CHALLENGE,
                   [ch.challenger.user, ch.challenged.user],
                   f"Your challenge on {ch.ladder.name} ({ch.challenger.name} against "
                   f"{ch.challenged.name}) expires {when}.", url, club.pk)
    fixtures = (Fixture.objects.filter(status=F_.READY,
                                       deadline__lte=(now + timedelta(days=2)).date(),
                                       deadline__gte=now.date())
                .select_related("division__season__club", "player_a__user", "player_b__user"))
    for fx in fixtures:
        season = fx.division.season
        yield (f"fixture:{fx.pk}:deadline", Kind.FIXTURE_DEADLINE,
               [fx.player_a.user, fx.player_b.user],
               f"Your {season.name} match, {fx.player_a.name} against {fx.player_b.name}, is "
               f"due by {fx.deadline:%a %d %b}.",
               reverse("tournaments:league", args=[season.club.slug, season.pk]), season.club_id)


def notifications_scan(*, now=None) -> int:
    """Tell everyone what newly waits on them; how many notifications were made."""
    now = now or timezone.now()
    events = list(_events(now))
    done = _told(key for key, *_ in events)
    made = 0
    for key, kind, users, text, url, club_id in events:
        if key in done:
            continue
        made += len(notify(key=key, kind=kind, users=[u for u in users if u is not None],
                           text=text, url=url, club_id=club_id))
    return made
