"""The club's ratings: every rated player by rating."""

from django.db.models import Count, Q
from django.shortcuts import render
from django_tables2 import RequestConfig

from ...models import Player
from ...tables import RatingsTable


def ratings(request):
    """Every rated player by rating (FIBS formula over every match but walkovers).

    Template: tournament/ratings.html; context: table (RatingsTable).
    """
    players = list(
        Player.objects.filter(rating_experience__gt=0)
        .annotate(
            rated=Count("rating_changes"),
            won=Count("rating_changes", filter=Q(rating_changes__won=True)),
        )
        .order_by("-rating", "name")
    )
    for position, player in enumerate(players, start=1):
        player.rank = position
    table = RatingsTable(players)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "tournament/ratings.html", {"table": table})
