"""The federation's master points counted: each tournament finished (or changed since,
or no longer finished) has its points read from its standings and stored, by the
worker's loop now and then and by `manage.py count_master_points`. Here, above both,
because the standings are read by the queries and stored by the operations, and
neither layer imports the other; never in a request, so the ranking's page reads
stored rows only, whatever the number of games."""

from __future__ import annotations

from ..models.club_scope import everywhere
from ..operations import federation_points
from ..queries.master_points import waiting
from ..queries.standings import master_points_of


def count_waiting(limit: int | None = None) -> int:
    """Count the points of up to `limit` waiting tournaments (every one for None), the
    oldest first; how many were counted. A tournament changed while it was being
    counted keeps the mark it was read at, so it waits again and is counted anew."""
    with everywhere():
        found = waiting(limit)
        for tournament in found:
            if tournament.is_finished:
                points = master_points_of(tournament)
                federation_points.store_points(tournament.pk, tournament.mark, points)
            else:
                federation_points.forget_points(tournament.pk)
    return len(found)
