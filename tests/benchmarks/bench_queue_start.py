"""How long a task waits in ``make run``'s configuration: ``bin/serve`` (the main worker with
beat inside it, the analysis and the computer workers, runserver) on a fresh SQLite database
and the filesystem broker, all in a temporary folder. For each queue, the seconds from a
task's enqueue to its start (a worker's heartbeat task sent to that queue, whose row the
worker writes as it starts), idle and behind a backlog in the main queue like the one the
demo leaves (some 60 ratings recomputes).

    python tests/benchmarks/bench_queue_start.py [--tries 5] [--backlog 60]

BROKER_POLLING_INTERVAL=1 in the environment shows kombu's default (before issue 38).
"""

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--backlog", type=int, default=60)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="bench-queue-"))
    env = {**os.environ, "DATA_DIR": str(data), "BROKER_DIR": str(data / "broker"),
           "DJANGO_SETTINGS_MODULE": "config.settings", "HOST": "127.0.0.1",
           "PORT": str(_free_port()), "BIN": str(Path(sys.executable).parent)}
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_TASK_ALWAYS_EAGER"):
        env.pop(name, None)
    os.environ.clear()
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env,
                   check=True, stdout=subprocess.DEVNULL)
    serve = subprocess.Popen(["bash", "bin/serve"], cwd=ROOT, env=env, start_new_session=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        import django
        django.setup()
        from django.conf import settings

        from ops.models import WorkerHeartbeat
        from ops.tasks import worker_heartbeat_beat_task

        queues = {"main": settings.CELERY_TASK_DEFAULT_QUEUE,
                  "analysis": settings.CELERY_ANALYSIS_QUEUE,
                  "computer": settings.CELERY_COMPUTER_QUEUE}

        def started(queue: str, count: int = 1, timeout: float = 300) -> list[float]:
            """Send ``count`` heartbeats to ``queue``; the seconds until each one started."""
            before = set(WorkerHeartbeat.objects.values_list("pk", flat=True))
            sent = time.time()
            for _ in range(count):
                worker_heartbeat_beat_task.apply_async(queue=queue)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                rows = [row for row in WorkerHeartbeat.objects.exclude(pk__in=before)
                        if not row.worker.endswith(f"pid {os.getpid()}")]
                if len(rows) >= count:
                    return sorted(row.processed_at.timestamp() - sent for row in rows)
                time.sleep(0.05)
            raise SystemExit(f"{queue}: no start within {timeout} s")

        for queue in queues.values():  # each worker up and listening
            started(queue, timeout=300)
        poll = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("polling_interval", 1.0)
        print(f"make run's workers (filesystem broker, polling_interval {poll} s), "
              f"{args.tries} tries each:")
        for name, queue in queues.items():
            times = [started(queue)[0] for _ in range(args.tries)]
            print(f"  {name:9} enqueue to start: median {statistics.median(times):.2f} s, "
                  f"max {max(times):.2f} s")
        times = started(queues["main"], count=args.backlog + 1)
        print(f"  main, {args.backlog} tasks queued at once: the last starts after "
              f"{times[-1]:.2f} s ({times[-1] / len(times):.3f} s a task)")
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(timeout=60)


if __name__ == "__main__":
    main()
