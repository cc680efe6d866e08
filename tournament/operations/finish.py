"""A tournament is finished when its last result is in, and running again when a
result is taken back: one writer for the status, for the cups and the club nights."""

from __future__ import annotations

from ..models import Tournament


def set_finished(tournament: Tournament, finished: bool) -> None:
    """Finished, or back to running from finished (a draft stays a draft until it is
    started, unless its last result is in)."""
    if finished and not tournament.is_finished:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
    elif not finished and tournament.is_finished:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
