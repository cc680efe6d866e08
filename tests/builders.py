"""Cups and club nights for the tests, made as a director makes them: the tournament and
its brackets, players entered and checked in through the operations, the draw from a
fixed seed (so the same players meet on every run), the start; and their matches played
out through the operations, game by game.

One place for it, so that a change to how a tournament is made is made once.
"""

import random
from collections.abc import Callable, Iterable
from datetime import timedelta

from django.utils import timezone

from tournament import operations
from tournament.core import club_nights, draw, sample_games
from tournament.core.scoring import GameResult
from tournament.models import Bracket, Club, Match, Membership, Player, Season, Tournament
from tournament.models import marks as models_marks
from tournament.operations.ratings import refresh

FOUR = ("Anna", "Berta", "Carla", "Dolors")


def new_players(count: int, *, prefix: str = "Jugador", names: Iterable[str] = ()) -> list[Player]:
    """`names` first, then "Jugador 00", "Jugador 01"... up to `count` players in all."""
    names = list(names)
    every = names + [f"{prefix} {number:02d}" for number in range(count - len(names))]
    return [Player.objects.create(name=name) for name in every]


def member(player: Player, number: str = "", club: Club | None = None) -> Player:
    """`player` a member of `club` (the founding club's when None) with the club's member
    number `number`; the player, for chaining: `member(Player.objects.create(...), "12")`."""
    club = club or Club.founding()
    Membership.objects.update_or_create(club=club, player=player, defaults={"number": number})
    return player


def a_club(slug: str = "bcn", name: str = "Backgammon Barcelona") -> Club:
    """Another club than the founding one (made once per slug)."""
    return Club.objects.get_or_create(slug=slug, defaults={"name": name})[0]


def the_season(year: int = 2002) -> Season:
    """The season of `year` if there is one, or a new one under the club's rules of 2002."""
    season = Season.objects.filter(years=str(year)).first()
    if season is None:
        season = Season.from_preset(year, "qgammon-2002", name=f"Temporada {year}")
        season.save()
    return season


def _entrants(players) -> list[Player]:
    if isinstance(players, int):
        return new_players(players)
    return [
        player if isinstance(player, Player) else Player.objects.create(name=player)
        for player in players
    ]


def cup(
    season: Season,
    players: int | Iterable[str | Player] = FOUR,
    *,
    name: str = "Copa",
    date: str | None = "2002-05-01",
    brackets: dict[str, str | dict] | None = None,
    seeds: int = 0,
    rng_seed: int | None = 1,
    start: bool = True,
    **settings,
) -> Tournament:
    """A cup of `players` (a number of new ones, or names, or players), all checked in:
    the first `seeds` of them seeded in that order. `brackets` gives each bracket's
    lengths (or its fields: fees, payouts); one not given gets the draw's defaults.
    Drawn from `rng_seed` (rng_seed=None: not drawn), and started unless `start` is
    False (a draft's matches take no game); dated `date` (date=None: the model's
    default, today)."""
    if date is not None:
        settings["date"] = date
    tournament = Tournament.objects.create(season=season, name=name, **settings)
    for kind, fields in (brackets or {}).items():
        fields = {"lengths": fields} if isinstance(fields, str) else fields
        Bracket.objects.create(tournament=tournament, kind=kind, **fields)
    for number, player in enumerate(_entrants(players)):
        seed = number + 1 if number < seeds else None
        operations.add_entry(tournament, player, seed=seed, checked_in=True)
    if rng_seed is not None:
        operations.make_draw(tournament, rng_seed=rng_seed)
        if start:
            operations.start_tournament(tournament)
    return tournament


def club_night(
    season: Season,
    count: int,
    *,
    format: str = club_nights.SWISS,
    rng_seed: int | None = None,
    start: bool = True,
    **settings,
) -> tuple[Tournament, list[Player]]:
    """A Swiss (or a round robin) of `count` new players, "Jugador 00" on, all checked
    in; drawn from `rng_seed` if given, and then started unless `start` is False. The
    players come back too, in the order they entered."""
    settings = {"name": f"Nit de club {format}", "date": "2002-11-09", **settings}
    tournament = Tournament.objects.create(season=season, format=format, **settings)
    players = new_players(count)
    for player in players:
        operations.add_entry(tournament, player, checked_in=True)
    if rng_seed is not None:
        operations.make_draw(tournament, rng_seed=rng_seed)
        if start:
            operations.start_tournament(tournament)
    return tournament, players


def team_event(
    season: Season,
    teams: int = 4,
    size: int = 3,
    *,
    rng_seed: int | None = 1,
    start: bool = True,
    **settings,
) -> tuple[Tournament, list]:
    """A team event of `teams` teams of `size` new players ("Equip A": "A 1", "A 2"...),
    made as a director makes them; drawn from `rng_seed` if given, started unless
    `start` is False.
    The teams come back too, in the order they were made."""
    settings = {"name": "Lliga d'equips", "date": "2002-11-16", "knockout": 2, **settings}
    tournament = Tournament.objects.create(
        season=season, format=club_nights.TEAMS, team_size=size, **settings
    )
    made = []
    for number in range(teams):
        letter = chr(ord("A") + number)
        players = [Player.objects.create(name=f"{letter} {board}") for board in range(1, size + 1)]
        made.append(
            operations.save_team(
                tournament, name=f"Equip {letter}", players=[player.pk for player in players]
            )
        )
    if rng_seed is not None:
        operations.make_draw(tournament, rng_seed=rng_seed)
        if start:
            operations.start_tournament(tournament)
    return tournament, made


def win(match: Match, side: int = 0, *, kind: str = "single") -> None:
    """`side` (0, the match's first player) wins the match: games of `kind` until it is
    decided."""
    match.refresh_from_db()
    while not match.is_decided:
        operations.record_game(match, GameResult(side, kind=kind))
        match.refresh_from_db()


def called_minutes_ago(match: Match, minutes: float) -> Match:
    """The match called to its table `minutes` ago (the clock on the wall runs from the
    call): a day seen later without waiting for it. The tournament's mark moves, as a
    write would move it, so no page is served from before."""
    Match.objects.filter(pk=match.pk).update(called_at=timezone.now() - timedelta(minutes=minutes))
    Tournament.objects.filter(pk=match.tournament_id).update(mark=models_marks.new_mark())
    match.refresh_from_db()
    return match


def play_round(tournament: Tournament, number: int, pick: Callable[[Match], int] = lambda _: 0):
    """Every open match of round `number` won by the side `pick` names (the first)."""
    for match in tournament.matches.filter(round=number).open():
        win(match, pick(match))


def play_out(tournament: Tournament, pick: Callable[[Match], int] = lambda _: 0) -> None:
    """Every match won, the open one first in id order, until none is open (each by
    the side `pick` names: the first)."""
    while (match := tournament.matches.open().order_by("pk").first()) is not None:
        win(match, pick(match))
    tournament.refresh_from_db()


def play(
    tournament: Tournament,
    count: int | None = None,
    *,
    seed: int = 0,
    kind: str | None = None,
    rounds: int | None = None,
) -> None:
    """Legal random games (from `seed`) until `count` matches are played out, or all of
    them: round by round, of bracket `kind` or any, of the first `rounds` rounds or
    every one."""
    rng = random.Random(seed)
    played = 0
    while count is None or played < count:
        matches = tournament.matches.open().order_by("round", "bracket_id", "position")
        if kind is not None:
            matches = matches.filter(bracket__kind=kind)
        if rounds is not None:
            matches = matches.filter(round__lte=rounds)
        match = matches.first()
        if match is None:
            return
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
        played += 1


def rounds_of(tournament: Tournament) -> dict[tuple, list[Match]]:
    """A club night's matches by (group, round)."""
    found: dict[tuple, list[Match]] = {}
    for match in tournament.matches.filter(round__isnull=False):
        found.setdefault((match.group, match.round), []).append(match)
    return found


def started(tournament: Tournament) -> Tournament:
    """The tournament under way, as the director's start leaves it (a draft's matches
    take no game): for one whose matches a test makes by hand, without a draw."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.status = Tournament.Status.RUNNING
    return tournament


def recorded_from_mat(tournament: Tournament, text: str, *, swap: bool = False) -> Match:
    """A match between the .mat file's two players (made if new; the file's left player
    second when `swap`) with the file's games recorded through the operations, as a
    director records a friendly's: a recorded match with no transcript of its own (the
    tournament started first, if it was a draft)."""
    from dataclasses import replace

    from tournament.core import matfile

    parsed = matfile.parse(text)
    players = [Player.objects.get_or_create(name=name)[0] for name in parsed.players]
    results = [game.result for game in parsed.games]
    if swap:
        players.reverse()
        results = [replace(result, winner=1 - result.winner) for result in results]
    started(tournament)
    return operations.create_match(tournament, *players, parsed.length, results)


def decided_walkover(club: Club) -> Match:
    """A walkover decided in a cup of `club`'s 2002 season, the ratings then rebuilt:
    a match no default rating policy rates, to see a policy rate it or not. Written
    straight to the rows (a walkover with no draw behind it), as the rating policy's
    tests need only the decided match."""
    season = Season.from_preset(2002, "qgammon-2002", name="2002", club=club)
    season.save()
    tournament = Tournament.objects.create(season=season, name="Copa", date="2002-06-01")
    bracket = Bracket.objects.create(tournament=tournament, kind=draw.MAIN)
    first, second = (Player.objects.create(name=name) for name in ("Anna", "Bernat"))
    match = Match.objects.create(
        tournament=tournament,
        bracket=bracket,
        round=1,
        position=1,
        player1=first,
        player2=second,
        winner=first,
        status=Match.Status.DECIDED,
        decided_by=Match.DecidedBy.WALKOVER,
        decided_at=timezone.now(),
        length=5,
    )
    refresh(rebuild=True)
    return match
