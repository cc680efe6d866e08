"""The knockout after a club night's rounds: a round robin's group winners (and
runners-up), a Swiss's top K players (docs/swiss-knockout.md), or a Swiss with lives's
last N still in (docs/swiss-with-lives.md), go on to a cup drawn
as the cups are (`draw.make_plan`: the same bracket, byes and lengths), every qualifier
seeded in the order the rounds gave them.

Drawn by itself when the rounds are over (under Win + Skill once their matches played
out are analysed: the skill points decide who goes on and the seeds; `waits`), or by
the director without waiting; a result of the rounds corrected before the knockout
starts takes it back and draws it again; once it has started the change is refused (its
players came from those results). An analysis that lands once it is drawn moves the
standings, not the knockout: it is checked again only when a result changes (the
tournament keeps a digest of the results it agrees with, `knockout_drawn_from`). The
knockout's final finishes the tournament (`progress.resolve`, as a cup's).
"""

from __future__ import annotations

import hashlib

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import club_nights, draw
from ..core import lives as lives_core
from ..models import AuditEntry, Match, Tournament
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


# The audit's words for a knockout drawn, by where it takes its players from
# (`Format.knockout_from`).
DRAWN_FROM = {
    "groups": gettext_noop("Knockout drawn from the group places: %(count)d players"),
    "standings": gettext_noop("Knockout drawn from the standings: %(count)d players"),
}


def draw_knockout(
    tournament: Tournament, qualifiers: list[int], user, not_waited: list[Match] = ()
) -> None:
    """The cup after the rounds, its players seeded 1..n in the order given (a round
    robin's: every group winner before any runner-up, so that winners meet runners-up
    first; a Swiss's: by Swiss place, so that its best meet only late). `not_waited`:
    the analyses the director drew it without (Win + Skill)."""
    plan = _plan(tournament, qualifiers)
    store_plan(tournament, plan)
    summary = DRAWN_FROM[tournament.played_as.knockout_from]
    after = {"seed": tournament.draw_seed, "entrants": list(plan.entrants)}
    if not_waited:
        after["without_analyses_of"] = [match.pk for match in not_waited]
    _drawn_from(tournament, _results(tournament))
    audit.record(
        AuditEntry.Action.DRAW_MADE,
        user=user,
        tournament=tournament,
        summary=Said(summary, count=len(qualifiers)),
        after=after,
    )


def _results(tournament: Tournament) -> str:
    """A digest of the results of the rounds (one query), when the standings also move
    with the analyses (Win + Skill, the average-PR tie-break); else empty, and no query."""
    if not tournament.standings_scoring.needs_analyses:
        return ""
    rows = tournament.matches.in_rounds().order_by("pk")
    found = rows.values_list("pk", "status", "winner_id", "score1", "score2", "decided_by")
    return hashlib.sha256(repr(list(found)).encode()).hexdigest()[:16]


def _drawn_from(tournament: Tournament, results: str) -> None:
    """Keep the results of the rounds the knockout now agrees with (empty: none drawn)."""
    if tournament.knockout_drawn_from != results:
        tournament.knockout_drawn_from = results
        tournament.save(update_fields=["knockout_drawn_from"])


def _take_back(tournament: Tournament, refusal: str) -> None:
    """The knockout drawn after the rounds goes (a result of the rounds changed), or,
    once it has started, the change is refused with `refusal`."""
    knockout = tournament.matches.filter(bracket__isnull=False)
    if knockout.started().exists():
        raise OperationError(refusal)
    knockout.delete()
    _drawn_from(tournament, "")


def _same_results(tournament: Tournament) -> str | None:
    """None when the drawn knockout was drawn from the results of the rounds as they
    are (or agreed with them since): only an analysis may have landed since, which moves
    the standings and not the knockout. Else the results now (empty under wins alone,
    where every change is checked as it always was)."""
    results = _results(tournament)
    if results and results == tournament.knockout_drawn_from:
        return None
    return results


# --- a round robin's group winners (and runners-up) ------------------------------------


def follow_groups_with_knockout(
    tournament: Tournament,
    places: list[list[int]],
    settled: bool,
    user,
    *,
    waits: bool = False,
    not_waited=(),
) -> bool:
    """Draw the knockout once the groups are played (and, `waits`, their analyses are
    in; `not_waited`: those the director did not wait for), seeded from each group's
    `places`; take back a knockout not started when a group result changes (it is drawn
    again), and refuse the change once the knockout has started (its players came from
    the group places). False when there is no knockout to play (a single group sending
    on its winner alone)."""
    qualifiers = club_nights.knockout_seeds(places, tournament.knockout)
    if len(qualifiers) < 2:
        return False
    drawn = knockout_drawn(tournament)
    results = _same_results(tournament) if drawn else ""
    if results is None:
        return True  # an analysis since it was drawn moves the standings, not it
    if drawn and (not settled or not _knockout_agrees(tournament, qualifiers)):
        _take_back(
            tournament, _("The knockout has started: the group results it was drawn from stand.")
        )
        drawn = False
    if drawn:
        _drawn_from(tournament, results)  # a change that leaves it as it is
    elif settled and not waits:
        draw_knockout(tournament, qualifiers, user, not_waited)
    return True


def _knockout_agrees(tournament: Tournament, qualifiers: list[int]) -> bool:
    """The stored knockout holds the players the group places say."""
    drawn = set()
    for first, second in tournament.matches.filter(bracket__isnull=False).values_list(
        "player1_id", "player2_id"
    ):
        drawn.update(p for p in (first, second) if p is not None)
    return drawn <= set(qualifiers)


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


def follow_swiss_with_knockout(
    tournament: Tournament, settled: bool, user, *, waits: bool = False, not_waited=()
) -> bool:
    """Draw the knockout of the Swiss's top K once its last round is settled (and,
    `waits`, its analyses are in; `not_waited`: those the director did not wait for);
    take back a knockout not started when a Swiss result changes what it would be (it is
    drawn again), and refuse the change once it has started. False when there is no
    knockout to play (fewer than two players to send on): the Swiss's places are final.

    A player who withdraws once seated in the knockout keeps the seat (the cup gives
    their opponent the walkover): a withdrawal is not a Swiss result, and it neither
    redraws the knockout nor is refused by it."""
    seated = _seated(tournament)
    if not settled and not seated:
        return True  # nothing to draw yet; the knockout comes when the rounds are over
    results = _same_results(tournament) if seated else ""
    if results is None:
        return True  # an analysis since it was drawn moves the standings, not it
    cut = swiss_cut_of(tournament, tournament.matches.in_rounds(), keep=set(seated.values()))
    qualifiers = cut.qualifiers
    if not qualifiers and not seated:
        return False
    plan = _plan(tournament, qualifiers) if settled and qualifiers else None
    if seated and (plan is None or _seats(plan) != seated):
        _take_back(
            tournament, _("The knockout has started: the Swiss results it was drawn from stand.")
        )
        seated = {}
    if seated:
        _drawn_from(tournament, results)  # a change that leaves it as it is
    elif plan is not None and not waits:
        draw_knockout(tournament, qualifiers, user, not_waited)
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
