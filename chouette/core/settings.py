"""The rule settings of a chouette session, fixed when the session starts (issue 5).

Defaults follow the issue: one cube per team member, Jacoby on, beavers on, raccoons off,
no automatic doubles (at most one, the box's choice), "no cube, no talk" consultation, no box
partner, the box answers several cubes freely, no cube limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from chouette.core.errors import SettingsError
from chouette.core.i18n import gettext_noop
from games.engine import Rules

#: The smallest number of active players from which a box partner may be enabled.
MIN_BOX_PARTNER_FROM = 6


class CubeMode(StrEnum):
    """One cube per team member (each member's game is its own money game), or one team cube."""

    PER_MEMBER = "per_member"
    TEAM = "team"


class Consultation(StrEnum):
    """How the team may consult.  Informative only: the logic records decisions, not talk.

    - ``no_cube_no_talk``: members may consult on checker plays only if they have no cube
      of their own turned (the usual club rule with per-member cubes);
    - ``free``: the team may consult on every decision (seed 002: the captain's choice prevails);
    - ``none``: the captain plays alone, no consultation.
    """

    NO_CUBE_NO_TALK = "no_cube_no_talk"
    FREE = "free"
    NONE = "none"


class BoxAnswerPolicy(StrEnum):
    """How the box must answer when several members double at once (two cubes or more).

    - ``free``: each cube is answered on its own merits;
    - ``take_at_least_half``: the box takes (or beavers) at least half of the cubes offered
      together, i.e. drops at most ``floor(n / 2)`` of ``n``;
    - ``take_captains``: if the box takes any of the cubes offered together, it must take the
      (acting) captain's cube too; it cannot drop the captain to keep the others in play.
    """

    FREE = "free"
    TAKE_AT_LEAST_HALF = "take_at_least_half"
    TAKE_CAPTAINS = "take_captains"


def _coerce(enum_type: type[Enum], value: object, field_name: str) -> Enum:
    try:
        return enum_type(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in enum_type)
        raise SettingsError(
            gettext_noop("%(field)s must be one of %(choices)s, not %(value)s"),
            {"field": field_name, "choices": choices, "value": repr(value)},
        ) from None


@dataclass(frozen=True, slots=True)
class ChouetteSettings:
    """Rule settings of one chouette session.  Strings are accepted for the enum fields."""

    cube_mode: CubeMode = CubeMode.PER_MEMBER
    jacoby: bool = True
    beavers: bool = True
    raccoons: bool = False
    automatic_doubles: int = 0
    consultation: Consultation = Consultation.NO_CUBE_NO_TALK
    box_partner_from: int | None = None
    box_answer_policy: BoxAnswerPolicy = BoxAnswerPolicy.FREE
    cube_limit: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cube_mode", _coerce(CubeMode, self.cube_mode, "cube_mode"))
        object.__setattr__(
            self, "consultation", _coerce(Consultation, self.consultation, "consultation")
        )
        object.__setattr__(
            self,
            "box_answer_policy",
            _coerce(BoxAnswerPolicy, self.box_answer_policy, "box_answer_policy"),
        )
        for name in ("jacoby", "beavers", "raccoons"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(gettext_noop("%(field)s must be True or False, not %(value)s"),
                                    {"field": name, "value": repr(getattr(self, name))})
        if self.raccoons and not self.beavers:
            raise SettingsError(gettext_noop("raccoons need beavers: a raccoon answers a beaver"))
        if not _is_int(self.automatic_doubles) or not 0 <= self.automatic_doubles <= 1:
            raise SettingsError(
                gettext_noop("automatic_doubles must be 0 or 1 (at most one per game), "
                             "not %(value)s"),
                {"value": repr(self.automatic_doubles)},
            )
        if self.box_partner_from is not None and (
            not _is_int(self.box_partner_from) or self.box_partner_from < MIN_BOX_PARTNER_FROM
        ):
            raise SettingsError(
                gettext_noop("box_partner_from must be None (no partner) or a number of "
                             "players >= %(least)s, not %(value)s"),
                {"least": MIN_BOX_PARTNER_FROM, "value": repr(self.box_partner_from)},
            )
        if self.cube_limit is not None and (
            not _is_int(self.cube_limit)
            or self.cube_limit < 1
            or self.cube_limit & (self.cube_limit - 1)
        ):
            raise SettingsError(
                gettext_noop("cube_limit must be None or a power of two (1, 2, 4, ...), "
                             "not %(value)s"),
                {"value": repr(self.cube_limit)},
            )

    def to_engine_rules(self) -> Rules:
        """The engine's money-play ``Rules`` that value each member's game."""
        return Rules(
            match_length=0,
            jacoby=self.jacoby,
            beavers=self.beavers,
            raccoons=self.raccoons,
            automatic_doubles=self.automatic_doubles,
            cube_limit=self.cube_limit,
        )

    def box_partner_active(self, active_players: int) -> bool:
        """Whether the box takes a partner with this many active (not sitting out) players."""
        return self.box_partner_from is not None and active_players >= self.box_partner_from


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
