"""The browser's /favicon.ico (issue 33, point 8): the site's icon, a static file; every
page names it too."""

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static

pytestmark = pytest.mark.django_db


def test_favicon_ico_leads_to_the_static_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == static("favicon.ico")
    path = finders.find("favicon.ico")
    with open(path, "rb") as icon:
        assert icon.read(4) == b"\0\0\1\0"  # an ICO file


def test_every_page_names_the_icon(client):
    page = client.get("/").content.decode()
    assert f'<link rel="icon" href="{static("favicon.ico")}"' in page
