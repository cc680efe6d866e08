"""A Swiss or a round robin as its pages, its workbook and the league read it: the
rounds with their pairings (group by group), and the standings with every tie-break,
from the core (`core.swiss_standings`), so that the page, the workbook and the season's
league points never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext

from ..core import league, swiss_cut, win_skill
from ..core.club_nights import FinalPlaces, group_places
from ..core.draw import ENTRANT
from ..models import Match, Player, Tournament
from ..models.matches import BYE, DECIDED
from ..models.rounds import figures_for, group_results
from . import lives
from .skill_tables import Counted


@dataclass
class StandingRow:
    """One player's line: the place (shared when tied on everything), the tie-breaks."""

    place: int
    tied: bool
    player: Player
    wins: int
    losses: int
    byes: int
    median_buchholz: int
    buchholz: int
    points_difference: int
    # Win + Skill (hundredths): the skill points and the total; the average GNUBG PR
    # (None without an analysed match). Shown only when the tournament uses them.
    skill: int = 0
    total: int = 0
    average_pr: float | None = None
    # Win + Skill: the player's matches whose skill point waits for an analysis.
    awaiting_analysis: int = 0

    @property
    def place_label(self) -> str:
        return league.place_label(self.place, tied=self.tied)

    @property
    def skill_points(self) -> float | int:
        return win_skill.as_points(self.skill)

    @property
    def points(self) -> float | int:
        return win_skill.as_points(self.total)


@dataclass
class ClubRound:
    number: int
    length: int
    matches: list[Match]
    byes: list[Match]
    deadline: object = None  # a datetime, when the round is played over weeks


@dataclass
class Group:
    number: int  # 0: the whole field
    rounds: list[ClubRound] = field(default_factory=list)
    standings: list[StandingRow] = field(default_factory=list)
    # Win + Skill: the decided matches whose skill point waits for an analysis.
    awaiting_analysis: list[Match] = field(default_factory=list)

    @property
    def label(self) -> str:
        if not self.number:
            return ""
        return gettext("Group %(number)s") % {"number": self.number}


@dataclass
class ClubNight:
    tournament: Tournament
    groups: list[Group]
    # The players seated in the knockout after the rounds, once it is drawn.
    knockout_players: frozenset = frozenset()
    # A Swiss with lives: its standings (`queries.lives`), instead of the groups' ones.
    lives: list = field(default_factory=list)
    # Win + Skill: what waits for the analyses of the matches played out (the Swiss's
    # next round, paired once they are in; or, the rounds over, the knockout, or the
    # final places), as `operations.analysis_waits` says (`_after_analyses`).
    paired_after_analyses: int | None = None
    knockout_after_analyses: bool = False
    places_after_analyses: bool = False
    # Scored on analyses: the engine and depth counted, the matches left out
    # (skill_tables.Counted); None otherwise.
    counted: Counted | None = None

    @property
    def win_skill(self) -> bool:
        return self.tournament.standings_scoring.win_skill

    @property
    def average_pr(self) -> bool:
        return self.tournament.standings_scoring.average_pr

    @property
    def grouped(self) -> bool:
        return any(group.number for group in self.groups)


def _awaiting_analysis(rows: Iterable, tournament: Tournament, figures: dict | None) -> list:
    """A Win + Skill group's decided matches whose skill point waits for an analysis
    (`win_skill.awaits_analysis`; `figures`: the analysed matches'), in round order."""
    if not tournament.standings_scoring.win_skill:
        return []
    analysed = figures or {}
    return sorted(
        (
            row
            for row in rows
            if row.status == DECIDED
            and row.player2_id is not None
            and win_skill.awaits_analysis(row.decided_by, row.pk in analysed)
        ),
        key=lambda row: (row.round, row.position),
    )


def _after_analyses(club: ClubNight) -> None:
    """What waits for the analyses of a Win + Skill event's matches played out, from
    what is read already: a Swiss's newest round settled with some of its matches
    waiting, or a round robin's every match decided with some waiting; then the next
    round, or else the knockout not drawn yet, or else the places of a tournament not
    finished (`operations.club_nights` takes the step when the last analysis lands)."""
    tournament, groups = club.tournament, club.groups
    played_as = tournament.played_as
    if not played_as.scored:
        return
    if not any(group.awaiting_analysis for group in groups):
        return
    rounds = [stored for group in groups for stored in group.rounds]
    if any(match.status in Match.TO_PLAY_STATUSES for r in rounds for match in r.matches):
        return
    newest = max(stored.number for stored in rounds)
    if played_as.pairs_by_results:
        waiting = [m for group in groups for m in group.awaiting_analysis if m.round == newest]
        if not waiting:
            return
        if newest < tournament.rounds:
            club.paired_after_analyses = newest + 1
            return
    knockout = tournament.swiss_knockout or tournament.knockout * len(groups) >= 2
    if knockout:
        club.knockout_after_analyses = not club.knockout_players
    else:
        club.places_after_analyses = not tournament.is_finished


def _standings(rows: Iterable, players: dict, tournament: Tournament, figures: dict | None) -> list:
    """One group's standing rows, from rows with the Match attributes, as the tournament
    scores them (`figures`: its analysed matches', from `figures_for`)."""
    # A bye counts as a win where the rounds are paired from the results (a Swiss); in a
    # round robin everyone sits out once, so it counts for nobody.
    count_byes = tournament.played_as.pairs_by_results
    found = group_results(rows, count_byes, tournament.standings_scoring, figures)
    ranked = found.ranked()
    places = [row.place for row in ranked]
    waiting = Counter(
        player
        for row in _awaiting_analysis(rows, tournament, figures)
        for player in (row.player1_id, row.player2_id)
    )
    return [
        StandingRow(
            place=row.place,
            tied=places.count(row.place) > 1,
            player=players[row.player],
            wins=row.wins,
            losses=row.losses,
            byes=found.bye_count[row.player],
            median_buchholz=row.median_buchholz,
            buchholz=row.buchholz,
            points_difference=row.points_difference,
            skill=row.skill,
            total=row.points,
            average_pr=row.average_pr,
            awaiting_analysis=waiting[row.player],
        )
        for row in ranked
    ]


def _knockout_entrants(matches: Iterable) -> frozenset:
    """The players seated in the knockout after the rounds (none before it is drawn):
    read from its matches, so that no page asks again who went on."""
    return frozenset(
        player
        for match in matches
        if match.bracket_id is not None
        for kind, player in (
            (match.source1_kind, match.player1_id),
            (match.source2_kind, match.player2_id),
        )
        if kind == ENTRANT and player is not None
    )


def club_night(tournament: Tournament, matches: list[Match] | None = None) -> ClubNight:
    """The rounds and standings of every group (two queries: the matches with their
    players, unless given, and the round deadlines; a third, the analyses, under Win +
    Skill or the average-PR tie-break)."""
    if matches is None:
        matches = list(tournament.matches.select_related("player1", "player2", "winner"))
    knockout_players = _knockout_entrants(matches)
    matches = [match for match in matches if match.in_rounds]
    players = {
        player.pk: player
        for match in matches
        for player in (match.player1, match.player2)
        if player is not None
    }
    by_group: dict[int, dict[int, ClubRound]] = {}
    for match in sorted(matches, key=lambda m: (m.group, m.round, m.position)):
        match.tournament = tournament
        rounds = by_group.setdefault(match.group, {})
        stored = rounds.setdefault(match.round, ClubRound(match.round, match.length, [], []))
        (stored.byes if match.status == BYE else stored.matches).append(match)
    groups = []
    # Scored (wins or Win + Skill, Swiss tie-breaks): each group's standings; with lives,
    # one table of the lives left instead (`queries.lives`).
    scored = tournament.played_as.scored
    figures = figures_for(tournament) if by_group and scored else None
    for number in sorted(by_group):
        rounds = list(by_group[number].values())
        rows = [m for r in rounds for m in (*r.matches, *r.byes)]
        standings = _standings(rows, players, tournament, figures) if scored else []
        waiting = _awaiting_analysis(rows, tournament, figures) if scored else []
        groups.append(Group(number, rounds, standings, waiting))
    ranked = (
        lives.standings(tournament, matches, players, knockout_players)
        if tournament.played_as.lives and groups
        else []
    )
    deadlines = dict(tournament.deadlines.values_list("round", "deadline"))
    for group in groups:
        for stored in group.rounds:
            stored.deadline = deadlines.get(stored.number)
    club = ClubNight(tournament, groups, knockout_players, ranked)
    if figures is not None:
        club.counted = Counted(figures.reference, figures.left_out)
    _after_analyses(club)
    return club


def final_places(tournament: Tournament, rows: list, entries=None) -> FinalPlaces:
    """Each player's final place, once every round is played (none before): the
    standings' place in a Swiss or a whole-field round robin; with groups, the group
    winners share the first places, the runners-up the next, and so on (after the
    knockout's places, for those who did not go on to it); a Swiss with a knockout of
    its top K: the others' Swiss order, from place K + 1."""
    went_on = _knockout_entrants(rows)
    rows = [row for row in rows if row.bracket_id is None and row.round is not None]
    if not rows or any(row.status in Match.TO_PLAY_STATUSES for row in rows):
        return FinalPlaces({}, ties=False)
    played_as = tournament.played_as
    if played_as.lives:
        # `entries`: a Swiss with lives's (player, withdrawn, re-entered after), if read.
        # Ending in a knockout of the last N: the others after its players.
        return FinalPlaces(lives.final_places(tournament, rows, entries, went_on), ties=True)
    if played_as.fixed_rounds and max(row.round for row in rows) < tournament.rounds:
        return FinalPlaces({}, ties=False)
    if went_on and not played_as.group_knockout:
        # The knockout's players (the top of the one table) take its places (read from
        # its bracket, as a cup's); the others keep their order after them, sharing as
        # they shared.
        found = group_results(
            rows, played_as.pairs_by_results, tournament.standings_scoring, figures_for(tournament)
        )
        ranked = [(row.player, row.place) for row in found.ranked()]
        return FinalPlaces(swiss_cut.places_after_cut(ranked, went_on), ties=True)
    groups: dict[int, list] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    ids = {p: p for row in rows for p in (row.player1_id, row.player2_id) if p is not None}
    figures = figures_for(tournament)
    tables = [
        [(row.player, row.place) for row in _standings(group, ids, tournament, figures)]
        for _number, group in sorted(groups.items())
    ]
    # The groups' best who went on to the knockout take its places (core.club_nights).
    return group_places(tables, tournament.knockout if played_as.group_knockout else 0)
