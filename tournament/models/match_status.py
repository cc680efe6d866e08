"""The status groups of a match and the queries over them (`Match.objects`): defined
once, read by the querysets, the rows' properties, the operations and the pages."""

from __future__ import annotations

from django.db import models
from django.db.models import Case, IntegerField, Q, When

from . import rating_policies

# The status groups, defined once: the querysets, the rows' properties, the operations
# and the pages all read these (no template compares status strings).
PENDING, READY, LIVE, DECIDED, BYE, VOID = "pending", "ready", "live", "decided", "bye", "void"
OPEN = (READY, LIVE)  # both players known, not decided: at a table or about to be
STARTED = (LIVE, DECIDED)  # a game or a result recorded: what a redraw would lose
TO_PLAY = (PENDING, READY, LIVE)  # still to be decided, players known or not
SETTLED = (DECIDED, BYE, VOID)  # nothing more to play
SETTLED_EMPTY = (BYE, VOID)  # settled without a match being played

# Who plays it comes from a draw or a pairing (a bracket's or a round's match), not
# from a director's hand (a friendly): `Match.from_draw`, as a query.
FROM_DRAW = Q(bracket__isnull=False) | Q(round__isnull=False)


class MatchQuerySet(models.QuerySet):
    def open(self):
        return self.filter(status__in=OPEN)

    def live(self):
        return self.filter(status=LIVE)

    def ready(self):
        return self.filter(status=READY)

    def started(self):
        return self.filter(status__in=STARTED)

    def decided(self):
        return self.filter(status=DECIDED)

    def to_play(self):
        return self.filter(status__in=TO_PLAY)

    def involving(self, *players):
        """The matches any of these players sits in, on either side."""
        return self.filter(Q(player1__in=players) | Q(player2__in=players))

    def in_rounds(self):
        """A Swiss's or round robin's matches (a round, no bracket)."""
        return self.filter(bracket__isnull=True, round__isnull=False)

    def between_two(self):
        """Both players known (not a bye, not waiting for a player)."""
        return self.filter(player1__isnull=False, player2__isnull=False)

    def not_settled_empty(self):
        """Leaves out the byes and the voids (`Match.is_settled_empty`): no match to
        play there, nor a slip to print."""
        return self.exclude(status__in=SETTLED_EMPTY)

    def from_draw(self):
        """A bracket's or a round's matches, not the friendlies (`Match.from_draw`)."""
        return self.filter(FROM_DRAW)

    def rated(self, policies=None):
        """The matches the ratings count (`Match.is_rated`): decided between two
        players, and rated by their club's policy inside the federation's floor
        (`core.rating_policy`), this query built from the policies (`policies`: each
        club's effective one, by club id; read here, one query, when not given)."""
        if policies is None:
            policies = rating_policies.effective_policies()
        return self.decided().between_two().filter(rating_policies.rated_filter(policies))

    def live_first(self, *then):
        """Ordered with the live matches first (the one under way is the one looked
        for), then by `then`."""
        return self.alias(
            not_live=Case(When(status=LIVE, then=0), default=1, output_field=IntegerField())
        ).order_by("not_live", *then)
