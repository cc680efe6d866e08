"""The issue's cup through the pages (issue 36, item 1): 20 players in a bracket of 32,
a progressive consolation (main rounds 1 and 2 drop in) with a last chance. Main
round-2 losers who lose their first consolation match play the last chance, not go
home; and a last chance stored before (fed by consolation round 1 alone) that one player
reaches on byes has no champion, no place, no league points, and says it was not
played."""

import pytest
from django.urls import reverse

from builders import cup, play_out
from tournament.core import draw
from tournament.core.draw import consolation as consolation_module
from tournament.core.draw.plan import EmptinessOracle, Source, first_round, knockout
from tournament.models import Match
from tournament.queries.standings import tournament_standings

NAMES = [f"Jugador {number:02d}" for number in range(1, 21)]


def pick(match: Match) -> int:
    """The first side wins, but in consolation round 2 the first of the four real
    matches goes to the main round-2 loser who dropped in there (the second side)."""
    if match.bracket.kind == draw.CONSOLATION and match.round == 2:
        first_real = (
            match.tournament.matches.filter(bracket__kind=draw.CONSOLATION, round=2)
            .exclude(status=Match.Status.BYE)
            .order_by("position")
            .first()
        )
        return 1 if match.pk == first_real.pk else 0
    return 0


def the_cup(season):
    tournament = cup(
        season,
        NAMES,
        seeds=20,
        consolation=draw.PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
        start=True,
    )
    play_out(tournament, pick)
    assert tournament.is_finished
    return tournament


def dropped_in_and_lost(tournament) -> list[Match]:
    """Consolation round 2's real matches that the main round-2 loser lost."""
    return [
        match
        for match in tournament.matches.filter(
            bracket__kind=draw.CONSOLATION, round=2, status=Match.Status.DECIDED
        ).select_related("player2")
        if match.winner_id == match.player1_id
    ]


# Among the suite's slowest (9 s in one process on 2 busy cores): a cup
# played through the match sheet's pages until the last chance fills
def test_main_round_two_losers_who_lose_their_first_consolation_match_play_the_last_chance(
    client, director_client, season
):
    tournament = the_cup(season)
    lost = dropped_in_and_lost(tournament)
    assert len(lost) == 3
    in_last_chance = set()
    for match in tournament.matches.filter(bracket__kind=draw.LAST_CHANCE):
        in_last_chance.update(player for player in (match.player1_id, match.player2_id) if player)
    for match in lost:
        assert match.player2_id in in_last_chance
        page = director_client.get(
            reverse("director-match", args=[tournament.pk, match.pk])
        ).content.decode()
        name = match.player2.name
        assert f"{name} played next: Last chance: " in page
        assert "in the consolation bracket." not in page.split(f"{name} played next")[1]
    # The last chance's champion played for the title, and is placed first in it.
    places = tournament_standings(tournament).places
    first = [place for place in places if place.kind == draw.LAST_CHANCE and place.place == (1, 1)]
    assert len(first) == 1
    champion = first[0].player
    played = tournament.matches.filter(
        bracket__kind=draw.LAST_CHANCE, status=Match.Status.DECIDED
    ).filter(player1=champion) | tournament.matches.filter(
        bracket__kind=draw.LAST_CHANCE, status=Match.Status.DECIDED, player2=champion
    )
    assert played.exists()
    page = client.get(tournament.get_absolute_url()).content.decode()
    last_chance = page.split('id="bracket-last_chance"')[1].split("</section>")[0]
    assert champion.name in last_chance.split('class="champion"')[1].split("</p>")[0]


def old_last_chance(consolation, main):
    """The last chance as draws stored it before: consolation round 1's first-match
    losers only (a stored draw keeps its plan)."""
    first = consolation.round_matches(1)
    if len(first) < 2:
        return None
    may_be_empty = EmptinessOracle(
        {match.slot: match for bracket in (main, consolation) for match in bracket.matches}
    )
    slots = [Source(draw.FIRST_LOSER, match=match.slot) for match in first]
    maybe_empty = [any(may_be_empty(source) for source in match.sources) for match in first]
    pairs = consolation_module._pair_losers(slots, maybe_empty)
    return knockout(draw.LAST_CHANCE, [first_round(draw.LAST_CHANCE, pairs)])


@pytest.fixture
def stored_before(season, monkeypatch):
    """The issue's cup drawn as it was stored before: its last chance fed by consolation
    round 1 alone, which the one main round-1 loser beaten in round 2 reaches alone."""
    monkeypatch.setattr("tournament.core.draw.seeding.last_chance_bracket", old_last_chance)
    tournament = cup(
        season,
        NAMES,
        seeds=20,
        consolation=draw.PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
        start=True,
    )
    monkeypatch.undo()
    kinds = set(
        tournament.matches.filter(bracket__kind=draw.LAST_CHANCE, round=1).values_list(
            "source1_kind", "source2_kind"
        )
    )
    assert kinds == {(draw.FIRST_LOSER, draw.FIRST_LOSER)}
    play_out(tournament, pick)
    assert tournament.is_finished
    return tournament


def test_a_stored_last_chance_reached_by_one_player_was_not_played(client, stored_before):
    tournament = stored_before
    entered = {
        player
        for match in tournament.matches.filter(bracket__kind=draw.LAST_CHANCE)
        for player in (match.player1_id, match.player2_id)
        if player
    }
    assert len(entered) == 1  # the main round-1 loser beaten in consolation round 2
    standings = tournament_standings(tournament)
    assert [place for place in standings.places if place.kind == draw.LAST_CHANCE] == []
    (lone,) = entered
    record = next(record for record in standings.records if record.player.pk == lone)
    # Their league points are their main and consolation places', none for the last
    # chance they passed through on byes.
    theirs = [place for place in standings.places if place.player.pk == lone]
    assert sorted(place.kind for place in theirs) == [draw.CONSOLATION, draw.MAIN]
    assert record.league_points == sum(place.league_points for place in theirs)
    page = client.get(tournament.get_absolute_url()).content.decode()
    last_chance = page.split('id="bracket-last_chance"')[1].split("</section>")[0]
    assert 'class="champion"' not in last_chance
    assert "Not played: fewer than two players came into this bracket" in last_chance
    assert "Final places" not in last_chance
    results = client.get(reverse("results", args=[tournament.pk])).content.decode()
    assert "Last chance" not in results
