"""Every date, time and number input keeps the machine's format in every language (issue
33, point 5): ``<input type=date>`` takes ``2026-11-27`` and nothing else (``27.11.2026``
leaves it empty and the form cannot be sent), ``type=number`` takes ``0.50``, not ``0,50``.
Every form of the project is walked: each such field is rendered in Danish and German."""

import datetime
import importlib
import inspect
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django import forms
from django.conf import settings
from django.urls import reverse
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2026, 11, 27)
SAMPLES = {forms.DateTimeInput: (datetime.datetime(2026, 11, 27, 19, 30), "2026-11-27 19:30:00"),
           forms.DateInput: (DAY, "2026-11-27"),
           forms.TimeInput: (datetime.time(19, 30), "19:30:00"),
           forms.NumberInput: (Decimal("1500.50"), "1500.50")}


def _project_forms():
    for path in sorted(ROOT.glob("*/forms.py")):
        module = importlib.import_module(f"{path.parent.name}.forms")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, forms.BaseForm) and cls.__module__ == module.__name__:
                yield cls


def _machine_fields():
    for form in _project_forms():
        for name, field in form.base_fields.items():
            for widget, sample in SAMPLES.items():
                if isinstance(field.widget, widget):
                    yield pytest.param(field, sample, id=f"{form.__name__}.{name}")
                    break


FIELDS = list(_machine_fields())


def test_the_walk_finds_the_forms_inputs():
    names = {param.id for param in FIELDS}
    assert {"SessionStartForm.date", "SessionStartForm.stake"} <= names
    assert len([n for n in names if n.endswith(("starts_on", "ends_on", ".date"))]) >= 5


@pytest.mark.parametrize("language", ["da", "de", "it", "ja"])
@pytest.mark.parametrize(("field", "sample"), FIELDS)
def test_an_input_keeps_the_machine_format(field, sample, language):
    value, written = sample
    assert not field.localize  # a localized number would be written 1500,50
    with translation.override(language):
        html = field.widget.render("x", value)
    assert f'value="{written}"' in html, html


@pytest.mark.parametrize("language", ["da", "de"])
def test_what_a_person_types_in_their_own_format_is_still_read(language):
    field = forms.DateField()
    with translation.override(language):
        assert field.clean("27.11.2026") == DAY == field.clean("2026-11-27")


def test_every_language_of_the_site_has_its_formats():
    for language, _ in settings.LANGUAGES:
        module = importlib.import_module(f"config.formats.{language}.formats")
        assert module.DATE_INPUT_FORMATS[0] == "%Y-%m-%d"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["da", "de"])
def test_the_new_chouette_evenings_date_is_a_date_the_browser_takes(
        client, club, alice, language):
    club.language = language
    club.save()
    client.force_login(alice)
    page = client.get(reverse("chouette:new", kwargs={"slug": club.slug})).content.decode()
    assert f'<html lang="{language}"' in page
    date = re.search(r'<input type="date" name="date" value="([^"]*)"', page).group(1)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date), date
