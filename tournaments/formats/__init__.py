"""Tournament formats, pure (standard library only, never Django): the knockout graphs
(single and double elimination, main + progressive consolation + last chance).

```python
from tournaments import formats

bracket = formats.build("double_elimination", 9)
state = formats.bracket_state(bracket, ["ann", "bob", ...], {"M1-2": 0})
[(s.id, s.participants) for s in state.ready]   # who plays whom next
```

The other formats' modules (``swiss``, ``roundrobin``, ...) are not re-exported here:
import them directly (``from tournaments.formats import swiss``).
"""

from .errors import (
    EntrantCountError,
    EntrantsError,
    FormatError,
    MatchLengthError,
    MatchNotReadyError,
    NotFinishedError,
    SettingError,
    UnknownFormatError,
    UnknownMatchError,
    WinnerNotInMatchError,
)
from .graph import Bracket, Bye, Flight, LoserOf, Match, Seed, Slot, WinnerOf, slot_json, to_json
from .knockout import DEFAULT_SETTINGS, FORMATS, MAX_ENTRANTS, build
from .lengths import (
    DEFAULT_LENGTH,
    DEFAULT_LENGTHS,
    ROUND_NAMES,
    check_length,
    length_settings,
    match_lengths,
    round_lengths,
)
from .placings import Placing, placings
from .seeding import Draw, bracket_size, random_draw, seed_order, seeds_in_order
from .state import (
    BYE,
    BracketState,
    Change,
    MatchState,
    Status,
    Winner,
    bracket_state,
    changed_matches,
    ready_matches,
    resolve,
)

__all__ = [
    "BYE", "DEFAULT_LENGTH", "DEFAULT_LENGTHS", "DEFAULT_SETTINGS", "FORMATS", "MAX_ENTRANTS",
    "Bracket", "BracketState", "Bye", "Change", "Draw", "EntrantCountError", "EntrantsError",
    "Flight", "FormatError", "LoserOf", "Match", "MatchLengthError", "MatchNotReadyError",
    "MatchState", "NotFinishedError", "Placing", "Seed", "SettingError", "Slot", "Status",
    "UnknownFormatError", "UnknownMatchError", "Winner", "WinnerNotInMatchError", "WinnerOf",
    "ROUND_NAMES", "bracket_size", "bracket_state", "build", "changed_matches", "check_length",
    "length_settings", "match_lengths", "placings", "random_draw", "ready_matches", "resolve",
    "round_lengths", "seed_order", "seeds_in_order", "slot_json", "to_json",
]
