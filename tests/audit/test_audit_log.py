"""The audit log: every correction writes one entry (who, what, on which object, why, before
and after) in the same transaction; a correction without a reason is refused and leaves
nothing behind; entries are never edited or deleted; the admin shows each club its own."""

import datetime
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditEntry
from audit.services import AuditError, audit_record
from chouette import selectors as chouette_selectors
from chouette import services as chouette
from chouette.models import ChouetteGame, ChouetteLedgerEntry, ChouettePayment
from clubs.models import Membership
from games.models import Ruling
from games.services.rulings import RulingError, ruling_record
from ops.models import AppendOnlyError
from tests.factories import MembershipFactory, PlayerFactory, checked_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(club, alice, bob, carol):
    """A chouette evening with a finished game and one payment of the plan."""
    dora = MembershipFactory(club=club, player=PlayerFactory(name="Dora")).player
    players = [alice.player, bob.player, carol.player, dora]
    session = chouette.chouette_session_start(club=club, date=datetime.date(2026, 3, 6),
                                              stake=Decimal("1.00"), players=players)
    chouette.chouette_order_roll(session=session, rolls={
        p.pk: 6 - i for i, p in enumerate(players)})
    chouette.chouette_game_start(session=session)
    game = chouette.chouette_result_record(session=session, winner="team", kind="single")
    plan = chouette_selectors.settlement(club=club)["plan"][0]
    payment = chouette.chouette_payment_record(club=club, payer=plan["payer_id"],
                                               payee=plan["payee_id"], amount=plan["amount"])
    return session, game, payment


@pytest.fixture
def record(club):
    return checked_record(club)


def _only_entry(**filters) -> AuditEntry:
    entries = list(AuditEntry.objects.filter(**filters))
    assert len(entries) == 1, entries
    return entries[0]


def _is_about(entry: AuditEntry, target) -> bool:
    return (entry.target_type, entry.target_id) == (
        ContentType.objects.get_for_model(type(target)), target.pk)


# --------------------------------------------------------------------------- what writes one


def test_a_ruling_writes_an_entry(record, carol):
    ruling = ruling_record(record=record, referee=carol, kind=Ruling.Kind.VOID, game_number=1,
                           reason="Game 1 was played on a misset board")
    entry = _only_entry(action=AuditEntry.Action.RULING)
    assert (entry.club, entry.actor, entry.actor_name) == (record.club, carol, "carol")
    assert _is_about(entry, record) and entry.reason == "Game 1 was played on a misset board"
    assert entry.before["game"] == 1 and entry.before["void"] is False
    assert entry.after["void"] is True and entry.after["ruling_id"] == ruling.pk


def test_reversing_a_game_in_the_admin_writes_an_entry(client, carol, staff_permissions,
                                                       evening):
    _, game, _ = evening
    staff_permissions(carol, "view_chouettegame", "change_chouettegame")
    client.force_login(carol)
    client.post(reverse("admin:chouette_chouettegame_changelist"), {
        "action": "reverse_games", "_selected_action": [game.pk], "apply": "1",
        "reason": "The box was the wrong player"})
    entry = _only_entry(action=AuditEntry.Action.CHOUETTE_GAME_REVERSED)
    assert (entry.actor, entry.reason) == (carol, "The box was the wrong player")
    assert _is_about(entry, game) and entry.club == game.session.club
    assert entry.before == {"status": "finished", "points": game.points}
    reversing = set(ChouetteLedgerEntry.objects.filter(reverses__isnull=False)
                    .values_list("pk", flat=True))
    assert entry.after["status"] == "reversed"
    assert set(entry.after["reversing_entries"]) == reversing != set()


def test_undoing_a_game_at_the_table_writes_an_entry(client, alice, evening):
    session, game, _ = evening
    client.force_login(alice)
    client.post(reverse("chouette:tap", args=[session.club.slug, session.pk, "undo"]))
    entry = _only_entry(action=AuditEntry.Action.CHOUETTE_GAME_REVERSED)
    assert (entry.actor, entry.reason) == (alice, "Undo by the club admin at the table")
    assert _is_about(entry, game)


def test_undoing_a_payment_writes_an_entry(client, carol, evening):
    session, _, payment = evening
    client.force_login(carol)
    client.post(reverse("chouette:payment-undo", args=[session.club.slug, payment.pk]),
                {"reason": "Marked for the wrong player"})
    undo = ChouettePayment.objects.get(reverses=payment)
    entry = _only_entry(action=AuditEntry.Action.CHOUETTE_PAYMENT_UNDONE)
    assert (entry.actor, entry.reason) == (carol, "Marked for the wrong player")
    assert _is_about(entry, payment)
    assert (entry.before, entry.after) == ({"undone": False}, {
        "undone": True, "undo_payment": undo.pk, "amount": str(payment.amount)})


def test_changing_a_role_writes_an_entry(client, club, alice, bob):
    membership = Membership.objects.get(club=club, player=bob.player)
    client.force_login(alice)
    client.post(reverse("clubs:membership-role", args=[club.slug, membership.pk]),
                {"role": "referee"})
    entry = _only_entry(action=AuditEntry.Action.MEMBERSHIP_ROLE_CHANGED)
    assert (entry.actor, entry.club) == (alice, club) and _is_about(entry, membership)
    assert (entry.before, entry.after) == ({"role": "player"}, {"role": "referee"})


def test_ending_a_membership_writes_an_entry(client, club, alice, bob):
    membership = Membership.objects.get(club=club, player=bob.player)
    client.force_login(alice)
    client.post(reverse("clubs:membership-remove", args=[club.slug, membership.pk]))
    entry = _only_entry(action=AuditEntry.Action.MEMBERSHIP_ENDED)
    assert entry.actor == alice and _is_about(entry, membership)
    assert (entry.before, entry.after) == ({"is_active": True, "role": "player"},
                                           {"is_active": False})


def test_setting_the_same_role_again_writes_nothing(club, alice, bob):
    from clubs.services import membership_set_role

    membership_set_role(membership=Membership.objects.get(club=club, player=bob.player),
                        role="player", actor=alice)
    assert not AuditEntry.objects.exists()


# --------------------------------------------------------------------------- no reason


def test_a_ruling_without_a_reason_is_refused_and_saves_nothing(record, carol):
    scores = (record.score_left, record.score_right, record.winner)
    with pytest.raises(RulingError):
        ruling_record(record=record, referee=carol, kind=Ruling.Kind.VOID, game_number=1,
                      reason="   ")
    record.refresh_from_db()
    assert (record.score_left, record.score_right, record.winner) == scores
    assert not record.games.filter(is_void=True).exists()
    assert not Ruling.objects.exists() and not AuditEntry.objects.exists()


def test_a_game_reversal_without_a_reason_is_refused_and_saves_nothing(carol, evening):
    _, game, _ = evening
    entries = ChouetteLedgerEntry.objects.count()
    with pytest.raises(chouette.ChouetteServiceError, match="reason"):
        chouette.chouette_game_reverse(game=game, reversed_by=carol, reason=" ")
    game.refresh_from_db()
    assert game.status == ChouetteGame.Status.FINISHED
    assert ChouetteLedgerEntry.objects.count() == entries
    assert not AuditEntry.objects.exists()


def test_a_payment_undo_without_a_reason_is_refused_and_saves_nothing(client, carol, evening):
    session, _, payment = evening
    client.force_login(carol)
    client.post(reverse("chouette:payment-undo", args=[session.club.slug, payment.pk]),
                {"reason": ""})
    assert not ChouettePayment.objects.filter(reverses=payment).exists()
    assert not AuditEntry.objects.exists()


def test_the_log_itself_refuses_a_correction_without_a_reason(club, record):
    with pytest.raises(AuditError):
        audit_record(club_id=club.pk, actor=None, action=AuditEntry.Action.RULING,
                     target=record, reason="")
    # And the database, for writers that would go around the service.
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditEntry.objects.create(
            club=club, action=AuditEntry.Action.CHOUETTE_PAYMENT_UNDONE, reason="",
            target_type=ContentType.objects.get_for_model(type(record)), target_id=record.pk,
            target_label=str(record))
    assert not AuditEntry.objects.exists()


# --------------------------------------------------------------------------- append-only


@pytest.fixture
def entry(record, carol):
    ruling_record(record=record, referee=carol, kind=Ruling.Kind.STANDS, reason="Checked")
    return AuditEntry.objects.get()


@pytest.mark.parametrize("change", [
    lambda e: (setattr(e, "reason", "Nothing to see"), e.save()),
    lambda e: e.delete(),
    lambda e: AuditEntry.objects.filter(pk=e.pk).update(reason="Nothing to see"),
    lambda e: AuditEntry.objects.filter(pk=e.pk).delete(),
], ids=["save", "delete", "queryset update", "queryset delete"])
def test_entries_are_never_edited_or_deleted(entry, change):
    with pytest.raises(AppendOnlyError):
        change(entry)
    assert AuditEntry.objects.get(pk=entry.pk).reason == "Checked"


# --------------------------------------------------------------------------- the admin


@pytest.fixture
def entries(club, other_club, record, carol, dave, alice, bob):
    """Riverside: a ruling and a role change; Hilltop: a role change."""
    from clubs.services import membership_set_role

    ruling_record(record=record, referee=carol, kind=Ruling.Kind.STANDS, reason="Checked")
    membership_set_role(membership=Membership.objects.get(club=club, player=bob.player),
                        role="referee", actor=alice)
    hilda = MembershipFactory(club=other_club, player=PlayerFactory(name="Hilda"))
    membership_set_role(membership=hilda, role="referee", actor=dave)
    return {club.slug: set(AuditEntry.objects.filter(club=club).values_list("pk", flat=True)),
            other_club.slug: set(AuditEntry.objects.filter(club=other_club)
                                 .values_list("pk", flat=True))}


def _listed(client, user, **params) -> set[int]:
    client.force_login(user)
    response = client.get(reverse("admin:audit_auditentry_changelist"), params)
    assert response.status_code == 200
    return set(response.context["cl"].queryset.values_list("pk", flat=True))


@pytest.mark.parametrize("persona, own, other", [("carol", "riverside", "hilltop"),
                                                 ("dave", "hilltop", "riverside")])
def test_the_admin_shows_each_club_its_own_entries(client, request, staff_permissions,
                                                   entries, persona, own, other):
    user = staff_permissions(request.getfixturevalue(persona), "view_auditentry")
    listed = _listed(client, user)
    assert listed == entries[own] and listed.isdisjoint(entries[other])
    for pk in entries[other]:
        response = client.get(reverse("admin:audit_auditentry_change", args=[pk]))
        assert response.status_code == 302 and response["Location"] == reverse("admin:index")


def test_the_admin_entries_are_read_only(client, carol, staff_permissions, entries):
    staff_permissions(carol, "view_auditentry", "change_auditentry", "delete_auditentry")
    client.force_login(carol)
    pk = min(entries["riverside"])
    page = client.get(reverse("admin:audit_auditentry_change", args=[pk]))
    assert page.status_code == 200 and b'name="_save"' not in page.content
    client.post(reverse("admin:audit_auditentry_delete", args=[pk]), {"post": "yes"})
    assert AuditEntry.objects.filter(pk=pk).exists()


def test_the_admin_filters_work(client, carol, staff_permissions, entries, club):
    user = staff_permissions(carol, "view_auditentry")
    rulings = set(AuditEntry.objects.filter(action="ruling").values_list("pk", flat=True))
    roles = entries["riverside"] - rulings
    assert rulings and roles
    assert _listed(client, user, action="ruling") == rulings
    assert _listed(client, user, action="membership_role_changed") == roles
    membership_type = ContentType.objects.get_for_model(Membership)
    assert _listed(client, user, target_type__id__exact=membership_type.pk) == roles
    assert _listed(client, user, club__id__exact=club.pk) == entries["riverside"]
    assert _listed(client, user, q="Checked") == rulings
    # The date filter's "Today" and an old day, with aware bounds as its own links have.
    today = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    for start, found in ((today, entries["riverside"]),
                         (today.replace(year=2000), set())):
        end = start + datetime.timedelta(days=1)
        assert _listed(client, user, created_at__gte=str(start), created_at__lt=str(end)
                       ) == found


def test_an_entry_belongs_to_a_clubs_log_or_a_federations(club, alice):
    """Neither: refused by the service, and by the database."""
    with pytest.raises(AuditError):
        audit_record(actor=alice, action=AuditEntry.Action.MEMBERSHIP_ENDED, target=club)
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditEntry.objects.create(action=AuditEntry.Action.MEMBERSHIP_ENDED,
                                  target_type=ContentType.objects.get_for_model(type(club)),
                                  target_id=club.pk, target_label="x")
    assert not AuditEntry.objects.exists()
