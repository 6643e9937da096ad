"""Reads for ladders and leagues: the ladder with its open challenges, each division's table
(pure standings) with its fixtures."""

from tournaments.formats import ladder as ladder_rules
from tournaments.formats import standings as pure_standings
from tournaments.models import Challenge, Fixture, Ladder, LeagueSeason
from tournaments.models_labels import place_label


def ladder_view(*, ladder: Ladder) -> dict:
    rungs = list(ladder.rungs.select_related("player", "last_opponent").order_by("position"))
    challenges = list(ladder.challenges.select_related("challenger", "challenged", "winner")
                      .order_by("-issued_at", "-pk")[:50])
    return {"rungs": rungs, "open": [c for c in challenges if c.is_open],
            "recent": [c for c in challenges if not c.is_open][:20]}


def challengeable(*, ladder: Ladder, view: dict, player_id: int | None) -> set[int]:
    """Whom this player may challenge now (the ladder's rules), to offer only those."""
    order = [r.player_id for r in view["rungs"]]
    if player_id not in order:
        return set()
    busy = {p for c in view["open"] for p in (c.challenger_id, c.challenged_id)}
    last = {r.player_id: r.last_opponent_id for r in view["rungs"] if r.last_opponent_id}
    allowed = set()
    for other in order[:order.index(player_id)]:
        try:
            ladder_rules.check_challenge(order, player_id, other, reach=ladder.reach,
                                         last_opponent=last, busy=busy)
        except ladder_rules.ChallengeError:
            continue
        allowed.add(other)
    return allowed


def season_tables(*, season: LeagueSeason) -> list[dict]:
    """Each division (top first): its table best first, with wins, losses, points, the
    labels ("3rd="), walkovers marked; and its fixtures by round."""
    divisions = list(season.divisions.order_by("number").prefetch_related("members__player"))
    fixtures = list(Fixture.objects.filter(division__season=season)
                    .select_related("player_a", "player_b", "winner").order_by("round", "pk"))
    out = []
    for division in divisions:
        members = sorted(division.members.all(), key=lambda m: m.seed)
        ids = [m.player_id for m in members]
        mine = [f for f in fixtures if f.division_id == division.pk]
        results = [pure_standings.Result(f.player_a_id, f.player_b_id, f.winner_id, f.score_a,
                                         f.score_b, walkover=f.status == Fixture.Status.WALKOVER)
                   for f in mine if f.status in Fixture.DECIDED]
        rows = pure_standings.standings(ids, results,
                                        metrics=pure_standings.ROUND_ROBIN_METRICS,
                                        seeds={m.player_id: m.seed for m in members})
        player = {m.player_id: m.player for m in members}
        out.append({"division": division, "fixtures": mine, "rows": [
            {"label": r.label, "place_label": place_label(r.label),
             "player": player[r.player], "player_id": r.player,
             "wins": r.wins, "losses": r.losses, "played": r.played,
             "walkovers": r.walkovers, "points_difference": r.values["points_difference"]}
            for r in rows]})
    return out


def open_challenges(*, ladder: Ladder) -> list[Challenge]:
    return list(ladder.challenges.filter(status__in=Challenge.OPEN_STATUSES)
                .select_related("challenger", "challenged"))
