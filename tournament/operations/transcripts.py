"""Recorded matches from GNU Backgammon, eXtreme Gammon, Snowie or BGBlitz: a .mat
transcript (or a gnubg .sgf match, or gnubg's text export) read onto one of the club's
matches, and a match written back as one.

A .sgf or text file is first made into .mat text with its moves (`matfile.convert`, the
format told from the content); that .mat text is what is checked, recorded and kept as
the `Transcript` (GNU Backgammon analyses it as it would the original), and an error in
it names the line of the file handed in. The file is read and checked by `core.matfile`
(pure: the syntax, its own score lines, the season's rules); its games are then
recorded one by one through `record_game`, so the Crawford rule and the season's
variants are enforced exactly as for games typed in. All of it in one transaction: a
file refused half way records nothing.

A file that contradicts itself (a transcriber's slips: a score line its games do not
make, a `Wins` line that does not fit the cube...) is read on as GNU Backgammon reads
it, and its warnings ("line N: ...") go with the reading. Such a file records a match
only on the word of whoever hands it in (`import_games(..., warnings_confirmed=True)`,
after a page showed them the warnings; else `WarningsToConfirm`); it is attached to a
match recorded already, for its analysis, whenever its games agree with the recorded
ones, and the warnings are said after.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import matfile, scoring
from ..core.names import same_name
from ..models import AuditEntry, Game, Match, Transcript
from ..models.audit import Said, ngettext_noop
from . import audit, jobs
from .errors import OperationError
from .games import record_game
from .locks import lock_match

MAX_BYTES = 1024 * 1024  # a transcript of a long match with its moves is ~100 kB


class TranscriptRefused(OperationError):
    """A file that does not parse, contradicts itself, breaks the season's rules, or
    does not fit the match; its message names the line when there is one."""


class WarningsToConfirm(TranscriptRefused):
    """A file with warnings offered to record a match, not confirmed yet: the page
    shows `warnings` (each "line N: ...") and asks first."""

    def __init__(self, warnings: tuple[str, ...]) -> None:
        self.warnings = warnings
        super().__init__(
            gettext(
                "The file contradicts itself (%(warnings)s): the games are recorded as GNU "
                "Backgammon reads them only once you confirm."
            )
            % {"warnings": "; ".join(warnings)}
        )


def _refused(error: matfile.MatError, converted: matfile.Converted | None = None):
    if converted is not None:
        error = converted.located(error)
    reason = error.message(gettext)
    if error.line is None:
        return TranscriptRefused(reason)
    return TranscriptRefused(
        gettext("line %(line)d: %(reason)s") % {"line": error.line, "reason": reason}
    )


@dataclass(frozen=True)
class Reading:
    """A transcript read for a match: its games, and how its players sit in the match."""

    transcript: matfile.MatMatch
    swapped: bool  # the file's left player is the match's second player
    names_agree: bool  # both names matched: no need to ask the director
    converted: matfile.Converted | None = None  # the .mat text and the file's format
    warnings: tuple[str, ...] = ()  # the transcriber's slips, "line N: ...", translated

    @property
    def file_players(self) -> tuple[str, str]:
        return self.transcript.players


def pair_names(file_players: tuple[str, str], match: Match) -> tuple[bool, bool]:
    """(swapped, certain): the file's names against the match's players, in either order,
    ignoring case, accents, spaces and underscores, and letters a file lost to "?"
    (`core.names.same_name`). Uncertain pairings are proposed from
    a name that matches, else in the file's order."""
    ours = [player.name for player in match.players]
    agree = [[same_name(written, known) for known in ours] for written in file_players]
    if agree[0][0] and agree[1][1]:
        return False, True
    if agree[0][1] and agree[1][0]:
        return True, True
    swapped = agree[0][1] or agree[1][0]
    return swapped, False


def decode(data: bytes) -> str:
    """The file's text: UTF-8 (with or without a byte order mark), UTF-16 with one, else
    Windows-1252, else Latin-1 (which any byte is): the encodings players' files come in.
    A file with NUL bytes in it is no text."""
    if len(data) > MAX_BYTES:
        raise TranscriptRefused(_("The file is too big for a match transcript."))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise TranscriptRefused(_("The file is not text.")) from None
    if b"\x00" in data:
        raise TranscriptRefused(_("The file is not text."))
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def convert(text: str, filename: str = "") -> matfile.Converted:
    """The file as .mat text, its format told from the content (the name's extension a
    hint). Raises TranscriptRefused naming the file's line."""
    try:
        return matfile.convert(text, filename)
    except matfile.MatError as error:
        raise _refused(error) from None


def read(match: Match, text: str, filename: str = "") -> Reading:
    """Parse and check `text` (.mat, .sgf or gnubg's text export) for `match` (nothing
    is written). Raises TranscriptRefused."""
    if match.player1_id is None or match.player2_id is None:
        raise TranscriptRefused(_("Both players must be known before a file can be imported."))
    if match.penalties.exists():
        # A match file starts at 0-0: it has no place for points awarded before game 1.
        raise TranscriptRefused(_("This match has penalty points: a match file starts at 0-0."))
    converted = convert(text, filename)
    try:
        transcript = matfile.parse(converted.text)
    except matfile.MatError as error:
        raise _refused(error, converted) from None
    if transcript.length != match.length:
        raise TranscriptRefused(
            _("The file is a %(file)d point match; this match is played to %(length)d.")
            % {"file": transcript.length, "length": match.length}
        )
    try:
        matfile.check(transcript, match.rules)
    except matfile.MatError as error:
        raise _refused(error, converted) from None
    # Where the file contradicts itself it was read on as gnubg reads it: the warnings
    # go with the reading, for the page to show (and, to record the match, to ask).
    warnings = tuple(item.text(gettext) for item in converted.located_warnings(transcript))
    swapped, certain = pair_names(transcript.players, match)
    return Reading(transcript, swapped, certain, converted, warnings)


def refuse_unfinished(reading: Reading) -> None:
    """An unfinished match's file (a player left, the file cut short) never decides a
    match by itself: it is refused for recording, and is taken for its analysis once
    the result is recorded otherwise."""
    if not reading.transcript.finished:
        raise TranscriptRefused(
            _(
                "The file's match is not finished: it cannot decide the match. Record the "
                "result (a walkover, a retirement), then hand the file in for its analysis."
            )
        )


@transaction.atomic
def import_games(
    match: Match | int,
    text: str,
    *,
    swapped: bool,
    user=None,
    player=None,
    filename: str = "",
    source_format: str | None = None,
    warnings_confirmed: bool = False,
) -> list[Game]:
    """Record the transcript's games on the match, the file's left player being the
    match's second player when `swapped`. All or nothing. `text` is a .mat, a gnubg
    .sgf or gnubg's text export (`filename` a hint); the .mat text is what is kept
    (`source_format`: the format it was made from, when the caller converted it), and
    `player` the player who handed it in (a player's file their opponent confirmed).
    A file with warnings records only `warnings_confirmed` (whoever hands it in saw
    them and said yes); else WarningsToConfirm, nothing written. An unfinished file
    never decides a match: refused."""
    match = lock_match(match)
    if match.games.exists():
        raise TranscriptRefused(
            _("This match already has games: take them back first, or import onto a fresh match.")
        )
    reading = read(match, text, filename)
    refuse_unfinished(reading)
    if reading.warnings and not warnings_confirmed:
        raise WarningsToConfirm(reading.warnings)
    converted = reading.converted
    games = []
    for game in reading.transcript.games:
        result = replace(game.result, winner=1 - game.result.winner) if swapped else game.result
        try:
            games.append(record_game(match, result, user=user))
        except scoring.IllegalGame as error:
            raise TranscriptRefused(
                gettext("line %(line)d: %(reason)s")
                % {"line": converted.source_line(game.line), "reason": error.message(gettext)}
            ) from None
    match.refresh_from_db()
    Transcript.objects.create(
        match=match,
        text=converted.text,
        swapped=swapped,
        handed_in_by=user,
        handed_in_by_player=player,
    )
    # Queued with the games, in this transaction: the workers see it once they are
    # committed, and a refused file queues nothing. The recording never waits for it.
    queue_analysis(match.pk)
    audit.record(
        AuditEntry.Action.TRANSCRIPT_IMPORTED,
        user=user,
        match=match,
        summary=Said(
            gettext_noop("%(count)d games imported from a match file; %(a)s-%(b)s"),
            count=len(games),
            a=match.score1,
            b=match.score2,
        ),
        after=_file_details(reading, swapped, source_format, player),
    )
    return games


def _file_details(reading: Reading, swapped: bool, source_format: str | None, player) -> dict:
    """What the audit keeps of a file handed in: its names and order, its headers, the
    format it came in, the player who handed it in."""
    details = {
        "players_in_file": list(reading.file_players),
        "swapped": swapped,
        "headers": reading.transcript.headers,
        "format": source_format or reading.converted.format,
    }
    if reading.warnings:
        details["warnings"] = list(reading.warnings)
    if player is not None:
        details["handed_in_by_player"] = player.pk
    return details


def disagreement(match: Match, reading: Reading, swapped: bool) -> str | None:
    """Why the file does not tell the match's recorded games (naming the file's line
    and the game), or None when it tells them: game by game who won, the kind and the
    cube (how a game ended is left out: a .mat infers a resignation)."""
    recorded = match.game_results()
    games = reading.transcript.games
    if len(games) != len(recorded):
        return gettext(
            "The match has %(recorded)d games recorded and the file %(file)d: they are not "
            "the same games."
        ) % {"file": len(games), "recorded": len(recorded)}
    for game, ours in zip(games, recorded, strict=True):
        theirs = game.result
        winner = 1 - theirs.winner if swapped else theirs.winner
        if (winner, theirs.kind, theirs.cube) != (ours.winner, ours.kind, ours.cube):
            line = reading.converted.source_line(game.line) if reading.converted else game.line
            kinds = dict(Game.KIND_CHOICES)
            return gettext(
                "line %(line)d: game %(number)d: the file says %(theirs)s won (%(kind)s, "
                "cube %(cube)d); the match has %(ours)s (%(our_kind)s, cube %(our_cube)d)."
            ) % {
                "line": line,
                "number": game.number,
                "theirs": match.players[winner],
                "kind": kinds.get(theirs.kind, theirs.kind),
                "cube": theirs.cube,
                "ours": match.players[ours.winner],
                "our_kind": kinds.get(ours.kind, ours.kind),
                "our_cube": ours.cube,
            }
    return None


def orientation(match: Match, reading: Reading) -> bool:
    """Whether the file's left player is the match's second. The names decide when both
    match; otherwise the way round in which the file tells the recorded games (a file
    may name its players "Player 1" or by a screen name)."""
    if reading.names_agree:
        return reading.swapped
    for swapped in (reading.swapped, not reading.swapped):
        if disagreement(match, reading, swapped) is None:
            return swapped
    return reading.swapped


@transaction.atomic
def attach(
    match: Match | int,
    text: str,
    *,
    swapped: bool | None = None,
    user=None,
    player=None,
    filename: str = "",
    source_format: str | None = None,
    analyse: bool = True,
) -> Transcript:
    """The transcript of a match whose games are recorded already, handed in by a
    director (`user`), a player of the match (`player`) or the demo (neither): it must
    tell the same games (else refused, naming the line and the game); it is kept and,
    unless `analyse` is False (the demo's, whose analysis is kept with it), its analysis
    queued; no game changes. `swapped` None: the file's order told by the names, or by
    the games where the names do not tell it (`orientation`). A file with warnings is
    taken as it is (its games agree with the recorded ones): the returned Transcript
    carries them as `warnings` (not stored; the audit keeps them) for the page to say.
    An unfinished file attaches to a match decided without all its games: a retirement
    when the games it finished are the recorded ones; a walkover (no game recorded: the
    match was given when a player left or never came) when it names the match's two
    players, its games then kept for the analysis only."""
    match = lock_match(match)
    if match.by_walkover:
        reading = read(match, text, filename)
        swapped = _walkover_file(reading) if swapped is None else swapped
    else:
        if not match.games.exists():
            raise TranscriptRefused(_("This match has no games recorded: import the file instead."))
        reading = read(match, text, filename)
        if swapped is None:
            swapped = orientation(match, reading)
        reason = disagreement(match, reading, swapped)
        if reason is not None:
            raise TranscriptRefused(reason)
    converted = reading.converted
    transcript = Transcript.objects.create(
        match=match,
        text=converted.text,
        swapped=swapped,
        handed_in_by=user,
        handed_in_by_player=player,
    )
    transcript.warnings = reading.warnings
    if analyse:
        queue_analysis(match.pk)
    games = len(reading.transcript.games)
    if player is None:
        summary = Said(
            gettext_noop("Match file handed in for the %(count)d games recorded"), count=games
        )
    else:
        summary = Said(
            ngettext_noop(
                "%(player)s handed in the match file (%(games)s game)",
                "%(player)s handed in the match file (%(games)s games)",
            ),
            count="games",
            player=player.name,
            games=games,
        )
    audit.record(
        AuditEntry.Action.TRANSCRIPT_IMPORTED,
        user=user,
        match=match,
        summary=summary,
        after=_file_details(reading, swapped, source_format, player),
    )
    return transcript


def _walkover_file(reading: Reading) -> bool:
    """Whether a file for a match given by walkover is the left-unfinished match of its
    two players (the file's order, as the names tell it); else TranscriptRefused."""
    if reading.transcript.finished:
        raise TranscriptRefused(
            _(
                "This match was given by walkover: the file of a finished match would "
                "decide it otherwise. Take the walkover back, then import the file."
            )
        )
    if not reading.names_agree:
        raise TranscriptRefused(
            _(
                "This match was given by walkover, so no recorded game can tell whose file "
                "this is: its players must be named as the match's two players."
            )
        )
    return reading.swapped


def queue_analysis(match_id: int):
    """GNU Backgammon's analysis of the match's latest transcript, in the background
    (jobs.analysis). One job per match at a time: a transcript handed in while one
    waits is the one it reads."""
    return jobs.enqueue("analysis", f"analysis:{match_id}", [match_id])


def export(match: Match) -> str:
    """The match's games as a .mat transcript (score lines and results, no moves).
    Raises TranscriptRefused for a match with penalty points, which the format cannot
    hold."""
    if match.penalties.exists():
        raise TranscriptRefused(_("This match has penalty points: a match file starts at 0-0."))
    names = tuple(player.name if player else "?" for player in match.players)
    headers = {"Event": match.tournament.name, "Site": "Q-gammon"}
    if match.decided_at:
        headers["EventDate"] = f"{timezone.localtime(match.decided_at):%Y.%m.%d}"
    headers = {key: value.replace('"', "'") for key, value in headers.items()}
    return matfile.write(match.length, names, match.game_results(), match.rules, headers)
