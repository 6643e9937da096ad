"""The words of the engine's values as the match pages show them. The engine (pure) speaks
English to machines (``check_match --json``, the stored report); the pages translate here,
at display time. A rules violation is shown by its rule's marked sentence (the stored
message, with its plays and positions, stays the engine's English); a replay frame's words
are its phrase (marked in ``games.board.frames``) translated, then filled in."""

from django.utils.translation import gettext, gettext_lazy

#: One sentence per rule name (``games.engine.rules.Rule`` and ``replay.ExtraRule``).
RULE_TEXTS = {
    "blocked_point": gettext_lazy(
        "The point is blocked: two or more of the opponent's checkers stand on it."),
    "bar_first": gettext_lazy("Checkers on the bar must enter first."),
    "must_use_both_dice": gettext_lazy(
        "Both dice (all four numbers of a doublet) must be played when possible."),
    "higher_die": gettext_lazy(
        "When only one die can be played, the higher one must be played if it can."),
    "bearoff_not_allowed": gettext_lazy(
        "Bearing off is allowed only when every checker is in the home board."),
    "no_checker": gettext_lazy("The player has no checker on that point."),
    "wrong_distance": gettext_lazy("The move does not match the dice."),
    "cube_not_owned": gettext_lazy(
        "Only the cube's owner may double (either player while it is centred)."),
    "crawford_no_double": gettext_lazy("No doubling in the Crawford game."),
    "no_double_pending": gettext_lazy("A take or pass with no double offered."),
    "cube_limit": gettext_lazy("The cube is already at its limit."),
    "beaver_not_allowed": gettext_lazy("Beavers are not allowed here."),
    "dice_range": gettext_lazy("Each die must show 1 to 6."),
    "result_mismatch": gettext_lazy("The result written does not match the game."),
    "score_mismatch": gettext_lazy("The score written does not match the results so far."),
    "match_over": gettext_lazy("The match was already over."),
    "match_unfinished": gettext_lazy("The match is unfinished."),
    "game_unfinished": gettext_lazy("The game is unfinished."),
    "invalid_notation": gettext_lazy("The play cannot be read."),
    "turn_order": gettext_lazy("A player acts out of turn."),
    "cube_value": gettext_lazy("The cube value written is not twice the cube's value."),
    "record_format": gettext_lazy("The record is not well formed."),
    "edited_position": gettext_lazy("The position was set up by hand."),
    "hit_mark": gettext_lazy("The hit marks (*) do not match the hits."),
    "forced_move": gettext_lazy("A forced move was left out and filled in."),
    "opening_doublet": gettext_lazy("The game opens with a doublet."),
    "encoding": gettext_lazy("The file is not UTF-8."),
    "unreadable": gettext_lazy("The file cannot be read as a match."),
}

SEVERITY_TEXTS = {
    "fatal": gettext_lazy("Fatal"),
    "error": gettext_lazy("Error"),
    "warning": gettext_lazy("Warning"),
}


def rule_text(rule: str) -> str:
    """The rule's sentence in the request's language ("" for a rule without one)."""
    text = RULE_TEXTS.get(str(rule))
    return str(text) if text is not None else ""


def severity_text(severity: str) -> str:
    text = SEVERITY_TEXTS.get(str(severity))
    return str(text) if text is not None else str(severity).capitalize()


def frame_text(frame) -> str:
    """A replay frame's words in the request's language (its ``text`` is the English)."""
    if not getattr(frame, "phrase", ""):
        return frame.text
    values = {name: gettext(value) if marked else value
              for name, value, marked in frame.phrase_args}
    try:
        return gettext(frame.phrase) % values
    except (KeyError, ValueError, TypeError):  # a broken translation: the English
        return frame.text
