"""What the director's desk shows of a Swiss's or round robin's rounds: where it
stands, whether a round can be paired (again), each round's deadline, and the matches
nobody played by theirs."""

from dataclasses import dataclass

from django.utils import timezone

from .. import operations
from ..core import club_nights
from ..forms import DeadlineForm
from ..forms.rounds import DOUBLE_LOSS, WALKOVER_TO_FIRST, WALKOVER_TO_SECOND
from ..models import Tournament


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
    overdue_choices: tuple = (WALKOVER_TO_FIRST, WALKOVER_TO_SECOND, DOUBLE_LOSS)


def rounds_desk(tournament: Tournament, in_field: int) -> RoundsDesk:
    current = max(tournament.matches.in_rounds().values_list("round", flat=True), default=0)
    try:
        operations.check_can_pair(tournament)
    except operations.OperationError:
        can_pair = False
    else:
        can_pair = True
    newest = tournament.matches.in_rounds().filter(round=current)
    set_for = dict(tournament.deadlines.values_list("round", "deadline"))
    numbers = range(1, (tournament.rounds if tournament.is_swiss else current) + 1)
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
    overdue = list(
        tournament.matches.to_play()
        .between_two()
        .filter(round__in=late, bracket__isnull=True, games__isnull=True)
        .select_related("player1", "player2")
        .order_by("round", "group", "position")
    )
    return RoundsDesk(
        current=current,
        rounds=tournament.rounds,
        suggested=club_nights.suggested_rounds(in_field),
        can_pair=can_pair,
        can_pair_again=tournament.is_swiss and current > 1 and not newest.started().exists(),
        deadlines=deadlines,
        overdue=overdue,
    )
