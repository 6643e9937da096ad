"""docker-compose's web service, the image and the README's deploy section run exactly
``bin/web`` (issue 26.1): no second way of serving the app to drift from what was measured."""

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_compose_and_the_image_run_bin_web():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert compose["services"]["web"]["command"] == "bin/web"
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'CMD ["bin/web"]' in dockerfile
    assert "BIN=/usr/local/bin" in dockerfile and "HOST=0.0.0.0" in dockerfile
    for text in ((ROOT / "docker-compose.yml").read_text(), dockerfile):
        assert "daphne" not in text.lower()


def test_the_readme_deploys_with_bin_web():
    readme = (ROOT / "README.md").read_text()
    deploy = readme[readme.index("## Deploying"):readme.index("## Development")]
    assert "bin/web" in deploy and "WEB_CONCURRENCY" in deploy
    assert "daphne --" not in deploy.lower() and "gunicorn config" not in deploy
    assert "BENCH_FIGURES" not in readme


def test_bin_web_takes_its_settings_from_the_environment():
    script = (ROOT / "bin/web").read_text()
    for default in ('BIN=${BIN:-.venv/bin}', 'HOST=${HOST:-127.0.0.1}', 'PORT=${PORT:-8000}',
                    'WEB_CONCURRENCY=${WEB_CONCURRENCY:-$(nproc)}'):
        assert default in script
    assert '"$BIN/gunicorn" config.asgi:application' in script
    assert "config.web_worker.WebWorker" in script
