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

from ..models import AuditEntry, GameReport, Match, Player, Transcript
from ..models.audit import Said, ngettext_noop
from . import audit, push_events
from .file_reports import oriented
from .games import check_open_for_games
from .locks import lock_match
from .reports import NotYourMatch, check_reporting, lapse_old_reports, refuse_while_waiting
from .transcripts import (
    Reading,
    TranscriptRefused,
    WarningsToConfirm,
    attach,
    read,
    refuse_unfinished,
)


@transaction.atomic
def hand_in(
    match: Match | int, player: Player, text: str, *, warnings_confirmed: bool = False
) -> Transcript | GameReport:
    """`player`'s transcript of their match. For a recorded match: checked against its
    games, kept, and its analysis queued (in this transaction: a refused file queues
    nothing); the Transcript is returned. For a match with no games recorded yet: the
    player's report of the whole match, waiting for the opponent (the GameReport).

    Raises NotYourMatch for another player's match, TranscriptRefused for a file that
    does not read, does not fit the match or tells other games than the recorded ones
    (naming the line and the game), ReportRefused while another report waits or where
    players do not report, MatchClosed for a match that takes no games.

    A file with warnings (a transcriber's slips) is attached to a recorded match with
    them (the Transcript's `warnings`); sent as the report of a match with no games, it
    waits for the player's word first (`warnings_confirmed`; else WarningsToConfirm,
    nothing written)."""
    match = lock_match(match)
    if match.side_of(player) is None:
        raise NotYourMatch(_("This is not one of your matches."))
    reading = read(match, text)
    recorded = match.game_results()
    if match.by_walkover:
        # A walkover has no games to report: its file is for the analysis (attach says
        # which file it takes).
        return attach(match, text, player=player)
    if not recorded:
        # The opponent's confirming it records it: refused now what would be then.
        refuse_unfinished(reading)
        if reading.warnings and not warnings_confirmed:
            raise WarningsToConfirm(reading.warnings)
        return _report_file(match, player, reading, text)
    if len(reading.transcript.games) > len(recorded):
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
    # The same door as the director's hand-in: the file must tell the recorded games.
    return attach(match, text, player=player)


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
    push_events.game_reported(report)
    return report
