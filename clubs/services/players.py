"""One person, one Player (issue 32): the clubs room's part of a merge of two player rows,
and the generic mover each room's own reassign function uses for its plain references.

The merge itself (who may, the order of the rooms, the audit entry) is on the top floor
(``people.services``): it calls each room's reassign function, from the lowest floor up.
"""

from collections.abc import Iterable

from django.apps import apps
from django.db import IntegrityError, models, transaction
from django.db.models import Case, F, Q, Value, When
from django.utils.translation import gettext

from clubs.models import Membership, Player
from config.refusals import Refusal
from ops.pagecache import club_stamp_bump

#: Roles from the strongest: a person who held two rows at one club keeps the stronger.
ROLE_ORDER = (Membership.Role.ADMIN, Membership.Role.REFEREE, Membership.Role.PLAYER)


class PlayerMergeError(Refusal):
    """Two player rows that cannot become one as they stand (nothing was changed)."""


def player_fields(model: type[models.Model]) -> list[models.Field]:
    """The model's columns naming a player."""
    return [field for field in model._meta.concrete_fields
            if field.is_relation and field.related_model is Player]


def player_rows_reassign(*, app_label: str, dropped: Player, kept: Player,
                         skip: Iterable[type[models.Model]] = ()) -> int:
    """Point every column of the app's models that names ``dropped`` at ``kept`` (the
    models in ``skip`` are the caller's to move), all of a row's columns in one UPDATE (a
    winner is one of the players at every moment). A row that cannot take ``kept`` (one
    row per player where both have one) refuses the merge, naming its kind."""
    moved = 0
    skipped = set(skip)
    for model in apps.get_app_config(app_label).get_models():
        fields = [field.name for field in player_fields(model)]
        if model in skipped or not fields:
            continue
        naming = Q()
        for name in fields:
            naming |= Q(**{name: dropped})
        changes = {name: Case(When(**{name: dropped}, then=Value(kept.pk)), default=F(name),
                              output_field=models.BigIntegerField())
                   for name in fields}
        try:
            with transaction.atomic():
                moved += model._base_manager.filter(naming).update(**changes)
        except IntegrityError as exc:
            raise PlayerMergeError(gettext(
                "Both players have %(rows)s that cannot be one: settle them first.")
                % {"rows": model._meta.verbose_name_plural}) from exc
    return moved


def _stronger(one: str, other: str) -> str:
    return min(one, other, key=ROLE_ORDER.index)


def memberships_reassign(*, dropped: Player, kept: Player) -> list[int]:
    """Move the dropped row's memberships to the kept one; at a club where both are
    members the kept membership stays, current if either was, with the stronger role.
    Returns the clubs touched."""
    mine = {m.club_id: m for m in Membership.objects.select_for_update().filter(player=kept)}
    clubs = []
    for membership in Membership.objects.select_for_update().filter(player=dropped):
        clubs.append(membership.club_id)
        other = mine.get(membership.club_id)
        if other is None:
            membership.player = kept
            membership.save(update_fields=["player"])
            continue
        other.is_active = other.is_active or membership.is_active
        other.role = _stronger(other.role, membership.role)
        other.joined_at = min(other.joined_at, membership.joined_at)
        other.ended_at = None if other.is_active else max(
            filter(None, (other.ended_at, membership.ended_at)), default=None)
        membership.delete()
        other.save(update_fields=["is_active", "role", "joined_at", "ended_at"])
    club_stamp_bump(clubs + list(mine))
    return clubs


def player_identity_merge(*, dropped: Player, kept: Player) -> Player:
    """The kept row takes the dropped one's login and address when it has none; refused
    where the two hold two logins (two people sign in: they are not one row)."""
    if dropped.user_id and kept.user_id:
        raise PlayerMergeError(gettext(
            "%(one)s and %(other)s each have their own login: two logins cannot be one "
            "player. One of them closes their account first.") % {
            "one": dropped.name, "other": kept.name})
    changed = []
    if dropped.user_id and not kept.user_id:
        user_id = dropped.user_id
        Player.objects.filter(pk=dropped.pk).update(user=None)
        kept.user_id = user_id
        changed.append("user")
    if dropped.email and not kept.email:
        kept.email = dropped.email
        changed.append("email")
    if changed:
        kept.save(update_fields=changed)
    return kept


def player_references_left(*, player: Player) -> list[str]:
    """The kinds of rows still naming the player (empty once every room moved its own)."""
    left = []
    for relation in Player._meta.related_objects:
        model = relation.related_model
        if model._base_manager.filter(**{relation.field.name: player}).exists():
            left.append(str(model._meta.verbose_name_plural))
    return left
