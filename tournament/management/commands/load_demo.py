"""`manage.py load_demo`: a demo club to look at, loaded once.

Running it again changes nothing: every object is looked up by its natural key first,
and a cup (or a club night, `demo_club_nights`) is drawn and played only when it is
new. Like every write of the site, the demo goes through the operations: players,
seasons, tournaments and entries as a director adds them, each cup drawn with
`make_draw` from a fixed seed and every game recorded with `record_game`, so the demo
obeys each season's rules and its brackets move exactly as a director's would. A dozen
of this year's matches then get their moves and GNU Backgammon's analysis, kept as
files (`demo_analyses`), so the demo needs no gnubg.

The demo is a federation: Q-gammon, the founding club, with the history above (loaded in
its scope, as its pages read it), and two more clubs with their own seasons, members
and cups (`demo_clubs`), and a league of the three clubs' teams (`demo_league`).
"""

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from ... import operations
from ...core import draw, sample_games
from ...core.scoring import GameResult
from ...jobs import master_points
from ...models import Match, Player, Season, Tournament, club_scope
from ...models.clubs import FOUNDING_CLUB_ID
from ...operations.accounts import make_director
from ...operations.links import link_for, path_of
from .. import (
    demo_analyses,
    demo_avoided,
    demo_club_nights,
    demo_clubs,
    demo_double,
    demo_league,
    demo_lives,
    demo_summer,
    demo_swiss_knockout,
    demo_teams,
)

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "qgammon-demo"  # noqa: S105 - the demo's published login (README)

PLAYERS = [
    # Catalan names
    "Jordi Puig", "Montserrat Vila", "Pere Soler", "Núria Ferrer", "Marc Riera",
    "Laia Casals", "Oriol Prat", "Mireia Font", "Arnau Serra", "Carla Pujol",
    "Xavier Roca", "Anna Bosch", "Joan Vidal", "Meritxell Sala", "Pau Camps",
    "Gemma Torrent", "Roger Mas", "Berta Coll",
    # Spanish names
    "Carmen García", "José Martínez", "Lucía Fernández", "Javier López", "María Sánchez",
    "Antonio Romero", "Isabel Navarro", "Francisco Ruiz", "Elena Moreno", "Manuel Jiménez",
    "Pilar Álvarez", "Alberto Gómez", "Rosa Muñoz", "Sergio Ortega",
]  # fmt: skip

SEASONS = {1999: ("qgammon-1999", "Temporada 1999"), 2001: ("qgammon-2000", "Temporada 2001")}
SEASONS[2002] = ("qgammon-2002", "Temporada 2002")


def g(winner, kind="single", cube=1, how="played", beaver=False) -> GameResult:
    return GameResult(winner=winner, kind=kind, cube=cube, how=how, beaver=beaver)


@dataclass
class DemoCup:
    year: int
    name: str
    date: date
    entrants: list  # (name, seed or None)
    lengths: dict
    consolation: str = draw.NO_CONSOLATION
    last_chance: bool = False
    rng_seed: int = 1
    # (bracket, round, position) -> the games, side 0 being the match's first player
    scripts: dict = field(default_factory=dict)
    decide: int | None = None  # how many matches to play out; None: the whole cup
    live: int = 0  # then how many matches to leave under way
    # The day: the main bracket's fee (and side pool, and who joined it), who has not
    # paid, who registered but has not arrived, the tables, the clock, and whether a
    # match starts with a lateness penalty.
    fee: Decimal = Decimal(0)
    side_pool_fee: Decimal = Decimal(0)
    side_pool: tuple = ()
    unpaid: tuple = ()
    not_here: tuple = ()
    tables: str = ""
    clock: str = "none"
    penalty: bool = False


# The scripted matches show the rules; the comments say how.
CUPS_OF_THE_PAST = [
    DemoCup(
        1999,
        "Copa de Tardor 1999",
        date(1999, 10, 16),
        [("Jordi Puig", 1), ("Pere Soler", 2), ("Núria Ferrer", 3), ("Montserrat Vila", 4)],
        {draw.MAIN: "5,7"},
        rng_seed=1999,
        fee=Decimal(5),
        scripts={
            # A backgammon counts double (x2, like a gammon), then the Crawford game, then
            # a post-Crawford double beavered to 4 (in 1999 the doubler may not refuse).
            (draw.MAIN, 1, 1): [
                g(0, "gammon"),  # 2-0
                g(1, "backgammon", cube=2),  # 2-4: a backgammon on a 2-cube is worth 4
                g(0),  # the Crawford game: 3-4
                g(0, cube=4, beaver=True),  # doubled, beavered to 4: 7-4 (5-4)
            ],
            (draw.MAIN, 1, 2): [
                g(1, cube=2),  # 0-2
                g(0, "gammon", cube=2),  # 4-2: Crawford next
                g(1),  # the Crawford game: 4-3
                g(0, cube=2, how="dropped"),  # post-Crawford: the redouble to 4 dropped
            ],
        },
    ),
    DemoCup(
        2001,
        "Copa de Primavera 2001",
        date(2001, 4, 21),
        [("Marc Riera", 1), ("Oriol Prat", 2), ("Mireia Font", 3), ("Laia Casals", 4)],
        {draw.MAIN: "5,7"},
        rng_seed=2001,
        fee=Decimal(5),
        scripts={
            (draw.MAIN, 1, 1): [
                g(0, "gammon"),  # 2-0
                g(1, how="dropped"),  # a double refused at 1: 2-1
                g(0, "gammon", how="resigned"),  # a gammon resigned: 4-1, Crawford next
                g(1),  # the Crawford game: 4-2
                g(0, "backgammon"),  # a backgammon counts 3 from 2000: 7-2 (5-2)
            ],
            (draw.MAIN, 1, 2): [
                g(1),
                g(1, how="resigned"),
                g(1, "gammon"),  # 0-4: Crawford next
                g(0),  # the Crawford game: 1-4
                g(1, cube=2, how="dropped"),  # post-Crawford redouble dropped: 1-6 (1-5)
            ],
        },
    ),
    DemoCup(
        2002,
        "Copa de la Queimada 2002",
        date(2002, 11, 9),
        [
            ("Arnau Serra", 1),
            ("Joan Vidal", 2),
            ("Pau Camps", 3),
            ("Xavier Roca", 4),
            ("Anna Bosch", 5),
            ("Gemma Torrent", 6),
            ("Meritxell Sala", 7),
            ("Carla Pujol", 8),
        ],
        {draw.MAIN: "5,5,7", draw.CONSOLATION: "3"},
        consolation=draw.FIRST_ROUND,
        rng_seed=2002,
        fee=Decimal(10),
        scripts={
            # The worked example of the match rules (seeds 000 and 003), game by game.
            (draw.MAIN, 1, 1): [
                g(0, "gammon"),
                g(1),
                g(0, "gammon"),
                g(1),
                g(1, cube=2),
                g(0, cube=2),
            ],
            (draw.MAIN, 1, 2): [
                g(1, cube=4, how="dropped"),  # 0-4 at once: Crawford next
                g(0),  # the Crawford game: 1-4
                g(0, cube=2),  # 3-4
                g(1, "gammon", how="resigned"),  # 3-6 (3-5)
            ],
        },
    ),
]


def _in_year(day: date, year: int) -> date:
    """A day of the season's year: a season's tournaments are played in it."""
    return min(max(day, date(year, 1, 1)), date(year, 12, 31))


def cups_of_this_year(year: int, today: date) -> list[DemoCup]:
    names = iter(PLAYERS)
    summer = [(next(names), seed) for seed in (1, 2, 3, 4)]
    summer += [(next(names), None) for _ in range(16)]
    autumn = [(name, None) for name in PLAYERS[19:32]]
    autumn[0], autumn[1] = (autumn[0][0], 1), (autumn[1][0], 2)
    return [
        DemoCup(
            year,
            f"Copa d'Estiu {year}",
            _in_year(today - timedelta(days=150), year),
            summer,
            {draw.MAIN: "5,5,7,9,11", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"},
            consolation=draw.PROGRESSIVE,
            last_chance=True,
            rng_seed=20274,  # a seed whose games send a few players to the last chance
            scripts=demo_summer.GAMES,  # its later rounds as the demo always played them
            fee=Decimal(10),
            side_pool_fee=Decimal(5),
            side_pool=tuple(name for name, _seed in summer[:8]),
        ),
        DemoCup(
            year,
            f"Copa de Tardor {year}",
            _in_year(today - timedelta(days=1), year),
            autumn,
            {draw.MAIN: "5,5,7,9", draw.CONSOLATION: "5"},
            consolation=draw.FIRST_ROUND,
            rng_seed=20270,
            decide=8,
            live=3,
            fee=Decimal(10),
            unpaid=(autumn[-1][0], autumn[-2][0]),
            not_here=(PLAYERS[0], PLAYERS[2]),
            tables="6",
            clock="required",
            penalty=True,
        ),
    ]


class Command(BaseCommand):
    help = "Load the demo federation (three clubs: players, seasons, cups, games) once."

    def add_arguments(self, parser):
        parser.add_argument(
            "--site-url",
            default="",
            help="The site's address, to print the players' links in full (make run does).",
        )

    def handle(self, *args, site_url="", **options):
        with transaction.atomic():
            with club_scope.scoped(FOUNDING_CLUB_ID):
                self._load()
            clubs = demo_clubs.load(timezone.localdate())
            fixtures = demo_league.load(timezone.localdate())
        self.stdout.write(
            f"Two more clubs: {clubs} tournaments created."
            if clubs
            else "Two more clubs: nothing to create."
        )
        # The federation's ranking, as the worker would count it after each event.
        self.stdout.write(f"Master points of {master_points.count_waiting()} tournaments counted.")
        if fixtures:
            self.stdout.write(f"A league of the three clubs: {fixtures} fixtures played.")
        with club_scope.scoped(FOUNDING_CLUB_ID):
            self._show_links(site_url.rstrip("/"))

    def _load(self):
        players = {name: self._player(name) for name in PLAYERS}
        today = timezone.localdate()
        seasons = {**SEASONS, today.year: ("qgammon-2002", f"Temporada {today.year}")}
        for year, (preset, name) in seasons.items():
            if not Season.objects.filter(years=str(year)).exists():
                operations.create_season(year, preset, name)
        created = 0
        for cup in [*CUPS_OF_THE_PAST, *cups_of_this_year(today.year, today)]:
            season = Season.objects.get(years=str(cup.year))
            if not Tournament.objects.filter(season=season, name=cup.name).exists():
                self._play(season, cup, players)
                created += 1
        this_season, nights = Season.objects.get(years=str(today.year)), 0
        for night in demo_club_nights.nights_of_this_year(today.year, today, PLAYERS):
            nights += demo_club_nights.load(this_season, night, players)
        created += demo_avoided.load(this_season, today, players)
        nights += demo_swiss_knockout.load(this_season, today, PLAYERS, players)
        nights += demo_lives.load(this_season, today, PLAYERS, players)
        created += demo_double.load(this_season, today, PLAYERS, players)
        nights += demo_teams.load(this_season, today, PLAYERS, players)
        # A dozen matches of this year's cups with their moves and gnubg's analysis, from
        # files (no gnubg needed here): docs/skill.md, "The demo's analyses".
        analysed = demo_analyses.load(today.year)
        director_created = make_director(DIRECTOR_USERNAME, DIRECTOR_PASSWORD)
        self.stdout.write(
            f"Demo club: {created} cups and {nights} club nights created"
            + (f", {analysed} matches analysed" if analysed else "")
            + ("; demo director created." if director_created else ".")
        )

    def _show_links(self, site_url: str) -> None:
        """Two players of a match ready to start in the running cup, with their private
        links, so that a newcomer can report a game from one and confirm it from the
        other (the links are printed here, never logged)."""
        match = (
            Match.objects.ready()
            .between_two()
            .filter(tournament__status=Tournament.Status.RUNNING)
            .select_related("player1", "player2", "tournament")
            .order_by("-tournament__date", "round", "pk")
            .first()
        )
        if match is None:
            return
        self.stdout.write(
            f"Try the players' own pages ({match.tournament.name}, {match}): "
            "report a game from one, confirm it from the other."
        )
        for player in match.players:
            self.stdout.write(f"  {player.name}: {site_url}{path_of(link_for(player))}")

    def _player(self, name: str) -> Player:
        player = Player.objects.filter(name=name).first()
        if player is None:
            # A member of the founding club (create_player's club by default).
            player = operations.create_player({"name": name, "club": "Q-gammon"})
        return player

    def _play(self, season: Season, cup: DemoCup, players: dict) -> None:
        brackets = {kind: {"lengths": lengths} for kind, lengths in cup.lengths.items()}
        brackets[draw.MAIN].update(fee=cup.fee, side_pool_fee=cup.side_pool_fee)
        tournament = operations.create_tournament(
            {
                "season": season,
                "name": cup.name,
                "date": cup.date,
                "consolation": cup.consolation,
                "last_chance": cup.last_chance,
                "tables": cup.tables,
                "clock_policy": cup.clock,
            },
            brackets,
        )
        for number, (name, seed) in enumerate(cup.entrants):
            entry = operations.add_entry(
                tournament, players[name], seed=seed, checked_in=True
            ).subject
            if cup.fee and name not in cup.unpaid:
                method = "transfer" if number % 3 == 0 else "cash"
                operations.pay(tournament, entry, draw.MAIN, method=method)
            if name in cup.side_pool:
                operations.pay(tournament, entry, draw.MAIN, method="cash", side=True)
        operations.make_draw(tournament, rng_seed=cup.rng_seed)
        operations.start_tournament(tournament)
        for name in cup.not_here:
            # Registered, not here yet: the desk shows them, the draw does not.
            operations.add_entry(tournament, players[name])
        rng = random.Random(cup.rng_seed)
        # The last chance plays from a stream of its own: the main bracket's and the
        # consolation's games stay those the demo's analyses (kept files) are of,
        # whatever the last chance's shape.
        streams = {draw.LAST_CHANCE: random.Random(cup.rng_seed + 1)}
        decided = 0
        while cup.decide is None or decided < cup.decide:
            match = self._next_open(tournament)
            if match is None:
                break
            self._play_match(match, cup, streams.get(match.bracket.kind, rng), finish=True)
            decided += 1
        for _ in range(cup.live):
            match = self._next_open(tournament, not_started=True)
            if match is None:
                break
            self._play_match(match, cup, rng, finish=False)
        waiting = self._next_open(tournament, not_started=True)
        if cup.penalty and waiting is not None:
            # Ten minutes late: two points for the player kept waiting, as opens do.
            operations.award_penalty(waiting, 0, 2, minutes_late=10)

    def _next_open(self, tournament, not_started=False):
        matches = tournament.matches.ready() if not_started else tournament.matches.open()
        return (
            matches.select_related("bracket", "tournament__season")
            .order_by("round", "bracket_id", "position")
            .first()
        )

    def _play_match(self, match, cup, rng, finish: bool) -> None:
        key = (match.bracket.kind, match.round, match.position)
        if key in cup.scripts:
            games = cup.scripts[key]
        else:
            games = list(sample_games.games_to_finish(match.replay(), rng))
            if not finish:
                # Leave it under way: about half its games, never the deciding one.
                games = games[: len(games) // 2]
        for result in games:
            operations.record_game(match, result)
