"""The rating pages in German: German words, ratings with a decimal comma, and a rating
chart whose SVG coordinates stay plain numbers (a "12,5" would break the drawing)."""

import re
import xml.etree.ElementTree as ElementTree

import pytest
from django.urls import reverse

from accounts.models import AccountPreference

pytestmark = pytest.mark.django_db


def _german(client, user, name, *args) -> tuple:
    AccountPreference.objects.update_or_create(user=user, defaults={"language": "de"})
    client.force_login(user)
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response, response.content.decode()


def _decimal_comma(value: float) -> str:
    whole, decimals = f"{value:.2f}".split(".")
    return f"{whole},{decimals[0]}"  # "1512,3": the rating's first decimal after a comma


def test_the_leaderboard_speaks_german_with_decimal_commas(client, small_club, bob):
    response, body = _german(client, bob, "clubs:leaderboard", "riverside")
    assert '<html lang="de"' in body
    assert "Saisontabelle" in body and "Siege (alle gespielten)" in body
    ann = next(r for r in response.context["rows"] if r["name"] == "Ann")
    assert _decimal_comma(ann["_rating"]) in body
    assert not re.search(r'<td class="num">\d{3,4}\.\d\d</td>', body)  # no English decimals


def test_the_rating_list_speaks_german(client, small_club, bob):
    response, body = _german(client, bob, "clubs:ratings", "riverside")
    assert "Rating-Liste" in body and "Erfahrung" in body
    ann = next(r for r in response.context["provisional"] if r["name"] == "Ann")
    assert _decimal_comma(ann["rating"]) in body


def test_the_player_page_speaks_german_and_its_chart_is_valid_svg(client, small_club, bob):
    w = small_club
    response, body = _german(client, bob, "clubs:player", "riverside", w.ann.pk)
    assert "Rating-Verlauf" in body and "Letzte Ergebnisse" in body
    assert "Direkter Vergleich" in body
    rating = response.context["rating"]
    assert _decimal_comma(rating["rating"]) in body
    svg = re.search(r'<svg class="chart".*?</svg>', body, re.S).group(0)
    chart = ElementTree.fromstring(svg)
    assert chart.attrib["aria-label"] == "Rating-Verlauf"
    numbers = [chart.attrib["viewBox"], *(el.attrib.get(name, "0") for el in chart.iter()
                                          for name in ("x", "y", "cx", "cy"))]
    for number in " ".join(numbers).split():
        float(number)  # "12,5" would fail: coordinates are never localized
    for pair in chart.find("polyline").attrib["points"].split():
        x, y = pair.split(",")
        float(x), float(y)
    dots = [title.text for title in chart.iter("title")]
    assert dots and all(" gegen " in text for text in dots)
