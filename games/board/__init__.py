"""The replay viewer's pure helpers: the engine's replay as frames, and the board as SVG.

Standard library and ``games.engine`` only (never Django); tests/test_layers.py checks it.
"""
