"""A team match card's notices to its captains (issue 35): a card to confirm, both line-ups
in, a line-up due soon (``teamleagues.signals.team_card_event``)."""

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy

from config.site import on_site
from config.texts import StoredText
from notifications.models import Kind
from notifications.services import notify
from teamleagues.models import Fixture, Team

#: What the notice's link lets the captain do.
ACTIONS = {"card_to_confirm": gettext_lazy("Confirm or dispute the card"),
           "lineups_in": gettext_lazy("See the card"),
           "lineup_due": gettext_lazy("Submit the line-up")}


@on_site
@transaction.atomic
def team_card_notify(*, fixture_id: int, what: str, team_ids: list[int]) -> None:
    fixture = Fixture.objects.select_related("home", "away", "league").filter(
        pk=fixture_id).first()
    if fixture is None or what not in ACTIONS:
        return
    action = ACTIONS[what]
    users = [t.captain.user for t in Team.objects.filter(pk__in=team_ids).select_related(
        "captain__user") if t.captain.user_id]
    names = {"home": fixture.home.name, "away": fixture.away.name}
    text = {"card_to_confirm": StoredText.gettext(
                "%(home)s – %(away)s: the home captain entered the card. Confirm it or "
                "dispute it.", **names),
            "lineups_in": StoredText.gettext(
                "%(home)s – %(away)s: both line-ups are in; each captain sees the other's.",
                **names),
            "lineup_due": StoredText.gettext(
                "%(home)s – %(away)s: your line-up is due soon.", **names)}[what]
    notify(key=f"team-card:{fixture.pk}:{what}:{fixture.league.version}", kind=Kind.TEAM_CARD,
           users=users, subject=text, text=text, action=action,
           url=reverse("teamleagues:card", args=[fixture.pk]),
           club_id=fixture.home.club_id)
