"""The Celery application. Tasks are discovered from each installed app's ``tasks`` module.

``TRANSIENT_ERRORS`` is what every task retries (``autoretry_for``): faults that go away by
themselves (the database or the broker unreachable, a lock that timed out). Not Django's
``DatabaseError`` as a whole: it also covers ``IntegrityError``, ``DataError`` and
``ProgrammingError``, which are the same on every try, so retrying them only delays the
failure (eight times, minutes apart) and hides it.
"""

import os
import socket

import redis.exceptions
from celery import Celery
from celery.signals import worker_init
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

TRANSIENT_ERRORS: tuple[type[Exception], ...] = (
    OperationalError,  # the database: connection lost, server restarting, lock timeout
    InterfaceError,  # the database: a connection already closed
    BrokerError,  # kombu: the broker unreachable when a task sends another
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    ConnectionError,  # the socket level (refused, reset)
    TimeoutError,
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bgclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def _name_this_worker_run(**kwargs) -> None:
    """One name per worker run, inherited by the pool's processes (forked after this): the
    heartbeats and the rules checks it claims carry it (``ops.services.worker_name``, which
    reads this variable: ``WORKER_RUN_ENV``)."""
    os.environ["BGCLUB_WORKER_RUN"] = f"{socket.gethostname()} pid {os.getpid()}"
