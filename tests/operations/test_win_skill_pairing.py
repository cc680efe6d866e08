"""A Swiss scored Win + Skill pairs on its points: score groups by the points its
standings rank on (a win and the skill points), not by the wins alone."""

import pytest
from analyses import analysed

import builders
from tournament import operations
from tournament.core import swiss, win_skill
from tournament.queries.club_nights import club_night


def swiss_after_round_one(season, scoring):
    """A Swiss of 8, round 1 analysed before its results are in: in the first two
    matches the winner is better by 3 PR (2 points to 0), in the other two the PRs are
    equal (1.5 to 0.5). Round 2 is paired when the last result comes."""
    tournament, _players = builders.club_night(
        season, 8, rounds=3, rng_seed=5, start=True, scoring=scoring
    )
    matches = list(tournament.matches.filter(round=1).order_by("position"))
    for match in matches[:2]:
        analysed(match, -4.0, -10.0)
    for match in matches[2:]:
        analysed(match, -10.0, -10.0)
    builders.play_round(tournament, 1)
    return tournament, matches


def round_two(tournament) -> set[frozenset]:
    return {
        frozenset((match.player1_id, match.player2_id))
        for match in tournament.matches.filter(round=2)
    }


@pytest.mark.django_db
def test_a_win_skill_swiss_pairs_players_of_equal_points(season):
    tournament, matches = swiss_after_round_one(season, win_skill.WIN_SKILL)
    winners = [match.player1_id for match in matches]
    losers = [match.player2_id for match in matches]
    # 2 v 2, 1.5 v 1.5, 0.5 v 0.5 and 0 v 0: every score group pairs within itself.
    assert round_two(tournament) == {
        frozenset(winners[:2]),
        frozenset(winners[2:]),
        frozenset(losers[2:]),
        frozenset(losers[:2]),
    }
    # The points paired on are the standings' points.
    (group,) = club_night(tournament).groups
    assert [row.points for row in group.standings] == [2, 2, 1.5, 1.5, 0.5, 0.5, 0, 0]
    # The top board is the leaders'.
    top = tournament.matches.filter(round=2).order_by("position").first()
    assert {top.player1_id, top.player2_id} == set(winners[:2])


@pytest.mark.django_db
def test_the_same_results_scored_by_wins_pair_otherwise(season):
    # The four winners are one score group by wins, and the draw's seed pairs them.
    tournament, matches = swiss_after_round_one(season, win_skill.WINS)
    winners = [match.player1_id for match in matches]
    assert frozenset(winners[:2]) not in round_two(tournament)


@pytest.mark.django_db
def test_the_pairing_reads_the_standings_points_in_half_point_groups(season, monkeypatch):
    tournament, matches = swiss_after_round_one(season, win_skill.WIN_SKILL)
    # A late analysis: the third match's winner was better by 0.8 PR (1.9 to 0.1).
    analysed(matches[2], -10.0, -11.6)
    handed = {}
    real = swiss.swiss_pairings

    def spy(scores, *args, **kwargs):
        handed.update(scores)
        return real(scores, *args, **kwargs)

    monkeypatch.setattr(swiss, "swiss_pairings", spy)
    operations.pair_round_again(tournament)
    (group,) = club_night(tournament).groups
    points = {row.player.pk: row.points for row in group.standings}
    assert points[matches[2].player1_id] == 1.9 and points[matches[3].player1_id] == 1.5
    # Half-point groups of those very points: 1.9 and 1.5 are one group, 2 the next.
    assert handed == {player: int(value * 2) for player, value in points.items()}
