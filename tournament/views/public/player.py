"""A player's public page: their next match, and a season at a time (the latest by
default, `?season=` for another) their matches with score and opponent, their record
against each opponent, their rating over the season; once a match of theirs is
analysed, their GNUBG PR match by match. (Their private page, from their own link, is
`player_page`.)"""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from ...charts import pr_chart, rating_chart
from ...models import Player
from ...queries.bracket_layout import next_match_of
from ...queries.ratings import rating_changes_of
from ...queries.skill_tables import player_has_skill, player_skill
from ...queries.standings import player_history, player_seasons
from ...tables import HeadToHeadTable, PlayerMatchesTable


def player(request, pk):
    """A player's next match and, in one season of theirs (the latest, or `?season=`
    its years), their matches with score and opponent, the record against each
    opponent and their rating's changes: what the page reads is a season's, whatever
    the player's years at the club.

    Template: tournament/player.html; context: player, next_match
    (bracket_layout.NextMatch or None), seasons (the player's, newest first), season
    (the one shown, None for a player without a match), matches (PlayerMatchesTable),
    head_to_head (HeadToHeadTable), chart (the rating's in the season), skill
    (skill_tables.PlayerSkill or None) and skill_chart (charts.PrChart or None).

    The player's row says whether a match of theirs is analysed, so a player without
    one costs no query more (and their page reads as before); with one, one query.
    """
    player = get_object_or_404(Player.objects.annotate(has_skill=player_has_skill()), pk=pk)
    seasons = player_seasons(player)
    season = _season_asked(request, seasons)
    skill = player_skill(player) if player.has_skill else None
    lines, head_to_head = player_history(player, season) if season else ([], [])
    coming = next_match_of(player)
    chart = rating_chart(rating_changes_of(player, season)) if season else None
    matches = PlayerMatchesTable(lines, prefix="m-")
    RequestConfig(request, paginate={"per_page": 25}).configure(matches)
    rivals = HeadToHeadTable(head_to_head, prefix="h-")
    RequestConfig(request, paginate={"per_page": 25}).configure(rivals)
    context = {
        "player": player,
        "seasons": seasons,
        "season": season,
        "matches": matches,
        "head_to_head": rivals,
        "next_match": coming,
        "chart": chart,
        "skill": skill,
        "skill_chart": skill
        and pr_chart(
            [point.pr for point in skill.points],
            [point.day for point in skill.points],
            skill.average,
        ),
    }
    return render(request, "tournament/player.html", context)


def _season_asked(request, seasons):
    """The season of `?season=` (its years) among the player's, or their latest; an
    address naming a season the player has no match in is a 404."""
    asked = request.GET.get("season")
    if asked is None:
        return seasons[0] if seasons else None
    for season in seasons:
        if season.years == asked:
            return season
    raise Http404("No match of this player's in that season.")
