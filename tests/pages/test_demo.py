"""The demo: a federation of three clubs, what each must show, and that loading it twice
changes nothing."""

import io
import pathlib
import subprocess
from itertools import pairwise

from django.contrib.auth import authenticate
from django.core import serializers
from django.core.management import call_command
from django.utils import timezone

from demo_club import DemoClubTestCase, club_night_groups
from tournament.core import club_nights
from tournament.core.rules import PRESETS
from tournament.management import demo_clubs
from tournament.models import (
    AuditEntry,
    Club,
    ClubRole,
    Game,
    Match,
    Membership,
    Player,
    RatingChange,
    Season,
    Tournament,
)
from tournament.models import stored_draw as brackets
from tournament.models.clubs import FOUNDING_CLUB_ID
from tournament.queries.club_nights import club_night


def dump():
    models = [Player, Season, Tournament, Match, Game]
    return [serializers.serialize("json", model.objects.order_by("pk")) for model in models]


class DemoClubTests(DemoClubTestCase):
    def test_loading_twice_changes_nothing(self):
        before = dump()
        entries = AuditEntry.objects.count()
        call_command("load_demo", stdout=io.StringIO())
        self.assertEqual(dump(), before)
        self.assertEqual(AuditEntry.objects.count(), entries)

    def test_about_32_players_with_catalan_and_spanish_names(self):
        founding = Player.objects.filter(memberships__club_id=FOUNDING_CLUB_ID)
        names = set(founding.values_list("name", flat=True))
        self.assertEqual(len(names), 32)
        self.assertLessEqual(
            {"Jordi Puig", "Núria Ferrer", "Carmen García", "José Martínez"}, names
        )

    def test_seasons_follow_the_club_presets(self):
        expected = {1999: "qgammon-1999", 2001: "qgammon-2000", 2002: "qgammon-2002"}
        expected[timezone.localdate().year] = "qgammon-2002"
        for year, preset in expected.items():
            season = Season.objects.get(club_id=FOUNDING_CLUB_ID, years=str(year))
            self.assertEqual(season.preset, preset)
            self.assertEqual(season.rules, PRESETS[preset])

    def test_the_games_show_the_rules(self):
        games = Game.objects.select_related("match__tournament__season")
        self.assertTrue(games.filter(crawford=True).exists())
        post_crawford = [
            game
            for game in games
            if game.match.crawford_game and game.number > game.match.crawford_game
        ]
        self.assertTrue(post_crawford)
        self.assertTrue(games.filter(how="dropped").exists())
        self.assertTrue(games.filter(kind="gammon").exists())
        self.assertTrue(games.filter(how="resigned").exists())
        in_1999 = games.filter(match__tournament__season__years="1999")
        self.assertTrue(in_1999.filter(beaver=True).exists())
        backgammon = in_1999.filter(kind="backgammon").first()
        self.assertEqual(backgammon.points, 2 * backgammon.cube)  # a backgammon counted double

    def test_every_cached_score_equals_the_replay(self):
        for match in Match.objects.select_related("tournament__season").exclude(
            decided_by__in=["walkover", "retirement"]
        ):
            state = match.replay()
            self.assertEqual(match.score, state.score)
            self.assertEqual(match.crawford_game, state.crawford_game)

    def test_every_bracket_is_consistent(self):
        # The clubs' cups open for registration have no draw yet.
        drawn = Tournament.objects.filter(format=club_nights.CUP).exclude(status="draft")
        for tournament in drawn:
            self.assertEqual(brackets.load(tournament).problems(), [], tournament.name)

    def test_a_finished_cup_with_every_bracket_and_a_running_one(self):
        summer = Tournament.objects.get(name__startswith="Copa d'Estiu")
        self.assertEqual(summer.status, "finished")
        self.assertEqual(summer.entries.count(), 20)
        stored = brackets.load(summer)
        kinds = [bracket.kind for bracket in stored.plan.brackets]
        self.assertEqual(kinds, ["main", "consolation", "last_chance"])
        self.assertTrue(all(stored.champion_id(kind) for kind in kinds))
        self.assertTrue(summer.matches.filter(status="bye").exists())
        autumn = Tournament.objects.get(name__startswith="Copa de Tardor 2")
        self.assertEqual(autumn.status, "running")
        # 13 drew, and two more registered who have not arrived.
        self.assertEqual(autumn.entries.filter(checked_in=True).count(), 13)
        self.assertEqual(autumn.entries.filter(checked_in=False).count(), 2)
        self.assertEqual(autumn.consolation, "first_round")
        self.assertTrue(autumn.matches.filter(status="live").exists())

    def test_a_finished_swiss_of_11_with_a_bye_each_round_and_no_rematch(self):
        swiss = Tournament.objects.get(format=club_nights.SWISS, swiss_knockout=0)
        self.assertEqual((swiss.status, swiss.rounds), ("finished", 3))
        self.assertTrue(swiss.public)
        self.assertEqual(swiss.season.year, timezone.localdate().year)
        field = set(swiss.entries.filter(checked_in=True).values_list("player", flat=True))
        self.assertEqual(len(field), 11)
        [rounds] = club_night_groups(swiss).values()
        self.assertEqual(sorted(rounds), [1, 2, 3])
        byes = []
        for number, matches in rounds.items():
            [bye] = [match for match in matches if match.status == Match.Status.BYE]
            byes.append(bye.player1_id)
            seated = [p for match in matches for p in (match.player1_id, match.player2_id) if p]
            self.assertEqual(sorted(seated), sorted(field), number)  # everyone, once
            self.assertTrue(all(m.is_decided for m in matches if m is not bye), number)
        self.assertEqual(len(set(byes)), 3)  # nobody had two
        pairs = [
            frozenset((match.player1_id, match.player2_id))
            for matches in rounds.values()
            for match in matches
            if match.player2_id
        ]
        self.assertEqual(len(pairs), 15)
        self.assertEqual(len(set(pairs)), 15)

    def test_the_swiss_standings_need_their_tie_breaks(self):
        swiss = Tournament.objects.get(format=club_nights.SWISS, swiss_knockout=0)
        games = Game.objects.filter(match__tournament=swiss)
        self.assertTrue(games.filter(cube__gt=1).exists())
        self.assertTrue(games.exclude(kind="single").exists())
        [group] = club_night(swiss).groups
        rows = group.standings
        self.assertEqual(len(rows), 11)
        # Players level on wins are told apart by a tie-break, not left sharing a place.
        level = [(a, b) for a, b in pairwise(rows) if a.wins == b.wins]
        self.assertGreaterEqual(len(level), 5)
        self.assertTrue(all(a.place < b.place for a, b in level))
        self.assertTrue(any(a.median_buchholz == b.median_buchholz for a, b in level))

    def test_a_swiss_that_went_on_to_a_knockout_of_four_played_to_its_final(self):
        from tournament.models.rounds import swiss_cut_of
        from tournament.queries.standings import tournament_standings

        night = Tournament.objects.get(format=club_nights.SWISS, swiss_knockout=4)
        self.assertEqual(night.status, "finished")
        self.assertEqual(night.entries.filter(checked_in=True).count(), 12)
        cut = swiss_cut_of(night, night.matches.in_rounds())
        # The cut's edge is a tie on every tie-break, drawn by lot: one of two goes on.
        place = dict(cut.ranked)
        self.assertEqual(sum(p == place[cut.qualifiers[-1]] for p in place.values()), 2)
        knockout = night.matches.filter(bracket__isnull=False)
        self.assertEqual(knockout.count(), 3)
        seated = {m.player1_id for m in knockout.filter(round=1)}
        seated |= {m.player2_id for m in knockout.filter(round=1)}
        self.assertEqual(seated, set(cut.qualifiers))
        places = sorted(p.place for p in tournament_standings(night).places)
        self.assertEqual(places[:4], [(1, 1), (2, 2), (3, 4), (3, 4)])
        self.assertEqual(len(places), 12)

    def test_a_round_robin_of_two_groups_of_five_under_way(self):
        night = Tournament.objects.get(format=club_nights.ROUND_ROBIN)
        self.assertEqual((night.status, night.group_size), ("running", 5))
        self.assertEqual(night.entries.filter(checked_in=True).count(), 10)
        groups = club_night_groups(night)
        self.assertEqual(sorted(groups), [1, 2])
        for number, rounds in groups.items():
            matches = [match for played in rounds.values() for match in played]
            members = {p for match in matches for p in (match.player1_id, match.player2_id) if p}
            self.assertEqual(len(members), 5, number)
            pairs = [frozenset((m.player1_id, m.player2_id)) for m in matches if m.player2_id]
            self.assertEqual(len(pairs), 10, number)  # everyone meets everyone once
            self.assertEqual(len(set(pairs)), 10, number)
            for round_number in (1, 2):
                settled = [m.status in Match.SETTLED_STATUSES for m in rounds[round_number]]
                self.assertTrue(all(settled), (number, round_number))
        third = night.matches.filter(round=3).between_two()
        live = third.filter(status=Match.Status.LIVE).get()
        self.assertIn(live.games.count(), (1, 2))
        self.assertEqual(third.filter(status=Match.Status.READY).count(), 3)
        # Every match of the round has a table for the call screen; later rounds wait.
        self.assertTrue(all(match.table for match in third))
        self.assertFalse(night.matches.filter(round__gt=3, status=Match.Status.READY).exists())

    def test_a_team_event_of_four_teams_of_three_played_to_its_final(self):
        # The club's own team event (a league fixture's boards are team events too).
        event = Tournament.objects.get(format=club_nights.TEAMS, league_fixture__isnull=True)
        self.assertEqual(event.status, "finished")
        self.assertEqual([team.members.count() for team in event.teams.all()], [3, 3, 3, 3])
        group = event.team_matches.filter(stage="group")
        self.assertEqual(group.count(), 6)  # one group: each team meets the other three
        final = event.team_matches.get(stage="knockout")
        self.assertEqual((final.status, final.boards.count()), ("decided", 3))
        self.assertIn(final.winner_id, (final.team1_id, final.team2_id))
        self.assertFalse(event.matches.to_play().exists())

    def test_the_demo_director_can_log_in(self):
        from tournament.management.commands.load_demo import DIRECTOR_PASSWORD, DIRECTOR_USERNAME

        user = authenticate(username=DIRECTOR_USERNAME, password=DIRECTOR_PASSWORD)
        self.assertTrue(user is not None and user.is_staff)
        self.assertTrue(user.has_perm("tournament.direct_tournaments"))
        self.assertTrue(user.has_perm("tournament.change_match"))

    def test_prints_two_players_links_to_try_reporting(self):
        from tournament.operations.links import player_by_token

        out = io.StringIO()
        call_command("load_demo", "--site-url", "http://127.0.0.1:8000/", stdout=out)
        lines = [line for line in out.getvalue().splitlines() if "/p/" in line]
        self.assertEqual(len(lines), 2)
        players = []
        for line in lines:
            token = line.split("http://127.0.0.1:8000/p/")[1].rstrip("/")
            players.append(player_by_token(token))
        match = Match.objects.get(player1=players[0], player2=players[1])
        self.assertEqual(match.status, Match.Status.READY)
        self.assertEqual(self.client.get(f"/p/{token}/").status_code, 200)


class DemoFederationTests(DemoClubTestCase):
    """Q-gammon, the founding club, and two more clubs of their own."""

    def test_three_clubs_each_with_its_contact_details(self):
        clubs = list(Club.objects.order_by("pk"))
        self.assertEqual([club.slug for club in clubs], ["q-gammon", "girona-bg", "tarragona-bg"])
        for club in clubs[1:]:
            self.assertTrue(all((club.email, club.phone, club.address, club.website)), club)
        # Q-gammon keeps its history: every season of its own, and none of the others'.
        founding = Season.objects.filter(club_id=FOUNDING_CLUB_ID)
        self.assertEqual(founding.count(), 4)
        self.assertFalse(founding.filter(tournaments__name__in=self._new_cups()).exists())

    def _new_cups(self) -> list[str]:
        return [name for spec in demo_clubs.CLUBS for name in (spec.played, spec.upcoming)]

    def test_each_new_club_has_its_seasons_director_members_and_cups(self):
        today = timezone.localdate()
        for spec in demo_clubs.CLUBS:
            club = Club.objects.get(slug=spec.slug)
            seasons = Season.objects.filter(club=club)
            current = seasons.get(start__lte=today, end__gte=today)
            self.assertEqual(current.rules, spec.rules)
            self.assertEqual(current.start.month, 9 if spec.september_to_june else 1)
            self.assertEqual("-" in current.years, spec.september_to_june)
            user = authenticate(username=spec.director, password=f"{spec.director}-demo")
            self.assertIsNotNone(user)
            self.assertEqual(
                list(ClubRole.objects.filter(user=user).values_list("club__slug", flat=True)),
                [spec.slug],
            )
            self.assertTrue(user.has_perm("tournament.direct_tournaments"))
            numbers = dict(
                Membership.objects.filter(club=club).values_list("player__name", "number")
            )
            self.assertEqual(numbers, dict(spec.members))
            played = Tournament.objects.get(season__club=club, name=spec.played)
            self.assertEqual(played.status, "finished")
            self.assertFalse(played.matches.to_play().exists())
            upcoming = Tournament.objects.get(season=current, name=spec.upcoming)
            self.assertEqual(upcoming.status, "draft")
            self.assertTrue(upcoming.registration_open)
            self.assertGreater(upcoming.date, today)

    def test_one_player_in_two_clubs_with_one_rating(self):
        player = Player.objects.get(name=demo_clubs.BOTH)
        clubs = set(player.memberships.values_list("club__slug", flat=True))
        self.assertEqual(clubs, {"girona-bg", "tarragona-bg"})
        played = Match.objects.filter(player1=player) | Match.objects.filter(player2=player)
        self.assertEqual(
            set(played.values_list("tournament__season__club__slug", flat=True)), clubs
        )
        rated = RatingChange.objects.filter(player=player)
        self.assertEqual(
            set(rated.values_list("match__tournament__season__club__slug", flat=True)), clubs
        )
        self.assertEqual(player.rated_matches, rated.count())
        self.assertEqual(player.rating, rated.order_by("sequence").last().after)


def test_make_run_gives_the_site_address_to_the_demo_and_the_server():
    """Issue 22, item 9: the demo's mails carry their link, so `make run` sets SITE_URL
    for the demo's loading and for the server that sends the mails on the day."""
    root = pathlib.Path(__file__).resolve().parents[2]
    plan = subprocess.run(
        ["make", "-n", "-B", "run", "PORT=8123"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    server = next(line for line in plan.splitlines() if "gunicorn" in line)
    loading = next(line for line in plan.splitlines() if "load_demo" in line)
    for line in (server, loading):
        assert "SITE_URL=http://127.0.0.1:8123 " in line


class DemoLeagueTests(DemoClubTestCase):
    """A league of the three clubs' teams: fixtures played and confirmed, and to play."""

    def test_a_division_of_three_club_teams_with_fixtures_played_and_to_play(self):
        from tournament.management import demo_league
        from tournament.models import LeagueDivision, LeagueFixture
        from tournament.queries.federation_league import division_table

        division = LeagueDivision.objects.select_related("season").get()
        teams = division.teams.select_related("club")
        self.assertEqual(
            {team.club.slug for team in teams}, {"q-gammon", "girona-bg", "tarragona-bg"}
        )
        fixtures = division.fixtures.order_by("round")
        self.assertEqual(fixtures.count(), 6)
        played = fixtures.filter(round__lte=demo_league.PLAYED_ROUNDS)
        self.assertEqual(
            set(played.values_list("status", flat=True)), {LeagueFixture.Status.CONFIRMED}
        )
        for fixture in played:
            # Hosted by the home club, every board decided game by game.
            self.assertEqual(fixture.tournament.season.club_id, fixture.home.club_id)
            boards = fixture.tournament.matches.filter(team_match__isnull=False)
            self.assertEqual(boards.count(), demo_league.BOARDS)
            self.assertTrue(all(board.is_decided and board.games.exists() for board in boards))
            self.assertEqual(fixture.home_boards + fixture.away_boards, demo_league.BOARDS)
            self.assertLessEqual(fixture.date, timezone.localdate())
        to_play = fixtures.filter(round__gt=demo_league.PLAYED_ROUNDS)
        self.assertEqual(set(to_play.values_list("status", flat=True)), {"scheduled"})
        self.assertTrue(all(fixture.date > timezone.localdate() for fixture in to_play))
        table = division_table(division)
        self.assertEqual(sum(row.standing.played for row in table), 2 * played.count())
        self.assertEqual(self.client.get(f"/league/{division.season_id}/1/").status_code, 200)
