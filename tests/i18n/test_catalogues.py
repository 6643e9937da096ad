"""The committed catalogues (locale/<lang>/LC_MESSAGES/{django,djangojs}.{po,mo}) are
complete: every string the code marks is in them, translated (none fuzzy), with the msgid's
placeholders and the language's plural forms, and the committed .mo is what the .po
compiles to (the .mo files are committed: a fresh machine may have no gettext).

No database: these run once in CI (``nodb``)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from .catalogues import DOMAINS, LANGUAGES, PLURAL_FORMS, catalogue_path, key, placeholders

CATALOGUES = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


def _entries(language, domain):
    path = catalogue_path(language, domain)
    assert path.exists(), f"{path} is missing: run `make messages-merge` (bin/i18n)"
    return polib.pofile(str(path))


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_catalogue_is_translated_without_fuzzy_entries(language, domain):
    po = _entries(language, domain)
    untranslated = [entry.msgid for entry in po.untranslated_entries()
                    if not entry.obsolete]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert not untranslated, f"{language} {domain}: untranslated: {untranslated}"
    assert not fuzzy, f"{language} {domain}: fuzzy: {fuzzy}"
    assert not po.metadata_is_fuzzy, f"{language} {domain}: the header is marked fuzzy"


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_header_has_the_languages_plural_forms(language, domain):
    po = _entries(language, domain)
    assert po.metadata.get("Plural-Forms", "").strip().rstrip(";") + ";" == \
        PLURAL_FORMS[language]
    assert "charset=UTF-8" in po.metadata.get("Content-Type", "")
    nplurals = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    wrong = [entry.msgid for entry in po if entry.msgid_plural
             and sorted(entry.msgstr_plural) != list(range(nplurals))]
    assert not wrong, f"{language} {domain}: not {nplurals} plural forms: {wrong}"


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_translations_keep_the_msgids_placeholders(language, domain):
    wrong = []
    for entry in _entries(language, domain):
        if entry.obsolete:
            continue
        flags = set(entry.flags)
        if entry.msgid_plural:
            # Each form keeps the plural msgid's placeholders (a singular form may drop
            # the number: "one match" for "%(n)s match").
            expected = placeholders(entry.msgid_plural, flags)
            for form in entry.msgstr_plural.values():
                if set(placeholders(form, flags)) - set(expected):
                    wrong.append((entry.msgid, form))
            if len(entry.msgstr_plural) > 1 and \
                    placeholders(entry.msgstr_plural[1], flags) != expected:
                wrong.append((entry.msgid_plural, entry.msgstr_plural[1]))
        elif placeholders(entry.msgstr, flags) != placeholders(entry.msgid, flags):
            wrong.append((entry.msgid, entry.msgstr))
    assert not wrong, f"{language} {domain}: placeholders differ: {wrong}"


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_committed_mo_is_the_compiled_po(language, domain):
    po = _entries(language, domain)
    mo_path = catalogue_path(language, domain, ".mo")
    assert mo_path.exists(), f"{mo_path} is missing: run `make messages-compile` and commit it"
    mo = polib.mofile(str(mo_path))

    def contents(catalogue):
        return {key(entry): (entry.msgstr, tuple(sorted(entry.msgstr_plural.items())))
                for entry in catalogue if entry.msgid and not entry.obsolete
                and "fuzzy" not in getattr(entry, "flags", ())
                and (entry.msgstr or any(entry.msgstr_plural.values()))}

    assert contents(mo) == contents(po), \
        f"{mo_path} is not the compiled {catalogue_path(language, domain).name}: recompile"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """The msgids the code marks, extracted now by makemessages from a copy of the sources
    (both domains, in parallel), as ``{domain: set of keys}``."""
    if not shutil.which("xgettext"):
        pytest.skip("GNU gettext's xgettext is not installed: the marked strings cannot be "
                    "extracted here (the other catalogue checks still run)")
    root, copy = Path(settings.BASE_DIR), tmp_path_factory.mktemp("sources")
    ignored = shutil.ignore_patterns(".*", "__pycache__", "*.pyc", "locale", "tests", "data",
                                     "staticfiles", "node_modules", "docs", "*.mat", "*.sgf",
                                     "*.png", "*.svg", "*.ico", "*.woff*")
    for path in root.iterdir():
        if path.name in {"tests", "locale", "data", "staticfiles", "node_modules", "docs",
                         ".venv", "venv", ".git"} or path.name.startswith("."):
            continue
        if path.is_dir():
            shutil.copytree(path, copy / path.name, ignore=ignored)
        elif path.suffix in {".py", ".html", ".txt", ".js"}:
            shutil.copy2(path, copy / path.name)
    (copy / "locale").mkdir()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(copy)}
    env.pop("DATABASE_URL", None)
    runs = [subprocess.Popen(
        [sys.executable, "manage.py", "makemessages", "-d", domain, "-l", "de", "--keep-pot",
         "--no-wrap", "--ignore", "tests/*", "--ignore", "staticfiles/*", "-v", "0"],
        cwd=copy, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for domain in DOMAINS]
    for run in runs:
        output, _ = run.communicate(timeout=120)
        assert run.returncode == 0, output
    found = {}
    for domain in DOMAINS:
        pot = copy / "locale" / f"{domain}.pot"
        found[domain] = ({key(entry) for entry in polib.pofile(str(pot)) if entry.msgid}
                         if pot.exists() else set())
    return found


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_marked_string_is_in_the_catalogue(extracted, language, domain):
    committed = {key(entry) for entry in _entries(language, domain)
                 if entry.msgid and not entry.obsolete}
    missing = sorted(extracted[domain] - committed, key=str)
    stale = sorted(committed - extracted[domain], key=str)
    assert not missing, f"{language} {domain}: marked in the code, not in the catalogue " \
                        f"(run `make messages-merge`): {missing}"
    assert not stale, f"{language} {domain}: in the catalogue, marked nowhere: {stale}"
