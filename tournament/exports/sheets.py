"""The secretary's spreadsheet: a season's (or a tournament's) standings, places,
matches, games (and penalty points), players, skill (GNUBG PR, exports.skill), prizes
and rules, as sheets for `workbook.write_workbook`.

The standings figures come from `queries.standings` through the same django-tables2
table as the page, and the prizes from `queries.prizes` as on the results page, so the
workbook and the pages agree.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from itertools import chain

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ..core import draw, league
from ..models import Game, Match, Penalty, Season, Tournament
from ..queries.bracket_layout import BRACKET_LABELS
from ..queries.club_nights import club_night
from ..queries.prizes import tournament_money
from ..queries.standings import Standings, season_standings, tournament_standings
from ..queries.teams import team_event
from ..rule_texts import PRESET_LABELS, describe_rules
from ..tables import PlacesTable, StandingsTable, place_rows
from .club_nights import club_night_sheets
from .reads import read_once
from .skill import skill_sheet
from .teams import team_event_sheets
from .workbook import MAX_WIDTH, Sheet, fit

# Rows fetched from the database at a time for the Matches and Games sheets. A chunk is
# the only part of those sheets held in memory (about 0.7 KiB a row): small enough that a
# season of 2,000 games and one of 20,000 peak alike, large enough that the extra
# round trips cost nothing measurable (`make bench`: export_memory_flat).
ROWS_CHUNK = 250


def standings_sheet(standings: Standings) -> Sheet:
    """The standings page's table, and what its points won and lost are."""
    values = list(StandingsTable(standings.records).as_values())
    headers, rows = [str(header) for header in values[0]], values[1:]
    notes = [_(league.POINTS_AS_WRITTEN)]
    return Sheet(_("Standings"), headers, rows, fit(headers, rows), notes=notes)


def places_sheet(standings: Standings) -> Sheet:
    values = list(PlacesTable(place_rows(standings.places)).as_values())
    headers, rows = [str(header) for header in values[0]], values[1:]
    return Sheet(_("Places"), headers, rows, fit(headers, rows))


def _stages():
    """(bracket kind, round, position, the bracket's rounds, group) -> the row's three
    stage cells: the bracket, the round as every page names it ("Quarter-finals",
    "Round 2", a club night's "Round 3"), the match's number in it. Each name translated
    once per sheet, not once per row (a row a game). A club night's match has no bracket
    but its round and number; a match outside both, neither."""
    labels = {kind: str(label) for kind, label in BRACKET_LABELS.items()}
    names: dict[tuple, str] = {}

    def round_name(kind: str | None, number: int, rounds: int, group: int) -> str:
        key = (kind, number, rounds, group)
        if key not in names:
            if kind is None:
                text = _("Round %(number)d") % {"number": number}
                if group:
                    text = ", ".join((_("Group %(number)s") % {"number": group}, text))
            else:
                text = draw.Names({kind: rounds}).round(kind, number, within=kind).text(_)
            names[key] = text
        return names[key]

    def stage(
        kind: str | None,
        round_number: int | None,
        position: int | None,
        rounds: int | None = 0,
        group: int = 0,
    ) -> tuple:
        if round_number is None:
            return ("", None, None)
        named = round_name(kind, round_number, rounds or 0, group)
        return (labels[kind] if kind else "", named, position)

    return stage


def _match_rows(matches) -> Iterator[tuple]:
    decided_by = {key: str(label) for key, label in Match.DecidedBy.choices}
    statuses = {key: str(label) for key, label in Match.Status.choices}
    stage = _stages()
    for row in matches:
        (
            tournament,
            tournament_date,
            kind,
            round_number,
            position,
            first,
            second,
            length,
            score1,
            score2,
            winner,
            how,
            decided_at,
            status,
            rounds,
            group,
        ) = row
        day = timezone.localtime(decided_at).date() if decided_at else tournament_date
        yield (
            tournament,
            *stage(kind, round_number, position, rounds, group),
            first,
            second,
            length,
            score1,
            score2,
            winner or "",
            decided_by[how] if how else "",
            day,
            # Ready and live matches are not 0-0 results: the status says so.
            statuses[status],
        )


def _match_columns() -> list[str]:
    """The columns that say which match a row is about (Matches and Games sheets)."""
    return [_("Tournament"), _("Bracket"), _("Round"), _("Match"), _("Player 1"), _("Player 2")]


def _widths(headers, tournaments, name_width: int, wide: dict[int, int]) -> list[int]:
    """Widths known before streaming: the longest tournament name, the longest player
    name for the name columns (`wide` maps other columns to a minimum width)."""
    widths = fit(headers)
    widths[0] = min(max([len(t.name) + 2 for t in tournaments] + [widths[0]]), MAX_WIDTH)
    widths[1] = max(widths[1], 14)
    for index in (4, 5, 9):
        widths[index] = max(widths[index], name_width)
    for index, minimum in wide.items():
        widths[index] = max(widths[index], minimum)
    return widths


def in_date_order(tournaments: Sequence[Tournament]) -> list[Tournament]:
    """The season's tournaments in the sheets' order (by date, then as entered). The
    Matches and Games sheets read their rows tournament by tournament in this order:
    one query sorting a whole season's 20,000 games made the database's sorter (SQLite
    sorts in the site's own process) grow with the season, where one tournament's rows
    stay as small as a tournament."""
    return sorted(tournaments, key=lambda tournament: (tournament.date, tournament.pk))


def matches_sheet(tournaments: Sequence[Tournament], name_width: int) -> Sheet:
    headers = [
        *_match_columns(),
        _("Length"),
        _("Score 1"),
        _("Score 2"),
        _("Winner"),
        _("Decided by"),
        _("Date"),
        _("Status"),
    ]

    def matches_of(tournament):
        return (
            Match.objects.filter(tournament=tournament, player1__isnull=False)
            .filter(player2__isnull=False)
            # The rounds (no bracket) before a knockout after them, on every database:
            # SQLite sorts NULL first and PostgreSQL last unless told.
            .order_by(F("bracket_id").asc(nulls_first=True), "round", "position", "pk")
            .values_list(
                "tournament__name",
                "tournament__date",
                "bracket__kind",
                "round",
                "position",
                "player1__name",
                "player2__name",
                "length",
                "score1",
                "score2",
                "winner__name",
                "decided_by",
                "decided_at",
                "status",
                "bracket__rounds",
                "group",
            )
        )

    widths = _widths(headers, tournaments, name_width, {11: 12, 12: 14})
    rows = chain.from_iterable(
        _match_rows(matches_of(tournament).iterator(chunk_size=ROWS_CHUNK))
        for tournament in in_date_order(tournaments)
    )
    return Sheet(_("Matches"), headers, rows, widths)


def _game_rows(games, penalties) -> Iterator[tuple]:
    """The Games sheet's rows: each match's penalty points (before its first game) and
    then its games, with the score before each."""
    kinds = {key: str(label) for key, label in Game.KIND_CHOICES}
    hows = {key: str(label) for key, label in Game.HOW_CHOICES}
    penalty, late = _("penalty points"), _("late: %(minutes)s minutes")
    yes, no = _("yes"), _("no")
    stage = _stages()
    current, before = None, [0, 0]
    # Both streams come in match order: merged, a match's penalties come first.
    rows = heapq.merge(
        ((row[:3], 0, row[3:]) for row in penalties),
        ((row[:3], 1, row[3:]) for row in games),
        key=lambda item: (item[0], item[1]),
    )
    for (_date, _tournament_id, match_id), is_game, row in rows:
        (tournament, kind, round_number, position, rounds, group, first, second) = row[:8]
        if match_id != current:
            current, before = match_id, [0, 0]
        if not is_game:
            side, points, minutes = row[8:]
            yield (
                tournament,
                *stage(kind, round_number, position, rounds, group),
                first,
                second,
                None,
                before[0],
                before[1],
                (first, second)[side],
                penalty,
                None,
                late % {"minutes": minutes} if minutes is not None else "",
                points,
                no,
            )
            before[side] += points
            continue
        number, winner, game_kind, cube, how, points, crawford = row[8:]
        # The score before each game is the sum of the stored points of the games
        # before it, which scoring.replay() computed when they were recorded.
        yield (
            tournament,
            *stage(kind, round_number, position, rounds, group),
            first,
            second,
            number,
            before[0],
            before[1],
            (first, second)[winner],
            kinds[game_kind],
            cube,
            hows[how],
            points,
            yes if crawford else no,
        )
        before[winner] += points


MATCH_OF_ROW = (
    "match__tournament__date",
    "match__tournament_id",
    "match_id",
    "match__tournament__name",
    "match__bracket__kind",
    "match__round",
    "match__position",
    "match__bracket__rounds",
    "match__group",
    "match__player1__name",
    "match__player2__name",
)


def games_sheet(tournaments: Sequence[Tournament], name_width: int) -> Sheet:
    headers = [
        *_match_columns(),
        _("Game"),
        _("Score before, player 1"),
        _("Score before, player 2"),
        _("Winner"),
        _("Kind"),
        _("Cube"),
        _("How it ended"),
        _("Points"),
        _("Crawford game"),
    ]
    in_order = ("match__tournament__date", "match__tournament_id", "match_id", "number")

    def games_of(tournament):
        games = (
            Game.objects.filter(match__tournament=tournament)
            .order_by(*in_order)
            .values_list(
                *MATCH_OF_ROW, "number", "winner", "kind", "cube", "how", "points", "crawford"
            )
        )
        penalties = (
            Penalty.objects.filter(match__tournament=tournament)
            .order_by(*in_order)
            .values_list(*MATCH_OF_ROW, "side", "points", "minutes_late")
        )
        return _game_rows(
            games.iterator(chunk_size=ROWS_CHUNK), penalties.iterator(chunk_size=ROWS_CHUNK)
        )

    widths = _widths(headers, tournaments, name_width, {10: 12, 12: 16})
    rows = chain.from_iterable(games_of(tournament) for tournament in in_date_order(tournaments))
    return Sheet(_("Games"), headers, rows, widths)


def prizes_sheet(tournaments: Sequence[Tournament]) -> Sheet:
    """Each prize won: the tournament, the pool (a bracket's, or its side pool), the
    place, the player and the amount (a number, in the currency the fees were paid in)."""
    headers = [_("Tournament"), _("Pool"), _("Place"), _("Player"), _("Amount")]
    rows = [
        (tournament.name, line.label, line.places, player.name, line.amount)
        for tournament in tournaments
        for line in tournament_money(tournament, keep_plan=len(tournaments) == 1).prizes
        for player in line.players
    ]
    return Sheet(_("Prizes"), headers, rows, fit(headers, rows))


def players_sheet(standings: Standings) -> Sheet:
    headers = [
        _("Player"),
        _("Club"),
        _("Membership number"),
        _("Tournaments"),
        _("Matches won"),
        _("Matches lost"),
        _("League points"),
        _("Rank"),
        _("Rating"),
        _("Rating experience"),
        _("Provisional rating"),
    ]
    records = sorted(standings.records, key=lambda record: record.name.casefold())
    yes, no = _("yes"), _("no")
    rows = [
        (
            record.name,
            record.player.club,
            # The member number in the season's club (queries.standings reads it).
            getattr(record.player, "number", ""),
            record.tournaments,
            record.matches_won,
            record.matches_lost,
            record.league_points,
            record.rank,
            round(record.player.rating, 1),
            record.player.rating_experience,
            yes if record.player.rating_provisional else no,
        )
        for record in records
    ]
    # The rating with its one decimal, as the ratings page shows it.
    return Sheet(_("Players"), headers, rows, fit(headers, rows), number_formats={8: "0.0"})


def rules_sheet(season: Season) -> Sheet:
    headers = [_("Rule"), _("In force")]
    rows = [(_("Season"), str(season))]
    if season.preset:
        preset = str(PRESET_LABELS[season.preset])
        if season.rules_edited:
            preset = _("%(preset)s, with changes") % {"preset": preset}
        rows.append((_("Rules based on"), preset))
    rows += [(str(rule.topic), str(rule.text)) for rule in describe_rules(season.rules)]
    for kind, values in season.scale.items():
        points = ", ".join(
            f"{league.band_label(index)}: {value}" for index, value in enumerate(values)
        )
        rows.append((_("League points: %(bracket)s") % {"bracket": BRACKET_LABELS[kind]}, points))
    rows.append((_("Order of the standings"), ", ".join(str(t) for t in _tie_breaks())))
    widths = [max(len(str(row[0])) for row in rows) + 2, 90]
    return Sheet(_("Rules"), headers, rows, [min(widths[0], MAX_WIDTH), widths[1]], wrap=True)


def _tie_breaks():
    return [_(text) for text in league.TIE_BREAKS]


def _name_width(standings: Standings) -> int:
    return min(max([len(record.name) + 2 for record in standings.records] + [10]), MAX_WIDTH)


def season_sheets(season: Season) -> list[Sheet]:
    read_once()  # a small page cache: the season is read once (exports.reads)
    standings = season_standings(season)
    width = _name_width(standings)
    skill = skill_sheet(season)  # the season's PR table, once a match is analysed
    return [
        standings_sheet(standings),
        matches_sheet(standings.tournaments, width),
        games_sheet(standings.tournaments, width),
        players_sheet(standings),
        *([skill] if skill else []),
        prizes_sheet(standings.tournaments),
        rules_sheet(season),
    ]


# A format's own sheets (`Format.sheets`), after the places.
SHEETS = {
    "club_night": lambda tournament: club_night_sheets(club_night(tournament)),
    "teams": lambda tournament: team_event_sheets(team_event(tournament)),
}


def tournament_sheets(tournament: Tournament) -> list[Sheet]:
    """A club night's standings and pairings, or a team event's tables and team
    matches, come after the places."""
    standings = tournament_standings(tournament)
    width = _name_width(standings)
    own = [sheet for part in tournament.played_as.sheets for sheet in SHEETS[part](tournament)]
    return [
        standings_sheet(standings),
        places_sheet(standings),
        *own,
        matches_sheet([tournament], width),
        games_sheet([tournament], width),
        players_sheet(standings),
        prizes_sheet([tournament]),
        rules_sheet(tournament.season),
    ]
