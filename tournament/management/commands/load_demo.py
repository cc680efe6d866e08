"""`manage.py load_demo`: a demo club to look at, loaded once.

Running it again changes nothing: every object is looked up by its natural key first,
and a tournament's matches are only played when the tournament is new. Games go
through `operations.record_game`, so the demo obeys each season's rules.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from ... import operations
from ...models import Match, Player, Season, Tournament
from ...scoring import GameResult

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "qgammon-demo"  # noqa: S105 - the demo's published login (README)
DIRECTORS_GROUP = "Directors"

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


def g(winner, kind="single", cube=1, how="played", beaver=False) -> GameResult:
    return GameResult(winner=winner, kind=kind, cube=cube, how=how, beaver=beaver)


# Each match: (first player, second player, length, games). The comments say what the
# match shows of the rules.
SEASONS = [
    (
        1999,
        "qgammon-1999",
        "Temporada 1999",
        [
            (
                "Copa de Tardor 1999",
                "1999-10-16",
                [
                    # A backgammon counts double (x2, like a gammon); a beaver the doubler may not
                    # refuse; the Crawford game at 6-away-1 and a post-Crawford double.
                    (
                        "Jordi Puig",
                        "Montserrat Vila",
                        7,
                        [
                            g(0, "gammon"),  # 2-0
                            g(1, "backgammon", cube=2),  # 2-4: a backgammon on a 2-cube is 4
                            g(0, cube=4, beaver=True),  # 6-4: doubled, beavered to 4
                            g(1),  # Crawford game: 6-5
                            g(0, cube=2),  # post-Crawford double, taken: 8-5 (7-5)
                        ],
                    ),
                    (
                        "Pere Soler",
                        "Núria Ferrer",
                        5,
                        [
                            g(1, cube=2),  # 0-2
                            g(0, "gammon", cube=2),  # 4-2: Crawford next
                            g(1),  # Crawford game: 4-3
                            g(0, cube=2, how="dropped"),  # post-Crawford: redouble to 4 dropped
                        ],
                    ),
                ],
            ),
        ],
    ),
    (
        2001,
        "qgammon-2000",
        "Temporada 2001",
        [
            (
                "Copa de Primavera 2001",
                "2001-04-21",
                [
                    (
                        "Marc Riera",
                        "Laia Casals",
                        5,
                        [
                            g(0, "gammon"),  # 2-0
                            g(1, how="dropped"),  # double refused at 1: 2-1
                            g(0, "gammon", how="resigned"),  # resigned a gammon: 4-1, Crawford next
                            g(1),  # Crawford game: 4-2
                            g(0, "backgammon"),  # a backgammon counts 3 from 2000: 7-2
                        ],
                    ),
                    (
                        "Oriol Prat",
                        "Mireia Font",
                        3,
                        [
                            g(1),  # 0-1
                            g(1, how="resigned"),  # 0-2: Crawford next
                            g(0),  # Crawford game: 1-2
                            g(
                                1, cube=2, how="dropped"
                            ),  # post-Crawford redouble dropped: 1-4 (1-3)
                        ],
                    ),
                ],
            ),
        ],
    ),
    (
        2002,
        "qgammon-2002",
        "Temporada 2002",
        [
            (
                "Copa de la Queimada 2002",
                "2002-11-09",
                [
                    # The worked example of the match rules (seeds 000 and 003), game by game.
                    (
                        "Arnau Serra",
                        "Carla Pujol",
                        5,
                        [
                            g(0, "gammon"),
                            g(1),
                            g(0, "gammon"),
                            g(1),
                            g(1, cube=2),
                            g(0, cube=2),
                        ],
                    ),
                    (
                        "Xavier Roca",
                        "Anna Bosch",
                        5,
                        [
                            g(1, cube=4, how="dropped"),  # 0-4 at once: Crawford next
                            g(0),  # Crawford game: 1-4
                            g(0, cube=2),  # 3-4
                            g(1, "gammon", how="resigned"),  # 3-6 (3-5)
                        ],
                    ),
                ],
            ),
        ],
    ),
]


def current_season_plan(year: int):
    return (year, "qgammon-2002", f"Temporada {year}", [
        ("Lliga d'hivern", f"{year}-01-18", [
            ("Joan Vidal", "Meritxell Sala", 7, [
                g(0, cube=2), g(1, "gammon"), g(0, how="dropped"),
                g(1, cube=2, how="resigned"),
            ]),
            # Still being played: the Crawford game is next.
            ("Carmen García", "José Martínez", 5, [g(0, "gammon", cube=2)]),
            # Not started yet.
            ("Lucía Fernández", "Javier López", 5, []),
        ]),
    ])  # fmt: skip


class Command(BaseCommand):
    help = "Load the demo club (players, seasons, tournaments, matches) once."

    @transaction.atomic
    def handle(self, *args, **options):
        players = {name: self._player(name) for name in PLAYERS}
        created = 0
        this_year = timezone.localdate().year
        plans = [*SEASONS, current_season_plan(this_year)]
        for year, preset, season_name, tournaments in plans:
            status = "running" if year == this_year else "finished"
            season = Season.objects.filter(year=year).first()
            if season is None:
                season = Season.from_preset(year, preset, name=season_name)
                season.save()
            for name, date, matches in tournaments:
                tournament, new = Tournament.objects.get_or_create(
                    season=season, name=name, defaults={"date": date, "status": status}
                )
                if new:
                    created += 1
                    for first, second, length, games in matches:
                        self._play(tournament, players[first], players[second], length, games)
        director_created = self._director()
        self.stdout.write(
            f"Demo club: {created} tournaments created"
            + ("; demo director created." if director_created else ".")
        )

    def _player(self, name: str) -> Player:
        player, _created = Player.objects.get_or_create(name=name, defaults={"club": "Q-gammon"})
        return player

    def _play(self, tournament, first, second, length, games) -> None:
        match = Match.objects.create(
            tournament=tournament, player1=first, player2=second, length=length, status="ready"
        )
        for result in games:
            operations.record_game(match, result)

    def _director(self) -> bool:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=DIRECTOR_USERNAME, defaults={"is_staff": True}
        )
        if created:
            user.set_password(DIRECTOR_PASSWORD)
            user.save()
        user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
        return created
