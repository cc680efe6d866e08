"""How the rounds of a format paired one by one are paired (`Format.pairs_on`): the
first round from the draw's order, each next from the rounds so far (who met, who had a
bye), on the results (wins, or a Win + Skill Swiss's points) or on the club's rating,
through `core.swiss`. `operations.club_nights` stores and runs the rounds; this module
only works out who meets whom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..core import club_nights, swiss, win_skill
from ..models import Match, Player, Tournament
from ..models.rounds import figures_for, group_results
from .avoided_pairs import avoided_pairs

HALF_POINT = win_skill.WHOLE // 2  # a Win + Skill Swiss's score groups, in hundredths


@dataclass(frozen=True)
class Round:
    """One round of one group, as stored or about to be: pairs top boards first."""

    group: int
    number: int
    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    # The avoided pairs it pairs all the same: the rules left no other pairing.
    unkept: tuple[frozenset[int], ...] = ()


def current_round(tournament: Tournament) -> int:
    return max(tournament.matches.in_rounds().values_list("round", flat=True), default=0)


def _met(tournament: Tournament, players: list[int]) -> tuple[dict, set, set]:
    """Each player's wins, the pairs that have met, and who has had a bye."""
    wins = dict.fromkeys(players, 0)
    played, had_bye = set(), set()
    rows = tournament.matches.in_rounds().values_list(
        "player1_id", "player2_id", "status", "winner_id"
    )
    for first, second, status, winner in rows:
        if status == Match.Status.BYE:
            had_bye.add(first)
        elif first is not None and second is not None:
            played.add(frozenset((first, second)))
        if winner in wins:
            wins[winner] += 1
    return wins, played, had_bye


def _next_round_on_results(tournament: Tournament, players: list[int]) -> Round:
    if tournament.standings_scoring.win_skill:
        return _next_round_on_points(tournament, players)
    wins, played, had_bye = _met(tournament, players)
    return _paired(tournament, wins, played, had_bye)


def _rating_bands(players: list[int]) -> dict[int, int]:
    return swiss.rating_bands(
        dict(Player.objects.filter(pk__in=players).values_list("pk", "rating"))
    )


def _next_round_on_rating(tournament: Tournament, players: list[int]) -> Round:
    _wins, played, had_bye = _met(tournament, players)
    return _paired(tournament, _rating_bands(players), played, had_bye)


def _first_round_seeded(order: list[int], avoid: set, rng_seed: int) -> tuple[list, object]:
    """Seeds in the top half meeting the bottom, the rest in the draw's order."""
    return club_nights.first_round(order, avoid)


def _first_round_on_rating(order: list[int], avoid: set, rng_seed: int) -> tuple[list, object]:
    """Players of the nearest rating meet from round 1 on."""
    return swiss.swiss_pairings(_rating_bands(order), (), (), seed=rng_seed, avoid=avoid)


class Pairing(NamedTuple):
    """How a format's rounds paired one by one are paired: the first, from the draw's
    order (the players checked in, seeded); each next, from the rounds so far."""

    first: Callable[[list[int], set, int], tuple[list, object]]
    next: Callable[[Tournament, list[int]], Round]


# What each round is paired on (core.formats.Format.pairs_on).
PAIRINGS = {
    "results": Pairing(_first_round_seeded, _next_round_on_results),
    "rating": Pairing(_first_round_on_rating, _next_round_on_rating),
}


def _paired(tournament: Tournament, score: dict, played: set, had_bye: set) -> Round:
    """The next round through `core.swiss`, the tournament's avoided pairs kept apart
    where the rematch and score-group rules allow (`Round.unkept`: where they do not)."""
    number = current_round(tournament) + 1
    seed = (tournament.draw_seed or 0) + number
    avoid = avoided_pairs(tournament)
    pairs, bye = swiss.swiss_pairings(score, played, had_bye, seed=seed, avoid=avoid)
    unkept = tuple(swiss.avoided_meetings(pairs, avoid))
    return Round(0, number, tuple(pairs), bye, unkept)


def _next_round_on_points(tournament: Tournament, players: list[int]) -> Round:
    """A Swiss scored Win + Skill pairs on its standings' points (`core.win_skill`), the
    very figures its standings rank on: the same rows, byes and analyses; a player with
    no match yet has none. Its score groups are half points (1.5 to 1.95 is one, 2 the
    next), as chess's are: in steps of 0.05 nearly every player is a group of their own
    and the matching of 200 players takes 11 s a round instead of under one."""
    rows = list(tournament.matches.in_rounds())
    found = group_results(rows, True, tournament.standings_scoring, figures_for(tournament))
    points = {row.player: row.points // HALF_POINT for row in found.ranked()}
    score = {player: points.get(player, 0) for player in players}
    played = {
        frozenset((row.player1_id, row.player2_id))
        for row in rows
        if row.status != Match.Status.BYE and row.player1_id and row.player2_id
    }
    had_bye = {row.player1_id for row in rows if row.status == Match.Status.BYE}
    return _paired(tournament, score, played, had_bye)
