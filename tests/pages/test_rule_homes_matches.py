"""Rules about a match read off its row have one home each, on the model or its
QuerySet (or in the core, which those ask), and the pages ask it: post-Crawford
(`scoring.is_post_crawford`, `Match.post_crawford`), the live matches first
(`Match.objects.live_first`), the byes and voids left out (`not_settled_empty`), and
the players' reporting setting (`Tournament.players_report` and its two ways)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tournament import operations
from tournament.core.scoring import GameResult, is_post_crawford
from tournament.models import Bracket, Entry, Match, Player, Tournament
from tournament.models.tournaments import REPORTING_CHOICES
from tournament.queries.player_matches import open_matches


@pytest.fixture
def cup(season):
    """Four players drawn into a main bracket of matches to 3 points, started."""
    tournament = Tournament.objects.create(season=season, name="Copa", date="2002-09-09")
    Bracket.objects.create(tournament=tournament, kind="main", lengths="3")
    for number in range(4):
        player = Player.objects.create(name=f"Jugador {number}")
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=4)
    operations.start_tournament(tournament)
    return tournament


# --- post-Crawford ----------------------------------------------------------------


def test_post_crawford_in_the_core():
    assert not is_post_crawford(None, over=False)  # no Crawford game yet
    assert is_post_crawford(3, over=False)
    assert not is_post_crawford(3, over=True)  # decided: no next game


def test_the_row_says_post_crawford_as_the_replay_does(cup, client):
    match = cup.matches.get(round=1, position=1)
    pages = [reverse("calls", args=[cup.pk]), cup.get_absolute_url()]
    # 2-0 to 3: the Crawford game next; the Crawford game 2-1: post-Crawford; 3-1: decided.
    for result, post in [(GameResult(0, "gammon"), False), (GameResult(1), True)]:
        operations.record_game(match, result)
        match.refresh_from_db()
        assert match.post_crawford == match.replay().post_crawford == post
        for url in pages:
            assert ("post-Crawford" in client.get(url).content.decode()) == post, url
    operations.record_game(match, GameResult(0))
    match.refresh_from_db()
    assert match.is_decided and not match.post_crawford and match.crawford_game == 2


# --- the live matches first -------------------------------------------------------


def test_live_first_puts_the_live_matches_before_the_ready_ones(cup):
    matches = list(cup.matches.filter(round=1).order_by("position"))
    operations.record_game(matches[1], GameResult(0))  # the second match is under way
    ordered = list(Match.objects.open().live_first("position"))
    assert [match.pk for match in ordered] == [matches[1].pk, matches[0].pk]
    assert [match.status for match in ordered] == [Match.Status.LIVE, Match.Status.READY]


def test_the_pages_list_the_live_matches_first(cup, director_client):
    matches = list(cup.matches.filter(round=1).order_by("position"))
    operations.record_game(matches[1], GameResult(0))
    live_first = [matches[1].pk, matches[0].pk]
    desk = director_client.get(reverse("director-desk"))
    assert [match.pk for match in desk.context["matches"]] == live_first
    tournament_desk = director_client.get(reverse("director-tournament", args=[cup.pk]))
    assert [match.pk for match in tournament_desk.context["open_matches"]] == live_first
    # A player in both (a friendly, ready, besides the live cup match).
    player = matches[1].player1
    other = Player.objects.create(name="Amic")
    friendly = Match.objects.create(
        tournament=cup, player1=player, player2=other, length=3, status="ready"
    )
    assert [row.match.pk for row in open_matches(player)] == [matches[1].pk, friendly.pk]


# --- byes and voids left out ------------------------------------------------------


def test_not_settled_empty_is_the_rows_own_rule(cup):
    player = Player.objects.first()
    made = Match.objects.bulk_create(
        # A decided match has a winner (the database says so).
        Match(tournament=cup, status=status, length=3, player1=player, winner=player)
        for status in Match.Status.values
    )
    kept = set(Match.objects.filter(pk__in=[m.pk for m in made]).not_settled_empty())
    assert kept == {match for match in made if not match.is_settled_empty}
    assert {match.status for match in made if match.is_settled_empty} == {"bye", "void"}


# --- players reporting their games ------------------------------------------------

# Each setting, and what it means: players report; the opponent confirms; the
# director approves. A new setting fails here until it says.
REPORTING = {
    "off": (False, False, False),
    "confirm": (True, True, False),
    "director": (True, False, True),
}


def test_every_reporting_setting_is_listed_here():
    assert set(REPORTING) == {value for value, _label in REPORTING_CHOICES}


@pytest.mark.parametrize("setting", list(REPORTING))
def test_the_reporting_setting_is_read_on_the_tournament(setting):
    tournament = Tournament(reporting=setting)
    assert (
        tournament.players_report,
        tournament.opponent_confirms_reports,
        tournament.director_approves_reports,
    ) == REPORTING[setting]


def test_no_template_compares_the_reporting_setting_as_a_string():
    templates = Path(settings.BASE_DIR) / "templates"
    comparing = re.compile(r"reporting\s*[!=]=")
    found = [
        str(path.relative_to(templates))
        for path in templates.rglob("*.html")
        if comparing.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


@pytest.mark.parametrize("setting", list(REPORTING))
def test_a_slip_carries_the_players_links_only_where_they_report(cup, director_client, setting):
    cup.reporting = setting
    cup.save(update_fields=["reporting"])
    url = reverse("director-slips", args=[cup.pk]) + "?bracket=main&round=1"
    page = director_client.get(url).content.decode()
    assert ("to report your games" in page) == REPORTING[setting][0]
