"""Reads for the replay viewer: a record's frames (the engine's replay of its stored file)
and how a viewer wants the board drawn. No rule is decided here."""

import threading
from collections import OrderedDict

from games.board.frames import Frame, GameFrames, build_frames
from games.engine import matchfile
from games.engine.replay import replay
from games.models import MatchRecord, ReplaySetting, Ruling
from games.panels import ReplayMark

#: Frames of the last few records viewed, keyed by the file's hash and the rules: stepping
#: through a match asks for them once per step (a replay costs 20-50 ms).
_CACHE: "OrderedDict[tuple, tuple[GameFrames, ...]]" = OrderedDict()
_CACHE_SIZE = 32
_LOCK = threading.Lock()  # the cache is shared by a process's request threads


def replay_frames(*, record: MatchRecord) -> tuple[GameFrames, ...]:
    """Every game of the record as frames (empty if the stored file cannot be read)."""
    names = (record.player_left.name, record.player_right.name)
    rules = record.engine_rules()
    key = (record.pk, record.source_sha256, rules, names)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    try:
        parsed = record.parsed_file()
    except matchfile.MatchFileError:
        return ()
    frames = build_frames(replay(parsed, rules), names=names)
    with _LOCK:
        _CACHE[key] = frames
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return frames


def replay_setting_get(*, user) -> tuple[str, bool]:
    """(home, switch sides after each game): the user's; the default (seed 002's "your
    inner board is at the bottom right") for anonymous visitors."""
    if not user.is_authenticated:
        return "right", False
    if "_replay_setting" not in user.__dict__:  # asked twice by a page: read once
        setting = ReplaySetting.objects.filter(user=user).first()
        user.__dict__["_replay_setting"] = ((setting.home, setting.switch_sides) if setting
                                            else ("right", False))
    return user.__dict__["_replay_setting"]


def ruling_list_for_replay(*, record: MatchRecord) -> list[Ruling]:
    return list(record.rulings.select_related("violation", "game", "referee")
                .order_by("created_at"))


def replay_marks_by_frame(*, flat: list[Frame], marks: list[ReplayMark],
                          severe_only: bool = False) -> dict[str, list[ReplayMark]]:
    """Each mark on the frame of its turn (its game, line and player, an action it may sit
    on), keyed by the frame's key, in match order; marks with no such frame are left out."""
    frames: dict[tuple[int, int, int | None], list[Frame]] = {}
    for frame in flat:
        frames.setdefault((frame.game, frame.line, frame.player), []).append(frame)
    placed: dict[str, list[ReplayMark]] = {}
    for mark in marks:
        if severe_only and not mark.severe:
            continue
        found = next((f for f in frames.get((mark.game, mark.line, mark.player), ())
                      if f.action in mark.actions), None)
        if found is not None:
            placed.setdefault(found.key, []).append(mark)
    order = {frame.key: index for index, frame in enumerate(flat)}
    return dict(sorted(placed.items(), key=lambda item: order[item[0]]))
