"""The figures of a season or a tournament, read from the rows in a fixed number of
queries: finishing places (read from each stored draw's resolution, which the
operations keep on the match rows, or a Swiss's or round robin's standings), league
points, matches, games and points won and lost. What counts is the core's to say
(core.tally): this module reads the rows and hands them over. The standings pages, the
tournament results and the spreadsheet all take their numbers from here, so they always
agree.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import groupby
from operator import itemgetter

from django.db.models import Count, Exists, OuterRef, Q
from django.utils.translation import gettext

from ..core import draw, formats, league, master_points
from ..core.match_rows import MatchRow
from ..core.tally import Tally
from ..models import Entry, Game, Match, Player, Season, Tournament
from ..models.analysis import comparable_figures
from ..models.matches import BYE, DECIDED
from ..models.stored_draw import RESOLUTION_OF_STATUS, StoredDraw
from .club_nights import final_places as club_final_places
from .skill_tables import Counted
from .teams import player_places as team_player_places

# The ORM's names of a `MatchRow`'s fields, in its order.
MATCH_ROW_FIELDS = [
    "pk",
    "tournament_id",
    "bracket_id",
    "bracket__kind",
    "round",
    "position",
    "player1_id",
    "player2_id",
    "source1_kind",
    "source1_match_id",
    "source2_kind",
    "source2_match_id",
    "status",
    "winner_id",
    "group",
    "score1",
    "score2",
    "length",
    "decided_by",
]


# Rows read from the database at a time: a chunk of 2,000 match rows alone is more
# than a small season's whole peak (make bench: export_memory_flat).
ROWS_CHUNK = 250


@dataclass
class Place:
    tournament: Tournament
    kind: str  # bracket kind
    place: tuple[int, int]
    player: Player
    league_points: int
    # A place shared by a tie on every tie-break of a club night's table reads "=2"; a
    # knockout's (or the groups') band of places "3-4".
    tied: bool = False

    @property
    def label(self) -> str:
        return league.final_place_label(*self.place, ties=self.tied)


@dataclass
class Standings:
    season: Season
    tournaments: list[Tournament]
    records: list[league.PlayerRecord]  # ranked
    places: list[Place]
    # A season counted Win + Skill: its decided matches whose skill point (league
    # points) waits for an analysis.
    awaiting_analysis: int = 0
    # A season counted Win + Skill: the engine and depth its skill points come from, and
    # the matches left out, analysed at other settings only (skill_tables.Counted).
    counted: Counted | None = None

    @property
    def scale(self) -> dict[str, tuple[int, ...]]:
        return self.season.scale

    @property
    def still_playing(self) -> list[Tournament]:
        """The counted tournaments under way: their players still in them have no place
        yet, so the standings are provisional until they finish."""
        return [tournament for tournament in self.tournaments if tournament.is_running]


def _settled_places(stored: StoredDraw) -> Iterator[tuple[str, dict[int, tuple[int, int]]]]:
    """Each bracket's settled places (`draw.final_places`), read from the resolution the
    operations store on the rows with every result (players, status, who won or went
    on), not from replaying the draw: a page of standings replays no bracket."""
    resolutions = {
        slot: draw.stored_resolution(
            slot,
            (row.player1_id, row.player2_id),
            RESOLUTION_OF_STATUS[row.status],
            row.winner_side,
        )
        for slot, row in stored.rows.items()
    }
    if stored.plan.has_bracket(draw.GRAND_FINAL):
        # A double elimination places its whole field as one event (1, 2, 3, 4, 5-6,
        # ...), and the season's league counts those as a main bracket's places.
        yield draw.MAIN, draw.event_places(stored.plan, resolutions)
        return
    for bracket in stored.plan.brackets:
        yield bracket.kind, draw.final_places(stored.plan, resolutions, bracket.kind)


@dataclass
class _Placed:
    """A tournament's final places as the league counts them: (bracket kind, place,
    player id, shared by a tie on every tie-break), and its field when it is not the
    players checked in."""

    places: list[tuple[str, tuple[int, int], int, bool]]
    field: int | None = None


def _bracket_places(
    tournament: Tournament, matches: list, entries: list, keep_plan: bool
) -> _Placed:
    """Each bracket's settled places (none without a draw)."""
    stored = StoredDraw.load(tournament, matches, keep_plan=keep_plan)
    if stored is None:
        return _Placed([])
    return _Placed(
        [
            (kind, place, player_id, False)
            for kind, settled in _settled_places(stored)
            for player_id, place in settled.items()
        ]
    )


def _round_places(tournament: Tournament, matches: list, entries: list, keep_plan: bool) -> _Placed:
    """Played in rounds: the final places of the rounds count as a main bracket's (a
    Swiss with lives replays them from its re-entries and withdrawals too, `entries`),
    then the knockout's after them, once drawn."""
    found = club_final_places(tournament, matches, entries)
    rounds = [(draw.MAIN, place, player, found.ties) for player, place in found.places.items()]
    return _Placed(rounds + _bracket_places(tournament, matches, entries, keep_plan).places)


def _team_places(tournament: Tournament, matches: list, entries: list, keep_plan: bool) -> _Placed:
    """Every player of a team takes the team's place, a place among the teams (4 teams,
    not their 12 players): the field in teams, the last team's place."""
    found = team_player_places(tournament)
    return _Placed(
        [(draw.MAIN, place, player, True) for player, place in found.items()],
        field=max((worst for _best, worst in found.values()), default=0),
    )


# Where a format's final places come from (`Format.places`).
PLACES = {"bracket": _bracket_places, "rounds": _round_places, "teams": _team_places}


def _records_for(
    tournaments: Sequence[Tournament], season: Season, *, with_places: bool = False
) -> Standings:
    """Each player's figures over `tournaments`; each place as a row too only
    `with_places` (one tournament's results): a season's pages and workbook never list
    them, and keeping them all would make the memory grow with the season."""
    ids = [tournament.pk for tournament in tournaments]
    in_play = Match.objects.filter(tournament_id__in=ids)
    # IN subqueries, not joins: a join over entries and both player columns multiplies
    # rows and is slow on a big season.
    # Each with their member number in the season's club (the workbook's players).
    players = Player.objects.with_number(season.club_id).in_bulk(
        Player.objects.filter(
            Q(pk__in=Entry.objects.filter(tournament_id__in=ids).values("player_id"))
            | Q(pk__in=in_play.values("player1_id"))
            | Q(pk__in=in_play.values("player2_id"))
        ).values_list("pk", flat=True)
    )
    tally = Tally(
        season.scale,
        season.uses_master_points,
        lambda pk: league.PlayerRecord(player=players[pk], name=players[pk].name),
        skill=season.uses_win_skill,
    )
    # Win + Skill league points: every analysed match's figures, in one query.
    figures = comparable_figures(ids) if season.uses_win_skill else {}
    # A tournament counts for those who played in it: checked in (or placed late).
    field_size: Counter[int] = Counter()
    # A Swiss with lives replays its places from its re-entries and withdrawals too.
    entries: dict[int, list[tuple]] = {}
    for tournament_id, player_id, withdrawn, reentered_after in Entry.objects.filter(
        tournament_id__in=ids, checked_in=True
    ).values_list("tournament_id", "player_id", "withdrawn", "reentered_after"):
        tally.record(player_id).tournaments += 1
        field_size[tournament_id] += 1
        entries.setdefault(tournament_id, []).append((player_id, withdrawn, reentered_after))

    places = []

    def add_place(
        tournament: Tournament,
        kind: str,
        place: tuple[int, int],
        player_id: int,
        *,
        tied: bool = False,
    ):
        points = tally.count_place(
            player_id,
            kind,
            place,
            field_size[tournament.pk],
            tournament=tournament if with_places else None,
        )
        if with_places:
            places.append(Place(tournament, kind, place, players[player_id], points, tied))

    # One tournament's matches in memory at a time, whatever the size of the season.
    by_id = {tournament.pk: tournament for tournament in tournaments}
    rows = in_play.order_by("tournament_id").values_list(*MATCH_ROW_FIELDS)
    for tournament_id, group in groupby(rows.iterator(chunk_size=ROWS_CHUNK), key=itemgetter(1)):
        matches = [MatchRow(*row) for row in group]
        for match in matches:
            tally.count_match(
                decided=match.status == DECIDED,
                players=(match.player1_id, match.player2_id),
                winner=match.winner_id,
                decided_by=match.decided_by,
                length=match.length,
                figures=figures.get(match.pk),
                score=(match.score1, match.score2),
            )
        tournament = by_id[tournament_id]
        # A season's cups are read once each: their plans are used, not kept (a season's
        # export would otherwise keep every cup's plan for the life of the process).
        keep_plan = len(tournaments) == 1
        placed = PLACES[tournament.played_as.places](
            tournament, matches, entries.get(tournament_id, []), keep_plan
        )
        if placed.field is not None:
            field_size[tournament.pk] = placed.field
        for kind, place, player_id, tied in placed.places:
            add_place(tournament, kind, place, player_id, tied=tied)
    records = tally.finish()

    totals = (
        Game.objects.filter(match__tournament_id__in=ids)
        .values("match__player1_id", "match__player2_id", "winner")
        .annotate(
            games=Count("pk"),
            gammons=Count("pk", filter=Q(kind="gammon")),
            backgammons=Count("pk", filter=Q(kind="backgammon")),
            crawford=Count("pk", filter=Q(crawford=True)),
        )
        .order_by()
    )
    for row in totals.iterator(chunk_size=ROWS_CHUNK):
        sides = (row["match__player1_id"], row["match__player2_id"])
        winner = records.get(sides[row["winner"]])
        loser = records.get(sides[1 - row["winner"]])
        if winner is None or loser is None:
            continue  # a game of a player since removed from every list: not counted
        winner.games_won += row["games"]
        winner.gammons_won += row["gammons"]
        winner.backgammons_won += row["backgammons"]
        winner.crawford_games_won += row["crawford"]
        loser.games_lost += row["games"]

    order = {kind: number for number, kind in enumerate(draw.BRACKET_KINDS)}
    places.sort(key=lambda p: (p.tournament.date, p.tournament.pk, order[p.kind], p.place))
    # One tournament's players are ranked by their places in it where they have them, so
    # those who share a place share the rank (the league's own tie-breaks would split
    # them); a season's, by the league's order alone.
    ranked = league.rank(records.values(), by_place=with_places and len(tournaments) == 1)
    return Standings(
        season,
        list(tournaments),
        ranked,
        places,
        tally.awaiting_analysis,
        Counted(figures.reference, figures.left_out) if season.uses_win_skill else None,
    )


def season_standings(season: Season, *, with_places: bool = False) -> Standings:
    """The season's public tournaments, all counted together (each place as a row too
    `with_places`)."""
    tournaments = list(season.tournaments.public().order_by("date", "pk"))
    return _records_for(tournaments, season, with_places=with_places)


def tournament_standings(tournament: Tournament) -> Standings:
    """One tournament: its places and each player's figures in it."""
    return _records_for([tournament], tournament.season, with_places=True)


def master_points_of(tournament: Tournament) -> dict[int, Decimal]:
    """Each player's master points in `tournament` at weight 1 (core.master_points),
    whatever its season's league counts: what the federation's ranking across clubs
    stores (operations.federation_points). Counted as a season of master points counts
    them, so the two never disagree."""
    season = copy.copy(tournament.season)
    season.league_scoring = master_points.MASTER_POINTS
    standings = _records_for([tournament], season)
    return {record.player.pk: Decimal(record.league_points) for record in standings.records}


@dataclass
class MatchLine:
    """One of a player's matches, seen from the player's side."""

    match: Match
    opponent: Player | None
    mine: int
    theirs: int
    result: str

    @property
    def tournament(self) -> Tournament:
        return self.match.tournament

    @property
    def opponent_name(self) -> str:
        return self.opponent.name if self.opponent else ""


@dataclass
class HeadToHead:
    """A player's record against one opponent; points as the match scores are written,
    capped at each match's length (`league.POINTS_AS_WRITTEN`)."""

    opponent: Player
    played: int = 0
    won: int = 0
    lost: int = 0
    points_won: int = 0
    points_lost: int = 0

    @property
    def opponent_name(self) -> str:
        return self.opponent.name


def _result(match: Match, side: int) -> str:
    """The result from the player's side, saying how it was decided when the games did
    not decide it (the words of a walkover, a retirement, a loss on time, a double loss
    and a Swiss bye, in one place)."""
    if match.is_bye:
        return gettext("bye: counts as a win")
    if match.double_loss:
        return gettext("lost: double loss")
    if not match.is_decided:
        return str(match.get_status_display())
    won = match.winner_id == (match.player1_id, match.player2_id)[side]
    if match.decided_by == Match.DecidedBy.WALKOVER:
        return gettext("won by walkover") if won else gettext("lost by walkover")
    if match.decided_by == Match.DecidedBy.RETIREMENT:
        return gettext("won: the opponent retired") if won else gettext("lost: retired")
    if match.decided_by == Match.DecidedBy.ON_TIME:
        return gettext("won on time") if won else gettext("lost on time")
    return gettext("won") if won else gettext("lost")


# The formats whose byes count as wins: those paired from the results (a Swiss, with lives
# or not; in a round robin everyone sits out once, so a bye counts for nobody).
BYES_COUNT = [key for key, found in formats.FORMATS.items() if found.pairs_by_results]


def _public_matches_of(player: Player):
    """The player's matches in public tournaments, a Swiss's (or a Swiss with lives's)
    byes among them (each counts as a win, as the standings count it)."""
    return Match.objects.filter(
        Q(player1=player) | Q(player2=player), tournament__public=True
    ).filter(
        Q(player1__isnull=False, player2__isnull=False)
        | Q(status=BYE, tournament__format__in=BYES_COUNT, round__isnull=False)
    )


def player_seasons(player: Player) -> list[Season]:
    """The seasons with a match of the player's in a public tournament, newest first,
    each with its club (the seasons of every club the player played in, on a page the
    club scope leaves whole): one query, a look in the player's matches for each
    season."""
    played = _public_matches_of(player).filter(tournament__season=OuterRef("pk"))
    return list(
        Season.objects.filter(Exists(played)).select_related("club").order_by("-start", "pk")
    )


def player_history(
    player: Player, season: Season | None = None
) -> tuple[list[MatchLine], list[HeadToHead]]:
    """A player's matches in public tournaments (newest first; in `season`, or every
    season's), a Swiss's (or a Swiss with lives's) byes among them (each counts as a
    win, as the standings count it), and the record against each opponent in them
    (points as the scores are written, capped at the match length), in one query."""
    matches = _public_matches_of(player)
    if season is not None:
        matches = matches.filter(tournament__season=season)
    matches = list(
        matches.select_related(
            "tournament__season__club", "bracket", "player1", "player2"
        ).order_by("-tournament__date", "-tournament_id", "-round", "-pk")
    )
    lines, opponents = [], {}
    for match in matches:
        side = match.side_of(player)
        opponent = match.players[1 - side]
        score = (match.score1, match.score2)
        lines.append(MatchLine(match, opponent, score[side], score[1 - side], _result(match, side)))
        if opponent is None:
            continue  # a bye: nobody to count it against
        record = opponents.setdefault(opponent.pk, HeadToHead(opponent))
        if match.is_decided:
            record.played += 1
            if match.winner_id == player.pk:
                record.won += 1
            else:
                record.lost += 1
        # The score as written (capped at the length), as the standings count it.
        record.points_won += score[side]
        record.points_lost += score[1 - side]
    head_to_head = sorted(
        (record for record in opponents.values() if record.played or record.points_won),
        key=lambda record: (-record.played, record.opponent.name.casefold()),
    )
    return lines, head_to_head
