"""The call screen, a public page for a TV at the club: the matches to start now with
their table and players, those in play with score and table, the latest results; it
refreshes its live part, and pages itself when there are more matches than fit."""

import random

import pytest
from django.urls import reverse

import builders
from tournament import operations
from tournament.core.sample_games import games_to_finish
from tournament.core.scoring import GameResult
from tournament.queries.calls import PAGE


def cup(season, size, tables, name="Copa"):
    return builders.cup(
        season,
        builders.new_players(size, prefix=name),
        name=name,
        date="2002-09-09",
        brackets={"main": "3"},
        rng_seed=size,
        start=True,
        tables=tables,
    )


def calls_url(tournament, **query):
    url = reverse("calls", args=[tournament.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_to_start_playing_and_results_with_tables(client, season):
    tournament = cup(season, 8, ["Taula 1", "Taula 2", "Bar", "4"])
    matches = list(tournament.matches.filter(round=1).order_by("position"))
    operations.record_game(matches[0], GameResult(0))  # under way at Taula 1
    for result in games_to_finish(matches[1].replay(), random.Random(3)):
        operations.record_game(matches[1], result)  # decided: Taula 2 is free
    page = client.get(calls_url(tournament)).content.decode()
    start, playing, results = (
        page.split('id="calls-start"')[1].split("</section>")[0],
        page.split('id="calls-playing"')[1].split("</section>")[0],
        page.split('id="calls-results"')[1].split("</section>")[0],
    )
    assert "Taula 1" in playing and matches[0].player1.name in playing
    assert '<strong class="call-score">1–0</strong>' in playing
    assert "Bar" in start and "Table 4" in start and matches[2].player1.name in start
    winner = matches[1]
    winner.refresh_from_db()
    assert winner.winner.name in results
    assert 'data-live="/tournaments/' in page and "calls.js" in page
    # The live part alone, for the refresh.
    live = client.get(calls_url(tournament, partial="calls")).content.decode()
    assert live.lstrip().startswith('<div class="calls"') and "<html" not in live


def test_a_private_tournament_has_no_call_screen(client, season):
    tournament = cup(season, 4, ["1"])
    tournament.public = False
    tournament.save()
    assert client.get(calls_url(tournament)).status_code == 404


@pytest.mark.parametrize("size", [8, 64])
def test_the_screen_costs_the_same_for_8_and_64(client, season, size, django_assert_num_queries):
    tournament = cup(season, size, [str(n) for n in range(1, 17)], name=f"Copa {size}")
    # The tournament, its open matches with their players, the latest results: 3.
    with django_assert_num_queries(3):
        client.get(calls_url(tournament))


def test_more_matches_than_a_screen_holds_are_paged(client, season):
    tournament = cup(season, 64, [str(n) for n in range(1, 41)])
    page = client.get(calls_url(tournament)).content.decode()
    # 32 first-round matches, PAGE to a screen.
    assert f'data-pages="{-(-32 // PAGE)}"' in page
    assert page.count('data-page="0"') == PAGE and page.count('data-page="1"') == PAGE
    # Matches beyond the 40 tables wait for one, after those called.
    assert "waiting for a table" not in page
    crowded = cup(season, 64, ["1", "2"], name="Sense taules")
    text = client.get(calls_url(crowded)).content.decode()
    assert text.count("waiting for a table") == 30


def test_the_screen_speaks_catalan(season):
    from django.test import Client

    tournament = cup(season, 4, ["3"])
    page = Client(headers={"accept-language": "ca"}).get(calls_url(tournament)).content.decode()
    assert 'lang="ca"' in page and "Taula 3" in page
