"""The federation's public pages, across its clubs: its home at `/` when there are
several clubs (the clubs, what is on this week in any of them, the top of the one
rating list), the list of clubs at `/clubs/`, and `/api/clubs/`'s JSON. Each costs the
same queries whatever the number of clubs (queries.federation).

A link to a club's event is made in that club's addresses (web.clubs.club_reverse),
since the page itself is the federation's."""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from ...queries.federation import clubs_counted, clubs_for_home, this_week, top_rated
from ...web.clubs import club_reverse

# The top of the rating list the federation's home shows (the whole list: /ratings/).
TOP_RATED = 10


def home(request):
    """The federation's home (views.public.home sends `/` here when there are several
    clubs): four queries, the seasons' question included.

    Template: tournament/federation_home.html; context: clubs (each with `players`,
    `next_name`, `next_date` and `next_url`), week (the public tournaments dated in the
    next seven days or running, each with `season.club` and `url`), top (players with
    `rank`)."""
    today = timezone.localdate()
    root = request.site_root
    clubs = clubs_for_home(today)
    for club in clubs:
        club.next_url = (
            club_reverse(club, "tournament", club.next_pk, root=root) if club.next_pk else None
        )
    week = this_week(today)
    for tournament in week:
        tournament.url = club_reverse(
            tournament.season.club, "tournament", tournament.pk, root=root
        )
    context = {"clubs": clubs, "week": week, "top": top_rated(TOP_RATED)}
    return render(request, "tournament/federation_home.html", context)


def clubs(request):
    """Every club of the federation, with its members and public tournaments: one query.

    Template: tournament/clubs.html; context: clubs."""
    return render(request, "tournament/clubs.html", {"clubs": list(clubs_counted())})


@require_GET
def clubs_json(request):
    """`{"clubs": [{"slug", "name", "players", "tournaments"}]}`: every club by name, its
    members (`players`) and its public tournaments counted (docs/api.md). One query."""
    return JsonResponse(
        {
            "clubs": [
                {
                    "slug": club.slug,
                    "name": club.name,
                    "players": club.players,
                    "tournaments": club.tournaments,
                }
                for club in clubs_counted()
            ]
        }
    )
