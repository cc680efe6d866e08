"""The clock on the wall on the pages: the call screen and the director's desk mark a
match running over its expected length, players not at their table five minutes after
the call, and a match adjourned (in words, not by colour alone); the call screen's
poll brings the marks as time passes, with no write to move a mark, still a 304 after
one query within the minute. The match sheet adjourns and resumes a match."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry

OVER = "Running over"
ABSENT = "Not at the table"


@pytest.fixture
def day(season):
    # Four first-round matches to 3 points (18 minutes at 6 a point), at four tables.
    return builders.cup(
        season,
        8,
        brackets={"main": "3"},
        start=True,
        tables=["1", "2", "3", "4"],
        date=None,
    )


def first_round(day):
    return list(day.matches.filter(round=1).order_by("position"))


def calls(client, day, **headers):
    return client.get(reverse("calls", args=[day.pk]), {"partial": "calls"}, headers=headers)


def call_of(page, match):
    """The call screen's line for the match."""
    name = match.player1.name
    return page[page.rindex("<li", 0, page.index(name)) :].split("</li>")[0]


def test_the_call_screen_marks_a_match_running_over_and_players_not_at_their_table(client, day):
    late, over, fresh, _ = first_round(day)
    operations.record_game(over, GameResult(0))
    builders.called_minutes_ago(over, 25)  # 7 minutes past its 18
    builders.called_minutes_ago(late, 8)  # no game, no clock: not at the table
    page = calls(client, day).content.decode()
    assert f"{OVER} · 7 minutes" in call_of(page, over)
    assert 'class="call marked-over"' in call_of(page, over)
    assert f"{ABSENT} · called 8 minutes ago" in call_of(page, late)
    # Called a moment ago: nothing to say yet.
    assert OVER not in call_of(page, fresh) and ABSENT not in call_of(page, fresh)


def test_an_adjourned_match_says_so_and_is_not_marked_late(client, day):
    match = first_round(day)[0]
    builders.called_minutes_ago(match, 90)
    operations.adjourn_match(match)
    line = call_of(calls(client, day).content.decode(), match)
    assert "Adjourned" in line and ABSENT not in line and OVER not in line


def test_time_passing_changes_the_poll_without_a_write(client, day, django_assert_max_num_queries):
    match = first_round(day)[0]
    now = dt.datetime.now(dt.UTC)
    with time_machine.travel(now, tick=False):
        first = calls(client, day)
        assert ABSENT not in first.content.decode()
        # Within the minute, unchanged: a 304 after one query.
        with django_assert_max_num_queries(1):
            assert calls(client, day, if_none_match=first["ETag"]).status_code == 304
    with time_machine.travel(now + dt.timedelta(minutes=6), tick=False):
        later = calls(client, day, if_none_match=first["ETag"])
    assert later.status_code == 200 and later["ETag"] != first["ETag"]
    assert ABSENT in call_of(later.content.decode(), match)


def test_the_marks_cost_the_call_screen_no_query(client, day, django_assert_num_queries):
    for match in first_round(day)[:2]:
        builders.called_minutes_ago(match, 30)
    # The tournament, its open matches with their players, the latest results: 3.
    with django_assert_num_queries(3):
        assert ABSENT in client.get(reverse("calls", args=[day.pk])).content.decode()


def test_the_desk_marks_them_too(director_client, day):
    late, over, _, adjourned = first_round(day)
    operations.record_game(over, GameResult(0))
    builders.called_minutes_ago(over, 40)
    builders.called_minutes_ago(late, 6)
    operations.adjourn_match(adjourned)
    page = director_client.get(reverse("director-desk")).content.decode()
    assert f"{OVER} · 22 minutes" in page
    assert f"{ABSENT} · called 6 minutes ago" in page
    assert "Adjourned" in page


def sheet_url(match, action):
    return reverse(f"director-{action}", args=[match.tournament_id, match.pk])


def test_adjourn_and_resume_from_the_match_sheet(director_client, day):
    match = first_round(day)[0]
    operations.record_game(match, GameResult(1))
    match.refresh_from_db()
    sheet = director_client.get(reverse("director-match", args=[day.pk, match.pk]))
    assert "Adjourn the match at its score" in sheet.content.decode()
    answer = director_client.post(
        sheet_url(match, "adjourn"), {"version": match.version, "clock1": "12:30", "clock2": ""}
    )
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.is_adjourned and match.clock_left1 == 750 and match.clock_left2 is None
    sheet = director_client.get(answer["Location"]).content.decode()
    assert "Resume" in sheet and "12:30" in sheet and 'name="winner"' not in sheet
    answer = director_client.post(
        sheet_url(match, "resume"), {"version": match.version}, follow=True
    )
    assert "set the clocks to 12:30 – —" in answer.content.decode()
    match.refresh_from_db()
    assert not match.is_adjourned and (match.score1, match.score2) == (0, 1)
    assert AuditEntry.objects.filter(match=match, action="resumed", user__isnull=False).exists()


def test_a_clock_time_that_is_no_time_is_refused_and_nothing_saved(director_client, day):
    match = first_round(day)[0]
    answer = director_client.post(
        sheet_url(match, "adjourn"), {"version": match.version, "clock1": "12:75"}
    )
    assert answer.status_code == 400
    assert "minutes:seconds" in answer.content.decode()
    match.refresh_from_db()
    assert not match.is_adjourned


def test_adjourn_and_resume_need_a_director(director, day):
    match = first_round(day)[0]
    assert_protected(director, sheet_url(match, "adjourn"), "post", {"version": 0})
    assert_protected(director, sheet_url(match, "resume"), "post", {"version": 0})


def test_the_marks_in_catalan_and_spanish(client, day):
    over, late = first_round(day)[:2]
    operations.record_game(over, GameResult(0))
    builders.called_minutes_ago(over, 19)
    builders.called_minutes_ago(late, 5)
    said = {
        language: calls(client, day, accept_language=language).content.decode()
        for language in ("ca", "es")
    }
    assert "Passa de l'hora · 1 minut<" in said["ca"]
    assert "No són a la taula · cridats fa 5 minuts" in said["ca"]
    assert "Fuera de hora · 1 minuto<" in said["es"]
    assert "No están en la mesa · llamados hace 5 minutos" in said["es"]
