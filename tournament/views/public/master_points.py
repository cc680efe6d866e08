"""The federation's master points across clubs (`/points/`): every player's points
over every club's public finished events, each event at the weight the federation gives
it, the most first, a hundred a page. Two queries, whatever the number of games: the
points are counted once per event when it finishes (jobs.master_points) and summed
here by the database (queries.master_points.ranking)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_safe

from ...queries.master_points import ranking, shown

PER_PAGE = 100


@require_safe
def master_points(request):
    """Template: tournament/master_points.html; context: page (the ranking's page, each
    row with `rank`, `player_id`, `name`, `events` and `points`). An unreadable or
    out-of-range `?page=` shows the nearest page, as the lists' pages do."""
    page = Paginator(ranking(), PER_PAGE).get_page(request.GET.get("page"))
    rows = list(page.object_list)
    for number, row in enumerate(rows, start=page.start_index()):
        row["rank"] = number
        row["points"] = shown(row["total"])
    return render(request, "tournament/master_points.html", {"page": page, "rows": rows})
