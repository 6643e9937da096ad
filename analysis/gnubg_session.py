"""The one room of GNU Backgammon's adapter: how the ``gnubg`` module is loaded, the settings
every use of it starts from, and how a command's terminal output is read. The analysis
(``gnubg_runner``) and the computer opponent (``gnubg_player``) both start here, then add
their own settings (the analysis thresholds and plies; the level's cube evaluation).

gnubg holds global state and is not thread-safe: one thread of a worker process (Celery's
prefork pool), never a web request. It is imported inside ``gnubg_session``, never at the
top: ``set threads 1`` starts a thread, and a process forked after that (Celery's prefork
parent forking its children) would inherit gnubg's state without the thread. ``set threads
1`` is needed inside the Python module, or ``analyse match`` never returns.
"""

import os
import sys
import tempfile
from contextlib import contextmanager

#: The settings every use of gnubg starts from: one thread, nothing shown or asked, no game
#: started by itself.
SESSION_COMMANDS = ("set threads 1", "set display off", "set sound enable off",
                    "set confirm new off", "set automatic game off")


def gnubg_session():
    """The ``gnubg`` module, set up with ``SESSION_COMMANDS``."""
    import gnubg

    for command in SESSION_COMMANDS:
        gnubg_command(gnubg, command)
    return gnubg


def gnubg_command(gnubg, command: str) -> str:
    """Run one gnubg command with its terminal output (boards, messages) captured."""
    with _captured() as read:
        gnubg.command(command)
    return read()


@contextmanager
def _captured():
    """Send file descriptors 1 and 2 to a temporary file (gnubg's C code prints there)."""
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile() as sink:
        saved = os.dup(1), os.dup(2)
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        text: list[str] = []
        try:
            yield lambda: "".join(text)
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            text.append(sink.read().decode("utf-8", "replace"))


