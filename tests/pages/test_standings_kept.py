"""The season's standings page keeps its content per change (the season's marks), per
language and per sort and page: a page nobody changed since costs the season and its
marks alone, a new result shows at once, the sort and page links still lead where they
say, and a query string of anything else names no kept content of its own."""

import re

import pytest
from django.urls import reverse

import builders
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match
from tournament.views.public import standings as standings_view
from tournament.web import live

ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r'<td[^>]*data-label="([^"]+)"[^>]*>(.*?)</td>', re.S)
TAG = re.compile(r"<[^>]+>")


def table_rows(response) -> list[dict[str, str]]:
    """The standings table's rows, each as {column header: cell text}."""
    html = response.content.decode()
    body = html[html.index("<tbody") : html.index("</tbody>")]
    return [
        {label: TAG.sub("", cell).strip() for label, cell in CELL.findall(row)}
        for row in ROW.findall(body)
    ]


def table_of(response) -> str:
    html = response.content.decode()
    start = html.index('<div class="table-scroll"')
    return html[start : html.index('<section aria-labelledby="how')]


@pytest.fixture
def cup(season):
    """A cup of 8 under way: every player has a row (and a tournament) from the start."""
    return builders.cup(season, 8, brackets={"main": "3"}, rng_seed=4, public=True)


def url(season, query: str = "") -> str:
    return reverse("standings", args=[season.year]) + query


def test_a_new_result_shows_at_once_and_an_unchanged_page_costs_two_queries(
    client, season, cup, django_assert_num_queries
):
    match = cup.matches.filter(round=1).between_two().order_by("position").first()
    client.get(url(season))
    # Nothing changed since: the season and its marks; the content is the one kept.
    with django_assert_num_queries(2):
        before = client.get(url(season))
    winner = match.player1.name
    row = next(row for row in table_rows(before) if row["Player"] == winner)
    assert (row["Matches won"], row["Games won"]) == ("0", "0")

    operations.record_game(match, GameResult(0, kind="gammon"))
    after = client.get(url(season))
    row = next(row for row in table_rows(after) if row["Player"] == winner)
    assert (row["Games won"], row["Gammons won"]) == ("1", "1")
    builders.win(match)
    row = next(row for row in table_rows(client.get(url(season))) if row["Player"] == winner)
    assert row["Matches won"] == "1"


def test_sorting_and_paging_lead_where_they_say(client, season, cup, monkeypatch):
    monkeypatch.setattr(standings_view, "PER_PAGE", 3)  # 8 players: pages of 3, 3, 2
    builders.play(cup, 2, seed=1)
    response = client.get(url(season, "?sort=-games_won&page=2"))
    html = response.content.decode()
    # The links carry the sort and the page alone.
    assert 'href="?sort=games_won&amp;page=2"' in html  # the other way round
    assert 'href="?sort=-games_won&amp;page=3"' in html  # the next page, sorted the same
    shown = [int(row["Games won"]) for row in table_rows(response)]
    every = [
        int(row["Games won"])
        for page in (1, 2, 3)
        for row in table_rows(client.get(url(season, f"?sort=-games_won&page={page}")))
    ]
    assert len(shown) == 3 and len(every) == 8
    assert every == sorted(every, reverse=True) and shown == every[3:6]
    names = [
        row["Player"]
        for page in (1, 2, 3)
        for row in table_rows(client.get(url(season, f"?sort=player&page={page}")))
    ]
    assert names == sorted(names)


def test_a_query_of_anything_else_is_the_page_the_table_would_show(
    client, season, cup, monkeypatch
):
    monkeypatch.setattr(standings_view, "PER_PAGE", 3)
    kept = []
    rendered = live.rendered

    def counted(name, marks, variant, render):
        kept.append(variant)
        return rendered(name, marks, variant, render)

    monkeypatch.setattr(live, "rendered", counted)
    first, last = client.get(url(season)), client.get(url(season, "?page=3"))
    for junk in ("?page=abc&utm=x", "?sort=nonsense", "?page=0", "?page=" + "9" * 40):
        assert table_of(client.get(url(season, junk))) == table_of(first)
    assert table_of(client.get(url(season, "?page=999"))) == table_of(last)
    # Only a sort the table has and a page it has name what is kept.
    assert set(kept) == {f"{season.pk}::1", f"{season.pk}::3"}
    assert "utm" not in table_of(first)


def test_the_kept_content_is_each_languages_own(client, season, cup):
    english = client.get(url(season), HTTP_ACCEPT_LANGUAGE="en")
    catalan = client.get(url(season), HTTP_ACCEPT_LANGUAGE="ca")
    assert "Matches won" in english.content.decode()
    assert "Matches won" not in catalan.content.decode()


@pytest.mark.django_db
def test_a_season_without_results_says_so(client, season):
    response = client.get(url(season))
    assert response.status_code == 200
    assert "No results yet this season." in response.content.decode()
    assert not Match.objects.exists()
