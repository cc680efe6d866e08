"""The rounds of a Swiss or a round robin at the director's desk: what the desk shows of
them (where the tournament stands, whether a round can be paired (again), each round's
deadline, the matches nobody played by theirs, the analyses a Win + Skill event's next
step waits for: `rounds_desk`). The views that act on them are `rounds_actions`'s: the
desk imports this module, those views import the desk, never the other way round.
"""

from dataclasses import dataclass

from django.utils import timezone

from ... import operations
from ...core import club_nights
from ...forms import DeadlineForm
from ...forms.rounds import DOUBLE_LOSS, WALKOVER_TO_FIRST, WALKOVER_TO_SECOND
from ...models import Tournament
from ...operations.analysis_waits import Waiting, waiting
from ...operations.avoided_pairs import avoided_pairs, names_of
from ...queries.director_desk import (
    newest_round,
    overdue_matches,
    pairs_of_round,
    round_deadlines,
)

# How each format's rounds are paired, as the desk's rounds section says it, with what
# the director may do: a template named for the format's part (core.formats.Format.pairing).
PAIRING = "director/includes/pairing/{}.html"


@dataclass
class RoundsDesk:
    """What the desk shows of a club night's rounds."""

    current: int  # the newest round stored (0 before the draw)
    rounds: int  # a Swiss's rounds
    suggested: int  # ceil(log2 n) for the players in the field
    can_pair: bool
    can_pair_again: bool
    deadlines: list  # (round, DeadlineForm) for every round there is or will be
    overdue: list  # matches past their round's deadline, not played
    unkept: list  # a Swiss's pairs kept apart that meet in the newest round, in words
    # Win + Skill: the step that waits for analyses (the next round, the knockout, the
    # final places) and the matches it waits for; the director may go on without waiting.
    waiting: Waiting | None = None
    # How the rounds are paired, in the section's words: PAIRING's include.
    pairing: str = ""
    overdue_choices: tuple = (WALKOVER_TO_FIRST, WALKOVER_TO_SECOND, DOUBLE_LOSS)


def rounds_desk(tournament: Tournament, in_field: int) -> RoundsDesk:
    """The rounds' part of the tournament's desk, with `in_field` players checked in."""
    current = newest_round(tournament)
    try:
        operations.check_can_pair(tournament)
    except operations.OperationError:
        can_pair = False
    else:
        can_pair = True
    set_for = round_deadlines(tournament)
    # A deadline for every round there will be, when their number is set.
    numbers = range(1, (tournament.rounds if tournament.played_as.fixed_rounds else current) + 1)
    deadlines = [
        (
            number,
            DeadlineForm(
                initial={"round": number, "deadline": set_for.get(number)},
                auto_id=f"deadline-{number}-%s",
            ),
        )
        for number in numbers
    ]
    now = timezone.now()
    late = [number for number, deadline in set_for.items() if deadline < now]
    overdue = overdue_matches(tournament, late)
    waits = waiting(tournament)
    waits = waits if waits is not None and waits.matches else None
    return RoundsDesk(
        current=current,
        rounds=tournament.rounds,
        suggested=club_nights.suggested_rounds(in_field),
        can_pair=can_pair and waits is None,  # else: "Pair round N without waiting"
        can_pair_again=operations.may_pair_again(tournament, current),
        deadlines=deadlines,
        overdue=overdue,
        unkept=_unkept(tournament, current),
        waiting=waits,
        pairing=PAIRING.format(tournament.played_as.pairing),
    )


def _unkept(tournament: Tournament, current: int) -> list[str]:
    """The pairs kept apart that meet in the newest round all the same, where every
    round keeps them apart: the rematch and score-group rules left no other pairing (or
    they were marked after)."""
    if tournament.played_as.apart != "every_round" or not current:
        return []
    avoid = avoided_pairs(tournament)
    if not avoid:
        return []
    pairs = pairs_of_round(tournament, current)
    return names_of(pairs & avoid)
