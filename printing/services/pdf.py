"""HTML and CSS to PDF on the server: WeasyPrint (no browser at run time), the one module
that imports it. Fonts come from the operating system through fontconfig (Pango): the
Japanese pages need Noto Sans CJK (Debian's ``fonts-noto-cjk``, installed by
``bin/ensure-fonts``); WeasyPrint embeds the subset of every font it uses in the PDF."""

import logging
import shutil
import subprocess
from collections.abc import Callable, Iterable
from functools import lru_cache

import weasyprint
from django.template.loader import render_to_string

log = logging.getLogger(__name__)

#: The family a Japanese page asks first (``templates/printing/_base.html``).
CJK_FAMILY = "Noto Sans CJK JP"


def pdf_render(*, template: str, context: dict) -> tuple[bytes, int]:
    """One template's page(s) as a PDF: its bytes and its number of pages."""
    document = _document(render_to_string(template, context))
    return document.write_pdf(), len(document.pages)


def pdf_render_parts(*, template: str, contexts: Iterable[dict],
                     on_part: Callable[[int], None] | None = None) -> tuple[bytes, int]:
    """Several renderings of one template, one after the other, as one PDF (a pack of
    scoresheets made in parts, so ``on_part(parts done)`` can tell the progress)."""
    documents = []
    for number, context in enumerate(contexts, start=1):
        documents.append(_document(render_to_string(template, context)))
        if on_part is not None:
            on_part(number)
    if not documents:
        return pdf_render(template=template, context={})
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(), len(pages)


def _document(html: str):
    # No base URL: the templates link to nothing (styles inline, QR codes inline SVG).
    return weasyprint.HTML(string=html).render()


@lru_cache(maxsize=1)
def cjk_font_present() -> bool:
    """Whether fontconfig finds the Japanese font (a page without it prints Japanese as
    boxes): logged once when it is missing."""
    if shutil.which("fc-list") is None:
        return False
    found = subprocess.run(["fc-list", f":family={CJK_FAMILY}", "family"],  # noqa: S603, S607
                           capture_output=True, text=True, check=False).stdout.strip()
    if not found:
        log.warning("printing: no %s font (fonts-noto-cjk): Japanese prints show empty "
                    "boxes; run bin/ensure-fonts", CJK_FAMILY)
    return bool(found)
