"""Filters for the engine's words on the match pages (``games.texts``)."""

from django import template

from games import texts

register = template.Library()


@register.filter
def frame_text(frame) -> str:
    return texts.frame_text(frame)


@register.filter
def rule_text(rule) -> str:
    return texts.rule_text(rule)


@register.filter
def severity_text(severity) -> str:
    return texts.severity_text(severity)
