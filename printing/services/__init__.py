"""Printing's writes: the kept packs (``packs``) and the PDF renderer (``pdf``)."""
