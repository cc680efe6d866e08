"""A player hands in their own match's transcript through their private link.

The file is read by the same code as the director's (`transcripts.read`: the syntax, the
season's rules, the length), and kept and analysed the same way (`Transcript`, the
`analysis` job, `transcripts.queue_analysis`). What differs is what the player may do
with it: a player's word alone never changes a match (the opponent confirms a player's
report, operations.reports), so the file must agree, game by game, with the games
already recorded, and it then only adds their analysis. A match not recorded yet is
refused, saying how to record it first.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from ..core import scoring
from ..models import AuditEntry, Game, Match, Player, Transcript
from ..models.audit import Said, ngettext_noop
from . import audit
from .locks import lock_match
from .reports import NotYourMatch
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
    if not recorded:
        raise TranscriptRefused(
            _(
                "This match has no games recorded yet: report them on your page (your "
                "opponent confirms them) or ask the director to record them, then hand in "
                "the file."
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
def hand_in(match: Match | int, player: Player, text: str) -> Transcript:
    """`player`'s transcript of their recorded match: checked against its games, kept,
    and its analysis queued (in this transaction: a refused file queues nothing).

    Raises NotYourMatch for another player's match, TranscriptRefused for a file that
    does not read, does not fit the match or tells other games than the recorded ones
    (naming the line and the game)."""
    match = lock_match(match)
    if match.side_of(player) is None:
        raise NotYourMatch(_("This is not one of your matches."))
    reading = read(match, text)
    recorded = match.game_results()
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
