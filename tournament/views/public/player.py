"""A player's public page, the federation's (one player, one rating, whichever clubs
they play in): their clubs, their next match, and a season at a time (the latest by
default, `?season=` for another) their matches with score and opponent, their record
against each opponent, their rating over the season; once a match of theirs is
analysed, their GNUBG PR match by match. Each event links into its own club's pages.
(Their private page, from their own link, is `player_page`.)"""

from urllib.parse import quote

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from ...charts import pr_chart, rating_chart
from ...models import Player
from ...models.clubs import FOUNDING_CLUB_ID
from ...queries.bracket_layout import next_match_of
from ...queries.player_clubs import clubs_of, member_elsewhere
from ...queries.ratings import rating_changes_of
from ...queries.skill_tables import player_has_skill, player_skill
from ...queries.standings import player_history, player_seasons
from ...tables import HeadToHeadTable, PlayerMatchesTable
from ...web.clubs import club_reverse


def player(request, pk):
    """A player's next match and, in one season of theirs (the latest, or `?season=`
    its years), their matches with score and opponent, the record against each
    opponent and their rating's changes: what the page reads is a season's, whatever
    the player's years at the club.

    Template: tournament/player.html; context: player, clubs (the clubs they are a
    member of), several_clubs (whether the page names each event's club: a player of
    the founding club only reads as before clubs), next_match (bracket_layout.NextMatch
    or None) and next_links (its tournament's, match's and feeder's addresses, in its
    club),
    seasons (the player's in every club, newest first, each with `query`: its
    `?season=` address), season (the one shown, None for a player without a match),
    matches (PlayerMatchesTable), head_to_head (HeadToHeadTable), chart (the rating's
    in the season), skill (skill_tables.PlayerSkill or None), skill_rows (each of its
    points with its match's address, in the match's club) and skill_chart (charts.PrChart
    or None).

    The player's row says whether a match of theirs is analysed, so a player without
    one costs no query more (and their page reads as before); with one, one query.
    So does it say whether they are a member of a club other than the founding one: a
    player of that club only costs what they did before clubs; one of several clubs,
    one query more for their clubs. The seasons' and events' clubs come with their rows.
    """
    player = get_object_or_404(
        Player.objects.annotate(has_skill=player_has_skill(), elsewhere=member_elsewhere()),
        pk=pk,
    )
    seasons = player_seasons(player)
    for each in seasons:
        each.query = _season_query(each)
    season = _season_asked(request, seasons)
    several_clubs = player.elsewhere or len({each.club_id for each in seasons}) > 1
    clubs = []
    if several_clubs:
        clubs = clubs_of(player)
    skill = player_skill(player) if player.has_skill else None
    lines, head_to_head = player_history(player, season) if season else ([], [])
    coming = next_match_of(player)
    chart = rating_chart(rating_changes_of(player, season)) if season else None
    link = _linker(request)
    matches = PlayerMatchesTable(lines, prefix="m-", link=link, with_club=several_clubs)
    RequestConfig(request, paginate={"per_page": 25}).configure(matches)
    rivals = HeadToHeadTable(head_to_head, prefix="h-")
    RequestConfig(request, paginate={"per_page": 25}).configure(rivals)
    # Each analysed match in its club's pages, whichever club's address shows the page.
    skill_links = [
        link(point.match.tournament.season.club, "match", point.match.pk)
        for point in (skill.points if skill else [])
    ]
    next_links = None
    if coming is not None:
        club = coming.match.tournament.season.club
        next_links = (
            link(club, "tournament", coming.match.tournament_id),
            link(club, "match", coming.match.pk),
            # The match the opponent comes from, in the same club.
            link(club, "match", coming.feeder.pk) if coming.feeder else None,
        )
    context = {
        "player": player,
        "clubs": clubs,
        "several_clubs": several_clubs,
        "next_links": next_links,
        "seasons": seasons,
        "season": season,
        "matches": matches,
        "head_to_head": rivals,
        "next_match": coming,
        "chart": chart,
        "skill": skill,
        "skill_rows": list(zip(skill.points, skill_links, strict=True)) if skill else [],
        "skill_chart": skill
        and pr_chart(
            [point.pr for point in skill.points],
            [point.day for point in skill.points],
            skill.average,
        ),
    }
    return render(request, "tournament/player.html", context)


def _linker(request):
    """`link(club, name, pk)`: the address of a page of `club`'s, from this site's root."""
    root = getattr(request, "site_root", "/")
    return lambda club, name, pk: club_reverse(club, name, pk, root=root)


def _season_query(season) -> str:
    """A season's `?season=` on the player's page: its years for the founding club's
    (every address ever shared), its years and its club's address name for another's
    (years are unique in a club only)."""
    # Quoted as the template's urlencode filter quotes ("/" kept): the same addresses.
    years = f"season={quote(season.years, safe='/')}"
    if season.club_id == FOUNDING_CLUB_ID:
        return years
    return f"{years}&club={quote(season.club.slug)}"


def _season_asked(request, seasons):
    """The season of `?season=` (its years; `&club=` its club's address name, the
    founding club's without) among the player's, or their latest; an address naming a
    season the player has no match in is a 404."""
    asked = request.GET.get("season")
    if asked is None:
        return seasons[0] if seasons else None
    slug = request.GET.get("club")
    for season in seasons:
        same_club = season.club.slug == slug if slug else season.club_id == FOUNDING_CLUB_ID
        if season.years == asked and same_club:
            return season
    raise Http404("No match of this player's in that season.")
