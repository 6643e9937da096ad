"""Hooks other apps may listen to (decoupled: games does not know who listens)."""

from django.dispatch import Signal

#: Sent after a rules check's outcome is committed; ``record_id`` names the match record.
#: Tournaments listen: a result reported with this file as evidence is confirmed or flagged.
rules_check_finished = Signal()
