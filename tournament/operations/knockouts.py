"""The knockout after a club night's rounds: a round robin's group winners (and
runners-up), a Swiss's top K players (docs/swiss-knockout.md), or a Swiss with lives's
last N still in (docs/swiss-with-lives.md), go on to a cup drawn
as the cups are (`draw.make_plan`: the same bracket, byes and lengths), every qualifier
seeded in the order the rounds gave them.

Drawn by itself when the rounds are over; a result of the rounds corrected before the
knockout starts takes it back and draws it again; once it has started the change is
refused (its players came from those results). The knockout's final finishes the
tournament (`progress.resolve`, as a cup's).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..core import lives as lives_core
from ..models import AuditEntry, Tournament
from ..models.audit import Said
from ..models.lives_state import lives_state
from ..models.rounds import swiss_cut_of
from . import audit
from .errors import OperationError
from .plans import store_plan


def knockout_drawn(tournament: Tournament) -> bool:
    return tournament.matches.filter(bracket__isnull=False).exists()


def _plan(tournament: Tournament, qualifiers: list[int]) -> draw.DrawPlan:
    try:
        return draw.make_plan(
            qualifiers,
            seeds={player: number for number, player in enumerate(qualifiers, start=1)},
            rng_seed=tournament.draw_seed or 0,
        )
    except draw.DrawError as error:
        raise OperationError(error.message()) from error


def draw_knockout(tournament: Tournament, qualifiers: list[int], user) -> None:
    """The cup after the rounds, its players seeded 1..n in the order given (a round
    robin's: every group winner before any runner-up, so that winners meet runners-up
    first; a Swiss's: by Swiss place, so that its best meet only late)."""
    plan = _plan(tournament, qualifiers)
    store_plan(tournament, plan)
    summary = (
        gettext_noop("Knockout drawn from the group places: %(count)d players")
        if tournament.is_round_robin
        else gettext_noop("Knockout drawn from the standings: %(count)d players")
    )
    audit.record(
        AuditEntry.Action.DRAW_MADE,
        user=user,
        tournament=tournament,
        summary=Said(summary, count=len(qualifiers)),
        after={"seed": tournament.draw_seed, "entrants": list(plan.entrants)},
    )


# --- a Swiss's top K --------------------------------------------------------------------


def _seated(tournament: Tournament) -> dict[tuple[int, int, int], int]:
    """The stored knockout's players where its draw seated them: (round, position,
    side) -> player (empty before it is drawn)."""
    seated = {}
    rows = tournament.matches.filter(bracket__isnull=False).values_list(
        "round", "position", "source1_kind", "player1_id", "source2_kind", "player2_id"
    )
    for number, position, kind1, first, kind2, second in rows:
        if kind1 == draw.ENTRANT:
            seated[(number, position, 0)] = first
        if kind2 == draw.ENTRANT:
            seated[(number, position, 1)] = second
    return seated


def _seats(plan: draw.DrawPlan) -> dict[tuple[int, int, int], int]:
    """Where this plan seats its players, as `_seated` reads a stored one."""
    return {
        (match.slot.round, match.slot.position, side): source.entrant
        for match in plan.matches()
        for side, source in enumerate(match.sources)
        if source.kind == draw.ENTRANT
    }


def follow_swiss_with_knockout(tournament: Tournament, settled: bool, user) -> bool:
    """Draw the knockout of the Swiss's top K once its last round is settled; take back
    a knockout not started when a Swiss result changes what it would be (it is drawn
    again), and refuse the change once it has started. False when there is no knockout
    to play (fewer than two players to send on): the Swiss's places are final.

    A player who withdraws once seated in the knockout keeps the seat (the cup gives
    their opponent the walkover): a withdrawal is not a Swiss result, and it neither
    redraws the knockout nor is refused by it."""
    seated = _seated(tournament)
    if not settled and not seated:
        return True  # nothing to draw yet; the knockout comes when the rounds are over
    cut = swiss_cut_of(tournament, tournament.matches.in_rounds(), keep=set(seated.values()))
    qualifiers = cut.qualifiers
    if not qualifiers and not seated:
        return False
    plan = _plan(tournament, qualifiers) if settled and qualifiers else None
    if seated and (plan is None or _seats(plan) != seated):
        knockout = tournament.matches.filter(bracket__isnull=False)
        if knockout.started().exists():
            raise OperationError(
                _("The knockout has started: the Swiss results it was drawn from stand.")
            )
        knockout.delete()
        seated = {}
    if plan is not None and not seated:
        draw_knockout(tournament, qualifiers, user)
    return plan is not None or not settled


# --- a Swiss with lives's last N --------------------------------------------------------


def follow_lives_with_knockout(tournament: Tournament, event, user) -> None:
    """A Swiss with lives ending in a knockout of the last N (`core.lives.KNOCKOUT`):
    draw it once a settled round leaves at most N still in, everyone still in seeded by
    their lives place (`core.lives.knockout_seeds`); take back a knockout not started
    when a lives result changes who goes on or their seeds (it is drawn again, or the
    rounds go on), and refuse the change once it has started. `event`: the lives
    state as the rounds now stand.

    A player who withdraws once seated keeps the seat (the cup gives their opponent the
    walkover), as in a Swiss's knockout: a withdrawal is not a result of the rounds."""
    seated = _seated(tournament)
    if seated:
        keep = set(seated.values())
        entries = [
            (player, withdrawn and player not in keep, after)
            for player, withdrawn, after in tournament.entries.filter(checked_in=True).values_list(
                "player_id", "withdrawn", "reentered_after"
            )
        ]
        event = lives_state(tournament, entries=entries)
    qualifiers = lives_core.knockout_seeds(event, rng_seed=tournament.draw_seed or 0)
    plan = _plan(tournament, qualifiers) if qualifiers else None
    if seated and (plan is None or _seats(plan) != seated):
        knockout = tournament.matches.filter(bracket__isnull=False)
        if knockout.started().exists():
            raise OperationError(
                _("The knockout has started: the results of the rounds it was drawn from stand.")
            )
        knockout.delete()
        seated = {}
    if plan is not None and not seated:
        draw_knockout(tournament, qualifiers, user)
