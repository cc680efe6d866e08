"""The demo's federation: two more clubs beside Q-gammon (the founding club, whose
history `load_demo` keeps as it always was), each with its contact details, its director,
its members under the club's own numbers, its seasons with their rule variants (the
current one and the last), a cup of the last season played to the end and one of this
season open for registration. Marta Vilaró is a member of both and plays in both cups:
her one rating counts her matches in each club.

The cups played are dated before 1 January of this year, so that they come after the
founding club's events of this year in every list by date (the founding club's pages
show its own, and the tests that read the demo find the founding club's this year's
cups first), whatever day the demo is loaded.

Like the rest of the demo, every row comes through the operations (the club made as
`manage.py create_club` makes it, its director appointed as `add_club_director` does)
and is looked up first, so loading twice changes nothing. Each club's part runs in its scope, as
a request of its pages would: the managers then read that club's seasons only.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from .. import operations
from ..core import draw, sample_games
from ..core.rules import RuleSet
from ..models import Club, Player, Season, Tournament, club_scope
from ..operations import memberships
from ..operations.accounts import make_director


@dataclass(frozen=True)
class DemoClub:
    slug: str
    name: str
    contact: dict
    director: str  # the username; its password is "<username>-demo", as the demo's own
    members: tuple  # (name, the club's member number)
    september_to_june: bool  # a season "2026-27" rather than the calendar year
    season_name: str  # followed by the season's years
    rules: RuleSet  # the season's variants of the standard rules
    played: str  # the cup played to the end
    upcoming: str  # the cup open for registration
    rng_seed: int


# Marta Vilaró plays for both clubs: one player of the federation, two member numbers.
BOTH = "Marta Vilaró"

CLUBS = (
    DemoClub(
        slug="girona-bg",
        name="Girona Backgammon",
        contact={
            "language": "ca",
            "email": "hola@gironabackgammon.example",
            "phone": "+34 972 20 11 08",
            "address": "Cafè del Rellotge\nPujada de Sant Domènec, 4\n17004 Girona",
            "website": "https://gironabackgammon.example",
        },
        director="girona",
        members=(
            ("Quim Bassols", "GBG-001"),
            ("Roser Masó", "GBG-002"),
            ("Narcís Pijoan", "GBG-003"),
            ("Fina Coromina", "GBG-004"),
            ("Lluís Surroca", "GBG-005"),
            ("Dolors Bonet", "GBG-006"),
            ("Ramon Vinyes", "GBG-007"),
            (BOTH, "GBG-008"),
        ),
        september_to_june=True,
        season_name="Curs",
        # Beavers and raccoons, as the club has always played them.
        rules=RuleSet(beavers=True, raccoons=True),
        played="Copa de l'Onyar",
        upcoming="Copa dels Quatre Rius",
        rng_seed=17004,
    ),
    DemoClub(
        slug="tarragona-bg",
        name="Backgammon Tarragona",
        contact={
            "language": "es",
            "email": "info@backgammontarragona.example",
            "phone": "+34 977 24 36 15",
            "address": "Casal del Serrallo\nCarrer de Sant Pere, 12\n43004 Tarragona",
            "website": "https://backgammontarragona.example",
        },
        director="tarragona",
        members=(
            ("Ferran Rovira", "BT-101"),
            ("Sílvia Cabré", "BT-102"),
            ("Jaume Gavaldà", "BT-103"),
            ("Teresa Solé", "BT-104"),
            ("Enric Miró", "BT-105"),
            ("Clara Nogués", "BT-106"),
            ("Albert Ventura", "BT-107"),
            (BOTH, "BT-108"),
        ),
        september_to_june=False,
        season_name="Circuit",
        # A backgammon counts double, and the Holland rule is kept in the record.
        rules=RuleSet(backgammon_multiplier=2, holland=True),
        played="Copa del Mediterrani",
        upcoming="Copa del Serrallo",
        rng_seed=43004,
    ),
)
LENGTHS = {draw.MAIN: "3,3,5"}


DEMO_MIN_EXPERIENCE, DEMO_MONTHS = 50, 12


def season_dates(
    club: DemoClub, today: datetime.date, back: int = 0
) -> tuple[datetime.date, datetime.date]:
    """The club's current season (`back` 1: the last one): 1 September to 30 June, or
    the calendar year."""
    if not club.september_to_june:
        year = today.year - back
        return datetime.date(year, 1, 1), datetime.date(year, 12, 31)
    first = (today.year if today.month >= 9 else today.year - 1) - back
    return datetime.date(first, 9, 1), datetime.date(first + 1, 6, 30)


def load(today: datetime.date) -> int:
    """The two clubs, made or found; returns how many tournaments were made."""
    made = 0
    for spec in CLUBS:
        club = Club.objects.filter(slug=spec.slug).first()
        if club is None:
            club = operations.create_club(spec.slug, spec.name, **spec.contact)
        make_director(spec.director, f"{spec.director}-demo", club=club)
        players = [_member(club, name, number) for name, number in spec.members]
        with club_scope.scoped(club.pk):
            last = _season(club, spec, *season_dates(spec, today, back=1))
            current = _season(club, spec, *season_dates(spec, today))
            made += _tournaments(last, current, spec, players, today)
    # A federation of three small clubs with a few seasons of history: at the German
    # list's 200 experience nobody would be published (the demo's most experienced
    # player has about 90), so the demo's federation publishes from 50, as a young
    # federation's list would, and the rest are shown as provisional.
    operations.set_rating_list_thresholds(DEMO_MIN_EXPERIENCE, DEMO_MONTHS)
    return made


def _member(club, name: str, number: str) -> Player:
    player = Player.objects.filter(name=name).first()
    if player is None:
        fields = {"name": name, "club": club.name, "membership_number": number}
        return operations.create_player(fields, club=club)
    memberships.join(player, club, number)  # a member of another club already
    return player


def _season(club, spec: DemoClub, start: datetime.date, end: datetime.date) -> Season:
    found = Season.objects.filter(start=start, end=end).first()
    if found is not None:
        return found
    season = operations.create_season(None, "standard", "", start=start, end=end, club=club.pk)
    name = f"{spec.season_name} {season.years}"
    return operations.change_season_rules(season, spec.rules, name=name)


def _within(season: Season, day: datetime.date) -> datetime.date:
    return min(max(day, season.start), season.end)


def _tournaments(last: Season, current: Season, spec: DemoClub, players: list, today) -> int:
    made = 0
    if not last.tournaments.filter(name=spec.played).exists():
        # Mid-November of the last season's first year: before this year, always.
        _play(last, spec, players, datetime.date(last.start.year, 11, 15))
        made += 1
    if not current.tournaments.filter(name=spec.upcoming).exists():
        tournament = operations.create_tournament(
            {
                "season": current,
                "name": spec.upcoming,
                "date": _within(current, today + datetime.timedelta(days=21)),
                "registration_open": True,
                "registration_cap": 16,
            },
            LENGTHS,
        )
        # Registered already, the others to come from the public page.
        for player in players[:5]:
            operations.add_entry(tournament, player)
        made += 1
    return made


def _play(season: Season, spec: DemoClub, players: list, day: datetime.date) -> None:
    """A cup of the club's eight members, drawn from a fixed seed and played game by
    game with random legal games, as the founding club's cups are."""
    tournament = operations.create_tournament(
        {"season": season, "name": spec.played, "date": day}, LENGTHS
    )
    for player in players:
        operations.add_entry(tournament, player, checked_in=True)
    operations.make_draw(tournament, rng_seed=spec.rng_seed)
    operations.start_tournament(tournament)
    rng = random.Random(spec.rng_seed)  # noqa: S311 - the demo's games, no secret
    while (match := _next_open(tournament)) is not None:
        for result in list(sample_games.games_to_finish(match.replay(), rng)):
            operations.record_game(match, result)


def _next_open(tournament: Tournament):
    return (
        tournament.matches.open()
        .select_related("bracket", "tournament__season")
        .order_by("round", "bracket_id", "position")
        .first()
    )
