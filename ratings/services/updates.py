"""Writes that make the stored ratings stale or the cached pages old: the club's rating
settings, seasons, a renamed player, and the recompute request (a mark in the finishing
order, then the task once the transaction commits).

The recompute itself (what the task runs) is in ``recompute``; this module sends the task.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from clubs.models import Club, Membership
from ops.outage import enqueue
from ops.pagecache import club_stamp_bump
from ratings.models import RatingSettings, Season
from ratings.tasks import ratings_recompute_task

from .recompute import BEGINNING, rating_settings_lock, settings_cache_forget

SETTING_FIELDS = ("start_rating", "experience_ramp", "ramp_counts_current_match",
                  "rate_one_point", "rate_ladder", "rate_friendly", "points_per_match_win",
                  "points_per_attendance", "points_first", "points_second", "points_third",
                  "leaderboard_columns")


#: Settings that change which matches count or how: a full recompute.
RATING_FIELDS = set(SETTING_FIELDS[:6])


class RatingSettingsError(ValueError):
    """Settings the club cannot have."""


@transaction.atomic
def rating_settings_update(*, club: Club, **values) -> RatingSettings:
    """Change the club's settings; a rating setting marks a full recompute."""
    unknown = set(values) - set(SETTING_FIELDS)
    if unknown:
        raise RatingSettingsError(gettext("Unknown setting(s): %(names)s.") % {
            "names": ", ".join(sorted(unknown))})
    columns = values.get("leaderboard_columns")
    if columns is not None and (not columns or set(columns) - set(RatingSettings.Column.values)):
        raise RatingSettingsError(
            gettext("Choose one or more of the leaderboard columns offered."))
    row = rating_settings_lock(club_id=club.pk)
    changed = {name for name, value in values.items() if getattr(row, name) != value}
    for name in changed:
        setattr(row, name, values[name])
    row.version += 1
    row.save()
    settings_cache_forget(club.pk)
    if changed & RATING_FIELDS:
        ratings_recompute_request(club_id=club.pk, from_at=BEGINNING[0],
                                  from_match_id=BEGINNING[1])
        row.refresh_from_db()
    if changed & {"rate_one_point", "rate_ladder", "rate_friendly"}:
        club_stamp_bump([club.pk])  # the kept lists say whether each match is rated
    return row


def ratings_recompute_request(*, club_id: int, from_at: datetime.datetime,
                              from_match_id: int) -> None:
    """Mark the club's ratings stale from this place in the finishing order on (keeping an
    earlier mark), and queue the recompute once the transaction commits."""
    with transaction.atomic():
        row = rating_settings_lock(club_id=club_id)
        mark = (from_at, from_match_id)
        if row.recompute_from_at is None or mark < (row.recompute_from_at,
                                                    row.recompute_from_match):
            row.recompute_from_at, row.recompute_from_match = mark
            row.save(update_fields=["recompute_from_at", "recompute_from_match"])
            settings_cache_forget(club_id)
        transaction.on_commit(lambda: _enqueue(club_id))


def _enqueue(club_id: int) -> None:
    enqueue(ratings_recompute_task, club_id)  # a broker down: the periodic requeue sends it


def ratings_names_changed(*, player_id: int) -> None:
    """A player's name changed: a new version of the cached tables of each of their clubs
    (names are in them). Nothing is recomputed."""
    clubs = list(Membership.objects.filter(player_id=player_id)
                 .values_list("club_id", flat=True))
    if RatingSettings.objects.filter(club_id__in=clubs).update(version=F("version") + 1):
        for club_id in clubs:
            settings_cache_forget(club_id)


def season_create(*, club: Club, name: str, starts_on: datetime.date,
                  ends_on: datetime.date) -> Season:
    if ends_on < starts_on:
        raise RatingSettingsError(gettext("A season ends on or after the day it starts."))
    if Season.objects.filter(club=club, name=name).exists():
        raise RatingSettingsError(gettext("%(club)s already has a season called %(name)s.") % {
            "club": club, "name": repr(name)})
    season = Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
    RatingSettings.objects.filter(club=club).update(version=F("version") + 1)
    settings_cache_forget(club.pk)
    return season
