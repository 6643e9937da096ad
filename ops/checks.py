"""Deploy checks of our own (``manage.py check --deploy``, ``make check-deploy``)."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def site_url_set(app_configs, **kwargs):
    """A mail made by a worker with no request behind it (the reminders of the scheduled
    scan) links to ``SITE_URL``, else to where the server listens: behind a proxy, not an
    address members reach (config.site)."""
    if settings.SITE_URL:
        return []
    return [Warning(
        "SITE_URL is not set: a mail a worker makes on its own links to "
        f"{settings.LISTEN_URL}.",
        hint="Set SITE_URL to the address members use, e.g. https://club.example.org.",
        id="ops.W001")]
