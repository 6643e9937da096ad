"""The results app's one signal: the apps above hear of changes to the finished matches
without this app knowing them (STYLE.md §2: cross-app events go up by a receiver).

``finished_matches_changed`` is sent by ``results.services`` inside the writer's
transaction, with the organiser (``club_id``, or None and ``federation_id``), the clubs the
two played for (``player_club_ids``) and the first place in the finishing order that
changed (``at``: the match's ``finished_at``, ``match_id``). A receiver acts only after the
transaction commits (``transaction.on_commit``), and only enqueues: the ratings app marks
its ratings stale from that place on and queues the recompute.
"""

from django.dispatch import Signal

finished_matches_changed = Signal()
