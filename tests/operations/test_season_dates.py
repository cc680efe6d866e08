"""Seasons that span two years (issue 36, item 14), on the rows and the operations: a
season from its first to its last day, named by its years ("2026-27"); its tournaments
played inside it, across New Year; dates that make no season, name another's years or
overlap another's days refused; dates that would leave a tournament outside refused; a
tournament started early dated today only when today is in its season; and the
migration, which keeps every season made before it the calendar year it was."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import builders
from tournament import operations
from tournament.models import AuditEntry, Season, Tournament

D = datetime.date


def autumn_to_summer(**fields):
    """The club's season from September 2026 to June 2027."""
    return operations.create_season(
        None, "qgammon-2002", "Temporada 2026-27", start=D(2026, 9, 1), end=D(2027, 6, 30), **fields
    )


def test_a_season_from_september_to_june_is_named_by_both_years(db):
    season = autumn_to_summer()
    assert (season.start, season.end, season.years) == (D(2026, 9, 1), D(2027, 6, 30), "2026-27")
    assert season.get_absolute_url() == "/seasons/2026-27/"
    assert not season.is_calendar_year
    unnamed = operations.create_season(None, "standard", start=D(2027, 9, 1), end=D(2028, 6, 30))
    assert str(unnamed) == "Season 2027-28"
    # A calendar year, as every season was: its year alone.
    calendar = operations.create_season(2025, "standard")
    assert (calendar.start, calendar.end, calendar.years) == (
        D(2025, 1, 1),
        D(2025, 12, 31),
        "2025",
    )
    assert calendar.get_absolute_url() == "/seasons/2025/"
    assert list(Season.objects.all()) == [unnamed, season, calendar]  # the newest first
    made = AuditEntry.objects.filter(action="season_created").order_by("pk")
    assert "Season 2026-27 created from the preset qgammon-2002" in made[0].summary


def test_its_tournaments_are_played_inside_it_across_new_year(db):
    season = autumn_to_summer()
    for day in (D(2026, 9, 1), D(2027, 2, 14), D(2027, 6, 30)):
        Tournament(season=season, name=f"Copa {day}", date=day).full_clean()
    for day in (D(2026, 8, 31), D(2027, 7, 1)):
        with pytest.raises(ValidationError) as refused:
            Tournament(season=season, name="Copa d'estiu", date=day).full_clean()
        assert refused.value.message_dict["date"] == [
            "Temporada 2026-27 runs from Sept. 1, 2026 to June 30, 2027: choose a date inside it."
        ]


def test_the_calendar_years_rule_is_the_same_rule(season):
    """A season of 2002 (the fixture's) holds 2002's days and no other."""
    Tournament(season=season, name="Copa", date=D(2002, 12, 31)).full_clean()
    with pytest.raises(ValidationError) as refused:
        Tournament(season=season, name="Copa", date=D(2003, 1, 1)).full_clean()
    assert "Temporada 2002 runs from Jan. 1, 2002 to Dec. 31, 2002" in str(refused.value)


@pytest.mark.parametrize(
    ("start", "end", "said"),
    [
        (D(2027, 6, 30), D(2026, 9, 1), "cannot come before its first day"),
        (D(2026, 9, 1), D(2028, 6, 30), "at most two calendar years"),
        (D(2026, 3, 1), D(2026, 10, 31), "The club has a season of these years already"),
        (D(2025, 9, 1), D(2026, 6, 30), "These dates overlap Temporada 2026"),
    ],
)
def test_dates_that_make_no_season_here_are_refused(db, start, end, said):
    operations.create_season(2026, "qgammon-2002", "Temporada 2026")
    with pytest.raises(operations.OperationError) as refused:
        operations.create_season(None, "standard", start=start, end=end)
    assert said in str(refused.value.message)
    assert Season.objects.count() == 1


def test_a_calendar_season_made_into_2026_27_keeps_its_tournaments_inside(db):
    season = operations.create_season(2026, "qgammon-2002", "Temporada 2026")
    builders.cup(season, ("Anna Bosch", "Xavier Roca"), name="Copa de primavera", date="2026-04-11")
    with pytest.raises(operations.OperationError) as refused:
        operations.change_season_rules(season, season.rules, dates=(D(2026, 9, 1), D(2027, 6, 30)))
    assert "Copa de primavera, April 11, 2026" in str(refused.value.message)
    season.refresh_from_db()
    assert season.years == "2026"
    # Starting in January instead, it may run into the next June.
    changed = operations.change_season_rules(
        season, season.rules, dates=(D(2026, 1, 1), D(2027, 6, 30))
    )
    assert (changed.years, changed.end) == ("2026-27", D(2027, 6, 30))
    entry = AuditEntry.objects.filter(action="season_changed").order_by("-pk").first()
    assert entry.before == {"start": "2026-01-01", "end": "2026-12-31"}
    assert entry.after == {"start": "2026-01-01", "end": "2027-06-30"}


def test_started_early_it_is_dated_that_day_only_inside_its_season(db):
    season = autumn_to_summer()
    later = builders.cup(
        season, ("Anna Bosch", "Xavier Roca"), name="Copa", date="2027-03-20", start=False
    )
    operations.start_tournament(later, dated=D(2027, 2, 14))
    later.refresh_from_db()
    assert later.date == D(2027, 2, 14) and later.is_running
    other = builders.cup(
        season, ("Carla Puig", "Dolors Mas"), name="Copa 2", date="2027-03-20", start=False
    )
    with pytest.raises(operations.OperationError) as refused:
        operations.start_tournament(other, dated=D(2027, 7, 2))
    assert "runs from Sept. 1, 2026 to June 30, 2027" in str(refused.value.message)
    other.refresh_from_db()
    assert other.is_draft and other.date == D(2027, 3, 20)


def _migrations():
    """The migration that gave seasons their dates, and the one before it (by name, so
    that a renumbering keeps the test)."""
    loader = MigrationExecutor(connection).loader
    mine = next(key for key in loader.disk_migrations if key[1].endswith("_season_dates"))
    before = next(dep for dep in loader.disk_migrations[mine].dependencies if dep[0] == mine[0])
    return before, mine


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_every_season_the_calendar_year_it_was():
    before, mine = _migrations()
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    executor.migrate([before])
    try:
        old = executor.loader.project_state([before]).apps.get_model("tournament", "Season")
        for year in (1999, 2002, 2026):
            old.objects.create(year=year, name=f"Temporada {year}")
        executor = MigrationExecutor(connection)
        executor.migrate([mine])
        new = executor.loader.project_state([mine]).apps.get_model("tournament", "Season")
        found = {s.name: (s.start, s.end, s.years) for s in new.objects.all()}
        assert found == {
            f"Temporada {year}": (D(year, 1, 1), D(year, 12, 31), str(year))
            for year in (1999, 2002, 2026)
        }
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(leaves)
