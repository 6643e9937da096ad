"""Running calls at the same moment, each in its own thread with its own database
connection (for the tests of what two people doing one thing at once produce)."""

import threading

from django.db import connection


def race(*calls):
    """Run the calls at once, each in its own thread; return what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
