"""The notices of a card (to its captains), sent as ``teamleagues.signals.team_card_event``
for the notifications room to deliver through its outbox."""

import datetime

from django.db import transaction
from django.utils import timezone

from ..models import Fixture
from ..selectors import lineup_deadline
from ..signals import team_card_event


def _send(fixture: Fixture, what: str, team_ids: list[int]) -> None:
    team_card_event.send(sender=Fixture, fixture_id=fixture.pk, what=what, team_ids=team_ids)


def card_to_confirm_notify(*, fixture: Fixture) -> None:
    """The away captain has a card to confirm."""
    _send(fixture, "card_to_confirm", [fixture.away_id])


def lineups_in_notify(*, fixture: Fixture) -> None:
    """Both line-ups are in: each captain may now see the other's."""
    _send(fixture, "lineups_in", [fixture.home_id, fixture.away_id])


@transaction.atomic
def lineup_deadlines_notify(*, within_hours: int = 24, now: datetime.datetime | None = None
                            ) -> int:
    """Tell each captain whose line-up is still missing that its deadline is within
    ``within_hours`` (once per fixture: ``reminded``). How many fixtures were told."""
    now = now or timezone.now()
    told = 0
    fixtures = (Fixture.objects.select_for_update(of=("self",))
                .filter(status=Fixture.Status.SCHEDULED, date__isnull=False,
                        date__lte=(now + datetime.timedelta(days=30)).date())
                .select_related("league").prefetch_related("lineups"))
    for fixture in fixtures:
        deadline = lineup_deadline(fixture)
        if "lineup_due" in fixture.reminded or deadline is None:
            continue
        if not now <= deadline <= now + datetime.timedelta(hours=within_hours):
            continue
        have = {lu.team_id for lu in fixture.lineups.all()}
        missing = [t for t in (fixture.home_id, fixture.away_id) if t not in have]
        if not missing:
            continue
        fixture.reminded = [*fixture.reminded, "lineup_due"]
        fixture.save(update_fields=["reminded"])
        _send(fixture, "lineup_due", missing)
        told += 1
    return told
