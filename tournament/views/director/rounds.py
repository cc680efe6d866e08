"""The rounds of a Swiss or a round robin at the director's desk: what the desk shows of
them (where the tournament stands, whether a round can be paired (again), each round's
deadline, the matches nobody played by theirs, the analyses a Win + Skill event's next
step waits for: `rounds_desk`), and the views that act on them: pairing the next Swiss
round by hand (it pairs itself when a round's last match is decided) or the newest round
again before it starts; going on without waiting for the analyses (a Win + Skill Swiss's
next round, or its or a round robin's knockout or final places, otherwise wait for
them); a round's deadline, and the matches nobody played by it, given as a walkover or
a double loss. Every view needs the directors' permission; every write goes through
`operations`.
"""

from dataclasses import dataclass

from django.contrib import messages
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...core import club_nights
from ...forms import DeadlineForm, OverdueForm
from ...forms.rounds import DOUBLE_LOSS, WALKOVER_TO_FIRST, WALKOVER_TO_SECOND
from ...models import Tournament
from ...operations.analysis_waits import FINISH, KNOCKOUT, PAIR, Waiting, waiting
from ...operations.avoided_pairs import avoided_pairs, names_of
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, tournament_of


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
    overdue_choices: tuple = (WALKOVER_TO_FIRST, WALKOVER_TO_SECOND, DOUBLE_LOSS)


def rounds_desk(tournament: Tournament, in_field: int) -> RoundsDesk:
    """The rounds' part of the tournament's desk, with `in_field` players checked in."""
    current = max(tournament.matches.in_rounds().values_list("round", flat=True), default=0)
    try:
        operations.check_can_pair(tournament)
    except operations.OperationError:
        can_pair = False
    else:
        can_pair = True
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
    )


def _unkept(tournament: Tournament, current: int) -> list[str]:
    """The pairs kept apart that meet in a Swiss's newest round all the same: the
    rematch and score-group rules left no other pairing (or they were marked after)."""
    if not tournament.is_swiss or not current:
        return []
    avoid = avoided_pairs(tournament)
    if not avoid:
        return []
    rows = tournament.matches.in_rounds().filter(round=current, player2__isnull=False)
    pairs = {frozenset(pair) for pair in rows.values_list("player1_id", "player2_id")}
    return names_of(pairs & avoid)


@director_required
@require_POST
def pair_next(request, pk):
    tournament = tournament_of(pk)
    try:
        paired = operations.pair_next_round(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Round %(number)s paired.") % {"number": paired.number})
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def without_waiting(request, pk):
    """A Win + Skill event goes on without the analyses it waits for: its next round
    paired, its knockout drawn or its places final, on the points as they stand."""
    tournament = tournament_of(pk)
    try:
        found = operations.go_on_without_waiting(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    done = {
        PAIR: gettext("Round %(number)s paired.") % {"number": found.number},
        KNOCKOUT: gettext("The knockout is drawn from the points as they stand."),
        FINISH: gettext("The tournament is finished on the points as they stand."),
    }
    messages.success(request, done[found.step])
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def pair_again(request, pk):
    tournament = tournament_of(pk)
    try:
        paired = operations.pair_round_again(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Round %(number)s paired again.") % {"number": paired.number})
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def deadline(request, pk):
    tournament = tournament_of(pk)
    form = DeadlineForm(request.POST)
    if not form.is_valid():
        return desk_page(
            request, tournament, status=400, error=gettext("That is not a date and time.")
        )
    number = form.cleaned_data["round"]
    try:
        operations.set_round_deadline(
            tournament, number, form.cleaned_data["deadline"], user=request.user
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Round %(number)s's deadline saved.") % {"number": number})
    return back_to_desk(tournament, "rounds-heading")


@director_required
@require_POST
def overdue(request, pk):
    """A match past its round's deadline: a walkover to the player who came, or a
    double loss when neither did."""
    tournament = tournament_of(pk)
    form = OverdueForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=gettext("Choose what to record."))
    match = tournament.matches.filter(pk=form.cleaned_data["match"]).first()
    if match is None:
        return desk_page(request, tournament, status=404, error=gettext("No such match here."))
    decision, version = form.cleaned_data["decision"], form.cleaned_data["version"]
    try:
        if decision == DOUBLE_LOSS:
            operations.double_loss(match, user=request.user, expected_version=version)
        else:
            winner = 0 if decision == WALKOVER_TO_FIRST else 1
            operations.walkover(match, winner, user=request.user, expected_version=version)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Recorded: %(match)s.") % {"match": match})
    return back_to_desk(tournament, "overdue-heading")
