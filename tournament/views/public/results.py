"""A tournament's results: the final places bracket by bracket, the players' figures,
and the pools and prizes."""

from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from ...models import Tournament
from ...queries.prizes import tournament_money
from ...queries.standings import tournament_standings
from ...tables import PlacesTable, StandingsTable, place_rows


def tournament_results(request, pk):
    """A tournament's final places bracket by bracket, and its players' figures.

    Template: tournament/results.html; context: tournament, places (PlacesTable),
    table (StandingsTable), money (the pools and, once places are known, the prizes).
    """
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    standings = tournament_standings(tournament)
    # Only a format of brackets has brackets to tell its places apart.
    places = PlacesTable(
        place_rows(standings.places),
        prefix="p-",
        exclude=() if tournament.played_as.brackets else ("kind",),
    )
    RequestConfig(request, paginate={"per_page": 50}).configure(places)
    table = StandingsTable(standings.records, prefix="s-")
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {
        "tournament": tournament,
        "places": places,
        "table": table,
        "money": tournament_money(tournament),
    }
    return render(request, "tournament/results.html", context)
