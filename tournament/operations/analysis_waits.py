"""What a Win + Skill Swiss or round robin waits for (docs/skill.md, "The next round
waits for the analyses"): its next step reads the skill points of the matches played
out, so it is taken once they are analysed (`after_analysis`: the last analysis to land
takes it, in the job that stores it). The step is a Swiss's next round, or once the rounds are
over the knockout after them (docs/swiss-knockout.md), or, without a knockout, the
final places (the tournament finished). A file that will never come must not hold the
event up: the director goes on without waiting, on the points as they stand, and the
audit entry keeps the matches not waited for."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from ..models import AuditEntry, Match, Tournament
from ..models.audit import Said, ngettext_noop
from . import audit, club_nights
from .errors import OperationError
from .knockouts import knockout_drawn
from .locks import lock_tournament
from .progress import resolve

PAIR, KNOCKOUT, FINISH = "pair", "knockout", "finish"


@dataclass(frozen=True)
class Waiting:
    """The step waiting (PAIR: round `number`; KNOCKOUT; FINISH: the final places) and
    the matches it waits for, each with `file_handed_in` (`models.rounds`)."""

    step: str
    matches: list[Match]
    number: int = 0


def waiting(tournament: Tournament, newest: int | None = None) -> Waiting | None:
    """What the tournament's next step waits for, if anything (with no match: nothing
    any more, it is to be taken); None when no step is due (`newest`: unless the newest
    Swiss round is this one), and no query, when it is not a Swiss or round robin scored
    Win + Skill."""
    if not tournament.standings_scoring.win_skill:
        return None
    if not tournament.played_as.scored:
        return None
    number = 0
    if not club_nights.is_complete(tournament):
        try:
            number = club_nights.check_can_pair(tournament)
        except OperationError:
            return None  # a round still being played (or a round robin's)
        step = PAIR
        if newest is not None and number != newest + 1:
            return None
    elif tournament.played_as.fixed_rounds and newest is not None and newest != tournament.rounds:
        return None
    elif tournament.played_as.knockout_follows(tournament):
        if knockout_drawn(tournament):
            return None
        step = KNOCKOUT
    elif tournament.is_finished:
        return None
    else:
        step = FINISH
    return Waiting(step, club_nights.waited_for(tournament), number)


def after_analysis(match: Match) -> None:
    """An analysis of `match` stored (its tournament locked): the step of a Win + Skill
    Swiss or round robin that waited for it is taken now, if it was the last one waited
    for: the next round paired, the knockout drawn (and carried on as a cup's), or the
    places final. Else nothing (and no query unless the match is of such rounds)."""
    tournament = match.tournament
    if not (match.in_rounds and tournament.standings_scoring.win_skill):
        return
    if not tournament.played_as.scored:
        return
    found = waiting(tournament, match.round)
    if found is not None and not found.matches:
        resolve(tournament)


@transaction.atomic
def go_on_without_waiting(tournament: Tournament | int, *, user=None) -> Waiting:
    """The director does not wait for the analyses: the next round is paired, the
    knockout drawn or the tournament finished on the points as they stand (an analysis
    that comes later moves the standings, not the pairing or the knockout drawn)."""
    tournament = lock_tournament(tournament)
    found = waiting(tournament)
    if found is None or not found.matches:
        raise OperationError(_("Nothing waits for an analysis here."))
    if found.step == PAIR:
        club_nights.pair_next_round(tournament, user=user)
        return found
    club_nights.progress(tournament, user, not_waited=found.matches)
    resolve(tournament, user)  # the knockout drawn is carried on as a cup's
    if tournament.is_finished:  # no knockout (or none to play): the places are final
        audit.record(
            AuditEntry.Action.TOURNAMENT_CHANGED,
            user=user,
            tournament=tournament,
            summary=Said(
                ngettext_noop(
                    "Finished without waiting for %(matches)d analysis",
                    "Finished without waiting for %(matches)d analyses",
                ),
                count="matches",
                matches=len(found.matches),
            ),
            after={"status": "finished", "without_analyses_of": [m.pk for m in found.matches]},
        )
    return found
