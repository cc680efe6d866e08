"""The public pages: what a player sees, and how many queries it costs."""

from django.urls import reverse

from demo_club import DemoClubTestCase
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, Season, Tournament

# The demo is a federation of three clubs: `/` is the federation's home, and Q-gammon's
# is at its club address (its other old addresses answer unprefixed, as always).
QGAMMON_HOME = "/clubs/q-gammon/"


class DemoPages(DemoClubTestCase):
    def test_home_lists_the_current_season_s_tournaments_and_links_the_earlier_ones(self):
        # The live matches, the next ones, the seasons, the current season's public
        # tournaments: four queries however big the club (tests/pages/test_home_history).
        # And the club, read by its address.
        with self.assertNumQueries(5):
            response = self.client.get(QGAMMON_HOME)
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Copa de Tardor 2026")
        # An earlier season is a link to its page, which lists its tournaments.
        for year in (1999, 2001, 2002):
            self.assertContains(
                response, f'<a href="{QGAMMON_HOME}seasons/{year}/">Temporada {year}</a>'
            )
        self.assertNotContains(response, "Copa de Tardor 1999")
        season = self.client.get(reverse("season", args=[1999]))
        self.assertContains(season, "Copa de Tardor 1999")

    def test_home_shows_the_current_season_first_and_what_is_being_played(self):
        response = self.client.get(QGAMMON_HOME)
        text = response.content.decode()
        running = Tournament.objects.get(status="running", format="cup")
        current = response.context["current"]
        self.assertEqual(current, running.season)
        self.assertLess(text.index(running.name), text.index("Earlier seasons"))
        live = list(Match.objects.filter(status="live"))
        self.assertTrue(live)
        self.assertEqual(set(response.context["live"]), set(live))
        for match in live:
            self.assertContains(response, f"{QGAMMON_HOME}{match.get_absolute_url()[1:]}")
        self.assertTrue(response.context["upcoming"])
        self.assertTrue(all(m.status == "ready" for m in response.context["upcoming"]))

    def test_a_season_after_the_current_one_is_next_not_earlier(self):
        """Issue 22, item 12: next year's season, made early, is listed as next; and
        with nothing under way it does not become the current season either."""
        running = Tournament.objects.get(status="running", format="cup")
        later = operations.create_season(running.season.year + 1, "qgammon-2002", "La propera")
        text = self.client.get(QGAMMON_HOME).content.decode()
        next_part = text.split('id="next-seasons-heading"')[1].split("</section>\n</section>")[0]
        self.assertIn("Next season", next_part)
        self.assertIn("La propera", next_part)
        earlier = text.split('id="earlier-heading"')[1]
        self.assertNotIn("La propera", earlier)
        self.assertLess(text.index(running.name), text.index("La propera"))
        # Between two tournaments (none running) the current season stays this year's.
        Tournament.objects.filter(status="running").update(status="finished")
        response = self.client.get(QGAMMON_HOME)
        self.assertEqual(response.context["current"], running.season)
        self.assertEqual(response.context["next"], [later])

    def test_the_home_live_part_alone(self):
        # The running tournaments' change marks (its ETag), the matches being played,
        # the next ones.
        with self.assertNumQueries(3):
            response = self.client.get(reverse("home"), {"partial": "live"})
        self.assertNotContains(response, "<html")
        self.assertContains(response, "Being played now")
        # Asked again with its ETag: nothing changed, the marks alone.
        with self.assertNumQueries(1):
            again = self.client.get(
                reverse("home"), {"partial": "live"}, headers={"if-none-match": response["ETag"]}
            )
        self.assertEqual(again.status_code, 304)

    def test_1999_rules_in_plain_words(self):
        # The season, then its tournaments.
        with self.assertNumQueries(2):
            response = self.client.get(reverse("season", args=[1999]))
        self.assertContains(response, "A backgammon counts twice the cube, the same as a gammon.")
        self.assertContains(response, "the doubler may not refuse the beaver")
        self.assertContains(response, "In force: when a player first comes within one point")
        self.assertContains(response, "rule 3B")
        self.assertContains(response, "Q-gammon, to 1999")

    def test_2002_rules_in_plain_words(self):
        response = self.client.get(reverse("season", args=[2002]))
        self.assertContains(response, "A backgammon counts three times the cube.")
        self.assertContains(response, "No beavers in match play.")
        self.assertContains(response, "Spectators stay silent (rule 2).")
        self.assertContains(response, "(rule 3)")

    def test_worked_example_game_by_game(self):
        match = Match.objects.get(player1__name="Arnau Serra", player2__name="Carla Pujol")
        # The match with its tournament, season and players; then its games.
        with self.assertNumQueries(2):
            response = self.client.get(reverse("match", args=[match.pk]))
        rows = response.context["rows"]
        self.assertEqual(
            [outcome.score_before for _game, outcome in rows],
            [(0, 0), (2, 0), (2, 1), (4, 1), (4, 2), (4, 4)],
        )
        self.assertEqual([game.points for game, _outcome in rows], [2, 1, 2, 1, 2, 2])
        self.assertContains(response, "<strong>Crawford game</strong>", count=1)
        self.assertContains(response, "post-Crawford", count=2)
        self.assertContains(response, "Points actually won: 6–4.")

    def test_player_page_lists_matches(self):
        player = Player.objects.get(name="Jordi Puig")
        # The player, their seasons, their matches of the latest with tournaments and
        # opponents (their scores as written are the head-to-head's points: no query
        # for the games), their next match (none for him: no cup of his is under way),
        # their ratings, and (one of his demo matches is analysed) his GNUBG PR per
        # match.
        with self.assertNumQueries(6):
            response = self.client.get(reverse("player", args=[player.pk]))
        # The latest season's matches; his 1999 matches against her are a link away.
        self.assertContains(response, '<a href="?season=1999">')
        self.assertNotContains(response, "Montserrat Vila")
        with self.assertNumQueries(6):
            response = self.client.get(reverse("player", args=[player.pk]), {"season": "1999"})
        self.assertContains(response, "Montserrat Vila")
        missing = self.client.get(reverse("player", args=[player.pk]), {"season": "1850"})
        self.assertEqual(missing.status_code, 404)

    def test_every_demo_bracket_page_renders(self):
        # Q-gammon's, by their old addresses (the other clubs' are at theirs).
        for tournament in Tournament.objects.filter(format="cup", season__club_id=1):
            # The tournament, its brackets, its matches, their players: whatever the
            # size of the cup.
            with self.assertNumQueries(4):
                response = self.client.get(reverse("tournament", args=[tournament.pk]))
            self.assertEqual(response.status_code, 200)
            self.assertTrue(response.context["brackets"], tournament.name)


def test_a_private_tournament_is_not_listed(client, tournament):
    tournament.public = False
    tournament.save()
    assert tournament.name not in client.get(reverse("home")).content.decode()


def test_edited_rules_say_so(client, season):
    season.holland = True
    season.save()
    text = client.get(reverse("season", args=[2002])).content.decode()
    assert "with changes" in text
    assert "Holland rule" in text


def test_unknown_season_is_404(client, db):
    assert client.get(reverse("season", args=[1850])).status_code == 404


def test_the_crawford_game_is_announced_before_it_is_played(client, match):
    for result in (GameResult(0, "gammon"), GameResult(0, "gammon")):
        operations.record_game(match, result)
    text = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Game 3 is the Crawford game" in text


def test_unknown_match_is_404(client, db):
    assert client.get(reverse("match", args=[999999])).status_code == 404


def test_a_match_of_a_private_tournament_is_404(client, match):
    Tournament.objects.filter(pk=match.tournament_id).update(public=False)
    assert client.get(reverse("match", args=[match.pk])).status_code == 404


def test_a_tournament_without_brackets_lists_its_matches(client, match):
    operations.record_game(match, GameResult(0, "gammon"))
    text = client.get(reverse("tournament", args=[match.tournament_id])).content.decode()
    assert "Anna Bosch" in text and "Xavier Roca" in text and "2–0" in text


def test_names_with_html_are_escaped_everywhere(client, match):
    Player.objects.filter(pk=match.player1_id).update(name="<script>alert(1)</script>")
    Season.objects.filter(pk=match.tournament.season_id).update(name="<b>S</b>")
    Tournament.objects.filter(pk=match.tournament_id).update(name="<i>Cup</i>")
    pages = [
        reverse("home"),
        reverse("season", args=[2002]),
        reverse("tournament", args=[match.tournament_id]),
        reverse("match", args=[match.pk]),
        reverse("player", args=[match.player1_id]),
    ]
    for url in pages:
        text = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in text, url
        assert "<b>S</b>" not in text and "<i>Cup</i>" not in text, url
