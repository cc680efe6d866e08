"""Standings from the stored resolution: the places a season's standings give are read
from the match rows as the operations left them, never from replaying a draw, and they
are exactly the places a replay of each draw gives, however the cups were played,
undone, walked over or withdrawn from; the page costs the same queries for one cup as
for three."""

import random

import pytest
from django.urls import reverse

import builders
from tournament import operations
from tournament.core import draw, sample_games
from tournament.models import Match, Player, stored_draw
from tournament.queries import standings

FORMATS = [
    # (entrants, consolation, last chance): byes, every kind of consolation slot
    (8, draw.FIRST_ROUND, False),
    (13, draw.PROGRESSIVE, True),
    (6, draw.FIRST_ROUND, True),
    (11, draw.PROGRESSIVE, False),
]


def make_cup(season, number, club, rng):
    size, consolation, last_chance = FORMATS[number % len(FORMATS)]
    return builders.cup(
        season,
        rng.sample(club, size),
        name=f"Copa {number}",
        date=f"2002-0{number % 9 + 1}-01",
        brackets={draw.MAIN: "3", draw.CONSOLATION: "3", draw.LAST_CHANCE: "1"},
        rng_seed=number,
        consolation=consolation,
        last_chance=last_chance,
        public=True,
    )


def replayed_places(tournament) -> dict:
    """(kind, player) -> place, from a replay of the tournament's draw (the reference)."""
    stored = stored_draw.load(tournament)
    assert stored.problems() == []
    return {
        (bracket.kind, player): place
        for bracket in stored.plan.brackets
        for player, place in stored.places(bracket.kind).items()
    }


def standing_places(season, tournament) -> dict:
    return {
        (place.kind, place.player.pk): place.place
        for place in standings.season_standings(season, with_places=True).places
        if place.tournament.pk == tournament.pk
    }


def step(cups, rng):
    """One thing a director does: a match played out, a walkover, a result undone (with
    the later matches it re-opens) or a player withdrawn."""
    open_matches = list(
        Match.objects.filter(tournament__in=cups, status__in=["ready", "live"]).order_by("pk")
    )
    decided = list(Match.objects.filter(tournament__in=cups, status="decided", decided_by="games"))
    roll = rng.random()
    if open_matches and roll < 0.7:
        match = rng.choice(open_matches)
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
    elif roll < 0.8 and (ready := [match for match in open_matches if match.status == "ready"]):
        operations.walkover(rng.choice(ready), rng.randint(0, 1))
    elif decided and roll < 0.93:
        operations.undo_last_game(rng.choice(decided), confirm=True)
    else:
        tournament = rng.choice(cups)
        entry = tournament.entries.filter(withdrawn=False).order_by("?").first()
        if entry and not tournament.is_finished:
            operations.withdraw(tournament, entry.player)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stored_places_are_the_places_a_replay_gives(season, seed):
    rng = random.Random(seed)
    club = [Player.objects.create(name=f"Member {number:02d}") for number in range(16)]
    cups = [make_cup(season, number, club, rng) for number in range(4)]
    settled = 0
    for number in range(50):
        step(cups, rng)
        if number % 5 == 4:
            for cup in cups:
                expected = replayed_places(cup)
                assert standing_places(season, cup) == expected
                settled += len(expected)
    assert settled > 0
    assert any(cup.matches.filter(status="decided").exists() for cup in cups)


def test_a_finished_cup_places_every_player_once_per_bracket(season):
    rng = random.Random(7)
    club = [Player.objects.create(name=f"Member {number:02d}") for number in range(16)]
    cup = make_cup(season, 1, club, rng)  # 13 entrants, progressive, a last chance
    while match := cup.matches.filter(status__in=["ready", "live"]).first():
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
    cup.refresh_from_db()
    assert cup.is_finished
    places = standing_places(season, cup)
    assert places == replayed_places(cup)
    main = sorted(place for (kind, _), place in places.items() if kind == draw.MAIN)
    assert len(main) == 13 and main[0] == (1, 1) and main[1] == (2, 2)


def test_standings_read_no_draw_replay(season, monkeypatch):
    """The page reads the stored resolution: the core's resolve is never called."""
    rng = random.Random(3)
    club = [Player.objects.create(name=f"Member {number:02d}") for number in range(16)]
    cup = make_cup(season, 0, club, rng)
    step([cup], rng)

    def no_replay(*args, **kwargs):
        raise AssertionError("the standings replayed a draw")

    monkeypatch.setattr(draw, "resolve", no_replay)
    monkeypatch.setattr(stored_draw.draw, "resolve", no_replay)
    assert standings.season_standings(season, with_places=True).places


@pytest.mark.parametrize("cups", [1, 3])
def test_the_standings_page_costs_the_same_for_one_cup_or_three(
    client, season, cups, django_assert_num_queries
):
    rng = random.Random(cups)
    club = [Player.objects.create(name=f"Member {number:02d}") for number in range(16)]
    made = [make_cup(season, number, club, rng) for number in range(cups)]
    for _ in range(12):
        step(made, rng)
    # The season's marks, then the standings computed (once per change of the season).
    with django_assert_num_queries(8):
        response = client.get(reverse("standings", args=[season.year]))
    assert response.status_code == 200
    # Nothing changed since: the marks, and the standings as computed.
    with django_assert_num_queries(2):
        assert client.get(reverse("standings", args=[season.year])).status_code == 200
