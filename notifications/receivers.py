"""Listeners: events announced by the apps below become notifications (after commit)."""
