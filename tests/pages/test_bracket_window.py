"""What the bracket page sends: a large bracket's window of rounds (the one a phone shows
first and its neighbours; the others as their headings and a link to ?rounds=all), the
cards kept once per state of their match, and compressed answers for a browser that
takes gzip (never a player's private page)."""

import gzip
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

import builders
from tournament.core import draw
from tournament.operations.links import link_for, token_of
from tournament.queries import bracket_layout

GZIP = {"accept-encoding": "gzip, deflate, br"}


@pytest.fixture
def copa(season, monkeypatch):
    """A 16-player cup with round 2 of its main bracket in play, windowed as a
    256-player cup's brackets are (the bound lowered to its size)."""
    monkeypatch.setattr(bracket_layout, "WINDOW_FROM", 4)
    tournament = builders.cup(
        season,
        builders.new_players(16, prefix="Window"),
        name="Copa finestra",
        brackets={draw.MAIN: "3,3,5,5"},
        rng_seed=5,
        start=True,
    )
    builders.play(tournament, 9, seed=1, kind=draw.MAIN)  # round 1, and one of round 2
    return tournament


def rounds_of(html: str, kind: str = "main") -> dict[int, int | None]:
    """Round number -> its cards, or None for a round sent as its heading alone."""
    found = {}
    opening = rf'<li class="round[^"]*" id="round-{kind}-(\d+)" data-round="\d+"( data-rest)?>'
    for number, rest, body in re.findall(opening + r"(.*?)\n          </li>", html, re.S):
        found[int(number)] = None if rest else body.count('class="match-card')
    return found


def test_a_large_bracket_sends_the_round_in_play_and_its_neighbours(client, copa):
    page = reverse("tournament", args=[copa.pk])
    html = client.get(page).content.decode()
    assert rounds_of(html) == {1: 8, 2: 4, 3: 2, 4: None}
    # The final: its heading, and a link to the page with every round, there.
    assert "Final" in html
    assert '<a href="?rounds=all#round-main-4">Show Final (1 match)</a>' in html
    # The live refresh asks for the same window.
    assert f'data-live="{page}?partial=brackets"' in html
    every = client.get(page, {"rounds": "all"}).content.decode()
    assert rounds_of(every) == {1: 8, 2: 4, 3: 2, 4: 1}
    assert "data-rest" not in every
    assert f'data-live="{page}?partial=brackets&amp;rounds=all"' in every
    part = client.get(page, {"partial": "brackets", "rounds": "all"}).content.decode()
    assert rounds_of(part) == {1: 8, 2: 4, 3: 2, 4: 1}
    # Any other value is the window: two variants kept, whatever the query says.
    assert rounds_of(client.get(page, {"rounds": "every"}).content.decode())[4] is None


def test_a_followed_players_round_is_in_the_window(client, copa):
    loser = copa.matches.get(bracket__kind=draw.MAIN, round=1, position=1)
    player = loser.player1 if loser.winner_id == loser.player2_id else loser.player2
    page = reverse("tournament", args=[copa.pk])
    html = client.get(page, {"player": player.pk}).content.decode()
    # Out in round 1: the window is round 1 and round 2, their card marked.
    assert rounds_of(html) == {1: 8, 2: 4, 3: None, 4: None}
    assert "(the player you looked for)" in html
    assert f'href="?rounds=all&amp;player={player.pk}#round-main-3"' in html


def test_a_small_bracket_is_sent_whole(client, copa, monkeypatch):
    monkeypatch.setattr(bracket_layout, "WINDOW_FROM", 64)
    html = client.get(reverse("tournament", args=[copa.pk])).content.decode()
    assert rounds_of(html) == {1: 8, 2: 4, 3: 2, 4: 1}


def test_after_a_change_only_the_changed_cards_are_rendered_again(client, copa):
    page = reverse("tournament", args=[copa.pk])
    cache.clear()
    client.get(page, {"rounds": "all"})
    cards = {key for key in cache._cache if ":card:" in key}
    assert len(cards) == 15
    match = copa.matches.filter(bracket__kind=draw.MAIN, round=2, status="ready").first()
    builders.win(match)
    client.get(page, {"rounds": "all"})
    new = {key for key in cache._cache if ":card:" in key} - cards
    # The match decided, and the semi-final its winner reaches.
    assert len(new) == 2


def test_a_browser_that_takes_gzip_gets_the_page_and_the_live_part_compressed(client, copa):
    page = reverse("tournament", args=[copa.pk])
    plain = client.get(page)
    packed = client.get(page, headers=GZIP)
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 4
    cards = plain.content.decode().count("match-card")
    assert gzip.decompress(packed.content).decode().count("match-card") == cards
    # The live part: its kept compressed bytes, as they are; and a 304 when unchanged.
    query = {"partial": "brackets"}
    part = client.get(page, query, headers=GZIP)
    assert part["Content-Encoding"] == "gzip"
    assert gzip.decompress(part.content) == client.get(page, query).content
    again = client.get(page, query, headers={**GZIP, "if-none-match": part["ETag"]})
    assert again.status_code == 304


def test_a_players_private_page_is_never_compressed(client, copa):
    player = copa.entries.first().player
    url = reverse("player-page", args=[token_of(link_for(player))])
    response = client.get(url, headers=GZIP)
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
