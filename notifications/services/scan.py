"""What is waiting for someone, found by a periodic look (every minute) rather than by hooks
in every place that can cause it: a match that became ready (a knockout's next round, a
published Swiss round, the first round's bulk-created matches), a ladder challenge to you or
accepted by your opponent or about to expire, a league fixture whose deadline is two days
away. Each is an event with a key, so a second look tells nobody twice."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy

from config.texts import StoredText
from notifications.models import Kind, Notification
from notifications.services import notify
from notifications.services.events import missed_events
from tournaments.models import TournamentMatch
from tournaments.models_formats import Challenge, Fixture

C, F_, M = Challenge.Status, Fixture.Status, TournamentMatch.Status


def _told(keys) -> set[str]:
    return set(Notification.objects.filter(key__in=list(keys)).values_list("key", flat=True))


def _events(now):
    """(key, what notify() needs) for everything currently waiting on someone."""
    ready = (TournamentMatch.objects.filter(status=M.READY, player_a__isnull=False,
                                            player_b__isnull=False)
             .select_related("tournament__club", "player_a__user", "player_b__user", "round"))
    for match in ready:
        club, event = match.tournament.club, match.tournament.name
        for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            yield f"match-ready:{match.pk}:{me.pk}:{them.pk}", dict(
                kind=Kind.MATCH_READY, users=[me.user], club_id=club.pk,
                subject=StoredText.gettext("Your match against %(opponent)s is ready: %(event)s",
                                           opponent=them.name, event=event),
                text=StoredText.ngettext(
                    "Your match against %(opponent)s in %(event)s (%(round)s, %(length)s "
                    "point) is ready to play.",
                    "Your match against %(opponent)s in %(event)s (%(round)s, %(length)s "
                    "points) is ready to play.", match.length,
                    opponent=them.name, event=event, round=match.round.label,
                    length=match.length),
                action=gettext_lazy("See your matches"),
                url=reverse("tournaments:mine", args=[club.slug]))
    challenges = (Challenge.objects.filter(status__in=[C.OPEN, C.ACCEPTED])
                  .select_related("ladder__club", "challenger__user", "challenged__user"))
    soon = now + timedelta(hours=24)
    for ch in challenges:
        ladder = ch.ladder
        where = dict(club_id=ladder.club_id,
                     url=reverse("tournaments:ladder", args=[ladder.club.slug, ladder.pk]))
        if ch.status == C.OPEN:
            yield f"challenge:{ch.pk}:issued", dict(
                kind=Kind.CHALLENGE, users=[ch.challenged.user],
                subject=StoredText.gettext("%(challenger)s challenges you: %(ladder)s",
                                           challenger=ch.challenger.name, ladder=ladder.name),
                text=StoredText.ngettext(
                    "%(challenger)s challenges you on %(ladder)s (%(length)s point).",
                    "%(challenger)s challenges you on %(ladder)s (%(length)s points).",
                    ch.length, challenger=ch.challenger.name, ladder=ladder.name,
                    length=ch.length),
                action=gettext_lazy("Accept or decline the challenge"), **where)
        else:
            yield f"challenge:{ch.pk}:accepted", dict(
                kind=Kind.CHALLENGE, users=[ch.challenger.user],
                subject=StoredText.gettext(
                    "%(challenged)s accepted your challenge: %(ladder)s",
                    challenged=ch.challenged.name, ladder=ladder.name),
                text=StoredText.gettext(
                    "%(challenged)s accepted your challenge on %(ladder)s.",
                    challenged=ch.challenged.name, ladder=ladder.name),
                action=gettext_lazy("See the ladder"), **where)
        if ch.deadline <= soon:
            values = {"when": ch.deadline, "ladder": ladder.name,
                      "challenger": ch.challenger.name, "challenged": ch.challenged.name}
            yield f"challenge:{ch.pk}:expiring", dict(
                kind=Kind.CHALLENGE, users=[ch.challenger.user, ch.challenged.user],
                subject=StoredText.gettext("Challenge expires %(when)s: %(ladder)s", **values),
                text=StoredText.gettext(
                    "Your challenge on %(ladder)s (%(challenger)s against %(challenged)s) "
                    "expires %(when)s.", **values),
                action=gettext_lazy("See the challenge"), **where)
    fixtures = (Fixture.objects.filter(status=F_.READY,
                                       deadline__lte=(now + timedelta(days=2)).date(),
                                       deadline__gte=now.date())
                .select_related("division__season__club", "player_a__user", "player_b__user"))
    for fx in fixtures:
        season = fx.division.season
        values = {"when": fx.deadline, "season": season.name, "player_a": fx.player_a.name,
                  "player_b": fx.player_b.name}
        yield f"fixture:{fx.pk}:deadline", dict(
            kind=Kind.FIXTURE_DEADLINE, users=[fx.player_a.user, fx.player_b.user],
            subject=StoredText.gettext("Due %(when)s: %(player_a)s against %(player_b)s",
                                       **values),
            text=StoredText.gettext(
                "Your %(season)s match, %(player_a)s against %(player_b)s, is due by "
                "%(when)s.", **values),
            action=gettext_lazy("Play it and report the result"), club_id=season.club_id,
            url=reverse("tournaments:league", args=[season.club.slug, season.pk]))


def notifications_scan(*, now=None) -> int:
    """Tell everyone what newly waits on them, and the recent events whose own task never
    ran (``events.missed_events``); how many notifications the waiting things made."""
    now = now or timezone.now()
    events = list(_events(now))
    done = _told(key for key, _ in events)
    made = 0
    for key, event in events:
        if key in done:
            continue
        event["users"] = [u for u in event["users"] if u is not None]
        made += len(notify(key=key, **event))
    missed = list(missed_events(now=now))
    told = _told(key for key, _ in missed)
    for key, tell in missed:
        if key not in told:
            tell()
    return made
