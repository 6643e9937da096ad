"""Logging without secrets (issue 31.3): a path that carries a token is logged without it.

Some links are keys for as long as they work: a club's invitation
(``/accounts/invitations/<token>/``, ``/api/invitations/<token>/accept/``), allauth's
password reset (``/accounts/password/reset/key/<uid>-<key>/``) and address confirmation
(``/accounts/confirm-email/<key>/``). Django's request logger writes the path of every
4xx/5xx answer (``Forbidden: /accounts/invitations/…/`` when the wrong login opens a link),
and the servers' access logs (uvicorn's under ``bin/web`` with ``--access-logfile -``,
gunicorn's, Daphne's ``runserver``, Django's own) write every path with its query string
(where the sign-in page's ``?next=`` carries the link on). ``RedactSecrets`` replaces the
token with ``[redacted]`` in a record's message and in each of its arguments (the access
formatters read the arguments: uvicorn's takes its path from them).

``configure`` is ``LOGGING_CONFIG``: Django's ``dictConfig`` of ``LOGGING``, then the filter
on each logger that writes a request's path. A filter on the logger itself (not on a
handler) holds whatever handlers a server gives it: uvicorn's gunicorn worker replaces the
access logger's handlers, never its filters.
"""

import logging
import logging.config
import re

#: The loggers that write a request's path: Django's (its request logger, runserver's),
#: Daphne's runserver, uvicorn's and gunicorn's access logs (and their error logs, which may
#: quote a request line).
PATH_LOGGERS = ("django.request", "django.server", "django.channels.server",
                "uvicorn.access", "uvicorn.error", "gunicorn.access", "gunicorn.error")

REDACTED = "[redacted]"
_SLASH = r"(?:/|%2[fF])"  # a path as it is, or URL-encoded in a query (``?next=``)
#: Each path that holds a secret, up to the secret: the secret is its next segment.
_SECRET_PATHS = (
    rf"accounts{_SLASH}invitations",
    rf"api{_SLASH}invitations",
    rf"accounts{_SLASH}confirm-email",
    rf"accounts{_SLASH}password{_SLASH}reset{_SLASH}key",
)
SECRET_IN_PATH = re.compile(
    rf"(?P<before>{_SLASH}(?:{'|'.join(_SECRET_PATHS)}){_SLASH})"
    rf"(?!done{_SLASH}|{re.escape(REDACTED)})(?:(?!{_SLASH})[^?#&\s\"'])+")


def redact(text: str) -> str:
    """``text`` with the secret of each path that carries one replaced."""
    return SECRET_IN_PATH.sub(rf"\g<before>{REDACTED}", text)


def _redacted(value):
    return redact(value) if isinstance(value, str) else value


class RedactSecrets(logging.Filter):
    """Takes the tokens out of a record's message and arguments (keeps the record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _redacted(record.msg)
        if isinstance(record.args, dict):
            record.args = {key: _redacted(value) for key, value in record.args.items()}
        elif isinstance(record.args, tuple):
            record.args = tuple(_redacted(value) for value in record.args)
        return True


#: One instance: ``addFilter`` adds it once however often logging is configured.
REDACT = RedactSecrets()


def install(names=PATH_LOGGERS) -> None:
    for name in names:
        logging.getLogger(name).addFilter(REDACT)


def configure(settings: dict) -> None:
    """``LOGGING_CONFIG``: the ``LOGGING`` dict, then the filter on the path loggers."""
    logging.config.dictConfig(settings)
    install()
