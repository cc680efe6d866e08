""" "Who do I play next" names people: a match waiting for a player says which match the
player comes from, who is playing it and its score, and every name leads to its page."""

import html as html_module

import pytest

import builders
from tournament import operations
from tournament.core.scoring import GameResult


@pytest.fixture
def cup(season):
    names = ("Anna Soler", "Berta Puig", "Carles Roca", "Dolors Vidal")
    tournament = builders.cup(season, names, start=True)
    first, second = tournament.matches.filter(round=1).order_by("position")
    # The first semi-final is won; the second is under way at 1-0.
    builders.win(first)
    operations.record_game(second, GameResult(1))
    second.refresh_from_db()
    final = tournament.matches.get(round=2)
    return final, first, second


def test_the_match_page_says_who_plays_for_the_empty_seat(client, cup):
    final, first, second = cup
    page = html_module.unescape(client.get(final.get_absolute_url()).content.decode())
    assert "?" not in page.split("<h1>")[1].split("</h1>")[0]
    assert f"{first.winner.name} v Winner of Semi-final 2" in page
    # The match being played for the seat: both players, linked, and its score.
    assert f'<a href="{second.player1.get_absolute_url()}">{second.player1.name}</a>' in page
    assert f'<a href="{second.player2.get_absolute_url()}">{second.player2.name}</a>' in page
    assert f'<a href="{second.get_absolute_url()}">0–1, live</a>' in page
    # The known player's name leads to their page.
    assert f'<a href="{first.winner.get_absolute_url()}">{first.winner.name}</a>' in page


def test_the_player_page_names_the_match_the_opponent_comes_from(client, cup):
    _final, first, second = cup
    page = html_module.unescape(client.get(first.winner.get_absolute_url()).content.decode())
    assert "Opponent still to come: Winner of Semi-final 2" in page
    assert second.player1.name in page and second.player2.name in page
    assert f'<a href="{second.get_absolute_url()}">0–1, live</a>' in page


def test_naming_the_feeders_costs_one_query(client, cup):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    final, first, _second = cup

    def queries(match):
        client.get(match.get_absolute_url())  # sessions, caches: warm
        with CaptureQueriesContext(connection) as captured:
            client.get(match.get_absolute_url())
        return len(captured)

    assert queries(final) == queries(first) + 1
