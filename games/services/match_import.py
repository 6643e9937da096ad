"""Importing a match file: parse it once into games and turns, keep the text verbatim,
and queue its rules check after the transaction commits.

Bad input raises ``MatchImportError`` (a ValueError) naming the line; nothing is saved.
"""

import hashlib
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy

from clubs.models import Club, Membership, Player
from clubs.permissions import club_players
from clubs.services import player_join
from games.engine import matchfile, sgf
from games.engine.replay import rules_for
from games.engine.scoring import MAX_MATCH_LENGTH
from games.models import MatchGame, MatchRecord, MatchTurn, RulesCheck
from games.services.rules_check_queue import rules_check_enqueue

log = logging.getLogger(__name__)

_EVENT_KINDS = {
    matchfile.Roll: MatchTurn.Kind.ROLL,
    matchfile.Double: MatchTurn.Kind.DOUBLE,
    matchfile.Beaver: MatchTurn.Kind.BEAVER,
    matchfile.Raccoon: MatchTurn.Kind.RACCOON,
    matchfile.Take: MatchTurn.Kind.TAKE,
    matchfile.Drop: MatchTurn.Kind.DROP,
    matchfile.Resign: MatchTurn.Kind.RESIGN,
    matchfile.Win: MatchTurn.Kind.WIN,
}


class MatchImportError(ValueError):
    """The upload cannot be stored as a match record; the message says why (and where)."""


@dataclass(frozen=True)
class RuleOptions:
    """What the uploader says about the rules; header tags in the file win."""

    jacoby: bool = False
    beavers: bool = False
    crawford: bool = True


def match_parse(*, data: bytes, filename: str = "") -> matchfile.MatchFile:
    """Parse an upload (.mat/.txt or .sgf, told apart by content), or raise
    MatchImportError naming the line (text) or the node (SGF)."""
    limit = settings.MATCH_UPLOAD_MAX_BYTES
    if len(data) > limit:
        raise MatchImportError(
            gettext("The file is %(size)s bytes; the limit is %(limit)s bytes.") % {
                "size": number_format(len(data), force_grouping=True),
                "limit": number_format(limit, force_grouping=True)}
        )
    if not data.strip():
        raise MatchImportError(gettext("The file is empty."))
    try:
        return sgf.parse_record(data, name=filename)
    except matchfile.MatchTooLongError as exc:
        raise MatchImportError(gettext(
            "A match is at most %(most)s points long; this file's match is %(length)s points.")
            % {"most": MAX_MATCH_LENGTH, "length": exc.length}) from exc
    except matchfile.MatchFileError as exc:
        raise MatchImportError(
            gettext("Not a readable match file: %(reason)s") % {"reason": _unreadable(exc)}
        ) from exc


#: What the readers found wrong with a file (``MatchFileError.code``), in the reader's words
#: (the reader's own detail is English, for machines and logs, and is not shown).
_UNREADABLE = {
    "too_large": gettext_lazy("the file is too large for a match file"),
    "binary": gettext_lazy("it is binary data, not text"),
    "other_format": gettext_lazy("it is another program's record (a match file is .mat, .txt "
                                 "or .sgf)"),
    "empty": gettext_lazy("the file is empty"),
    "no_length": gettext_lazy("a match file starts with a line like “7 point match”"),
    "no_games": gettext_lazy("it has no games after its “N point match” line"),
    "line_too_long": gettext_lazy("a line is too long for a match file"),
    "score_line": gettext_lazy("a game's score line cannot be read (it reads like "
                               "“Alice : 0   Bob : 0”)"),
    "not_backgammon": gettext_lazy("the SGF record is not of a backgammon game"),
    "sgf": gettext_lazy("the SGF record cannot be read"),
}


def _unreadable(exc: matchfile.MatchFileError) -> str:
    """Why a file cannot be read, and where (its line, or the SGF record's node)."""
    what = str(_UNREADABLE.get(getattr(exc, "code", ""),
                               gettext_lazy("it cannot be read as a match file")))
    node = getattr(exc, "node", None)
    if exc.code in ("empty", "too_large"):  # the whole file
        return what
    if node:
        return gettext("%(what)s (node %(node)s)") % {"what": what, "node": node}
    if exc.line and node is None:
        return gettext("%(what)s (line %(line)s)") % {"what": what, "line": exc.line}
    return what


def match_import(
    *,
    club: Club,
    data: bytes,
    filename: str = "",
    uploaded_by=None,
    player_left: Player | None = None,
    player_right: Player | None = None,
    options: RuleOptions = RuleOptions(),
    evidence: bool = False,
    past_members: bool = False,
) -> MatchRecord:
    """Store a match file as a record and queue its rules check (after commit).

    ``evidence``: the file of a match whose result another app records (a tournament,
    ladder or league match): the record is checked and analysed but publishes no row of
    its own to the table of finished matches. ``past_members``: the players may be past
    members of the club (a club's old files, filed in bulk)."""
    parsed = match_parse(data=data, filename=filename)
    rules = rules_for(parsed, jacoby=options.jacoby, beavers=options.beavers,
                      crawford=options.crawford)
    digest = hashlib.sha256(data).hexdigest()
    existing = MatchRecord.objects.filter(club=club, source_sha256=digest).first()
    if existing:
        raise MatchImportError(
            gettext("This file was already imported as record #%(id)s.") % {"id": existing.pk})
    try:
        with transaction.atomic():
            record = _record_create(
                club=club, parsed=parsed, rules=rules, data=data, digest=digest, filename=filename,
                uploaded_by=uploaded_by, evidence=evidence, past_members=past_members,
                left=player_left or _player_for(club, parsed.players[0]),
                right=player_right or _player_for(club, parsed.players[1]),
            )
            _games_create(record, parsed)
            check = RulesCheck.objects.create(record=record)
            transaction.on_commit(lambda: rules_check_enqueue(check_id=check.pk), robust=True)
    except IntegrityError as exc:
        # A rule of the stored records broke (a file stored meanwhile by a concurrent
        # upload; a check the readers missed): words a person reads, never the database's.
        log.warning("match import refused by the database: %s", exc)
        if existing := MatchRecord.objects.filter(club=club, source_sha256=digest).first():
            raise MatchImportError(gettext("This file was already imported as record "
                                           "#%(id)s.") % {"id": existing.pk}) from exc
        raise MatchImportError(gettext("The record could not be saved: it breaks a rule of "
                                       "the match records. Nothing was stored.")) from exc
    return record


def _record_create(*, club, parsed, rules, data, digest, filename, uploaded_by, evidence,
                   left, right, past_members=False):
    if left.pk == right.pk:
        raise MatchImportError(
            gettext("The two players of a match must be different members."))
    club_players(club=club, players=[left, right], past_too=past_members,
                 error=MatchImportError)
    return MatchRecord.objects.create(
        club=club, player_left=left, player_right=right,
        name_left=parsed.players[0], name_right=parsed.players[1],
        match_length=parsed.match_length, crawford=rules.crawford, jacoby=rules.jacoby,
        beavers=rules.beavers, automatic_doubles=rules.automatic_doubles,
        cube_limit=rules.cube_limit, backgammon_multiplier=rules.backgammon_multiplier,
        tags=dict(parsed.tags.items()), source_name=filename[:255],
        source_text=_decoded_text(data, parsed.encoding),
        source_sha256=digest,
        source_encoding=parsed.encoding, uploaded_by=uploaded_by, is_evidence=evidence,
    )


def _decoded_text(data: bytes, encoding: str) -> str:
    """The upload as text, exactly as the parser read it (line endings kept)."""
    codec = {"utf-8": "utf-8-sig", "utf-16": "utf-16"}.get(encoding, "cp1252")
    return data.decode(codec, errors="replace")


def _player_for(club: Club, name: str) -> Player:
    """The club member whose name matches the file's (a current one first: a past one is
    then refused by the membership gate); a new player member otherwise."""
    name = name.strip() or "Unknown player"
    found = (Membership.objects.of_club(club).filter(player__name__iexact=name)
             .order_by("-is_active", "pk").first())
    if found:
        return found.player
    return player_join(club=club, name=name).player


def _games_create(record: MatchRecord, parsed: matchfile.MatchFile) -> None:
    turns = []
    for game in parsed.games:
        row = MatchGame.objects.create(
            record=record, number=game.number, line=game.line,
            score_left=game.scores[0], score_right=game.scores[1],
        )
        turns.extend(_turn(row, index, event) for index, event in enumerate(game.events))
    MatchTurn.objects.bulk_create(turns)


def _turn(game: MatchGame, index: int, event) -> MatchTurn:
    turn = MatchTurn(game=game, index=index, line=event.line, player=event.player,
                     kind=_EVENT_KINDS[type(event)])
    if isinstance(event, matchfile.Roll):
        turn.die1, turn.die2 = event.dice
        turn.roll_kind = event.kind.value
        turn.text = event.text[:500]
    elif isinstance(event, matchfile.Win):
        turn.value = event.points
    elif hasattr(event, "value"):
        turn.value = event.value
    return turn
