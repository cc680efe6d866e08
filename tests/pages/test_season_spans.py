"""Seasons that span two years (issue 36, item 14), as the director and the visitors
see them: the season form's first and last day (a calendar year by default), the
tournament form refusing a date outside its season with the season's own message, the
season's pages at /seasons/2026-27/ (its page, standings, skill, calendar, workbook,
the JSON), an old address by a year still answering once its season became 2026-27,
the home page's current season across New Year, and a tournament started early."""

import datetime
import io
import json

import openpyxl
import pytest
import time_machine
from django.test import Client
from django.urls import reverse

import builders
from tournament import operations
from tournament.models import Season, Tournament

D = datetime.date
NEW_SEASON = reverse("director-season-new")
NEW_TOURNAMENT = reverse("director-tournament-new")
FEBRUARY_2027 = datetime.datetime(2027, 2, 14, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def in_february_2027(director):
    """Today is 14 February 2027, and the director logged in today (a session from
    before would have expired by then)."""
    with time_machine.travel(FEBRUARY_2027, tick=False):
        client = Client(headers={"accept-language": "en"})
        client.force_login(director)
        yield client


def autumn_to_summer():
    return operations.create_season(
        None, "qgammon-2002", "Temporada 2026-27", start=D(2026, 9, 1), end=D(2027, 6, 30)
    )


# --- the season form --------------------------------------------------------------


def test_the_season_form_makes_a_season_from_september_to_june(director_client, db):
    page = director_client.get(NEW_SEASON).content.decode()
    assert 'type="date" name="start"' in page and 'type="date" name="end"' in page
    response = director_client.post(
        NEW_SEASON,
        {"start": "2026-09-01", "end": "2027-06-30", "name": "", "preset": "qgammon-2002"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/director/seasons/2026-27/"
    season = Season.objects.get()
    assert (season.start, season.end, season.years) == (D(2026, 9, 1), D(2027, 6, 30), "2026-27")
    page = director_client.get(response["Location"]).content.decode()
    assert "Season 2026-27 created." in page
    assert 'value="2026-09-01"' in page and 'value="2027-06-30"' in page
    assert f"{NEW_TOURNAMENT}?season=2026-27" in page


def test_a_year_alone_is_the_calendar_year(director_client, db):
    response = director_client.post(NEW_SEASON, {"year": 2027, "preset": "qgammon-2002"})
    assert response.status_code == 302
    season = Season.objects.get()
    assert (season.start, season.end, season.years) == (D(2027, 1, 1), D(2027, 12, 31), "2027")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"start": "2026-09-01"}, "Give the season&#x27;s first and last day, or neither"),
        (
            {"year": 2027, "start": "2026-09-01", "end": "2027-06-30"},
            "The season starts in 2026: give that year, or leave it empty.",
        ),
        ({"start": "2027-06-30", "end": "2026-09-01"}, "cannot come before its first day"),
        ({"start": "2026-09-01", "end": "2028-06-30"}, "at most two calendar years"),
        ({"start": "2002-09-01", "end": "2003-06-30"}, "These dates overlap Temporada 2002"),
        ({}, "Give the season&#x27;s year, e.g. 2002."),
    ],
)
def test_season_dates_that_cannot_be_are_refused_and_nothing_is_made(
    director_client, season, data, said
):
    response = director_client.post(NEW_SEASON, {"preset": "qgammon-2002", **data})
    assert response.status_code == 400
    assert response.content.decode().count(said) == 1  # said once, beside its field
    assert list(Season.objects.all()) == [season]


def test_the_season_edit_moves_its_days_and_its_address(director_client, season):
    builders.cup(season, ("Anna Bosch", "Xavier Roca"), name="Copa", date="2002-10-05")
    url = reverse("director-season", args=["2002"])
    form = director_client.get(url).context["form"]
    data = {
        name: value
        for name, value in form.initial.items()
        if name in form.fields and value is not None
    }
    data.update(start="2002-09-01", end="2003-06-30")
    for flag in ("crawford", "holland", "beavers", "beaver_refusable", "raccoons", "jacoby"):
        if not data.get(flag):
            data.pop(flag, None)
    response = director_client.post(url, data)
    assert response.status_code == 302
    assert response["Location"] == "/director/seasons/2002-03/"
    season.refresh_from_db()
    assert season.years == "2002-03"
    # A tournament left outside the days is refused, saying which.
    data.update(start="2002-11-01")
    response = director_client.post("/director/seasons/2002-03/", data)
    assert response.status_code == 400
    assert "Copa, Oct. 5, 2002" in response.content.decode()
    season.refresh_from_db()
    assert season.start == D(2002, 9, 1)


# --- the tournament form ------------------------------------------------------------


def tournament_data(season, date):
    return {
        "season": season.pk,
        "name": "Copa d'hivern",
        "date": date,
        "consolation": "none",
        "progressive_rounds": 2,
        "main_lengths": "5",
    }


def test_the_tournament_form_refuses_a_date_outside_its_season(director_client, db):
    season = autumn_to_summer()
    response = director_client.post(NEW_TOURNAMENT, tournament_data(season, "2027-07-03"))
    assert response.status_code == 400
    said = "Temporada 2026-27 runs from Sept. 1, 2026 to June 30, 2027: choose a date inside it."
    errors = response.context["form"].errors
    assert errors["date"] == [said]
    assert not Tournament.objects.exists()
    # Across New Year, inside the season: made.
    response = director_client.post(NEW_TOURNAMENT, tournament_data(season, "2027-02-20"))
    assert response.status_code == 302
    assert Tournament.objects.get().date == D(2027, 2, 20)


def test_the_form_proposes_a_date_in_the_season_and_gives_its_script_the_message(
    in_february_2027,
):
    director_client = in_february_2027
    season = autumn_to_summer()
    operations.create_season(None, "standard", start=D(2027, 9, 1), end=D(2028, 6, 30))
    page = director_client.get(NEW_TOURNAMENT).content.decode()
    # February 2027 is in 2026-27: it is the current season, and today its date.
    assert page.split('name="date" value="')[1].startswith("2027-02-14")
    script = page.split('<script id="season-dates" type="application/json">')[1]
    dates = json.loads(script.split("</script>")[0])[str(season.pk)]
    assert dates == {
        "start": "2026-09-01",
        "end": "2027-06-30",
        "proposed": "2027-02-14",
        "outside": season.outside_message(),
    }
    assert "runs from Sept. 1, 2026 to June 30, 2027" in dates["outside"]


# --- the season's pages --------------------------------------------------------------


@pytest.fixture
def played(db):
    season = autumn_to_summer()
    cup = builders.cup(
        season, ("Anna Bosch", "Xavier Roca"), name="Copa d'hivern", date="2027-01-16", start=True
    )
    Tournament.objects.filter(pk=cup.pk).update(public=True)
    builders.play_out(cup)
    return cup


def test_a_season_of_two_years_has_its_pages_at_its_years(client, played):
    cup = played
    page = client.get("/seasons/2026-27/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "From Sept. 1, 2026 to June 30, 2027." in text and "Copa d&#x27;hivern" in text
    assert 'href="/seasons/2026-27/standings/"' in text
    standings = client.get("/seasons/2026-27/standings/").content.decode()
    assert "Anna Bosch" in standings and 'href="/seasons/2026-27/standings.xlsx"' in standings
    assert client.get("/seasons/2026-27/skill/").status_code == 200
    calendar = client.get("/seasons/2026-27/calendar.ics")
    assert calendar["Content-Disposition"] == 'attachment; filename="season-2026-27.ics"'
    assert b"Copa d'hivern" in calendar.content
    workbook = client.get("/seasons/2026-27/standings.xlsx")
    assert workbook["Content-Disposition"].endswith('filename="qgammon-2026-27.xlsx"')
    book = openpyxl.load_workbook(io.BytesIO(b"".join(workbook.streaming_content)))
    assert book.sheetnames
    one = client.get(reverse("results-xlsx", args=[cup.pk]))
    assert 'filename="qgammon-2026-27-copa-dhivern.xlsx"' in one["Content-Disposition"]
    summary = client.get(reverse("api-tournament", args=[cup.pk])).json()
    assert (summary["season"], summary["season_years"]) == (2026, "2026-27")
    assert str(cup) == "Copa d'hivern (2026-27)"


def test_a_calendar_years_answer_is_what_it_was(client, season):
    cup = builders.cup(season, ("Anna Bosch", "Xavier Roca"), name="Copa", start=True)
    Tournament.objects.filter(pk=cup.pk).update(public=True)
    summary = client.get(reverse("api-tournament", args=[cup.pk])).json()
    assert summary["season"] == 2002 and "season_years" not in summary
    assert "From " not in client.get("/seasons/2002/").content.decode()


def test_an_old_address_by_year_still_answers_once_its_season_spans_two(client, played):
    # A link by one year, made when the season was 2026 (or 2027), before its dates
    # made it 2026-27.
    for old, new in [
        ("/seasons/2026/", "/seasons/2026-27/"),
        ("/seasons/2026/standings/?sort=-points", "/seasons/2026-27/standings/?sort=-points"),
        ("/seasons/2026/calendar.ics", "/seasons/2026-27/calendar.ics"),
        ("/seasons/2026/standings.xlsx", "/seasons/2026-27/standings.xlsx"),
        ("/seasons/2027/skill/", "/seasons/2026-27/skill/"),
    ]:
        response = client.get(old)
        assert (response.status_code, response["Location"]) == (302, new), old
    for nowhere in ("/seasons/2031/", "/seasons/2026-28/", "/seasons/2025-26/standings/"):
        assert client.get(nowhere).status_code == 404, nowhere


def test_the_home_page_shows_the_season_of_two_years_as_current_after_new_year(
    client, in_february_2027
):
    operations.create_season(2025, "qgammon-2002", "Temporada 2025")
    autumn_to_summer()
    # Next season's, made early: it does not push the current one down.
    operations.create_season(
        None, "qgammon-2002", "Temporada 2027-28", start=D(2027, 9, 1), end=D(2028, 6, 30)
    )
    response = client.get("/")
    assert response.context["current"].years == "2026-27"
    assert [s.years for s in response.context["next"]] == ["2027-28"]
    assert [s.years for s in response.context["others"]] == ["2025"]
    text = response.content.decode()
    assert 'href="/seasons/2026-27/standings/"' in text


def test_started_early_after_new_year_it_is_dated_today(in_february_2027):
    """In February 2027 a tournament of 2026-27 set for March is in its season today:
    starting it now makes today its date (a calendar-year check said otherwise)."""
    director_client = in_february_2027
    season = autumn_to_summer()
    cup = builders.cup(
        season, ("Anna Bosch", "Xavier Roca"), name="Copa", date="2027-03-20", start=False
    )
    start = reverse("director-start", args=[cup.pk])
    page = director_client.post(start).content.decode()
    assert "Starting it now makes today its date." in page
    assert director_client.post(start, {"confirm": "on"}).status_code == 302
    cup.refresh_from_db()
    assert cup.is_running and cup.date == D(2027, 2, 14)
