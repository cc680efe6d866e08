"""A match's history at the director's desk: every change to it, who made it and when,
with what it kept before. It needs the directors' permission."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from ...models import Game
from ...queries.director_pages import history_of
from ...web.access import director_required
from .match import match_of


@director_required
@require_GET
def history(request, tournament_pk, pk):
    """Every change to a match: who, when, what, before and after.

    Template: director/history.html; context: match, entries (each with games_before:
    the games it kept, in words).
    """
    match = match_of(tournament_pk, pk)
    entries = history_of(match)
    # The games an entry kept, in words: who won each, how many points, how it ended.
    names = [player.name if player else "?" for player in match.players]
    how = dict(Game.HOW_CHOICES)
    for entry in entries:
        entry.games_before = [
            {
                "number": game["number"],
                "points": game["points"],
                "winner": names[game["winner"]],
                "how": how.get(game["how"], game["how"]) if game["how"] != "played" else "",
            }
            for game in (entry.before or {}).get("games", [])
        ]
    return render(request, "director/history.html", {"match": match, "entries": entries})
