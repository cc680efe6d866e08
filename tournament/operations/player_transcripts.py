"""A player hands in their own match's transcript through their private link.

The file is read by the same code as the director's (`transcripts.read`: the syntax, the
season's rules, the length), and kept and analysed the same way (`Transcript`, the
`analysis` job, `transcripts.queue_analysis`). What differs is what the player may do
with it: a player's word alone never changes a match (the opponent confirms a player's
report, operations.reports), so the file must agree, game by game, with the games
already recorded, and it then only adds their analysis. For a match with no games
recorded yet the file is the player's report of the whole match: it waits for the
opponent to confirm it as a reported game does (operations.reports), and is recorded
then by the director's import (operations.file_reports). A match recorded in part is
refused: its next games are reported one by one, or recorded by the director.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from ..core import scoring
from ..models import AuditEntry, Game, GameReport, Match, Player, Transcript
from ..models.audit import Said, ngettext_noop
from . import audit
from .file_reports import oriented
from .games import check_open_for_games
from .locks import lock_match
from .reports import NotYourMatch, check_reporting, lapse_old_reports, refuse_while_waiting
from .transcripts import Reading, TranscriptRefused, queue_analysis, read


def _as_recorded(result: scoring.GameResult, swapped: bool) -> tuple[int, str, int]:
    """What must agree: who won, a single, gammon or backgammon, and the cube. (How
    the game ended is left out: a .mat only infers a resignation from the checkers.)"""
    winner = 1 - result.winner if swapped else result.winner
    return winner, result.kind, result.cube


def _first_difference(reading: Reading, recorded: list, swapped: bool) -> int | None:
    """The index of the first game the file tells otherwise than the match, or None."""
    for index, (game, result) in enumerate(zip(reading.transcript.games, recorded, strict=True)):
        if _as_recorded(game.result, swapped) != _as_recorded(result, False):
            return index
    return None


def _orientation(reading: Reading, recorded: list) -> bool:
    """Whether the file's left player is the match's second. The names decide when both
    match; otherwise the way round in which the games agree with the match (the file
    may name its players "Player 1" or by a screen name)."""
    if reading.names_agree:
        return reading.swapped
    for swapped in (reading.swapped, not reading.swapped):
        if _first_difference(reading, recorded, swapped) is None:
            return swapped
    return reading.swapped


def _check_agrees(match: Match, reading: Reading, recorded: list, swapped: bool) -> None:
    games = reading.transcript.games
    if len(games) > len(recorded):
        # The file's first games might agree and the rest be reported, but a report
        # recorded on top of games is not what the director's import records: keep the
        # one way a file records games.
        raise TranscriptRefused(
            _(
                "This match has games recorded already: a file goes to your opponent to "
                "confirm only for a match with none. Report the next games on your page, "
                "or ask the director."
            )
        )
    if len(games) != len(recorded):
        raise TranscriptRefused(
            _(
                "The file and the match do not have the same games: %(file)d in the file, "
                "%(recorded)d recorded."
            )
            % {"file": len(games), "recorded": len(recorded)}
        )
    index = _first_difference(reading, recorded, swapped)
    if index is not None:
        game = games[index]
        raise TranscriptRefused(
            _(
                "line %(line)d: game %(number)d in the file is not the game recorded on "
                "this match (%(recorded)s)."
            )
            % {
                "line": game.line,
                "number": index + 1,
                "recorded": _describe(match, recorded[index]),
            }
        )


def _describe(match: Match, result: scoring.GameResult) -> str:
    return _("%(player)s won, %(kind)s, cube %(cube)s") % {
        "player": match.players[result.winner],
        "kind": dict(Game.KIND_CHOICES).get(result.kind, result.kind),
        "cube": result.cube,
    }


@transaction.atomic
def hand_in(match: Match | int, player: Player, text: str) -> Transcript | GameReport:
    """`player`'s transcript of their match. For a recorded match: checked against its
    games, kept, and its analysis queued (in this transaction: a refused file queues
    nothing); the Transcript is returned. For a match with no games recorded yet: the
    player's report of the whole match, waiting for the opponent (the GameReport).

    Raises NotYourMatch for another player's match, TranscriptRefused for a file that
    does not read, does not fit the match or tells other games than the recorded ones
    (naming the line and the game), ReportRefused while another report waits or where
    players do not report, MatchClosed for a match that takes no games."""
    match = lock_match(match)
    if match.side_of(player) is None:
        raise NotYourMatch(_("This is not one of your matches."))
    reading = read(match, text)
    recorded = match.game_results()
    if not recorded:
        return _report_file(match, player, reading, text)
    swapped = _orientation(reading, recorded)
    _check_agrees(match, reading, recorded, swapped)
    transcript = Transcript.objects.create(
        match=match, text=text, swapped=swapped, handed_in_by_player=player
    )
    queue_analysis(match.pk)
    audit.record(
        AuditEntry.Action.TRANSCRIPT_IMPORTED,
        user=None,
        match=match,
        summary=Said(
            ngettext_noop(
                "%(player)s handed in the match file (%(games)s game)",
                "%(player)s handed in the match file (%(games)s games)",
            ),
            count="games",
            player=player.name,
            games=len(recorded),
        ),
        after={
            "players_in_file": list(reading.file_players),
            "swapped": swapped,
            "headers": reading.transcript.headers,
            "handed_in_by_player": player.pk,
        },
    )
    return transcript


def _report_file(match: Match, player: Player, reading: Reading, text: str) -> GameReport:
    """The file of a match with no games yet, kept as the player's report of the match.
    Its games were checked by `read` (the rules, the length): the same check the
    director's import makes, and makes again when the report is recorded."""
    check_reporting(match)
    check_open_for_games(match, match.replay_games([]))
    games = reading.transcript.games
    if not games:
        raise TranscriptRefused(_("The file tells no game."))
    lapse_old_reports(match)
    refuse_while_waiting(match)
    # Without both names to go by, the file's order (or the one name that matches): the
    # opponent sees the games under their names and disputes a file read the wrong way.
    swapped = reading.swapped
    results = oriented(reading, swapped)
    first = results[0]
    report = GameReport.objects.create(
        match=match,
        reported_by=player,
        version=match.version,
        number=1,
        winner=first.winner,
        kind=first.kind,
        cube=first.cube,
        how=first.how,
        beaver=first.beaver,
        file_text=text,
        file_swapped=swapped,
    )
    state = match.replay_games(results)
    audit.record(
        AuditEntry.Action.GAME_REPORTED,
        user=None,
        match=match,
        summary=Said(
            ngettext_noop(
                "%(player)s hands in the match file: %(games)s game; %(a)s-%(b)s",
                "%(player)s hands in the match file: %(games)s games; %(a)s-%(b)s",
            ),
            count="games",
            player=player.name,
            games=len(results),
            a=state.score[0],
            b=state.score[1],
        ),
        after={"players_in_file": list(reading.file_players), "swapped": swapped},
    )
    return report
