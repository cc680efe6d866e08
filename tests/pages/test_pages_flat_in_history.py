"""The ratings page and a player's page cost the same queries whatever the club's
history (issue 42): a club of two seasons and one of five, the older seasons' players
gone quiet, built through the operations. The ratings page reads what is kept on each
player, a page at a time, the inactive apart; a player's page reads one season."""

from datetime import date, datetime, time

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone
from html_tables import column

import builders
from tournament import operations
from tournament.core import draw
from tournament.models import Player
from tournament.views.public import ratings as ratings_view

# Small pages, so that both histories have more than one of each.
PER_PAGE = 4


def club(seasons: int) -> list[Player]:
    """`seasons` seasons of a cup each, the latest this year: the same eight regulars
    in every one, and in each older season eight more players who never came back.
    Each season's cup played on its day, so the older seasons' results are older than a
    year. Returns the regulars."""
    regulars = builders.new_players(8, prefix="Regular")
    this_year = timezone.localdate().year
    for year in range(this_year - seasons + 1, this_year + 1):
        season = builders.the_season(year)
        day = timezone.localdate() if year == this_year else date(year, 3, 1)
        with time_machine.travel(timezone.make_aware(datetime.combine(day, time(12))), tick=False):
            for number, players in enumerate(
                [regulars]
                + ([] if year == this_year else [builders.new_players(8, prefix=f"Gone {year}")])
            ):
                cup = builders.cup(
                    season,
                    players,
                    name=f"Copa {year} {number}",
                    date=day.isoformat(),
                    brackets={draw.MAIN: "3,3,3"},
                    rng_seed=year + number,
                )
                builders.play(cup, seed=year + number)
    return regulars


@pytest.fixture(autouse=True)
def small_pages(monkeypatch):
    monkeypatch.setattr(ratings_view, "PER_PAGE", PER_PAGE)


@pytest.mark.parametrize("seasons", [2, 5])
def test_the_ratings_pages_cost_the_same_queries_at_any_history(
    client, db, django_assert_num_queries, seasons
):
    regulars = club(seasons)
    # Every player rated this year published (the rating list's thresholds, issue 41),
    # as the page listed them before the list had thresholds.
    operations.set_rating_list_thresholds(0, 12)
    # The thresholds and marks, both counts, the published players' count and page,
    # the provisional ones' count (none: no page to read), the page's players' clubs
    # and trends.
    with django_assert_num_queries(7):
        first = client.get(reverse("ratings"))
    page = first.content.decode()
    ranks = column(page, "ratings-heading", "Rank")
    assert ranks == [str(rank) for rank in range(1, PER_PAGE + 1)]
    names = set(column(page, "ratings-heading", "Player"))
    assert names <= {player.name for player in regulars}
    assert '?page=2"' in page
    assert f'?page={-(-len(regulars) // PER_PAGE)}"' in page  # the last page, linked
    assert reverse("ratings-inactive") in page
    # Another page of the same state: its counts kept.
    with django_assert_num_queries(6):
        second = client.get(reverse("ratings"), {"page": 2})
    ranks = column(second.content.decode(), "ratings-heading", "Rank")
    assert ranks == [str(rank) for rank in range(PER_PAGE + 1, 2 * PER_PAGE + 1)]
    # The players of the older seasons, apart: as many queries.
    with django_assert_num_queries(2):
        gone = client.get(reverse("ratings-inactive"))
    rows = [row.record for row in gone.context["table"].page.object_list]
    assert gone.context["table"].paginator.count == 8 * (seasons - 1)
    assert all(player.name.startswith("Gone") for player in rows)
    ratings = [player.rating for player in rows]
    assert ratings == sorted(ratings, reverse=True)


@pytest.mark.parametrize("seasons", [2, 5])
def test_a_players_page_costs_the_same_queries_at_any_history(
    client, db, django_assert_num_queries, seasons
):
    regular = club(seasons)[0]
    this_year = str(timezone.localdate().year)
    # The player (with whether a match of theirs is analysed), their seasons, the
    # latest season's matches, their next match, that season's rating changes.
    with django_assert_num_queries(5):
        page = client.get(regular.get_absolute_url())
    assert page.context["season"].years == this_year
    assert [season.years for season in page.context["seasons"]] == [
        str(int(this_year) - back) for back in range(seasons)
    ]
    lines = page.context["matches"].data.data
    assert lines and all(line.match.tournament.season.years == this_year for line in lines)
    assert (
        page.context["chart"].count
        == regular.rating_changes.filter(match__tournament__season__years=this_year).count()
    )
    text = page.content.decode()
    for season in page.context["seasons"][1:]:
        assert f'<a href="?season={season.years}">' in text
    # Another season of theirs, by its link: as many queries, that season's matches.
    oldest = page.context["seasons"][-1]
    with django_assert_num_queries(5):
        other = client.get(regular.get_absolute_url(), {"season": oldest.years})
    assert {line.match.tournament.season for line in other.context["matches"].data.data} == {oldest}
