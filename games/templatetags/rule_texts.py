"""A rules violation's rule in the page's language (``games.views.texts``): the engine's
rule code stays a machine's word (a ``data-rule``), never the text a person reads."""

from django import template

from games.views.texts import rule_text as _rule_text

register = template.Library()


@register.filter
def rule_text(rule) -> str:
    """The rule's sentence in the active language; its code spaced out when it has none."""
    return _rule_text(rule) or str(rule).replace("_", " ")
