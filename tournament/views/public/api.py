"""Read-only JSON for other club tools: the tournaments and their brackets, or a club
night's rounds and standings, and a match with GNU Backgammon's figures (docs/api.md).

Public like the pages; the same layout code feeds both, so they never disagree.
"""

from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.http import JsonResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from ...core import draw, tables
from ...models import Match, Tournament
from ...queries.bracket_layout import MatchView, SlotView, lay_out
from ...queries.club_nights import ClubNight, club_night
from ...queries.prizes import tournament_money
from ...queries.public_matches import public_match_for_json
from ...queries.public_tournaments import (
    matches_with_pr,
    public_tournament,
    public_tournaments_listed,
)
from ...queries.skill import Skill, skill_of
from ...queries.teams import team_event
from .api_teams import team_event_json

STATUS = {
    Match.Status.PENDING: "pending",
    Match.Status.READY: "ready",
    Match.Status.LIVE: "live",
    Match.Status.DECIDED: "decided",
    Match.Status.BYE: "bye",
    Match.Status.VOID: "bye",  # nobody plays: to a reader it is a bye like any other
}


def _summary(tournament: Tournament) -> dict:
    # A double elimination also says whether its grand final has a reset (only then, so
    # the other tournaments' answers are what they were). A cup's consolation setting,
    # asked as such: the format (a cup) does not know it, and no draw is read here.
    double = (
        {"grand_final_reset": tournament.grand_final_reset}
        if draw.ends_in_grand_final(tournament.consolation)
        else {}
    )
    # A season that spans two years also gives its years, as its addresses do (only
    # then, so that a calendar year's answer is what it was).
    season = tournament.season
    spanning = {"season_years": season.years} if season.years != str(season.year) else {}
    return (
        {
            "id": tournament.pk,
            "name": tournament.name,
            # Its club's address name: one federation's JSON, many clubs' events.
            "club": season.club.slug,
            "season": season.year,
            "status": tournament.status,
            "format": tournament.format,
            "consolation": tournament.consolation,
            "last_chance": tournament.last_chance,
            "date": tournament.date.isoformat(),
            "url": reverse("api-tournament", args=[tournament.pk]),
        }
        | spanning
        | double
    )


def _match(item) -> dict:
    match = item.match
    return {
        "id": match.pk,
        "position": match.position,
        "players": [slot.player.name if slot.player else None for slot in item.slots],
        "sources": [slot.source for slot in item.slots],
        "score": [match.score1, match.score2],
        # A reset nobody needed is not a bye: the grand final's winner had not lost.
        "status": "not_needed"
        if item.not_needed and match.is_settled_empty
        else STATUS[match.status],
        "winner": item.winner_side,
        "table": tables.as_value(match.table),
    } | _prs(match)


def _prs(match: Match) -> dict:
    """Each side's GNUBG PR in the deepest analysis, once the match has one: only then,
    so the answer for a match without analysis is what it always was."""
    prs = [getattr(match, "pr1", None), getattr(match, "pr2", None)]
    return {"pr": prs} if prs != [None, None] else {}


def _analysis(skill: Skill | None) -> dict | None:
    """GNU Backgammon's deepest analysis of a match, both players in the match's order."""
    if skill is None:
        return None
    return {
        "ply": skill.analysis.ply,
        "version": skill.analysis.version,
        "analysed_at": skill.analysis.analysed_at.isoformat(),
        "players": [
            {
                "side": figures.side - 1,  # as "winner": 0 is the match's first player
                "player": player.name if player else figures.name_in_file,
                "pr": figures.pr,
                "error_rate": figures.error_rate,
                "decisions": figures.decisions,
                "unforced_moves": figures.unforced_moves,
                "cube_decisions": figures.cube_decisions,
                "chequer_errors": figures.chequer_errors,
                "chequer_blunders": figures.chequer_blunders,
                "cube_errors": figures.cube_errors,
                "cube_blunders": figures.cube_blunders,
                "luck_total": figures.luck_total,
                "luck_rate": figures.luck_rate,
                "biggest": [
                    {
                        "game": error.game,
                        "move": error.move,
                        "kind": error.kind,
                        "position_id": error.position_id,
                        "match_id": error.match_id,
                        "played": error.played,
                        "best": error.best,
                        "equity_lost": error.equity_lost,
                    }
                    for error in errors
                ],
            }
            for player, figures, errors in skill.sides
        ],
    }


def _clock(tournament: Tournament) -> dict | None:
    clock = tournament.clock
    if not clock.used:
        return None
    return {
        "policy": clock.policy,
        "minutes_per_point": clock.minutes_per_point,
        "delay_seconds": clock.delay_seconds,
        "delay_kind": clock.delay_kind,
    }


def _money(tournament: Tournament, brackets, matches) -> dict:
    """The pools (what each bracket shares, as decimal strings; side pools apart) and
    the prizes once places are known, side pools' marked "side": true."""
    money = tournament_money(tournament, brackets=brackets, matches=matches)
    prizes = []
    for line in money.prizes:
        prize = {"bracket": line.kind, "places": line.places, "amount": str(line.amount)}
        if line.side:
            prize["side"] = True
        prize["players"] = [player.name for player in line.players]
        prizes.append(prize)
    return {
        "pools": {pool.kind: str(pool.amount) for pool in money.pools if not pool.side},
        "prizes": prizes,
    }


def _bracket(view) -> dict:
    return {
        "kind": view.kind,
        "champion": view.champion.name if view.champion else None,
        "rounds": [
            {
                "number": round_view.number,
                "name": round_view.name,
                "length": round_view.length,
                "matches": [_match(item) for item in round_view.matches],
            }
            for round_view in view.rounds
        ],
        "places": [
            {"places": place.places, "players": [player.name for player in place.players]}
            for place in view.places
        ],
    }


def _club_match(match: Match) -> dict:
    """A club night's pairing as the brackets' match: both players are entrants, so
    each one's source is the player, as for a bracket's first round."""
    slots = tuple(
        SlotView(player, player.name if player else "", score)
        for player, score in zip(match.players, (match.score1, match.score2), strict=True)
    )
    return _match(MatchView(match, slots))


def _club_night(tournament: Tournament, club: ClubNight) -> dict:
    """The rounds (group by group) with their pairings and byes, and each group's
    standings with every tie-break; the format's own sections before the rounds (a
    Swiss says how many rounds it has) or after them (a Swiss with lives, its lives)."""
    data = _sections(tournament, club, BEFORE_ROUNDS)
    data["rounds"] = [
        {
            "group": group.number,
            "number": club_round.number,
            "length": club_round.length,
            "deadline": club_round.deadline.isoformat() if club_round.deadline else None,
            "matches": [_club_match(match) for match in club_round.matches],
            "byes": [bye.player1.name for bye in club_round.byes],
        }
        for group in club.groups
        for club_round in group.rounds
    ]
    data |= _sections(tournament, club, AFTER_ROUNDS)
    if club.win_skill or club.average_pr:
        data["scoring"] = tournament.scoring
        data["tie_break"] = tournament.tie_break
    data["standings"] = [
        {
            "group": group.number,
            "rows": [_standing_row(club, row) for row in group.standings],
        }
        for group in club.groups
    ]
    return data


def _swiss(tournament: Tournament, club: ClubNight | None) -> dict:
    """A Swiss: how many rounds it has, and the knockout of its top K that follows (its
    matches are the "brackets")."""
    knockout = {"knockout_of": tournament.swiss_knockout} if tournament.swiss_knockout else {}
    return {"swiss_rounds": tournament.rounds, **knockout}


def _lives(tournament: Tournament, club: ClubNight) -> dict:
    """A Swiss with lives: its settings and each player's lives, losses and the round
    they went out in (None while still in), in standings order."""
    knockout = tournament.played_as.knockout_follows(tournament)
    return {
        "lives": tournament.lives,
        "playoff": tournament.playoff,
        "reentry_fee": None if tournament.reentry_fee is None else str(tournament.reentry_fee),
        "rows": [
            {
                "place": row.place,
                "tied": row.tied,
                "player": getattr(row.player, "name", None),
                "player_id": getattr(row.player, "pk", row.player),
                "still_in": row.still_in,
                "winner": row.won,
                "lives_left": row.lives_left,
                "losses": row.losses,
                "wins": row.wins,
                "byes": row.byes,
                "out_round": row.out_round,
                "reentered": row.reentered,
                "withdrawn": row.withdrawn,
                # Ending in a knockout of the last N: gone on to it (its matches are
                # the "brackets").
                **(
                    {"knockout": getattr(row.player, "pk", row.player) in club.knockout_players}
                    if knockout
                    else {}
                ),
            }
            for row in club.lives
        ],
        **({"knockout_of": tournament.swiss_knockout} if knockout else {}),
    }


def _lives_section(tournament: Tournament, club: ClubNight | None) -> dict:
    return {"lives": _lives(tournament, club)}


def _team_event(tournament: Tournament, club: ClubNight | None) -> dict:
    """A team event: its teams, group tables and team matches with their boards."""
    return {"team_event": team_event_json(team_event(tournament))}


# Where a format's own JSON sections go (`Format.json`): in a club night's, before or
# after its rounds, or after everything else.
BEFORE_ROUNDS, AFTER_ROUNDS, LAST = "before_rounds", "after_rounds", "last"
JSON_SECTIONS = {
    "swiss": (BEFORE_ROUNDS, _swiss),
    "lives": (AFTER_ROUNDS, _lives_section),
    "teams": (LAST, _team_event),
}


def _sections(tournament: Tournament, club: ClubNight | None, where: str) -> dict:
    """The format's JSON sections that go `where`, in the order its parts list them."""
    data: dict = {}
    for part in tournament.played_as.json:
        place, section = JSON_SECTIONS[part]
        if place == where:
            data |= section(tournament, club)
    return data


def _standing_row(club: ClubNight, row) -> dict:
    """A standings row; under Win + Skill its points and skill points, with the
    average-PR tie-break the average GNUBG PR (None without an analysed match)."""
    found = {
        "place": row.place,
        "tied": row.tied,
        "player": row.player.name,
        "player_id": row.player.pk,
        "wins": row.wins,
        "losses": row.losses,
        "byes": row.byes,
        "median_buchholz": row.median_buchholz,
        "buchholz": row.buchholz,
        "points_difference": row.points_difference,
    }
    if club.tournament.played_as.knockout_follows(club.tournament):
        found["knockout"] = row.player.pk in club.knockout_players
    if club.win_skill:
        found["points"] = row.points
        found["skill_points"] = row.skill_points
        # Matches of theirs whose skill point waits for an analysis.
        found["awaiting_analysis"] = row.awaiting_analysis
    if club.average_pr:
        found["average_pr"] = row.average_pr
    return found


# Tournaments a page of the list: the same work for a reader however long the history,
# and a page no longer than one season's cups (about 15 in the bench's season of 20,000
# games), so that a club with one season and a club with ten answer page 1 alike.
TOURNAMENTS_PAGE = 25


def _page_url(number: int | None) -> str | None:
    return None if number is None else f"{reverse('api-tournaments')}?page={number}"


@require_GET
def tournaments(request):
    """The public tournaments, newest first, a page of TOURNAMENTS_PAGE at a time
    (`?page=`, from 1): the page's tournaments, its number, how many pages and
    tournaments there are, and the next and previous pages' addresses (null at either
    end). Two queries whatever the page: the count and the page's rows."""
    paginator = Paginator(public_tournaments_listed(), TOURNAMENTS_PAGE)
    try:
        page = paginator.page(request.GET.get("page", 1))
    except PageNotAnInteger:
        return JsonResponse({"error": gettext("The page is a whole number.")}, status=400)
    except EmptyPage:
        return JsonResponse(
            {
                "error": gettext("No such page: the pages run from 1 to %(last)d.")
                % {"last": paginator.num_pages}
            },
            status=404,
        )
    return JsonResponse(
        {
            "tournaments": [_summary(row) for row in page],
            "page": page.number,
            "pages": paginator.num_pages,
            "count": paginator.count,
            "next": _page_url(page.next_page_number() if page.has_next() else None),
            "previous": _page_url(page.previous_page_number() if page.has_previous() else None),
        }
    )


@require_GET
def tournament(request, pk):
    """One tournament with its brackets, rounds and matches, or a club night's rounds
    and standings (shape in the README)."""
    tournament = public_tournament(pk)
    if tournament is None:
        # The JSON answers its errors in JSON, not with the site's HTML 404 page.
        return JsonResponse({"error": gettext("No such tournament.")}, status=404)
    matches = matches_with_pr(tournament)
    bracket_rows = list(tournament.brackets.all())
    brackets = lay_out(tournament, matches, bracket_rows)
    data = _summary(tournament)
    data["clock"] = _clock(tournament)
    data.update(_money(tournament, bracket_rows, matches))
    data["brackets"] = [_bracket(view) for view in brackets]
    club = None
    if tournament.played_as.in_rounds:
        club = club_night(tournament, matches)
        data.update(_club_night(tournament, club))
    data |= _sections(tournament, club, LAST)
    return JsonResponse(data)


@require_GET
def match(request, pk):
    """One match of a public tournament: its players, score and status as in the
    tournament's JSON, and GNU Backgammon's deepest analysis (null without one)."""
    row = public_match_for_json(pk)
    if row is None:
        return JsonResponse({"error": gettext("No such match.")}, status=404)
    return JsonResponse(
        {
            "id": row.pk,
            "tournament": {
                "id": row.tournament_id,
                "name": row.tournament.name,
                "url": reverse("api-tournament", args=[row.tournament_id]),
            },
            "round": row.round,
            "length": row.length,
            "players": [player.name if player else None for player in row.players],
            "score": [row.score1, row.score2],
            "status": STATUS[row.status],
            "winner": row.winner_side,
            "analysis": _analysis(skill_of(row, boards=False)),
        }
    )
