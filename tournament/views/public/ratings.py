"""The club's ratings: the players rated lately by rating, a page at a time, and those
with no rated match in a year on a page of their own."""

from django.shortcuts import render
from django_tables2 import RequestConfig

from ...queries.ratings import rated_players
from ...tables import RatingsTable

PER_PAGE = 50


def ratings(request, inactive=False):
    """The players with a rated match in the last year (or, `inactive`, those with none
    since) by rating (FIBS formula over every match but walkovers), PER_PAGE a page
    (`?page=`): a count and a page of rows, whatever the club's history.

    Template: tournament/ratings.html; context: table (RatingsTable), inactive (bool).
    """
    table = RatingsTable(rated_players(active=not inactive))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(request, "tournament/ratings.html", {"table": table, "inactive": inactive})
