"""Each club's rating policy inside the federation's floor, read from their rows
(`Club.rating_policy`, `Federation.rating_policy`): the query of the rated matches
(`Match.objects.rated()`) and one match's decision (`Match.rating_decision`), both
the core's rule (`core.rating_policy`) so that the two always agree."""

from __future__ import annotations

from collections import defaultdict
from functools import reduce
from operator import or_

from django.db.models import JSONField, Q, Subquery

from ..core.rating_policy import (
    AGREED,
    NEVER,
    Decision,
    MatchFacts,
    RatingPolicy,
    decide,
    effective,
    unrated_decisions,
)
from . import match_status
from .clubs import FEDERATION_ID, Club, Federation

# The federation's policy as a column of another query (the match page's row reads it
# with the match, no query of its own): None where the row was never made.
FEDERATION_POLICY = Subquery(
    Federation.objects.filter(pk=FEDERATION_ID).values("rating_policy")[:1],
    output_field=JSONField(),
)


def policy_of(stored: dict | None) -> RatingPolicy:
    """A stored policy (the operations write only valid ones; `{}` is the default)."""
    return RatingPolicy.from_dict(stored or {})


def federation_policy() -> RatingPolicy:
    stored = Federation.objects.filter(pk=FEDERATION_ID).values_list("rating_policy", flat=True)
    return policy_of(stored.first())


def effective_policies() -> dict[int, RatingPolicy]:
    """Each club's effective policy (its own inside the federation's floor), by club
    id: one query, the federation's policy read as a column of the clubs'."""
    rows = Club.objects.annotate(federation=FEDERATION_POLICY).values_list(
        "pk", "rating_policy", "federation"
    )
    return {pk: effective(policy_of(floor), policy_of(own)) for pk, own, floor in rows}


def _policy_filter(policy: RatingPolicy) -> Q:
    """The matches one policy rates, of those decided between two players: the
    conditions of `core.rating_policy.refusals`, as a query."""
    rated = Q(length__gte=policy.min_length)
    unrated = unrated_decisions(policy)
    if unrated:
        rated &= ~Q(decided_by__in=unrated)
    if policy.friendlies == NEVER:
        rated &= match_status.FROM_DRAW
    elif policy.friendlies == AGREED:
        rated &= match_status.FROM_DRAW | Q(rated_by_agreement=True)
    if not policy.online:
        rated &= Q(tournament__online=False)
    return rated


def rated_filter(policies: dict[int, RatingPolicy]) -> Q:
    """The rated matches of every club, of those decided between two players: the
    clubs grouped by their effective policy, one condition per distinct policy (the
    clubs that keep the defaults share one), so the query grows with the policies, not
    with the clubs. With one policy for all (one club, or every club alike) no club is
    named at all: the query is the one a single club always had."""
    clubs_of: dict[RatingPolicy, list[int]] = defaultdict(list)
    for club, policy in sorted(policies.items()):
        clubs_of[policy].append(club)
    if len(clubs_of) <= 1:
        return _policy_filter(next(iter(clubs_of), RatingPolicy()))
    return reduce(
        or_,
        (
            Q(tournament__season__club__in=clubs) & _policy_filter(policy)
            for policy, clubs in clubs_of.items()
        ),
    )


_UNREAD = object()


def _floor(row, federation=_UNREAD) -> RatingPolicy:
    """The federation's policy: `federation` if given, else the row's
    `federation_rating_policy` where its query annotated it (`FEDERATION_POLICY`), else
    read."""
    if federation is _UNREAD:
        federation = getattr(row, "federation_rating_policy", _UNREAD)
    return federation_policy() if federation is _UNREAD else policy_of(federation)


def of_tournament(tournament) -> dict[int, RatingPolicy]:
    """The effective policy of the tournament's club, by club id: what
    `Match.objects.rated()` needs for that tournament's matches alone. No query when the
    tournament was read with its season, club and the federation's policy (the writers'
    lock, `operations.locks.lock_tournament`): a decision's ratings cost no more."""
    club = tournament.season.club
    return {club.pk: effective(_floor(tournament), policy_of(club.rating_policy))}


def decision(match, federation: dict | object | None = _UNREAD) -> Decision:
    """Whether `match` is rated under its club's policy inside the federation's, and
    every reason it is not. Its tournament, season and club are read unless selected
    with it; the federation's policy is the row's `federation_rating_policy` where the
    query annotated it (`FEDERATION_POLICY`), else `federation`, else read."""
    floor = _floor(match, federation)
    tournament = match.tournament
    facts = MatchFacts(
        decided_by=match.decided_by,
        length=match.length,
        friendly=not match.from_draw,
        agreed_rated=match.rated_by_agreement,
        online=tournament.online,
        two_players=match.players_known,
        decided=match.is_decided,
    )
    return decide(floor, policy_of(tournament.season.club.rating_policy), facts)
