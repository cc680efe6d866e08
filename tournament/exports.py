"""The secretary's spreadsheet: a season's (or a tournament's) standings, matches, games,
players and rules as an .xlsx workbook.

Written with openpyxl's write-only mode: rows stream from the database straight into
the file, so the memory used does not grow with the games (a season of 20,000 games is
measured by `make bench`). The standings figures come from `queries.standings` through the
same django-tables2 table as the page, so the workbook and the page agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from .core import league
from .models import Game, Match, Season, Tournament
from .queries.bracket_layout import BRACKET_LABELS
from .queries.standings import Standings, season_standings, tournament_standings
from .rule_texts import PRESET_LABELS, describe_rules
from .tables import PlacesTable, StandingsTable, place_rows

MIN_WIDTH, MAX_WIDTH = 6, 60
# Text a spreadsheet program could take for a formula (or, for a tab or a carriage
# return, shift into another cell) when it is typed or edited: OWASP's list.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
GAMES_CHUNK = 2000
HEADER_FONT = Font(bold=True)


@dataclass
class Sheet:
    """One sheet: a title, its header row, and rows of typed values (numbers as numbers,
    dates as dates) that may be streamed."""

    title: str
    headers: list[str]
    rows: Iterable[Sequence[object]]
    # Widths known before the first row: write-only sheets need them up front.
    widths: list[int] = field(default_factory=list)
    wrap: bool = False


def _fit(headers: Sequence[str], samples: Iterable[Sequence[object]] = ()) -> list[int]:
    """Column widths that fit the header and the sample values given."""
    widths = [len(str(header)) + 2 for header in headers]
    for row in samples:
        for index, value in enumerate(row):
            text = value.isoformat() if isinstance(value, date) else str(value)
            widths[index] = max(widths[index], len(text) + 2)
    return [min(max(width, MIN_WIDTH), MAX_WIDTH) for width in widths]


# --- the sheets -------------------------------------------------------------------


def standings_sheet(standings: Standings) -> Sheet:
    values = list(StandingsTable(standings.records).as_values())
    headers, rows = [str(header) for header in values[0]], values[1:]
    return Sheet(_("Standings"), headers, rows, _fit(headers, rows))


def places_sheet(standings: Standings) -> Sheet:
    values = list(PlacesTable(place_rows(standings.places)).as_values())
    headers, rows = [str(header) for header in values[0]], values[1:]
    return Sheet(_("Places"), headers, rows, _fit(headers, rows))


def _stages():
    """(bracket kind, round, position) -> the row's three stage cells; the bracket's
    label translated once per sheet, not once per row (a row a game)."""
    labels = {kind: str(label) for kind, label in BRACKET_LABELS.items()}

    def stage(kind: str | None, round_number: int | None, position: int | None) -> tuple:
        if kind is None:
            return ("", None, None)
        return (labels[kind], round_number, position)

    return stage


def _match_rows(matches) -> Iterator[tuple]:
    decided_by = {key: str(label) for key, label in Match.DecidedBy.choices}
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
        ) = row
        day = timezone.localtime(decided_at).date() if decided_at else tournament_date
        yield (
            tournament,
            *stage(kind, round_number, position),
            first,
            second,
            length,
            score1,
            score2,
            winner or "",
            decided_by[how] if how else "",
            day,
        )


def _match_columns() -> list[str]:
    """The columns that say which match a row is about (Matches and Games sheets)."""
    return [_("Tournament"), _("Bracket"), _("Round"), _("Match"), _("Player 1"), _("Player 2")]


def _widths(headers, tournaments, name_width: int, wide: dict[int, int]) -> list[int]:
    """Widths known before streaming: the longest tournament name, the longest player
    name for the name columns (`wide` maps other columns to a minimum width)."""
    widths = _fit(headers)
    widths[0] = min(max([len(t.name) + 2 for t in tournaments] + [widths[0]]), MAX_WIDTH)
    widths[1] = max(widths[1], 14)
    for index in (4, 5, 9):
        widths[index] = max(widths[index], name_width)
    for index, minimum in wide.items():
        widths[index] = max(widths[index], minimum)
    return widths


def matches_sheet(tournaments: Sequence[Tournament], name_width: int) -> Sheet:
    headers = [
        *_match_columns(),
        _("Length"),
        _("Score 1"),
        _("Score 2"),
        _("Winner"),
        _("Decided by"),
        _("Date"),
    ]
    matches = (
        Match.objects.filter(tournament__in=tournaments, player1__isnull=False)
        .filter(player2__isnull=False)
        .order_by("tournament__date", "tournament_id", "bracket_id", "round", "position", "pk")
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
        )
    )
    widths = _fit(headers)
    tournament_width = max([len(t.name) + 2 for t in tournaments] + [widths[0]])
    widths[0] = min(tournament_width, MAX_WIDTH)
    for index in (4, 5, 9):
        widths[index] = max(widths[index], name_width)
    widths[1] = max(widths[1], 14)
    widths[11] = max(widths[11], 12)
    return Sheet(
        _("Matches"), headers, _match_rows(matches.iterator(chunk_size=GAMES_CHUNK)), widths
    )


def _game_rows(games) -> Iterator[tuple]:
    kinds = {key: str(label) for key, label in Game.KIND_CHOICES}
    hows = {key: str(label) for key, label in Game.HOW_CHOICES}
    yes, no = _("yes"), _("no")
    stage = _stages()
    current, before = None, [0, 0]
    for row in games:
        (match_id, tournament, kind, round_number, position, first, second) = row[:7]
        number, winner, game_kind, cube, how, points, crawford = row[7:]
        if match_id != current:
            current, before = match_id, [0, 0]
        # The score before each game is the sum of the stored points of the games
        # before it, which scoring.replay() computed when they were recorded.
        yield (
            tournament,
            *stage(kind, round_number, position),
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
    games = (
        Game.objects.filter(match__tournament__in=tournaments)
        .order_by("match__tournament__date", "match__tournament_id", "match_id", "number")
        .values_list(
            "match_id",
            "match__tournament__name",
            "match__bracket__kind",
            "match__round",
            "match__position",
            "match__player1__name",
            "match__player2__name",
            "number",
            "winner",
            "kind",
            "cube",
            "how",
            "points",
            "crawford",
        )
    )
    widths = _widths(headers, tournaments, name_width, {10: 12, 12: 16})
    return Sheet(_("Games"), headers, _game_rows(games.iterator(chunk_size=GAMES_CHUNK)), widths)


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
            record.player.membership_number,
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
    return Sheet(_("Players"), headers, rows, _fit(headers, rows))


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
    standings = season_standings(season)
    width = _name_width(standings)
    return [
        standings_sheet(standings),
        matches_sheet(standings.tournaments, width),
        games_sheet(standings.tournaments, width),
        players_sheet(standings),
        rules_sheet(season),
    ]


def tournament_sheets(tournament: Tournament) -> list[Sheet]:
    standings = tournament_standings(tournament)
    width = _name_width(standings)
    return [
        standings_sheet(standings),
        places_sheet(standings),
        matches_sheet([tournament], width),
        games_sheet([tournament], width),
        players_sheet(standings),
        rules_sheet(tournament.season),
    ]


# --- the writer -------------------------------------------------------------------


class _Text:
    """Cell values for one workbook. Text stays text, whatever it holds: a name that
    looks like a formula (`=HYPERLINK(...)`, `+1+1`, `@SUM(1)`) or an error code
    (`#N/A`) becomes a string cell marked "quote prefix", so that neither opening the
    file nor editing the cell makes it a formula; characters a workbook cannot hold
    are dropped. Numbers and dates pass as they are (typed cells).

    Names repeat on every row of the Matches and Games sheets: a string found plain
    once is remembered, so the check costs a set lookup, not a regex, per cell."""

    def __init__(self, worksheet, alignment=None) -> None:
        self.worksheet, self.alignment, self.plain = worksheet, alignment, set()

    def row(self, values) -> list:
        if self.alignment is None:
            plain = self.plain
            return [
                value if value.__class__ is not str or value in plain else self.cell(value)
                for value in values
            ]
        return [self.cell(value) for value in values]

    def cell(self, value):
        if isinstance(value, str):
            cleaned = ILLEGAL_CHARACTERS_RE.sub("", value)
            if cleaned.startswith(FORMULA_STARTS) or cleaned in ERROR_CODES:
                cell = WriteOnlyCell(self.worksheet, value=cleaned)
                cell.data_type = "s"  # openpyxl makes "=..." a formula, "#N/A" an error
                cell.quotePrefix = True
                if self.alignment is not None:
                    cell.alignment = self.alignment
                return cell
            if cleaned == value:
                self.plain.add(value)
            value = cleaned
        if self.alignment is None:
            return value
        cell = WriteOnlyCell(self.worksheet, value=value)
        cell.alignment = self.alignment
        return cell


def write_workbook(sheets: Iterable[Sheet], output) -> None:
    """Write the sheets to `output` (a path or a binary file): a bold, frozen header row
    with an autofilter, columns as wide as their contents, typed cells."""
    workbook = Workbook(write_only=True)
    for sheet in sheets:
        worksheet = workbook.create_sheet(title=sheet.title[:31])
        for index, width in enumerate(sheet.widths, start=1):
            worksheet.column_dimensions[get_column_letter(index)].width = width
        worksheet.freeze_panes = "A2"
        header = []
        for title in sheet.headers:
            cell = WriteOnlyCell(worksheet, value=ILLEGAL_CHARACTERS_RE.sub("", title))
            cell.font = HEADER_FONT
            header.append(cell)
        worksheet.append(header)
        count = 0
        wrap = Alignment(wrap_text=True, vertical="top") if sheet.wrap else None
        text = _Text(worksheet, wrap)
        for row in sheet.rows:
            worksheet.append(text.row(row))
            count += 1
        last = get_column_letter(max(len(sheet.headers), 1))
        worksheet.auto_filter.ref = f"A1:{last}{count + 1}"
    workbook.save(output)
