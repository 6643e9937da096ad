"""Tasks retry what goes away by itself (the database or the broker unreachable), never
what is the same on every try (a constraint violated, a bad query): one shared tuple,
``config.celery.TRANSIENT_ERRORS``, for every task."""

from unittest import mock

import pytest
import redis.exceptions
from django.db import (
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    ProgrammingError,
)
from kombu.exceptions import OperationalError as BrokerError

from config.celery import TRANSIENT_ERRORS
from config.celery import app as celery_app
from games import tasks as games_tasks

PROJECT = ("accounts", "audit", "chouette", "clubs", "games", "ops", "results", "tournaments")


def _our_tasks():
    celery_app.loader.import_default_modules()  # autodiscovery is lazy
    return {name: task for name, task in celery_app.tasks.items()
            if name.split(".")[0] in PROJECT}


def _retried(error: type[BaseException]) -> bool:
    return issubclass(error, TRANSIENT_ERRORS)


@pytest.mark.parametrize("error", [IntegrityError, ProgrammingError, DataError, DatabaseError,
                                   ValueError])
def test_errors_that_repeat_on_every_try_are_not_transient(error):
    assert not _retried(error)


@pytest.mark.parametrize("error", [OperationalError, InterfaceError, BrokerError,
                                   redis.exceptions.ConnectionError,
                                   redis.exceptions.TimeoutError, ConnectionRefusedError])
def test_connection_and_broker_errors_are_transient(error):
    assert _retried(error)


def test_every_task_that_retries_retries_the_shared_transient_errors():
    tasks = _our_tasks()
    assert "games.tasks.rules_check_run_task" in tasks  # the discovery found them
    retrying = {name: task.autoretry_for for name, task in tasks.items()
                if getattr(task, "autoretry_for", ())}
    assert len(retrying) >= 5
    assert {name: errors for name, errors in retrying.items()
            if tuple(errors) != TRANSIENT_ERRORS} == {}


def _run(error: BaseException):
    """Run the rules-check task once (eagerly) with the service failing first with
    ``error``, then succeeding: how many times was the service called?"""
    service = mock.Mock(side_effect=[error, None])
    with mock.patch.object(games_tasks, "rules_check_run", service):
        result = games_tasks.rules_check_run_task.apply(args=[1], throw=False)
    return service.call_count, result


def test_an_integrity_error_is_not_retried():
    calls, result = _run(IntegrityError("UNIQUE constraint failed"))
    assert calls == 1
    assert result.failed() and isinstance(result.result, IntegrityError)


def test_an_operational_error_is_retried():
    calls, result = _run(OperationalError("server closed the connection unexpectedly"))
    assert calls == 2
    assert result.successful()
