"""A Swiss scored Win + Skill pairs on points that its analyses give (issue 36, item 9):
its next round is paired once the round's matches played out are analysed (the last
analysis to land pairs it), or by the director without waiting, which the desk offers
and says; meanwhile the standings say which skill points are still to come, as do the
JSON and a Win + Skill season's standings."""

import pytest
from analyses import analysed
from django.urls import reverse

import builders
from tournament import operations
from tournament.core import swiss, win_skill
from tournament.models import AuditEntry
from tournament.queries.club_nights import club_night


@pytest.fixture
def played(season):
    """A Win + Skill Swiss of 4 over 3 rounds, round 1 played out (each match won by its
    first player) and not analysed yet."""
    tournament, _players = builders.club_night(
        season, 4, rounds=3, rng_seed=3, start=True, scoring=win_skill.WIN_SKILL
    )
    builders.play_round(tournament, 1)
    first, second = tournament.matches.filter(round=1).between_two().order_by("position")
    return tournament, first, second


def round_two(tournament):
    return list(tournament.matches.filter(round=2))


@pytest.mark.django_db
def test_the_next_round_waits_for_the_analyses_and_the_last_one_pairs_it(played, monkeypatch):
    tournament, first, second = played
    assert round_two(tournament) == []  # paired on wins alone before: not any more
    analysed(first, -12.0, -3.0)  # the loser played better by 4.5 PR: a point each
    assert round_two(tournament) == []  # one analysis still to come

    handed = {}
    real = swiss.swiss_pairings

    def spy(scores, *args, **kwargs):
        handed.update(scores)
        return real(scores, *args, **kwargs)

    monkeypatch.setattr(swiss, "swiss_pairings", spy)
    analysed(second, -4.0, -10.0)  # the winner better by 3 PR: 2 points to 0
    assert len(round_two(tournament)) == 2
    # Paired on the points with their skill points, as the standings give them.
    (group,) = club_night(tournament).groups
    points = {row.player.pk: row.points for row in group.standings}
    assert points == {
        first.player1_id: 1,
        first.player2_id: 1,
        second.player1_id: 2,
        second.player2_id: 0,
    }
    assert handed == {player: int(value * 2) for player, value in points.items()}
    assert group.awaiting_analysis == []


@pytest.mark.django_db
def test_a_walkover_is_not_waited_for(season):
    tournament, _players = builders.club_night(
        season, 4, rounds=3, rng_seed=3, start=True, scoring=win_skill.WIN_SKILL
    )
    first, second = tournament.matches.filter(round=1).between_two().order_by("position")
    operations.walkover(first, 0)
    builders.win(second)
    assert round_two(tournament) == []
    analysed(second)
    assert len(round_two(tournament)) == 2


@pytest.mark.django_db
def test_the_standings_say_which_skill_points_are_still_to_come(client, played):
    tournament, first, second = played
    analysed(first, -12.0, -3.0)
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    waiting = html.split('class="notice awaiting-analysis"')[1].split("</div>")[0]
    assert "this match’s skill point is not counted yet" in waiting
    assert f"Round 1: {second.player1.name} – {second.player2.name}" in waiting
    assert first.player1.name not in waiting
    assert "Round 2 is paired on the points once they are in" in waiting
    # Each of its two players' rows says so too; the first match's players' do not.
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr")
    marked = [row for row in rows if "1 analysis to come" in row]
    assert len(marked) == 2
    assert all(second.player1.name in row or second.player2.name in row for row in marked)
    # The JSON carries it.
    tournament.public = True
    tournament.save(update_fields=["public"])
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    waits = {row["player"]: row["awaiting_analysis"] for row in data["standings"][0]["rows"]}
    assert waits == {
        first.player1.name: 0,
        first.player2.name: 0,
        second.player1.name: 1,
        second.player2.name: 1,
    }


@pytest.mark.django_db
def test_the_director_pairs_without_waiting_and_the_desk_says_what_is_waited_for(
    director_client, played
):
    tournament, first, second = played
    desk = director_client.get(reverse("director-tournament", args=[tournament.pk]))
    html = desk.content.decode()
    assert "Round 2 is paired by itself once GNU Backgammon has analysed these matches" in html
    assert f"{first.player1.name} – {first.player2.name}</a>: no file handed in yet" in html
    assert "Pair round 2 without waiting" in html

    response = director_client.post(reverse("director-pair-next", args=[tournament.pk]))
    assert response.status_code == 302
    assert len(round_two(tournament)) == 2
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_PAIRED).latest("pk")
    assert sorted(entry.after["without_analyses_of"]) == sorted([first.pk, second.pk])
    # The analyses that come later move the standings, not the pairing.
    paired = sorted(tournament.matches.filter(round=2).values_list("player1", "player2"))
    analysed(first, -12.0, -3.0)
    analysed(second, -4.0, -10.0)
    assert sorted(tournament.matches.filter(round=2).values_list("player1", "player2")) == paired
    assert len(round_two(tournament)) == 2
    html = director_client.get(reverse("director-tournament", args=[tournament.pk])).content
    assert b"without waiting" not in html


@pytest.mark.django_db
def test_a_win_skill_season_says_how_many_skill_points_are_still_to_come(client, season):
    season.league_scoring = win_skill.WIN_SKILL
    season.save()
    cup = builders.cup(season, 4, brackets={"main": "3"}, rng_seed=2, public=True)
    first, second = cup.matches.filter(round=1).between_two().order_by("position")
    builders.win(first)
    builders.win(second)
    analysed(first)
    html = client.get(reverse("standings", args=[season.year])).content.decode()
    assert "1 match played out still waits for its analysis" in html
    analysed(second)
    html = client.get(reverse("standings", args=[season.year])).content.decode()
    assert "waits for its analysis" not in html
