"""Dates and seasons at the director's desk (issue 22, item 12): a new tournament is
proposed a date inside its season; a tournament started before its date asks first,
and is then dated today; the settings of one format carry that format, for the page to
show them with it alone."""

import datetime
import json

import time_machine
from django.urls import reverse

import builders
from tournament import operations
from tournament.models import AuditEntry, Tournament

NEW = reverse("director-tournament-new")
TODAY = datetime.datetime(2026, 11, 24, 12, 0, tzinfo=datetime.UTC)


def date_value(page: str) -> str:
    return page.split('name="date" value="')[1].split('"')[0]


def season_dates(page: str) -> dict:
    script = page.split('<script id="season-dates" type="application/json">')[1]
    return json.loads(script.split("</script>")[0])


def selected_season(page: str) -> str:
    select = page.split('name="season"')[1].split("</select>")[0]
    return select.split('" selected>')[0].rsplit('value="', 1)[1]


@time_machine.travel(TODAY, tick=False)
def test_a_new_tournament_is_proposed_a_date_in_its_season(director_client, db):
    this, following = (
        operations.create_season(year, "qgammon-2002", f"T{year}") for year in (2026, 2027)
    )
    # Asked for next year's season: a date in 2027, not today.
    page = director_client.get(NEW, {"season": 2027}).content.decode()
    assert date_value(page) == "2027-11-24"
    assert selected_season(page) == str(following.pk)
    # No season asked for: the current one (next year's, made early, is not), today.
    page = director_client.get(NEW).content.decode()
    assert selected_season(page) == str(this.pk) and date_value(page) == "2026-11-24"
    # Made like an earlier tournament of 2027: a date in 2027.
    earlier = Tournament.objects.create(season=following, name="Copa", date="2027-01-05")
    page = director_client.get(NEW, {"from": earlier.pk}).content.decode()
    assert date_value(page) == "2027-11-24"
    # The page knows each season's days and the date to propose in it (the script
    # moves the date there).
    dates = season_dates(page)
    assert dates[str(following.pk)]["proposed"] == "2027-11-24"
    assert dates[str(this.pk)]["proposed"] == "2026-11-24"
    this_one = dates[str(this.pk)]
    assert (this_one["start"], this_one["end"]) == ("2026-01-01", "2026-12-31")


def test_format_settings_carry_their_formats(director_client, season):
    page = director_client.get(NEW).content.decode()

    def formats_of(name):
        div = page.split(f'name="{name}"')[0].rsplit('<div class="field', 1)[1]
        return div.split('data-formats="')[1].split('"')[0] if "data-formats" in div else None

    assert formats_of("rounds") == "swiss rating_swiss"
    assert formats_of("group_size") == formats_of("knockout") == "round_robin teams"
    assert formats_of("team_size") == "teams"
    assert formats_of("round_lengths") == "swiss round_robin lives teams rating_swiss"
    assert formats_of("scoring") == formats_of("tie_break") == "swiss round_robin rating_swiss"
    assert formats_of("lives") == formats_of("playoff") == formats_of("reentry_fee") == "lives"
    assert formats_of("consolation") == "cup"
    assert formats_of("name") is None and formats_of("date") is None


@time_machine.travel(TODAY, tick=False)
def test_starting_before_its_date_asks_first_then_dates_it_today(director_client, db):
    season = operations.create_season(2026, "qgammon-2002", "Temporada 2026")
    tournament = builders.cup(
        season, ("Anna Bosch", "Xavier Roca"), name="Copa de Nadal", date="2026-12-20", start=False
    )
    start = reverse("director-start", args=[tournament.pk])
    response = director_client.post(start)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Copa de Nadal is set for Dec. 20, 2026, not today. Start it now?" in page
    assert "Starting it now makes today its date." in page
    tournament.refresh_from_db()
    assert tournament.is_draft
    response = director_client.post(start, {"confirm": "on"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.is_running and tournament.date == datetime.date(2026, 11, 24)
    assert AuditEntry.objects.get(action="tournament_started").after == {"date": "2026-11-24"}


@time_machine.travel(TODAY, tick=False)
def test_starting_on_its_day_or_later_asks_nothing(director_client, db):
    season = operations.create_season(2026, "qgammon-2002", "Temporada 2026")
    for date in ("2026-11-24", "2026-11-20"):
        tournament = builders.cup(
            season, ("Anna Bosch", "Xavier Roca"), name="Copa de Nadal", date=date
        )
        assert (
            director_client.post(reverse("director-start", args=[tournament.pk])).status_code == 302
        )
        tournament.refresh_from_db()
        assert tournament.is_running and tournament.date.isoformat() == date
        tournament.delete()
