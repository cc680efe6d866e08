"""What each event tells whom, read as the browser reads it (decrypted from the local
push service, tests/push_service.py): an opponent's report to confirm, a Swiss round
paired (one notice a player, the table in it when the match is called at once), a
bye, an analysis ready (once, not again for the final's deeper one), and for the
directors who allowed it a dispute and a match running over (once per match)."""

from __future__ import annotations

import analyses
import pytest
from django.contrib.auth.models import User

import builders
from conftest import directors_group
from push_service import notices, run_queue, subscribe, subscribe_director
from tournament import operations
from tournament.core import club_nights, draw
from tournament.core.scoring import GameResult
from tournament.jobs.runner import Worker
from tournament.models import Match, Player
from tournament.operations import links, push_events, reports

pytestmark = pytest.mark.usefixtures("vapid", "offline")


def page_of(player: Player) -> str:
    return f"/p/{links.token_of(links.link_for(player))}/"


def a_cup(season, **settings):
    return builders.cup(
        season,
        ["Anna Bosch", "Berta Puig", "Carles Vidal", "Dolors Roca"],
        name="Copa del Mòbil",
        brackets={draw.MAIN: "3,3"},
        start=True,
        **settings,
    )


def test_the_opponent_is_asked_to_confirm_a_reported_game_in_spanish(season, service):
    match = a_cup(season).matches.filter(round=1).order_by("position").first()
    reporter, opponent = match.player1, match.player2
    Player.objects.filter(pk=opponent.pk).update(language="es")
    phones = {
        "reporter": subscribe(reporter, service, "reporter"),
        "opponent": subscribe(opponent, service, "opponent"),
    }
    reports.report_game(match, reporter, GameResult(0, kind="gammon"))
    run_queue()
    # The reporter is told nothing of their own report.
    assert notices(service, phones) == {
        "opponent": [
            {
                "title": "Copa del Mòbil",
                "body": f"{reporter.name} ha comunicado la partida 1 de vuestro match: confírmala.",
                "url": page_of(opponent),
                "tag": f"match-{match.pk}",
            }
        ]
    }


def test_a_report_confirmed_before_its_notice_went_is_not_sent(season, service):
    match = a_cup(season).matches.filter(round=1).order_by("position").first()
    subscribe(match.player2, service, "opponent")
    reports.report_game(match, match.player1, GameResult(0))
    reports.confirm_report(match, match.player2)
    run_queue()
    assert service.received == []


def swiss(season, count: int, **settings):
    tournament, players = builders.club_night(
        season, count, format=club_nights.SWISS, rounds=3, rng_seed=7, start=True, **settings
    )
    return tournament, players


def test_a_swiss_round_paired_is_one_notice_a_player_with_the_table_when_called(season, service):
    """Four players, one table: round 2's first match is called to it at once (one
    notice says both), the other waits for it (told its pairing)."""
    tournament, players = swiss(season, 4, tables=["1"])
    phones = {f"p{player.pk}": subscribe(player, service, f"p{player.pk}") for player in players}
    builders.play_round(tournament, 1)
    run_queue()
    told = notices(service, phones)
    called, waits = tournament.matches.filter(round=2).order_by("position")
    assert (called.table, waits.table) == ("1", "")
    for match in (called, waits):
        for me, them in ((match.player1, match.player2), (match.player2, match.player1)):
            if match == called:
                body = f"Round 2 is paired. Your match against {them.name} is called: table 1."
            else:
                body = f"Round 2 is paired: you play {them.name}."
            about = [n for n in told[f"p{me.pk}"] if n["tag"] == f"match-{match.pk}"]
            assert about == [
                {
                    "title": tournament.name,
                    "body": body,
                    "url": page_of(me),
                    "tag": f"match-{match.pk}",
                }
            ]


def test_a_swiss_round_without_tables_tells_that_the_match_is_ready_and_the_bye(season, service):
    tournament, players = swiss(season, 5)
    phones = {f"p{player.pk}": subscribe(player, service, f"p{player.pk}") for player in players}
    builders.play_round(tournament, 1)
    run_queue()
    told = notices(service, phones)
    rows = tournament.matches.filter(round=2)
    [bye] = rows.filter(status=Match.Status.BYE)
    assert told[f"p{bye.player1_id}"] == [
        {
            "title": tournament.name,
            "body": "Round 2 is paired: you have the bye.",
            "url": page_of(bye.player1),
            "tag": f"match-{bye.pk}",
        }
    ]
    for match in rows.exclude(pk=bye.pk):
        [notice] = told[f"p{match.player1_id}"]
        assert notice["body"] == (
            f"Round 2 is paired. Your match against {match.player2.name} is ready: you may start."
        )
    assert sum(len(each) for each in told.values()) == 5


def test_the_analysis_ready_is_told_once_to_both_players(season, service):
    match = a_cup(season).matches.filter(round=1).order_by("position").first()
    builders.win(match)
    phones = {
        "first": subscribe(match.player1, service, "first"),
        "second": subscribe(match.player2, service, "second"),
    }
    analyses.analysed(match)
    analyses.analysed(match, ply=2)  # a deeper analysis tells nobody again
    run_queue()
    told = notices(service, phones)
    token = links.token_of(links.link_for(match.player1))
    assert told["first"] == [
        {
            "title": "Copa del Mòbil",
            "body": f"The analysis of your match against {match.player2.name} is ready.",
            "url": f"/p/{token}/matches/{match.pk}/transcript/",
            "tag": f"match-{match.pk}",
        }
    ]
    assert len(told["second"]) == 1


def test_a_dispute_is_told_to_the_directors_who_allowed_it(season, service, director):
    match = a_cup(season).matches.filter(round=1).order_by("position").first()
    stranger = User.objects.create_user("visitor", password="not-a-director-1")
    phones = {
        "desk": subscribe_director(director, service, "desk"),
        "stranger": subscribe_director(stranger, service, "stranger"),
    }
    reports.report_game(match, match.player1, GameResult(0))
    reports.dispute_report(match, match.player2, GameResult(1))
    run_queue()
    [report] = match.reports.all()
    assert notices(service, phones) == {
        "desk": [
            {
                "title": "Copa del Mòbil",
                "body": f"{match.player2.name} disputes game 1 of {match}.",
                "url": "/director/reports/",
                "tag": f"report-{report.pk}",
            }
        ]
    }


def test_a_match_running_over_is_told_to_the_directors_once(season, service, director):
    tournament = a_cup(season, tables=["7", "8"])
    match = tournament.matches.get(round=1, table="7")
    other = User.objects.create_user("helper", password="another-director-1")
    other.groups.add(directors_group())
    phones = {
        "desk": subscribe_director(director, service, "desk"),
        "helper": subscribe_director(other, service, "helper"),
    }
    operations.record_game(match, GameResult(0))  # under way
    assert push_events.running_over() == 0  # just called: on time
    builders.called_minutes_ago(match, match.expected_minutes + 5)
    worker = Worker(name="test-worker", poll=0)
    worker.look_for_overdue()
    worker.overdue_at = None
    worker.look_for_overdue()  # looked again: the same match is not told twice
    run_queue()
    told = notices(service, phones)
    expected = {
        "title": "Copa del Mòbil",
        "body": f"{match}, at Table 7, is running over its expected length.",
        "url": f"/director/tournaments/{tournament.pk}/matches/{match.pk}/",
        "tag": f"match-{match.pk}",
    }
    assert told == {"desk": [expected], "helper": [expected]}
    assert push_events.running_over() == 0


def test_on_a_day_without_tables_the_next_match_ready_is_told(season, service):
    """A cup without tables: the final ready once both semi-finals are decided (the
    bracket moves on without giving tables; with notifications on, it is called)."""
    tournament = a_cup(season)
    first, second = tournament.matches.filter(round=1).order_by("position")
    builders.win(first)
    phones = {"winner": subscribe(first.player1, service, "winner")}
    builders.win(second)
    run_queue()
    final = tournament.matches.get(round=2)
    assert final.called_at is not None
    assert notices(service, phones) == {
        "winner": [
            {
                "title": "Copa del Mòbil",
                "body": f"Your match against {second.player1.name} is ready: you may start.",
                "url": page_of(first.player1),
                "tag": f"match-{final.pk}",
            }
        ]
    }


def test_a_match_moved_to_another_table_calls_its_players_there(season, service, director):
    tournament = a_cup(season, tables=["7", "8", "9"])
    match = tournament.matches.get(round=1, table="7")
    phones = {"phone": subscribe(match.player2, service, "phone")}
    operations.move_to_table(match, "9", user=director)
    run_queue()
    [notice] = notices(service, phones)["phone"]
    assert notice["body"] == f"Your match against {match.player1.name} is called: table 9."
