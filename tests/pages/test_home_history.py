"""The home page and the tournaments' JSON as the club's history grows (issue 42): the
same queries with one season behind them as with three, the home page listing the
current season's tournaments and linking the earlier seasons, the JSON a page at a time.
"""

import pytest
from django.urls import reverse

from builders import cup, new_players, play_out, the_season
from tournament.models import Tournament
from tournament.views.public import api

LAST_YEAR = 2002


def history(seasons: int) -> list[Tournament]:
    """`seasons` seasons up to 2002, each with two cups played out, and a cup under way
    in the last: the club's public tournaments, newest first."""
    players = new_players(4)
    for year in range(LAST_YEAR - seasons + 1, LAST_YEAR + 1):
        season = the_season(year)
        for month in (3, 6):
            play_out(cup(season, players, name=f"Copa {month}/{year}", date=f"{year}-0{month}-01"))
    cup(the_season(LAST_YEAR), players, name="Copa de Tardor", date=f"{LAST_YEAR}-10-01")
    return list(Tournament.objects.public().order_by("-date", "name", "pk"))


@pytest.mark.parametrize("seasons", [1, 3])
def test_the_home_page_costs_the_same_however_many_seasons(
    client, db, django_assert_num_queries, seasons
):
    history(seasons)
    # The matches being played, the next ones, the seasons (a row each), the current
    # season's public tournaments: never a row of an earlier season's tournaments.
    with django_assert_num_queries(4):
        response = client.get(reverse("home"))
    assert response.context["current"].year == LAST_YEAR
    shown = [t.name for t in response.context["current"].public_tournaments]
    assert shown == ["Copa de Tardor", "Copa 6/2002", "Copa 3/2002"]
    text = response.content.decode()
    earlier = text.split('id="earlier-heading"')[1] if seasons > 1 else ""
    for year in range(LAST_YEAR - seasons + 1, LAST_YEAR):
        # An earlier season is a link to its page, which lists its tournaments.
        assert f'<a href="/seasons/{year}/">Temporada {year}</a>' in earlier
        assert f"Copa 3/{year}" not in text
        assert f"Copa 3/{year}" in client.get(reverse("season", args=[year])).content.decode()


@pytest.mark.parametrize("seasons", [1, 3])
def test_the_tournaments_json_costs_the_same_however_many_seasons(
    client, db, django_assert_num_queries, monkeypatch, seasons
):
    every = history(seasons)
    monkeypatch.setattr(api, "TOURNAMENTS_PAGE", 2)
    pages = -(-len(every) // 2)
    url, listed, number = reverse("api-tournaments"), [], 0
    while url is not None:
        # How many public tournaments there are, and the page's (with their seasons).
        with django_assert_num_queries(2):
            answer = client.get(url).json()
        number += 1
        assert (answer["page"], answer["pages"], answer["count"]) == (number, pages, len(every))
        expected_previous = None if number == 1 else f"/api/tournaments/?page={number - 1}"
        assert answer["previous"] == expected_previous
        listed += answer["tournaments"]
        url = answer["next"]
    # Newest first, each once, in the same shape as before pages.
    assert [row["id"] for row in listed] == [t.pk for t in every]
    assert number == pages
    assert set(listed[0]) >= {"id", "name", "season", "status", "date", "url"}


def test_the_tournaments_json_without_a_page_is_the_first(client, db):
    history(1)
    whole = client.get(reverse("api-tournaments")).json()
    assert whole == client.get(reverse("api-tournaments"), {"page": "1"}).json()
    assert (whole["page"], whole["pages"], whole["count"]) == (1, 1, 3)
    assert whole["next"] is None and whole["previous"] is None


def test_a_club_without_tournaments_has_one_empty_page(client, db):
    answer = client.get(reverse("api-tournaments")).json()
    assert answer == {
        "tournaments": [],
        "page": 1,
        "pages": 1,
        "count": 0,
        "next": None,
        "previous": None,
    }


@pytest.mark.parametrize(
    ("page", "status", "error"),
    [
        ("two", 400, "The page is a whole number."),
        ("", 400, "The page is a whole number."),
        ("1.5", 400, "The page is a whole number."),
        ("9" * 5000, 400, "The page is a whole number."),
        ("0", 404, "No such page: the pages run from 1 to 2."),
        ("3", 404, "No such page: the pages run from 1 to 2."),
    ],
)
def test_a_page_that_is_not_there_is_told_in_json(client, db, monkeypatch, page, status, error):
    history(1)
    monkeypatch.setattr(api, "TOURNAMENTS_PAGE", 2)
    response = client.get(reverse("api-tournaments"), {"page": page})
    assert response.status_code == status
    assert response.json() == {"error": error}
