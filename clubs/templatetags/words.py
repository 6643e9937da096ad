"""Words placed inside a sentence: a status or a role ("Ready to start") reads lower-cased
in the middle of an English, Danish or Italian sentence, but German writes its nouns with a
capital ("Bereit zum Start") and Japanese has no case: ``|inline`` lowers only where the
language does."""

from django import template
from django.utils import translation

register = template.Library()

#: Languages whose words keep their capitals inside a sentence.
KEEP_CASE = ("de", "ja")


@register.filter
def inline(value) -> str:
    text = str(value)
    if (translation.get_language() or "en").split("-")[0] in KEEP_CASE:
        return text
    return text.lower()
