"""The federation's rated results out (`/api/federation/results/`, issue 41 item 4):
read back over HTTP from a live server, as another system would, and checked against
the matches: each rated match once, with its day, club, event, length, players with
their federation numbers, capped score and winner; a walkover (not rated), a match of
a private tournament and one decided before `since` left out; a bad parameter a 400
in JSON; the cursor's pages whole and each match once; two queries a page."""

from __future__ import annotations

import datetime
import json
import urllib.error
import urllib.request

import pytest
from django.utils import timezone

from builders import a_club, cup, new_players, play_out
from tournament import operations
from tournament.models import Match, Season
from tournament.models.club_scope import everywhere
from tournament.operations.founding import founding_club

TODAY = timezone.localdate()
LONG_AGO = timezone.make_aware(datetime.datetime(2001, 3, 4, 20, 0))
SINCE = (TODAY - datetime.timedelta(days=7)).isoformat()


def a_season(club) -> Season:
    season = Season.from_preset(2002, "qgammon-2002", name=f"Temporada {club.slug}", club=club)
    season.save()
    return season


def build() -> dict:
    """Two clubs' cups of four played out (3 rated matches each, to 5 points), the
    founding club's players with federation numbers; in the founding club a second cup
    whose first match was a walkover (its other two matches rated); a private cup
    played out (rated, but not published); one rated match decided long ago."""
    founding = a_season(founding_club())
    second = a_season(a_club("girona", "Girona Backgammon"))
    players = new_players(4, prefix="Jugadora")
    for number, player in enumerate(players):
        player.federation_number = f"ES-{number}"
        player.save()
    open_ = cup(founding, players, name="Copa Q", brackets={"main": "5"})
    play_out(open_)
    walked = cup(founding, players, name="Copa amb walkover", brackets={"main": "3"})
    first = walked.matches.filter(status="ready").order_by("pk").first()
    operations.walkover(first, 1)
    play_out(walked)
    girona = cup(second, 4, name="Obert de Girona", brackets={"main": "7"})
    play_out(girona)
    private = cup(founding, 4, name="Copa privada", public=False)
    play_out(private)
    old = open_.matches.filter(round=1).order_by("pk").first()
    Match.objects.filter(pk=old.pk).update(decided_at=LONG_AGO)
    return {"walkover": first.pk, "old": old.pk, "private": private.pk}


def expected(*, since_long_ago: bool = False) -> list[dict]:
    """The feed's rows, from the matches themselves."""
    with everywhere():
        rows = (
            Match.objects.rated()
            .filter(tournament__public=True)
            .select_related("player1", "player2", "tournament__season__club")
        )
        found = []
        for match in rows:
            day = timezone.localtime(match.decided_at).date()
            if not since_long_ago and day < datetime.date.fromisoformat(SINCE):
                continue
            found.append(
                {
                    "date": day.isoformat(),
                    "club": match.tournament.season.club.slug,
                    "event": match.tournament.name,
                    "length": match.length,
                    "players": [
                        {"name": p.name, "federation_number": p.federation_number or None}
                        for p in match.players
                    ],
                    "score": [match.score1, match.score2],
                    "winner": match.players.index(match.winner),
                    "id": match.pk,
                }
            )
    return [
        {key: value for key, value in row.items() if key != "id"}
        for row in sorted(found, key=lambda row: (row["date"], row["id"]))
    ]


def fetch(url: str) -> tuple[int, dict]:
    """GET over HTTP, as another system reads it: the status and the parsed JSON."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            assert answer.headers["Content-Type"] == "application/json"
            return answer.status, json.loads(answer.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read().decode("utf-8"))


@pytest.mark.django_db(transaction=True)
def test_the_feed_read_over_http_holds_each_rated_match_once(live_server):
    made = build()
    status, body = fetch(f"{live_server.url}/api/federation/results/?since={SINCE}")
    assert status == 200
    assert set(body) == {"results", "next"} and body["next"] is None
    results = body["results"]
    for row in results:
        assert set(row) == {"date", "club", "event", "length", "players", "score", "winner"}
        assert row["winner"] in (0, 1)
        assert max(row["score"]) == row["length"] == row["score"][row["winner"]]
        assert [set(player) for player in row["players"]] == [{"name", "federation_number"}] * 2
    assert results == expected()
    # Copa Q's three matches but the one decided long ago, the walkover's cup's two
    # played, Girona's three: the walkover and the private cup are not in it.
    assert len(results) == 2 + 2 + 3
    assert {row["event"] for row in results} == {"Copa Q", "Copa amb walkover", "Obert de Girona"}
    assert {row["club"] for row in results} == {"q-gammon", "girona"}
    assert {row["length"] for row in results if row["club"] == "girona"} == {7}
    numbered = [row for row in results if row["event"] == "Copa Q"]
    assert all(p["federation_number"].startswith("ES-") for row in numbered for p in row["players"])
    walkover = Match.objects.get(pk=made["walkover"])
    assert walkover.is_decided and walkover.decided_by == "walkover"
    # Without `since`: the whole history, the match decided long ago first.
    status, body = fetch(f"{live_server.url}/api/federation/results/")
    assert status == 200
    assert body["results"] == expected(since_long_ago=True)
    assert body["results"][0]["date"] == "2001-03-04"


@pytest.mark.django_db(transaction=True)
def test_the_feed_s_pages_follow_next_and_hold_every_match_once(live_server):
    build()
    rows, url = [], f"{live_server.url}/api/federation/results/?since=2001-01-01&limit=2"
    pages = 0
    while url:
        status, body = fetch(url)
        assert status == 200
        assert len(body["results"]) <= 2
        rows += body["results"]
        url = body["next"] and live_server.url + body["next"]
        pages += 1
    assert rows == expected(since_long_ago=True)
    assert pages == 4  # 8 rated results, two a page


@pytest.mark.django_db(transaction=True)
def test_a_bad_parameter_is_a_400_in_json(live_server):
    for asked in (
        "since=2026-13-01",
        "since=yesterday",
        "since=2026-3-1",
        "since=",
        "limit=0",
        "limit=5001",
        "limit=ten",
        "after=12",
        "since=2026-03-01&after=-1",
    ):
        status, body = fetch(f"{live_server.url}/api/federation/results/?{asked}")
        assert status == 400, asked
        assert set(body) == {"error"} and body["error"], asked


def test_the_feed_costs_two_queries_a_page_whatever_the_clubs(
    transactional_db, client, django_assert_num_queries
):
    build()
    # The clubs' rating policies, the page's rows.
    with django_assert_num_queries(2):
        response = client.get("/api/federation/results/", {"since": SINCE})
    assert len(response.json()["results"]) == 7
    # Reached by a club's address, the feed is still the federation's (every club's).
    with django_assert_num_queries(3):  # and the club named in the address
        response = client.get("/clubs/girona/api/federation/results/", {"since": SINCE})
    assert len(response.json()["results"]) == 7
