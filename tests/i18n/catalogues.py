"""What the i18n tests share: the committed catalogues, the pseudo-locale and the visible
text of a page."""

import re
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.utils.translation import to_locale

#: The translated languages: the site's (settings.LANGUAGES, the one list) but its source.
LANGUAGES = tuple(code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE)
#: domain -> what makemessages reads for it
DOMAINS = ("django", "djangojs")
PLURAL_FORMS = {"da": "nplurals=2; plural=(n != 1);", "de": "nplurals=2; plural=(n != 1);",
                "it": "nplurals=2; plural=(n != 1);", "ja": "nplurals=1; plural=0;"}
#: The pseudo-language the unmarked-strings test renders the pages in: an English variant
#: (Django's own strings stay English; its formats are English ones), so that a text the
#: project marked reads ⟦like this⟧ and any other text stands out.
PSEUDO = "en-xa"
OPEN, CLOSE = "⟦", "⟧"

PYTHON_FORMAT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]")
BRACE_FORMAT = re.compile(r"(?<!\{)\{(\w*)\}(?!\})")


def catalogue_path(language: str, domain: str, suffix: str = ".po") -> Path:
    return Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / f"{domain}{suffix}"


def placeholders(text: str, flags) -> list[str]:
    """The placeholders of a message, sorted (what a translation must keep)."""
    found = []
    if "python-format" in flags:
        found += [match.group(0) for match in PYTHON_FORMAT.finditer(text)
                  if match.group(0) != "%%"]
    if "python-brace-format" in flags:
        found += [f"{{{name}}}" for name in BRACE_FORMAT.findall(text)]
    return sorted(found)


def key(entry) -> tuple:
    return (entry.msgctxt or None, entry.msgid, entry.msgid_plural or None)


def pseudo_catalogue(source: Path, target_dir: Path) -> Path:
    """``target_dir/<PSEUDO>/LC_MESSAGES/django.mo`` made from the msgids of ``source``
    (the German catalogue): every msgstr is ⟦msgid⟧, placeholders kept."""
    import polib

    pseudo = polib.POFile()
    pseudo.metadata = {"Content-Type": "text/plain; charset=UTF-8",
                       "Plural-Forms": "nplurals=2; plural=(n != 1);", "Language": PSEUDO}
    for entry in polib.pofile(str(source)):
        if entry.obsolete:
            continue
        marked = polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid,
                               msgid_plural=entry.msgid_plural)
        if entry.msgid_plural:
            marked.msgstr_plural = {0: f"{OPEN}{entry.msgid}{CLOSE}",
                                    1: f"{OPEN}{entry.msgid_plural}{CLOSE}"}
        else:
            marked.msgstr = f"{OPEN}{entry.msgid}{CLOSE}"
        pseudo.append(marked)
    directory = target_dir / to_locale(PSEUDO) / "LC_MESSAGES"
    directory.mkdir(parents=True, exist_ok=True)
    pseudo.save_as_mofile(str(directory / "django.mo"))
    return directory / "django.mo"


class VisibleText(HTMLParser):
    """The texts a person sees (or hears) of a page: text nodes outside script and style,
    and the title, placeholder, aria-label and alt attributes, and the buttons' values."""

    HIDDEN = {"script", "style", "template"}
    ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
    BUTTONS = {"submit", "button", "reset"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name in self.ATTRIBUTES:
            if attributes.get(name):
                self.texts.append(attributes[name])
        if tag == "input" and (attributes.get("type") or "").lower() in self.BUTTONS \
                and attributes.get("value"):
            self.texts.append(attributes["value"])
        if tag in self.HIDDEN:
            self.hidden += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in self.HIDDEN:
            self.hidden -= 1

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data)


def visible_texts(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    return [" ".join(text.split()) for text in parser.texts]
