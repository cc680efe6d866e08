"""A tournament's page: its brackets round by round, or a club night's standings and
rounds, with one player's way through them marked when a visitor follows someone. The
brackets are rendered once per change of the tournament and a poll that finds nothing
new is a 304 (web.live)."""

from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from ...core.names import normalize_name
from ...models import Tournament
from ...queries.bracket_layout import lay_out, path_of, window
from ...queries.club_nights import club_night
from ...queries.teams import team_event
from ...queries.tournament_page import brackets_with_fees, cup_rows, matches_with_players
from ...queries.tournament_page import entrants as tournament_entrants
from ...web import live
from ...web.cards import link_places, render_cards


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
    entrants = tournament_entrants(tournament)
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
    # Every round (?rounds=all), or a large bracket's window (bracket_layout.window):
    # two variants, whatever else the query says.
    every_round = request.GET.get("rounds") == "all"
    variant = (f"p{found.pk}" if found else "") + (":all" if every_round else "")
    parts = live.rendered(
        "tournament",
        live.tournament_marks(request, tournament),
        f"{tournament.pk}:{variant}",
        lambda: _tournament_parts(tournament, look()[0], every_round),
    )
    if request.GET.get("partial") == "brackets":
        return live.part_response(request, parts["live"])
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
        "every_round": every_round,
        # Read from the row the page has: a closed registration costs no query.
        "registration": _registration(tournament, parts["has_brackets"]),
    }
    return live.splice(render(request, "tournament/tournament.html", context), parts["live"])


def _registration(tournament, has_brackets) -> dict | None:
    """The registration part (its fees: one query), while sign-ups are taken."""
    if not tournament.registration_is_open() or not tournament.is_draft or has_brackets:
        return None
    return {"fees": brackets_with_fees(tournament)}


def _tournament_parts(tournament, found, every_round=False) -> dict:
    """The tournament page's expensive parts, rendered without the request (they are
    kept for every visitor): the live part its format's page shows (LIVE_PARTS, by
    `Format.page`: the brackets, a club night's standings and rounds, or a team event)
    and the other matches (tournament/includes/other_matches.html); with what the page
    around them needs.

    Without `every_round`, a large bracket sends a window of rounds, the others as
    their headings with a link to the page with `?rounds=all` (bracket_layout.window).

    Context of the templates: tournament, brackets (bracket_layout.BracketView), club
    (club_nights.ClubNight, a club night only), path, other_matches, found,
    all_rounds_url (the page with every round, for the rounds left out)."""
    highlight = found.pk if found else None
    context = {"tournament": tournament, "found": found, "club": None}
    part = LIVE_PARTS[tournament.played_as.page]
    brackets, others = part.build(tournament, context, highlight)
    if not every_round:
        window(brackets)
    render_cards(brackets)
    link_places(brackets)
    context.update(
        brackets=brackets,
        path=path_of(brackets),
        other_matches=others,
        all_rounds_url="?rounds=all" + (f"&player={found.pk}" if found else ""),
    )
    return {
        "live": render_to_string(part.template, context).encode(),
        "others": render_to_string("tournament/includes/other_matches.html", context),
        # The sheet the page prints on (site.css paper-*): the first bracket's.
        "paper": brackets[0].paper if brackets and part.prints else "",
        "has_brackets": bool(brackets),
    }


def _team_event(tournament, context: dict, highlight) -> tuple[list, list]:
    """Teams, group tables and team matches with their boards; the knockout too."""
    context["team_event"] = team_event(tournament)
    return [], []


def _club_night(tournament, context: dict, highlight) -> tuple[list, list]:
    """The standings and rounds (club_nights.ClubNight), and a knockout once drawn."""
    matches = matches_with_players(tournament)
    bracket_rows = tournament.brackets.all()  # read only for a knockout
    # A round robin's knockout, once drawn, is bracketed; the rounds are the club's.
    knockout = [match for match in matches if match.bracket_id is not None]
    brackets = lay_out(tournament, knockout, bracket_rows, highlight=highlight) if knockout else []
    context["club"] = club_night(tournament, matches)
    return brackets, [m for m in matches if m.bracket_id is None and m.round is None]


def _brackets(tournament, context: dict, highlight) -> tuple[list, list]:
    """The brackets, round by round."""
    matches, bracket_rows = cup_rows(tournament)
    brackets = lay_out(tournament, matches, bracket_rows, highlight=highlight)
    return brackets, [match for match in matches if match.bracket_id is None]


class LivePart(NamedTuple):
    """The live part of a tournament's page: its template, what fills its context and
    gives its brackets and other matches, and whether the page prints on its first
    bracket's sheet."""

    template: str
    build: Callable[[Tournament, dict, int | None], tuple[list, list]]
    prints: bool = False


# The live part of each format's page (core.formats.Format.page).
LIVE_PARTS = {
    "brackets": LivePart("tournament/includes/brackets.html", _brackets, prints=True),
    "club_night": LivePart("tournament/includes/club_night_live.html", _club_night),
    "team_event": LivePart("tournament/includes/team_event.html", _team_event),
}
