"""Club tournaments: formats, pairings and brackets (next on the roadmap)."""
