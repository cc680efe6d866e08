"""The public bracket page and the JSON API: what a player reads, at a fixed cost."""

import datetime
import json
import random
import re

import pytest
from django.urls import reverse

import builders
from demo_club import DemoClubTestCase
from tournament import operations
from tournament.core import draw, sample_games
from tournament.core.scoring import GameResult
from tournament.models import Bracket, Entry, Match, Player, Tournament


def cup(season, size, consolation=draw.FIRST_ROUND, last_chance=False):
    return builders.cup(
        season,
        builders.new_players(size, prefix="Player"),
        name=f"Copa {size}",
        date=None,
        brackets={draw.MAIN: "5,5,7,9,11,11"},
        rng_seed=size,
        consolation=consolation,
        last_chance=last_chance,
    )


@pytest.mark.parametrize("size", [8, 64])
def test_bracket_page_costs_the_same_for_8_and_64(client, season, size, django_assert_num_queries):
    tournament = cup(season, size, draw.PROGRESSIVE, last_chance=True)
    builders.play(tournament, size // 2)
    # The tournament with its season, its brackets, its matches, their players.
    with django_assert_num_queries(4):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200
    assert len(response.context["brackets"]) == 3


@pytest.mark.parametrize("size", [8, 64])
def test_json_costs_the_same_for_8_and_64(client, season, size, django_assert_num_queries):
    tournament = cup(season, size, draw.PROGRESSIVE, last_chance=True)
    builders.play(tournament, size // 2)
    # The tournament, its matches with their players, its brackets, and the payments
    # (the pools and prizes): 4, however many players.
    with django_assert_num_queries(4):
        response = client.get(reverse("api-tournament", args=[tournament.pk]))
    data = response.json()
    assert [bracket["kind"] for bracket in data["brackets"]] == [
        "main",
        "consolation",
        "last_chance",
    ]
    matches = sum(len(r["matches"]) for bracket in data["brackets"] for r in bracket["rounds"])
    assert matches == tournament.matches.count()


def test_the_page_shows_rounds_lengths_players_scores_and_sources(client, season):
    tournament = cup(season, 6)
    first = tournament.matches.filter(bracket__kind="main", round=1, status="ready").first()
    for result in sample_games.games_to_finish(first.replay(), random.Random(1)):
        operations.record_game(first, result)
    first.refresh_from_db()
    text = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert '<h2 id="bracket-main-title">Main bracket</h2>' in text
    assert '<h2 id="bracket-consolation-title">Consolation</h2>' in text
    # 6 players in a bracket of 8: quarter-finals (with byes), semi-finals, final; the
    # consolation's rounds are numbered.
    assert "Quarter-finals" in text and "Semi-finals" in text and "Final" in text
    assert "Round 1" in text
    assert "to 5 points" in text and "to 7 points" in text
    assert first.player1.name in text and first.player2.name in text
    assert f'<span class="score">{first.score1}</span>' in text
    # A slot still to be filled says where from, naming the match as its round does;
    # across brackets, the bracket too (never "R1 M2").
    assert "Winner of Quarter-final " in text
    assert "Loser of Main bracket: Quarter-final " in text
    assert not re.search(r"R\d M\d", text)
    assert '<span class="tag">won</span>' in text  # the winner is marked in words


def test_the_champion_and_final_places(client, season):
    tournament = cup(season, 4, draw.NO_CONSOLATION)
    builders.play(tournament, 3)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    final = tournament.matches.get(round=2)
    response = client.get(reverse("tournament", args=[tournament.pk]))
    main = response.context["brackets"][0]
    assert main.champion == final.winner
    assert [place.places for place in main.places] == ["1", "2", "3-4"]
    assert "Champion</a>" not in response.content.decode()
    assert final.winner.name in response.content.decode()


class DemoJson(DemoClubTestCase):
    def test_demo_tournaments_in_json_match_the_database(self):
        listing = self.client.get(reverse("api-tournaments")).json()["tournaments"]
        names = {row["name"] for row in listing}
        self.assertLessEqual({"Copa de Tardor 1999", "Copa de la Queimada 2002"}, names)
        running = Tournament.objects.get(name__startswith="Copa de Tardor 2", status="running")
        data = self.client.get(reverse("api-tournament", args=[running.pk])).json()
        self.assertEqual((data["consolation"], data["status"]), ("first_round", "running"))
        statuses = {
            m["status"] for b in data["brackets"] for r in b["rounds"] for m in r["matches"]
        }
        self.assertLessEqual({"live", "decided", "pending", "bye"}, statuses)
        for bracket in data["brackets"]:
            for round_ in bracket["rounds"]:
                for item in round_["matches"]:
                    match = Match.objects.get(pk=item["id"])
                    self.assertEqual(item["score"], [match.score1, match.score2])
                    self.assertEqual(
                        item["players"],
                        [
                            match.player1.name if match.player1 else None,
                            match.player2.name if match.player2 else None,
                        ],
                    )
                    self.assertEqual(round_["length"], match.length)
                    if item["status"] == "decided":
                        self.assertEqual(item["players"][item["winner"]], match.winner.name)
                    if item["status"] == "pending":
                        self.assertTrue(any(" of " in source for source in item["sources"]))
        finished = Tournament.objects.get(name__startswith="Copa d'Estiu")
        data = self.client.get(reverse("api-tournament", args=[finished.pk])).json()
        kinds = [b["kind"] for b in data["brackets"]]
        self.assertEqual(kinds, ["main", "consolation", "last_chance"])
        self.assertTrue(all(b["champion"] for b in data["brackets"]))


def test_json_is_read_only_and_private_tournaments_are_404(client, season):
    tournament = cup(season, 4)
    url = reverse("api-tournament", args=[tournament.pk])
    assert client.post(url).status_code == 405
    Tournament.objects.filter(pk=tournament.pk).update(public=False)
    assert client.get(url).status_code == 404
    assert client.get(reverse("api-tournament", args=[999999])).status_code == 404
    listing = client.get(reverse("api-tournaments")).json()["tournaments"]
    assert tournament.pk not in [row["id"] for row in listing]


def test_json_names_are_data_not_html(client, season):
    tournament = cup(season, 2)
    Player.objects.filter(pk=tournament.matches.get().player1_id).update(name="<b>Bold</b>")
    response = client.get(reverse("api-tournament", args=[tournament.pk]))
    assert response["Content-Type"] == "application/json"
    players = json.loads(response.content)["brackets"][0]["rounds"][0]["matches"][0]["players"]
    assert "<b>Bold</b>" in players


def _anchors_inside_anchors(html: str) -> int:
    """How many links open inside another link (HTML forbids it; browsers split them)."""
    from html.parser import HTMLParser

    class Links(HTMLParser):
        depth = nested = 0

        def handle_starttag(self, tag, attrs):
            if tag == "a":
                self.nested += self.depth > 0
                self.depth += 1

        def handle_endtag(self, tag):
            if tag == "a":
                self.depth -= 1

    parser = Links()
    parser.feed(html)
    return parser.nested


def test_a_first_round_losers_source_is_said_once_per_round(client, season):
    # 6 players in a bracket of 8: two byes, so the consolation takes "the loser of
    # Main bracket: Quarter-final 1, or, after a bye, of their first match".
    tournament = cup(season, 6)
    url = reverse("tournament", args=[tournament.pk])
    text = client.get(url).content.decode()
    start = text.index('<li class="round" id="round-consolation-1"')
    first_round = text[start : text.index('<li class="round" id="round-consolation-2"')]
    assert "(or, after a bye, of their first match)" not in text
    assert first_round.count("Loser of Main bracket: Quarter-final") >= 2  # the short form
    note = "For a player who had a bye, “Loser of” means the loser of their first match."
    assert first_round.count(note) == 1
    assert text.count(note) == 1  # the main bracket and the later rounds need none
    # The JSON keeps the whole sentence in every source.
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    sources = [s for r in data["brackets"][1]["rounds"] for m in r["matches"] for s in m["sources"]]
    assert any(s.endswith("(or, after a bye, of their first match)") for s in sources)


def test_names_lead_to_the_players_and_the_card_to_its_match(client, season):
    tournament = cup(season, 8)
    builders.play(tournament, 1)
    text = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert _anchors_inside_anchors(text) == 0
    for match in tournament.matches.filter(bracket__kind="main", round=1):
        assert f'<a class="match-link" href="{match.get_absolute_url()}">' in text
        for player in (match.player1, match.player2):
            link = f'<a class="name" href="{player.get_absolute_url()}" title="{player.name}">'
            assert link in text
    # The card's words: "won", "decided", "bye" are said, not only coloured.
    assert '<span class="tag">won</span>' in text


def test_find_my_name_leads_to_the_players_page_as_well_as_the_path(client, season):
    tournament = cup(season, 8)
    url = reverse("tournament", args=[tournament.pk])
    several = client.get(url, {"name": "Player 0"}).content.decode()
    assert "Several players fit" in several
    player = Player.objects.get(name="Player 03")
    assert f'<a href="?player={player.pk}">Player 03</a>' in several
    assert f'<a href="{player.get_absolute_url()}">The page of Player 03</a>' in several
    found = client.get(url, {"player": player.pk}).content.decode()
    assert f'<a href="{player.get_absolute_url()}">The page of Player 03</a>' in found
    match = tournament.matches.filter(bracket__kind="main", round=1).involving(player).get()
    opponent = match.players[1 - match.side_of(player)]
    assert f'<a href="{opponent.get_absolute_url()}">against {opponent.name}</a>' in found


@pytest.mark.parametrize(("size", "paper"), [(8, "a4"), (32, "a4"), (33, "a3"), (64, "a3")])
def test_each_bracket_prints_on_a_sheet_for_its_size(client, season, size, paper):
    tournament = cup(season, size, draw.NO_CONSOLATION)
    text = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert f'class="bracket paper-{paper}"' in text
    assert re.search(
        f'<main [^>]*class="wide tournament-page paper-{paper}"', text
    )  # the title with it


def test_a_card_says_crawford_and_post_crawford_in_words(client, season):
    tournament = cup(season, 4, draw.NO_CONSOLATION)
    match = tournament.matches.filter(round=1).first()
    url = reverse("tournament", args=[tournament.pk])
    operations.record_game(match, GameResult(0, "gammon", cube=2))  # 4-0 to 5
    text = client.get(url).content.decode()
    card = text[text.index(f'href="{match.get_absolute_url()}"') :][:400]
    assert "live · Crawford game" in card and "post-Crawford" not in card
    operations.record_game(match, GameResult(1))  # the Crawford game: 4-1
    text = client.get(url).content.decode()
    card = text[text.index(f'href="{match.get_absolute_url()}"') :][:400]
    assert "live · post-Crawford" in card


@pytest.mark.parametrize(
    ("rows", "paper"), [(1, "a4"), (16, "a4"), (17, "a3"), (32, "a3"), (64, "a2"), (128, "a0")]
)
def test_the_sheet_grows_with_the_most_matches_in_a_round(rows, paper):
    from tournament.queries.bracket_layout import BracketView, RoundView

    rounds = [RoundView(1, "Round 1", 5, matches=[None] * rows), RoundView(2, "Final", 5, [None])]
    assert BracketView(None, rounds, None, []).paper == paper


def card_of(html, match):
    """The bracket card of a match, from its link to its closing tag."""
    return html.split(f'href="{match.get_absolute_url()}"')[1].split('<div class="match-card">')[0]


def test_a_match_lost_on_time_says_so_on_the_card_the_match_and_the_players_pages(client, season):
    """A 0-1 "decided" with the winner behind would read as a mistake: the card, the
    match page and both players' pages say it was decided on time."""
    tournament = Tournament.objects.create(
        season=season, name="Rellotge", date="2002-05-05", public=True
    )
    Bracket.objects.create(tournament=tournament, kind="main", lengths="5", clock_policy="required")
    for number in range(4):
        player = Player.objects.create(name=f"R{number}")
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=2)
    operations.start_tournament(tournament)
    match = tournament.matches.filter(status="ready").first()
    operations.record_game(match, GameResult(1))
    operations.lose_on_time(match, 1)  # the leader's time ran out: 0-1, the first player won
    match.refresh_from_db()
    assert (match.score1, match.score2, match.winner_id) == (0, 1, match.player1_id)
    page = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    card = card_of(page, match)
    assert '<span class="match-status">on time</span>' in card
    assert "decided" not in card
    sheet = client.get(match.get_absolute_url()).content.decode()
    assert "decided (on time)" in sheet
    # "Find my name": the winner's path says it too.
    path = client.get(reverse("tournament", args=[tournament.pk]), {"player": match.player1_id})
    assert "(on time)" in path.content.decode().split('class="path"')[1].split("</ol>")[0]
    first = client.get(match.player1.get_absolute_url()).content.decode()
    second = client.get(match.player2.get_absolute_url()).content.decode()
    assert "won on time" in first and "lost on time" in second


def test_a_walkover_and_a_retirement_keep_their_words_on_the_card(client, season):
    tournament = cup(season, 4)
    tournament.public = True
    tournament.save()
    operations.start_tournament(tournament)
    first, second = tournament.matches.filter(status="ready").order_by("position")
    operations.walkover(first, 0)
    operations.record_game(second, GameResult(0))
    operations.retire(second, 0)
    page = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert '<span class="match-status">walkover</span>' in card_of(page, first)
    assert '<span class="match-status">retirement</span>' in card_of(page, second)
    assert "decided (retirement)" in client.get(second.get_absolute_url()).content.decode()


def test_a_card_says_at_which_table_or_that_it_waits_for_one(
    client, season, django_assert_num_queries
):
    tournament = cup(season, 8, draw.NO_CONSOLATION)
    operations.start_tournament(tournament)
    day = {"date": datetime.date(2002, 11, 9), "tables": ["1", "Bar"]}
    operations.change_tournament(tournament, day, {})
    first, second, third, fourth = tournament.matches.filter(round=1).order_by("position")
    url = reverse("tournament", args=[tournament.pk])
    # At the same cost as without tables: the tournament, its brackets, its matches,
    # their players.
    with django_assert_num_queries(4):
        page = client.get(url).content.decode()
    assert '<span class="match-table">Table 1</span>' in card_of(page, first)
    assert '<span class="match-table">Bar</span>' in card_of(page, second)
    for waiting in (third, fourth):
        assert '<span class="match-table waiting">waiting for a table</span>' in card_of(
            page, waiting
        )
    # A decided match frees its table: the kept page is not the one shown any more, and
    # the card of a decided match no longer names a table.
    for result in sample_games.games_to_finish(first.replay(), random.Random(1)):
        operations.record_game(first, result)
    page = client.get(url).content.decode()
    assert "match-table" not in card_of(page, first)
    assert '<span class="match-table">Table 1</span>' in card_of(page, third)
    assert "waiting for a table" in card_of(page, fourth)
