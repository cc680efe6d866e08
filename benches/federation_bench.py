"""`make bench`'s federation figures (`bench --only federation`): a club's pages (its
home, a tournament, a player's page, the season standings) served from a federation of
100 clubs, 20,000 players and a million games, against the same club on a one-club site
of its size, which should cost the same queries and within 1.5x the time; and the
federation's rating list (its page and its JSON) within 1.5x of the club's season
standings, both on the federation's database (`rating_list`).

The one-club site is a club's season built through the site's own operations, as the
history figures build theirs (`history_bench.build`: knockout cups of 32 played game by
game), about 10,000 games among its 200 players, in a database of its own. The
federation is that club copied 100 times into another database (`operations.club_copies`:
its seasons, tournaments, brackets, entries, matches with their cached results, games
and rating changes written in bulk, each copy's 200 players mapped to 200 of the
federation's 20,000): a million games played through the operations would take hours
on this machine, and a copy of rows the operations wrote is as consistent as they are.
Each club's first 160 players are its own; its last 40 are the next club's members,
members of two clubs, who play in this one. The founding club (row 1, `q-gammon`) is
the first copy; its pages are measured at the same addresses on both sites
(`/clubs/q-gammon/...`), and its busiest player's page (a player of one copy, whose
page lists the same matches on both).

Both databases are PostgreSQL's (`--federation-databases`; made if missing), built once
and found there on the next run; the times are wall time (the database server's work
counts), measured in pairs as the history's are (`measure.paired`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournament.core.members import name_key
from tournament.models import (
    Club,
    Game,
    Match,
    Membership,
    Player,
    RatingChange,
    Season,
    Tournament,
)
from tournament.models.clubs import FOUNDING_CLUB_ID, FOUNDING_SLUG
from tournament.operations import club_copies
from tournament.queries import federation_ratings

from . import decision_bench, federation_decision, history_bench, live_bench, measure

TARGET_RATIO = 1.5
PAGES = ("home_page", "tournament_page", "player_page", "season_standings")
LABELS = ("one_club", "federation")
RATED = ("rating", "rating_experience", "rated_matches", "rated_won", "last_rated_at")


@dataclass(frozen=True)
class Scale:
    """A federation's shape: `clubs` copies of one club of `players // clubs` players
    (`shared` of them the next club's members) playing `cups` cups of `field`."""

    clubs: int
    players: int
    cups: int
    field: int
    shared: int

    def __post_init__(self) -> None:
        if self.clubs < 2 or not 0 <= self.shared < self.per_club:
            raise ValueError("a federation of two clubs at least, sharing fewer than all")

    @property
    def per_club(self) -> int:
        return self.players // self.clubs

    def club(self) -> history_bench.Scale:
        """The one club's season, as the history figures build one."""
        return history_bench.Scale(
            cups=self.cups,
            field=self.field,
            players=self.per_club,
            new_players=0,
            regulars=min(20, self.per_club // 4),
            per_cup=min(4, self.field // 8),
        )

    def player_number(self, copy: int, index: int) -> int:
        """The federation player playing the one club's player `index` in copy `copy`:
        one of the copy's club's own, or of the next club's."""
        block = copy if index < self.per_club - self.shared else (copy + 1) % self.clubs
        return block * self.per_club + index

    def label(self) -> str:
        return f"{self.clubs} clubs, {self.players} players, {self.cups} cups of {self.field}"


# 126 cups of 32 a season: about 3,900 matches and 10,070 games for a club, a million
# for the federation's 100.
BENCH = Scale(clubs=100, players=20_000, cups=126, field=32, shared=40)
PLAYER_PREFIX = "Federation player"


def slug_of(copy: int) -> str:
    return FOUNDING_SLUG if copy == 0 else f"club-{copy + 1:03d}"


# --- building -----------------------------------------------------------------------


def build_one_club(scale: Scale, log=None) -> None:
    """The club's season through the operations, in the default database (kept)."""
    history_bench.build(1, scale.club(), log=log)


def template_rows(scale: Scale) -> tuple[dict, list[dict]]:
    """The one club's rows to copy, and its players' (by name: their index) ratings."""
    rows = club_copies.rows_of_club(FOUNDING_CLUB_ID)
    players = list(
        Player.objects.filter(name__startswith=f"{history_bench.PREFIX} ")
        .order_by("name")
        .values("id", *RATED)[: scale.per_club]
    )
    return rows, players


def build_federation(scale: Scale, rows: dict, players: list[dict], log=None) -> None:
    """The federation in the default database: its players, clubs and memberships, then
    each club a copy of the one club (what an interrupted build left is found again)."""
    started = time.perf_counter()
    found = Player.objects.filter(name__startswith=f"{PLAYER_PREFIX} ").count()
    if found not in (0, scale.players):
        raise ValueError(f"{found} federation players: remove the database to build it again")
    if not found:
        club_copies.add_players(
            [
                Player(
                    name=f"{PLAYER_PREFIX} {number:05d}",
                    name_key=name_key(f"{PLAYER_PREFIX} {number:05d}"),
                    **{field: players[number % scale.per_club][field] for field in RATED},
                )
                for number in range(scale.players)
            ]
        )
    ids = dict(
        Player.objects.filter(name__startswith=f"{PLAYER_PREFIX} ").values_list("name", "id")
    )
    federation = [ids[f"{PLAYER_PREFIX} {number:05d}"] for number in range(scale.players)]
    Club.founding()
    slugs = [slug_of(copy) for copy in range(scale.clubs)]
    known = set(Club.objects.values_list("slug", flat=True))
    club_copies.add_clubs(
        [Club(slug=slug, name=f"Club {slug}") for slug in slugs if slug not in known]
    )
    clubs = dict(Club.objects.values_list("slug", "id"))
    sequences = max((row["sequence"] for row in rows[RatingChange]), default=0)
    for copy, slug in enumerate(slugs):
        club = Club(pk=clubs[slug], slug=slug)
        if Season._base_manager.filter(club=club).exists():
            continue
        player_of = {
            player["id"]: federation[scale.player_number(copy, index)]
            for index, player in enumerate(players)
        }
        members = [
            Membership(club=club, player_id=federation[copy * scale.per_club + index])
            for index in range(scale.per_club)
        ] + [
            Membership(club=club, player_id=federation[scale.player_number(copy, index)])
            for index in range(scale.per_club - scale.shared, scale.per_club)
        ]
        club_copies.add_memberships(members)
        club_copies.copy_club(rows, club, player_of, sequence_offset=copy * sequences)
        if log is not None and (copy + 1) % 10 == 0:
            log(
                f"federation: {copy + 1} clubs copied, {Game.objects.count()} games "
                f"({time.perf_counter() - started:.0f}s)"
            )


# --- measuring ----------------------------------------------------------------------


def _paths(player_name: str) -> dict:
    """The founding club's pages (prefixed, as any club's) and a player's page."""
    club = f"/clubs/{FOUNDING_SLUG}"
    season = Season._base_manager.filter(club_id=FOUNDING_CLUB_ID).order_by("-start").first()
    tournament = Tournament._base_manager.filter(season=season).order_by("-date", "-pk").first()
    player = Player.objects.get(name=player_name)
    return {
        "home_page": f"{club}/",
        "tournament_page": f"{club}/tournaments/{tournament.pk}/",
        "player_page": f"/players/{player.pk}/",
        "season_standings": f"{club}/seasons/{season.years}/standings/",
    }


def _busiest(scale: Scale) -> tuple[int, str]:
    """The one club's busiest player's index (by name) and name."""
    player = history_bench._busiest_player()
    names = list(
        Player.objects.filter(name__startswith=f"{history_bench.PREFIX} ")
        .order_by("name")
        .values_list("name", flat=True)[: scale.per_club]
    )
    return names.index(player.name), player.name


def run(emit, sites: list, pairs: int = measure.PAIRS, scale: Scale = BENCH, log=None) -> None:
    """Build (or find) both sites, then emit one line a page. `sites`: the one club's
    and the federation's (`history_bench.History`, each its own database)."""
    one_club, federation = sites
    built = {}
    with one_club.serving():
        call_command("migrate", verbosity=0)
        ContentType.objects.clear_cache()  # the ids are this database's
        started = time.perf_counter()
        build_one_club(scale, log=log)
        _analyze()
        rows, players = template_rows(scale)
        index, name = _busiest(scale)
        built[one_club.label] = time.perf_counter() - started
        paths = {one_club.label: _paths(name)}
        facts = {one_club.label: _facts()}
    with federation.serving():
        call_command("migrate", verbosity=0)
        ContentType.objects.clear_cache()
        started = time.perf_counter()
        build_federation(scale, rows, players, log=log)
        _analyze()
        built[federation.label] = time.perf_counter() - started
        paths[federation.label] = _paths(f"{PLAYER_PREFIX} {scale.player_number(0, index):05d}")
        facts[federation.label] = _facts()
    client = Client(headers={"accept-language": "en"})
    for page in PAGES:
        queries = {}
        for site in sites:
            with site.serving():
                path = paths[site.label][page]
                live_bench.get(client, path)  # warm: what a page keeps is kept
                queries[site.label] = _queries(client, path)
        with one_club.serving():
            timing = measure.paired(
                partial(live_bench.get, client, paths[federation.label][page]),
                partial(live_bench.get, client, paths[one_club.label][page]),
                pairs,
                figure_setup=federation.switch,
                floor_setup=one_club.switch,
            )
        ratio = timing["ratio"]["median"]
        counted = [queries[one_club.label], queries[federation.label]]
        within = measure.verdict(
            ratio,
            TARGET_RATIO,
            statistic="median of the pairwise wall-time ratios, the page in the federation "
            "over on the one-club site",
        )
        within["within_target"] = within["within_target"] and counted[0] == counted[1]
        emit(
            {
                "name": f"federation_{page}",
                "queries": counted,
                "ratio_federation_vs_one_club": ratio,
                **{key: [facts[site.label][key] for site in sites] for key in FACTS},
                "build_seconds": [round(built[site.label], 1) for site in sites],
                **timing,
                **within,
            }
        )
    rating_list(emit, federation, paths[federation.label], pairs)
    federation_decision.run(emit, sites, pairs)


FACTS = ("clubs", "players", "games")

# The figure: the federation's rating list (its page, and the whole list as
# JSON) within 1.5x of a club's season standings, on the federation's database.
RATING_LIST = {"rating_list": "/ratings/", "rating_list_json": "/api/federation/ratings/"}


def rating_list(emit, federation, paths: dict, pairs: int = measure.PAIRS) -> None:
    """One line for the rating list's page and one for its JSON, each timed in pairs
    against the founding club's season standings on the same database: the list reads
    the players' kept ratings (20,000 of them) where the standings read a season's
    games."""
    client = Client(headers={"accept-language": "en"})
    standings = paths["season_standings"]
    with federation.serving():
        facts = _facts()
        listed = _listed()
        for name, path in RATING_LIST.items():
            live_bench.get(client, path)  # warm, as the pages above
            counted = [_queries(client, path), _queries(client, standings)]
            timing = measure.paired(
                partial(live_bench.get, client, path),
                partial(live_bench.get, client, standings),
                pairs,
                figure_setup=federation.switch,
                floor_setup=federation.switch,
            )
            ratio = timing["ratio"]["median"]
            emit(
                {
                    "name": f"federation_{name}",
                    "queries": counted,
                    "ratio_vs_season_standings": ratio,
                    **{key: facts[key] for key in FACTS},
                    **listed,
                    **timing,
                    **measure.verdict(
                        ratio,
                        TARGET_RATIO,
                        statistic="median of the pairwise wall-time ratios, the rating "
                        "list over the founding club's season standings, both in the "
                        "federation",
                    ),
                }
            )
        _rendered_anew(emit, client, federation, standings, facts, listed, pairs)


def _rendered_anew(emit, client, federation, standings, facts, listed, pairs) -> None:
    """What the list costs the first visitor after a rated match moved the ratings'
    mark: each run from an empty cache (the standings' kept), against the standings.
    No target: the issue's is the list as visitors get it, above; this says what a
    change costs once."""
    for name, path in RATING_LIST.items():

        def cold():
            federation.switch()
            federation.cache.clear()
            live_bench.get(client, standings)  # the floor's kept part, kept

        cold()
        with CaptureQueriesContext(connection) as queries:
            live_bench.get(client, path)
        anew = len(queries)  # now: the capture reads the connection's log when asked
        timing = measure.paired(
            partial(live_bench.get, client, path),
            partial(live_bench.get, client, standings),
            pairs,
            figure_setup=cold,
            floor_setup=federation.switch,
        )
        emit(
            {
                "name": f"federation_{name}_rendered_anew",
                "queries": [anew, _queries(client, standings)],
                "ratio_vs_season_standings": timing["ratio"]["median"],
                **{key: facts[key] for key in FACTS},
                **listed,
                **timing,
            }
        )


def _listed() -> dict:
    """How many the list publishes and lists apart, as its JSON counts them."""
    found = federation_ratings.whole_list()
    return {"published": len(found.published), "provisional": len(found.provisional)}


def _analyze() -> None:
    """PostgreSQL's statistics brought up to date, as autovacuum would within minutes of
    a bulk load: before it, the planner took the federation's player page for a few
    rows' and scanned every match (172 ms against 2 ms for one query, 1.4x the page)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _facts() -> dict:
    """What the site holds, but the decision figure's cup (federation_decision: its
    bench season, the same on both sites, and a few games more after each run)."""
    aside = {"tournament__season__years": str(decision_bench.YEAR)}
    return {
        "clubs": Club.objects.count(),
        "players": Player.objects.exclude(name__startswith="Decide ").count(),
        "games": Game.objects.exclude(**{f"match__{key}": value for key, value in aside.items()})
        .order_by()
        .count(),
        "matches": Match._base_manager.exclude(**aside).count(),
    }


def _queries(client, path) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = live_bench.get(client, path)
    if response.status_code != 200:
        raise RuntimeError(f"{path} answered {response.status_code}")
    return len(queries)
