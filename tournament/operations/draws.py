"""The draw of a cup: previewed from a seed, made (stored as match rows from the pure
plan), discarded when the entries or the format change before any result, checked
against the entries, and started."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import draw
from ..models import AuditEntry, Player, Tournament
from ..models.audit import Said
from . import audit, club_nights, push_events, teams
from .avoided_pairs import avoided_pairs, draw_summary
from .check_in_window import close_at_start
from .errors import OperationError
from .locks import lock_tournament
from .notifications import mail_ready_matches_after_commit
from .plans import store_plan
from .progress import resolve


@dataclass(frozen=True)
class Changed:
    """What an operation changed, and whether the tournament's draw had to go with it
    (the page says so: the director makes the draw again); `moved_up`, the entries a
    freed place gave to the waiting list (the page names them)."""

    subject: object
    draw_discarded: bool = False
    moved_up: tuple = ()


def new_draw_seed() -> int:
    """A random seed for a draw, stored with it so the same draw can be shown again."""
    return secrets.randbelow(2**53)


def is_drawn(tournament: Tournament) -> bool:
    return tournament.matches.exists()


def has_results(tournament: Tournament) -> bool:
    """A game, a walkover or a retirement has been recorded: the draw is part of them."""
    return tournament.matches.started().exists()


def draw_can_be_remade(tournament: Tournament) -> bool:
    return not has_results(tournament)


def preview_draw(tournament: Tournament, rng_seed: int) -> draw.DrawPlan:
    """The draw `make_draw` would make with this seed (raises draw.DrawError if it can't),
    of the players checked in: those who have not arrived, or withdrew before it, are
    left out (the draw page lists them). The tournament's avoided pairs are kept apart in
    round 1 when some draw allows it; the plan's `unkept` names those that still meet."""
    entries = list(tournament.entries.in_field().order_by("pk"))
    return draw.make_plan(
        [entry.player_id for entry in entries],
        seeds={entry.player_id: entry.seed for entry in entries if entry.seed},
        consolation=tournament.consolation,
        progressive_rounds=tournament.progressive_rounds,
        last_chance=tournament.last_chance,
        grand_final_reset=tournament.grand_final_reset,
        rng_seed=rng_seed,
        avoid=avoided_pairs(tournament),
    )


def drawn_players(tournament: Tournament) -> set[int]:
    """The players the stored draw placed (its entrant slots)."""
    rows = tournament.matches.filter(
        Q(source1_kind=draw.ENTRANT) | Q(source2_kind=draw.ENTRANT)
    ).values_list("source1_kind", "player1_id", "source2_kind", "player2_id")
    return {
        player
        for kind1, player1, kind2, player2 in rows
        for kind, player in ((kind1, player1), (kind2, player2))
        if kind == draw.ENTRANT and player is not None
    }


def draw_problems(tournament: Tournament, entries=None) -> list[str]:
    """Where the stored draw and the entries disagree, in words (empty when they agree
    or there is no draw): a checked-in player missing from the draw, or a drawn player
    without an entry. `entries`, with their players, if the caller has them already."""
    drawn = drawn_players(tournament)
    if not drawn:
        return []  # no draw: every draw places at least two entrants
    if entries is None:
        entries = list(tournament.entries.select_related("player"))
    registered = {entry.player_id for entry in entries}
    # A Swiss under way takes a late arrival at its next pairing: not a problem.
    late_joins = tournament.played_as.late_joins and has_results(tournament)
    problems = [
        str(_("%(player)s is checked in but not in the draw.") % {"player": entry.player})
        for entry in entries
        if entry.player_id not in drawn and entry.in_field and not late_joins
    ]
    strangers = Player.objects.filter(pk__in=drawn - registered) if drawn - registered else []
    problems += [
        str(_("%(player)s is in the draw without a registration.") % {"player": player})
        for player in strangers
    ]
    return sorted(problems)


def discard_draw(tournament: Tournament, *, user, reason) -> bool:
    """Throw away a draw made for other entries or another format, while nothing has
    been played from it; the tournament goes back to draft. True if there was one."""
    if not is_drawn(tournament):
        return False
    if has_results(tournament):
        raise OperationError(
            _("The draw cannot be discarded: results have been recorded in this tournament.")
        )
    seed = tournament.draw_seed
    tournament.matches.all().delete()
    tournament.team_matches.all().delete()
    tournament.draw_seed = None
    tournament.status = Tournament.Status.DRAFT
    tournament.save(update_fields=["draw_seed", "status"])
    audit.record(
        AuditEntry.Action.DRAW_DISCARDED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Draw discarded: %(reason)s"), reason=reason),
        before={"seed": seed},
    )
    return True


@transaction.atomic
def make_draw(
    tournament: Tournament | int, *, rng_seed: int, user=None
) -> draw.DrawPlan | club_nights.ClubDraw:
    """Store the draw for `rng_seed` (replacing an earlier one while nothing is played):
    a cup's plan, or a club night's first round (every round of a round robin)."""
    tournament = lock_tournament(tournament)
    if has_results(tournament):
        raise OperationError(
            _("The draw cannot be made again: results have been recorded in this tournament.")
        )
    tournament.matches.all().delete()
    tournament.team_matches.all().delete()
    made, entrants, unkept = DRAWS[tournament.played_as.draws](tournament, rng_seed)
    tournament.draw_seed = rng_seed
    tournament.save(update_fields=["draw_seed"])
    after = {"seed": rng_seed, "entrants": entrants}
    if unkept:
        after["unkept"] = [sorted(pair) for pair in unkept]
    summary = draw_summary(rng_seed, len(entrants), unkept)
    audit.record(
        AuditEntry.Action.DRAW_MADE,
        user=user,
        tournament=tournament,
        summary=summary,
        after=after,
    )
    resolve(tournament, user)
    return made


# What each way of drawing stores, and whom: (what it made, the entrants, the avoided
# pairs that meet in its first round all the same).
Drawn = tuple[object, list, list]


def _draw_brackets(tournament: Tournament, rng_seed: int) -> Drawn:
    made = preview_draw(tournament, rng_seed)
    store_plan(tournament, made)
    return made, list(made.entrants), list(made.unkept)


def _draw_rounds(tournament: Tournament, rng_seed: int) -> Drawn:
    # A Swiss's first round, or every round of a round robin.
    made = club_nights.store_draw(tournament, rng_seed)
    entrants = [player for group in made.groups for player in group]
    return made, entrants, [pair for stored in made.rounds[:1] for pair in stored.unkept]


def _draw_teams(tournament: Tournament, rng_seed: int) -> Drawn:
    # The groups of teams, each team match with its individual matches; players of one
    # team never meet, and teams are not kept apart.
    groups = teams.store_draw(tournament, rng_seed)
    return groups, [team for group in groups for team in group], []


# How each format makes its draw (`Format.draws`).
DRAWS = {"bracket": _draw_brackets, "rounds": _draw_rounds, "teams": _draw_teams}


@transaction.atomic
def start_tournament(tournament: Tournament | int, *, user=None, dated=None) -> Tournament:
    """Open a drawn tournament for play: it shows as running. Refused while the draw
    and the entries disagree: nobody registered is left out without the director
    knowing. `dated`: the day it is played, when it starts before the date it was set
    for (inside its season). Starting closes the check-in window: from now a late
    player's "I'm here" asks the desk, which places them into a bye."""
    tournament = lock_tournament(tournament)
    if dated is not None and tournament.is_draft and dated != tournament.date:
        problem = tournament.season.date_problem(dated)
        if problem:
            raise OperationError(problem)
        tournament.date = dated
        tournament.save(update_fields=["date"])
    if not is_drawn(tournament):
        raise OperationError(_("Make the draw before starting the tournament."))
    problems = draw_problems(tournament)
    if problems:
        raise OperationError(
            _("The draw does not match the entries: %(problems)s Make the draw again.")
            % {"problems": " ".join(problems)}
        )
    if tournament.is_draft:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        audit.record(
            AuditEntry.Action.TOURNAMENT_STARTED,
            user=user,
            tournament=tournament,
            summary=Said(gettext_noop("Tournament started")),
            after={"date": tournament.date.isoformat()},
        )
        close_at_start(tournament, user=user)
        # The first round's players hear of their matches now (not at the draw).
        mail_ready_matches_after_commit(tournament.pk)
        push_events.tournament_started(tournament)
    return tournament
