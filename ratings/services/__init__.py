"""Writes of the ratings app, in two modules so that the task and its sender stay one way:
``updates`` (settings, seasons, names; marks the ratings stale and sends the task) imports
``tasks``, which imports ``recompute`` (the work). Nothing here imports either: import the
module you need."""
