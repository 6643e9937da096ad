"""The analysis's own error."""


class AnalysisFileError(ValueError):
    """What gnubg saved or printed could not be read (a bug or a gnubg change, never user
    input)."""
