"""The plans a process keeps (`models.stored_draw`): the cups being played and the pages
being read keep theirs, at most KEEP_PLANS of them; a read of a whole season (its
standings, its workbook) uses a plan kept before but keeps none of its own, so that a
season's export in a fresh process does not grow with the season (it kept every cup's
plan: +15 MiB of RSS at 20,000 games; the bench measures it)."""

import io

import pytest

import builders
from tournament.exports import season_sheets, write_workbook
from tournament.models import stored_draw
from tournament.queries import standings


@pytest.fixture
def no_plans_kept(monkeypatch):
    monkeypatch.setattr(stored_draw, "_plans", type(stored_draw._plans)())
    return stored_draw._plans


def cups(season, count: int):
    made = [
        builders.cup(season, 8, name=f"Copa {number}", brackets={"main": "1"}, rng_seed=number)
        for number in range(count)
    ]
    for cup in made:
        builders.win(cup.matches.filter(round=1).between_two().first())
    return made


@pytest.mark.django_db
def test_a_seasons_workbook_and_standings_keep_no_plan(season, no_plans_kept):
    made = cups(season, 3)
    no_plans_kept.clear()  # the draws and the results kept theirs
    write_workbook(season_sheets(season), io.BytesIO())
    assert standings.season_standings(season).records
    assert len(no_plans_kept) == 0
    # One tournament's page or results keep its plan, as a decision does.
    assert standings.tournament_standings(made[0]).places
    assert len(no_plans_kept) == 1


@pytest.mark.django_db
def test_a_plan_kept_before_serves_the_season_and_the_oldest_goes_first(
    season, no_plans_kept, monkeypatch
):
    monkeypatch.setattr(stored_draw, "KEEP_PLANS", 2)
    first, second, third = cups(season, 3)
    for cup in (first, second, third):
        cup.refresh_from_db()
    # Each result kept its cup's plan; the first cup's, the least recently used, went.
    seeds = {settings[-1] for settings, _structure in no_plans_kept}
    assert seeds == {second.draw_seed, third.draw_seed} != {first.draw_seed}
    kept = dict(no_plans_kept)
    standings.season_standings(season)
    assert dict(no_plans_kept) == kept  # used, none added
    builders.win(first.matches.filter(round=1).between_two().last(), 1)
    assert len(no_plans_kept) == 2
    assert stored_draw.load(first).plan is stored_draw.load(first).plan


@pytest.mark.django_db
def test_a_decision_reads_the_same_plan_it_kept(season, no_plans_kept):
    (cup,) = cups(season, 1)
    match = cup.matches.filter(round=1).between_two().last()
    rows = stored_draw.load_rows(cup)
    builders.win(match)
    assert stored_draw.load_rows(cup).plan is rows.plan
    assert len(no_plans_kept) == 1
