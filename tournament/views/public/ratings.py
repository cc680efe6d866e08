"""The club's ratings: every rated player by rating."""

from django.shortcuts import render
from django_tables2 import RequestConfig

from ...queries.ratings import rated_players
from ...tables import RatingsTable


def ratings(request):
    """Every rated player by rating (FIBS formula over every match but walkovers).

    Template: tournament/ratings.html; context: table (RatingsTable).
    """
    players = rated_players()
    for position, player in enumerate(players, start=1):
        player.rank = position
    table = RatingsTable(players)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "tournament/ratings.html", {"table": table})
