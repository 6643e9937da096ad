"""Listeners (filled in with the models)."""
