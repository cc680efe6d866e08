"""A match file a player handed in for a match with no games recorded yet: their report
of the whole match, waiting (as a `GameReport` with its `file_text`) for the opponent
to confirm it or a director to accept it.

What it holds is read by the director's reader (`transcripts.read`: the format, the
season's rules, the length), and recorded by the director's import
(`transcripts.import_games`: every game through `record_game`, the match decided, the
winner moved on, the ratings, the transcript kept and its analysis queued), so a
player's file and a director's are checked and recorded by the same code. Only the
audit entry naming who handed it in and who confirmed it is added here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext_noop

from ..core import scoring
from ..models import AuditEntry, Game, GameReport, Match, Transcript
from ..models.audit import Said
from . import audit
from .transcripts import Reading, TranscriptRefused, import_games, read


def oriented(reading: Reading, swapped: bool) -> list[scoring.GameResult]:
    """The file's games with the winners as the match's sides (0 its first player)."""
    results = [game.result for game in reading.transcript.games]
    if swapped:
        return [replace(result, winner=1 - result.winner) for result in results]
    return results


@dataclass(frozen=True)
class FileGame:
    """One of the file's games in words, for the pages."""

    number: int
    winner: str
    kind: str
    cube: int
    how: str
    crawford: bool


@dataclass(frozen=True)
class FileSummary:
    """What a match file reports, for the pages: its games in order and where they leave
    the match ("4 games, Pere Puig won 5-3")."""

    games: list[FileGame]
    state: scoring.MatchState
    names: tuple[str, str]

    @property
    def count(self) -> int:
        return len(self.games)

    @property
    def winner(self) -> str | None:
        return None if self.state.winner is None else self.names[self.state.winner]

    @property
    def winner_score(self) -> int:
        return self.state.score[self.state.winner or 0]

    @property
    def loser_score(self) -> int:
        return self.state.score[1 - (self.state.winner or 0)]


def summary(report: GameReport) -> FileSummary | None:
    """The games of a file report as they would be recorded, or None when the file no
    longer fits its match (a penalty given since: the report has lapsed anyway).
    Reads the report's match's prefetched penalties when they are."""
    if not report.is_file:
        return None
    match = report.match
    try:
        results = oriented(read(match, report.file_text), report.file_swapped)
        state = match.replay_games(results)
    except (TranscriptRefused, scoring.IllegalGame):
        return None
    names = tuple(player.name for player in match.players)
    kinds, hows = dict(Game.KIND_CHOICES), dict(Game.HOW_CHOICES)
    games = [
        FileGame(
            number=outcome.number,
            winner=names[result.winner],
            kind=str(kinds.get(result.kind, result.kind)),
            cube=result.cube,
            how=str(hows.get(result.how, result.how)),
            crawford=outcome.crawford,
        )
        for result, outcome in zip(results, state.games, strict=True)
    ]
    return FileSummary(games, state, names)


def record(match: Match, report: GameReport, *, user=None, confirmed_by=None) -> Transcript:
    """The file's games recorded on the (locked) match by the director's import, the
    transcript credited to the player who handed it in, and an audit entry naming him
    and the opponent who confirmed it (`confirmed_by`) or, without one, the director who
    accepted it. Refused (nothing written) as the import refuses: TranscriptRefused,
    naming the line and the game."""
    # The player who handed it in saw its warnings and said yes before it was sent
    # (player_transcripts.hand_in); the opponent or the director confirms it now.
    import_games(
        match,
        report.file_text,
        swapped=report.file_swapped,
        user=user,
        player=report.reported_by,
        warnings_confirmed=True,
    )
    transcript = match.transcripts.order_by("-pk").first()
    match.refresh_from_db()
    if confirmed_by is not None:
        said = Said(
            gettext_noop(
                "Match file handed in by %(reporter)s, confirmed by %(opponent)s; %(a)s-%(b)s"
            ),
            reporter=report.reported_by.name,
            opponent=confirmed_by.name,
            a=match.score1,
            b=match.score2,
        )
    else:
        said = Said(
            gettext_noop(
                "Match file handed in by %(reporter)s, accepted by the director; %(a)s-%(b)s"
            ),
            reporter=report.reported_by.name,
            a=match.score1,
            b=match.score2,
        )
    audit.record(
        AuditEntry.Action.TRANSCRIPT_IMPORTED,
        user=user,
        match=match,
        summary=said,
        after={"report": report.pk, "handed_in_by_player": report.reported_by_id},
    )
    return transcript
