"""Pages anyone may read, without an account: players check scores on their phones.

Every view fetches what its template shows in a fixed number of queries (pinned by
tests/test_views_public.py), whatever the size of the club.
"""

from functools import cache

from django.db.models import Case, Count, IntegerField, Prefetch, Q, When
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django_tables2 import RequestConfig

from ..charts import rating_chart
from ..core import equity, league, scoring
from ..core.names import normalize_name
from ..core.seasons import current_season, split_seasons
from ..models import Match, Player, Season, Tournament
from ..queries.bracket_layout import BRACKET_LABELS, lay_out, next_match_of, path_of
from ..queries.club_nights import club_night
from ..queries.feeders import feeders_of
from ..queries.onward import where_next
from ..queries.prizes import tournament_money
from ..queries.standings import player_history, tournament_standings
from ..queries.standings import season_standings as season_standings_of
from ..rule_texts import PRESET_LABELS, describe_rules
from ..tables import (
    HeadToHeadTable,
    PlacesTable,
    PlayerMatchesTable,
    RatingsTable,
    StandingsTable,
    place_rows,
)
from ..web import live

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


RUNNING_FIRST = Case(
    When(status=Tournament.Status.RUNNING, then=0),
    When(status=Tournament.Status.DRAFT, then=1),
    default=2,
    output_field=IntegerField(),
)
HOME_MATCHES = 12


def _running_tournaments(request):
    """What the home page's live part shows comes from the running public tournaments:
    their marks (the list changes too when one starts, finishes, hides or goes), and
    the club's."""
    if not live.is_partial(request):
        return ()
    running = Tournament.objects.public().filter(status=Tournament.Status.RUNNING)
    return list(running.annotate(club_mark=live.CLUB_MARK).values_list("pk", "mark", "club_mark"))


def _running_marks(request, rows):
    return [value for row in rows for value in row]


@live.conditional(_running_tournaments, _running_marks, whole_page=False)
def home(request):
    """The current season first: the matches being played now, the next ones, the
    running tournaments; then the earlier seasons.

    Template: tournament/home.html (tournament/includes/home_live.html alone for the
    live refresh); context: current (the season being played: core.seasons), next (the
    seasons after it, made early), others (the earlier seasons), live, upcoming.
    """
    on_show = Match.objects.filter(
        tournament__public=True, tournament__status=Tournament.Status.RUNNING
    ).select_related("tournament", "bracket", "player1", "player2")
    context = {
        "live": list(on_show.live().order_by("-version")[:HOME_MATCHES]),
        "upcoming": list(on_show.ready().order_by("round", "pk")[:HOME_MATCHES]),
    }
    if request.GET.get("partial") == "live":
        return render(request, "tournament/includes/home_live.html", context)
    seasons = list(
        Season.objects.prefetch_related(
            Prefetch(
                "tournaments",
                queryset=Tournament.objects.public().order_by(RUNNING_FIRST, "-date", "name"),
                to_attr="public_tournaments",
            )
        )
    )
    by_year = {season.year: season for season in seasons}
    year = current_season(
        by_year,
        running=[s.year for s in seasons if any(t.is_running for t in s.public_tournaments)],
        this_year=timezone.localdate().year,
    )
    later, earlier = split_seasons(by_year, year)
    context["current"] = by_year.get(year)
    context["next"] = [by_year[year] for year in later]
    context["others"] = [by_year[year] for year in earlier]
    return render(request, "tournament/home.html", context)


def season(request, year):
    """A season's rules in plain words and its tournaments.

    Template: tournament/season.html; context: season, rule_texts, preset_label,
    tournaments.
    """
    season = get_object_or_404(Season, year=year)
    context = {
        "season": season,
        "rule_texts": describe_rules(season.rules),
        "preset_label": PRESET_LABELS.get(season.preset, ""),
        "tournaments": season.tournaments.public().order_by("-date", "name"),
    }
    return render(request, "tournament/season.html", context)


def _looked_for(request, tournament):
    """The player a visitor asked to follow: ?player=<id>, or ?name=<part of a name>.

    Returns (player or None, candidates when the name fits several, the query)."""
    wanted = request.GET.get("player", "")
    query = request.GET.get("name", "")[:100].strip()
    # An id as digits ("0012" is 12); not "²" (a digit to isdigit(), not to int()), not
    # a number longer than any id (int() refuses thousands of digits).
    by_id = wanted.isascii() and wanted.isdigit() and len(wanted) <= 30
    if not by_id and not query:
        return None, [], ""
    entrants = [entry.player for entry in tournament.entries.select_related("player")]
    if by_id:
        found = [player for player in entrants if player.pk == int(wanted)]
        return (found[0] if found else None), [], ""
    key = normalize_name(query)
    # A query of punctuation alone ("'") has an empty key, which every name holds.
    found = [player for player in entrants if key and key in normalize_name(player.name)]
    if len(found) == 1:
        return found[0], [], query
    return None, sorted(found, key=lambda player: player.name), query


@live.conditional(live.public_tournament, live.tournament_marks)
def tournament(request, pk):
    """A tournament's brackets (main, consolation, last chance), round by round, or a
    club night's standings and rounds; with ?name= or ?player=, that player's path
    through them is marked.

    The brackets are rendered once per change of the tournament (live.rendered), and a
    poll that finds nothing new is a 304 (live.conditional).

    Template: tournament/tournament.html (the live part alone for the live refresh);
    context: tournament, found, candidates, query, live_html (live.HOLE: the live part
    is spliced in as bytes), others_html (the rendered parts: _tournament_parts),
    paper, has_brackets.
    """
    tournament = request.live_row
    if tournament is None:
        raise Http404
    look = cache(lambda: _looked_for(request, tournament))
    # The parts are kept per entrant followed, never per query string: ?player=0012,
    # a stranger's id or a name that fits nobody is the page with nobody followed, kept
    # once (each kept part stays a day; junk queries must not fill the cache).
    found = look()[0]
    variant = f"p{found.pk}" if found else ""
    parts = live.rendered(
        "tournament",
        live.tournament_marks(request, tournament),
        f"{tournament.pk}:{variant}",
        lambda: _tournament_parts(tournament, look()[0]),
    )
    if request.GET.get("partial") == "brackets":
        return HttpResponse(parts["live"])
    found, candidates, query = look()
    context = {
        "tournament": tournament,
        "found": found,
        "candidates": candidates,
        "query": query,
        "live_html": live.HOLE,
        "others_html": mark_safe(parts["others"]),  # noqa: S308 -- rendered by our templates
        "paper": parts["paper"],
        "has_brackets": parts["has_brackets"],
    }
    return live.splice(render(request, "tournament/tournament.html", context), parts["live"])


def _tournament_parts(tournament, found) -> dict:
    """The tournament page's expensive parts, rendered without the request (they are
    kept for every visitor): the live part (tournament/includes/brackets.html, or
    club_night_live.html for a Swiss or a round robin) and the other matches
    (tournament/includes/other_matches.html); with what the page around them needs.

    Context of the templates: tournament, brackets (bracket_layout.BracketView), club
    (club_nights.ClubNight, a club night only), path, other_matches, found."""
    matches = list(tournament.matches.select_related("player1", "player2", "winner", "bracket"))
    highlight = found.pk if found else None
    context = {"tournament": tournament, "found": found, "club": None}
    if tournament.is_club_night:
        # A round robin's knockout, once drawn, is bracketed; the rounds are the club's.
        knockout = [match for match in matches if match.bracket_id is not None]
        brackets = (
            lay_out(tournament, knockout, tournament.brackets.all(), highlight=highlight)
            if knockout
            else []
        )
        context["club"] = club_night(tournament, matches)
        others = [m for m in matches if m.bracket_id is None and m.round is None]
        template = "tournament/includes/club_night_live.html"
    else:
        brackets = lay_out(tournament, matches, tournament.brackets.all(), highlight=highlight)
        others = [match for match in matches if match.bracket_id is None]
        template = "tournament/includes/brackets.html"
    context.update(brackets=brackets, path=path_of(brackets), other_matches=others)
    return {
        "live": render_to_string(template, context).encode(),
        "others": render_to_string("tournament/includes/other_matches.html", context),
        # The sheet the page prints on (site.css paper-*): the first bracket's.
        "paper": brackets[0].paper if brackets and not context["club"] else "",
        "has_brackets": bool(brackets),
    }


def _match_row(request, pk):
    return (
        Match.objects.filter(tournament__public=True)
        .select_related("tournament__season", "player1", "player2", "winner", "bracket")
        .annotate(club_mark=live.CLUB_MARK)
        .filter(pk=pk)
        .first()
    )


def _match_marks(request, match):
    return (match.tournament.mark, match.club_mark)


@live.conditional(_match_row, _match_marks)
def match(request, pk):
    """A match game by game: the score before each game, its points, the Crawford game.

    Template: tournament/match.html (tournament/includes/match_live.html alone for the
    live refresh); context: match, state (scoring.MatchState, None if the stored games
    no longer replay), rows (game row, outcome), replay_error, chances (each player's
    chance to win the match at this score, or None).
    """
    match = request.live_row
    if match is None:
        raise Http404
    if match.is_bye:
        return _bye(request, match)
    games = list(match.games.all())
    state, replay_error = None, None
    try:
        state = match.replay_games([game.as_result() for game in games])
    except scoring.IllegalGame as error:
        # Only possible if the season's rules were edited after the games were played:
        # show the games as stored, and say so, rather than fail.
        replay_error = error.message(gettext)
    rows = list(zip(games, state.games, strict=True)) if state else [(g, None) for g in games]
    context = {
        "match": match,
        "state": state,
        "rows": rows,
        "replay_error": replay_error,
        "feeders": feeders_of(match),
        "chances": equity.chances_at(state)
        if state and match.player1_id and match.player2_id
        else None,
    }
    if request.GET.get("partial") == "score":
        return render(request, "tournament/includes/match_live.html", context)
    return render(request, "tournament/match.html", context)


def _bye(request, match):
    """A bye's slot: who goes on without playing, and where they play next.

    Template: tournament/match.html; context: match, bye_player, bye_next (their next
    match in the tournament, as the plan or the rounds say: queries.onward)."""
    player = match.winner or match.player1 or match.player2
    onward = where_next(match) if player else []
    later = onward[0].next_match if onward else None
    context = {"match": match, "bye_player": player, "bye_next": later}
    return render(request, "tournament/match.html", context)


def player(request, pk):
    """A player's next match, their matches with score and opponent, and the record
    against each opponent.

    Template: tournament/player.html; context: player, next_match
    (bracket_layout.NextMatch or None), matches (PlayerMatchesTable), head_to_head
    (HeadToHeadTable).
    """
    player = get_object_or_404(Player, pk=pk)
    lines, head_to_head = player_history(player)
    coming = next_match_of(player)
    chart = rating_chart(list(player.rating_changes.order_by("sequence")))
    matches = PlayerMatchesTable(lines, prefix="m-")
    RequestConfig(request, paginate={"per_page": 25}).configure(matches)
    rivals = HeadToHeadTable(head_to_head, prefix="h-")
    RequestConfig(request, paginate={"per_page": 25}).configure(rivals)
    context = {
        "player": player,
        "matches": matches,
        "head_to_head": rivals,
        "next_match": coming,
        "chart": chart,
    }
    return render(request, "tournament/player.html", context)


def season_standings(request, year):
    """The season's standings: league points for places, then matches, games and points.

    Template: tournament/standings.html; context: season, table, scale (bracket label,
    [(places, points)]), tie_breaks, tournaments, still_playing (tournaments under way:
    the standings are provisional).
    """
    season = get_object_or_404(Season, year=year)
    # Computed once per change of the season's tournaments (a 20,000-game season reads
    # every match): a page nobody changed since costs two queries.
    marks = live.season_marks(season)
    standings = live.computed(f"standings-{season.pk}", marks, lambda: season_standings_of(season))
    table = StandingsTable(standings.records)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {
        "season": season,
        "table": table,
        "scale": _scale(season),
        "tie_breaks": [gettext(text) for text in league.TIE_BREAKS],
        "tournaments": standings.tournaments,
        "still_playing": standings.still_playing,
        "still_playing_names": ", ".join(t.name for t in standings.still_playing),
    }
    return render(request, "tournament/standings.html", context)


def _scale(season: Season) -> list:
    return [
        (BRACKET_LABELS[kind], [(league.band_label(i), v) for i, v in enumerate(values)])
        for kind, values in season.scale.items()
        if values
    ]


def tournament_results(request, pk):
    """A tournament's final places bracket by bracket, and its players' figures.

    Template: tournament/results.html; context: tournament, places (PlacesTable),
    table (StandingsTable), money (the pools and, once places are known, the prizes).
    """
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    standings = tournament_standings(tournament)
    # A Swiss or a round robin has no brackets to tell its places apart.
    places = PlacesTable(
        place_rows(standings.places),
        prefix="p-",
        exclude=("kind",) if tournament.is_club_night else (),
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
