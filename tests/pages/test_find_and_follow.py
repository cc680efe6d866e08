"""A player finds their name on a bracket, follows their path and their next match; the
live parts of the pages refresh at the same cost as the pages."""

from django.db.models import Q
from django.urls import reverse

from demo_club import DemoClubTestCase
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, Tournament


class FindAndFollow(DemoClubTestCase):
    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        cls.cup = Tournament.objects.get(status="running", format="cup")
        cls.match = cls.cup.matches.filter(status="ready", bracket__kind="main").first()

    def url(self, **query):
        return reverse("tournament", args=[self.cup.pk]), query

    def test_a_name_typed_without_accents_finds_the_player_and_marks_the_path(self):
        player = self.match.player1
        typed = player.name.split()[-1].lower().replace("í", "i").replace("á", "a")
        response = self.client.get(*self.url(name=typed))
        self.assertEqual(response.context["found"], player)
        path = response.context["path"]
        self.assertTrue(path)
        self.assertTrue(all(player.pk in (m.match.player1_id, m.match.player2_id) for m in path))
        self.assertContains(response, f"The path of {player.name}")
        self.assertContains(response, f"against {self.match.player2.name}")
        self.assertContains(response, '<li class="match status-ready mine">')
        self.assertContains(response, "(the player you looked for)")

    def test_a_name_found_whatever_the_apostrophe(self):
        # The name as a phone typed it at the desk; the visitor types it another way.
        player = self.match.player1
        player.name = "Seán O’Brien"
        player.save(update_fields=["name"])
        for typed in ("obrien", "O'Brien", "sean o´brien", "OBRIEN"):
            with self.subTest(typed=typed):
                response = self.client.get(*self.url(name=typed))
                self.assertEqual(response.context["found"], player)

    def test_several_players_fit_and_the_visitor_chooses(self):
        response = self.client.get(*self.url(name="a"))
        self.assertIsNone(response.context["found"])
        self.assertGreater(len(response.context["candidates"]), 1)
        self.assertContains(response, "Several players fit")
        chosen = response.context["candidates"][0]
        response = self.client.get(*self.url(player=chosen.pk))
        self.assertEqual(response.context["found"], chosen)

    def test_nobody_by_that_name(self):
        response = self.client.get(*self.url(name="<b>Zzz</b>"))
        self.assertContains(response, "No player of this tournament is called")
        self.assertNotContains(response, "<b>Zzz</b>")
        self.assertContains(response, "&lt;b&gt;Zzz&lt;/b&gt;")

    def test_a_player_of_another_tournament_is_not_followed(self):
        stranger = Player.objects.exclude(entries__tournament=self.cup).first()
        response = self.client.get(*self.url(player=stranger.pk))
        self.assertIsNone(response.context["found"])

    def test_the_live_part_of_the_bracket_costs_what_the_page_costs(self):
        # The tournament, its brackets, its matches, their players.
        with self.assertNumQueries(4):
            response = self.client.get(*self.url(partial="brackets"))
        self.assertNotContains(response, "<html")
        self.assertContains(response, "match-card")
        # Following a player adds the entries, once.
        with self.assertNumQueries(5):
            self.client.get(*self.url(partial="brackets", player=self.match.player1_id))

    def test_the_live_part_changes_when_a_game_is_recorded(self):
        before = self.client.get(*self.url(partial="brackets")).content
        operations.record_game(self.match, GameResult(1, "gammon"))
        after = self.client.get(*self.url(partial="brackets")).content
        self.assertNotEqual(before, after)
        self.assertIn(b'<span class="score">2</span>', after)

    def test_the_match_page_live_part(self):
        live = Match.objects.filter(status="live").first()
        with self.assertNumQueries(2):
            response = self.client.get(reverse("match", args=[live.pk]), {"partial": "score"})
        self.assertNotContains(response, "<html")
        self.assertContains(response, "scoreboard")
        page = self.client.get(reverse("match", args=[live.pk]))
        self.assertContains(page, 'data-live="/matches/')

    def test_the_next_match_on_the_player_page(self):
        player = self.match.player1
        response = self.client.get(reverse("player", args=[player.pk]))
        self.assertContains(response, f"Against <strong>{self.match.player2.name}</strong>")
        self.assertContains(response, f"to {self.match.length} points")
        self.assertContains(response, f"?player={player.pk}")

    def test_a_next_opponent_still_to_come(self):
        # A match with one player known: they won their way there and wait for the other.
        waiting = self.cup.matches.filter(
            Q(player1__isnull=True) ^ Q(player2__isnull=True), status="pending"
        ).first()
        player = waiting.player1 or waiting.player2
        response = self.client.get(reverse("player", args=[player.pk]))
        # Named as its round is ("Winner of Quarter-final 2"), never "Winner of R2 M3".
        self.assertContains(response, "Opponent still to come: Winner of ")
        self.assertNotContains(response, "Opponent still to come: Winner of R")

    def test_no_next_match_for_a_player_out_of_every_running_cup(self):
        response = self.client.get(
            reverse("player", args=[Player.objects.get(name="Jordi Puig").pk])
        )
        self.assertContains(response, "No match to play in a tournament under way.")
