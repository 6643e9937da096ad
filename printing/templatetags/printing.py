"""Formatting for the printed pages: a link as a QR code (segno, inline SVG: no image file,
no network)."""

import segno
from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def qr(url: str) -> str:
    """``url`` as a QR code, an inline ``<svg>``."""
    svg = segno.make(str(url), error="m").svg_inline(scale=3, border=2)
    return mark_safe(svg)  # noqa: S308 - segno's own SVG of the URL (escaped by segno)
