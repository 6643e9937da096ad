"""The match page in the reader's language: the replay viewer's words, the rules check's
violations (their rule's sentence, translated at display time), a valid board SVG; the
machine contracts (``check_match --json``, the engine's report) stay English."""

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from django.utils import translation

from accounts.models import AccountPreference
from games.engine.replay import replay
from tests.factories import SAMPLES, checked_record

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ILLEGAL = "5nqfGw9bWG3deTaU.mat"  # g1-t20 is an illegal play (wrong_distance)


@pytest.fixture
def record(club):
    return checked_record(club, ILLEGAL)


def _page(client, user, language, record, **params) -> str:
    AccountPreference.objects.update_or_create(user=user, defaults={"language": language})
    client.force_login(user)
    response = client.get(record.get_absolute_url(), params)
    assert response.status_code == 200
    return response.content.decode()


def _board(html: str) -> ElementTree.Element:
    """The replay board, parsed as XML: a localized number would not make it invalid, but a
    coordinate written "12,5" would draw nothing; every coordinate must be a plain number."""
    svg = re.search(r'<svg xmlns="http://www.w3.org/2000/svg".*?</svg>', html, re.S).group(0)
    board = ElementTree.fromstring(svg)
    for element in board.iter():
        for name in ("x", "y", "cx", "cy", "r", "width", "height"):
            if name in element.attrib:
                float(element.attrib[name])
    return board


def test_the_match_page_and_its_replay_speak_german(client, bob, record):
    html = _page(client, bob, "de", record, at="g1-t20")
    assert '<html lang="de"' in html
    assert "<h2>Wiedergabe</h2>" in html and "<h2>Regelverstöße</h2>" in html
    assert "würfelt" in html  # the move list: "Name würfelt 31: 8/5 6/5"
    # "Erlaubte Züge" since the translation review ("Legale Züge" before it was merged)
    assert "Position-ID" in html and re.search(r"(Erlaubte|Legale) Züge für diesen Wurf:", html)
    assert "Der Zug passt nicht zu den Würfeln." in html  # wrong_distance, translated
    assert "Auf dem Brett zeigen" in html
    board = _board(html)
    assert board.attrib["viewBox"].startswith("0 0 ")
    assert "Partie 1, Zug 20:" in board.attrib["aria-label"]


def test_a_check_violation_is_shown_in_japanese(client, bob, record):
    html = _page(client, bob, "ja", record)
    assert "<h2>違反</h2>" in html
    assert "ムーブがダイスと一致しません。" in html  # the rule's sentence
    # The rule's code is a machine's word (data-rule), never shown; nor the engine's English.
    assert 'data-rule="wrong_distance' in html and ">wrong_distance<" not in html
    assert "wrong_distance</" not in html and "wrong distance" not in html
    message = record.rules_check.violations.get(rule="wrong_distance").message
    assert message not in html.replace("&#x27;", "'")
    _board(html)


def test_the_english_page_keeps_the_engines_message(client, bob, record):
    html = _page(client, bob, "en", record)
    message = record.rules_check.violations.get(rule="wrong_distance").message
    assert f'<p data-rule="wrong_distance">{message}</p>' in html.replace("&#x27;", "'")
    assert 'class="rule-text"' not in html  # the engine's message is the card's sentence


def test_the_engines_report_is_the_same_in_every_language(record):
    parsed, rules = record.parsed_file(), record.engine_rules()
    english = replay(parsed, rules).to_dict()
    with translation.override("de"):
        assert replay(parsed, rules).to_dict() == english
    assert any(v["rule"] == "wrong_distance" for v in english["violations"])


def test_check_match_json_stays_english_whatever_the_locale():
    if not SAMPLES.exists():
        pytest.skip("shared sample files not present")
    env = {**os.environ, "LANG": "de_DE.UTF-8", "LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"}
    result = subprocess.run([sys.executable, "manage.py", "check_match", str(SAMPLES / ILLEGAL),
                             "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env=env)
    report = json.loads(result.stdout)
    messages = [v["message"] for v in report["violations"]]
    assert messages and all(set(m) <= set(map(chr, range(128))) for m in messages)
    assert not any("Zug" in m or "Würfel" in m for m in messages)
