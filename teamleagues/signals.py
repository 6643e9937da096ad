"""What a team league tells the rooms above (notifications): a card waits for the away
captain's confirmation; both line-ups are in; a line-up is due soon. Sent inside the
change's transaction with ids only; a receiver enqueues its work after the commit."""

from django.dispatch import Signal

#: ``fixture_id``, ``what`` ("card_to_confirm", "lineups_in", "lineup_due"), ``team_ids``:
#: the teams whose captains are told.
team_card_event = Signal()
