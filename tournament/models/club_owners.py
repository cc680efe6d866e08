"""Which club owns the rows a director's address names, read across clubs.

A club's pages read their club's rows only (club_scope), so another club's tournament
would simply not be found there: a 404 that says nothing, or, by the founding club's
unprefixed addresses, a page of the wrong club. The director's door asks here first and
answers 403 (web.access), and the one door of the writes asks the same of a player
(operations.audit). Every read goes through `_base_manager`, which no scope hides.

An address's `pk` means what its route says (a tournament's, a match's, a report's...);
its other ids say it by their names (a league fixture belongs to its two clubs, a
league team to its club). A season is named by its years within the request's club, so
it is always that club's; a game is named by its number within its match."""

from __future__ import annotations

from django.db.models import BigIntegerField, Case, OuterRef, QuerySet, Subquery, When
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from .avoided import AvoidedPair
from .clubs import Membership, club_or_founding, or_founding
from .entries import Entry
from .federation_league import LeagueFixture, LeagueTeam
from .jobs import Job
from .matches import Match
from .registrations import SignUp
from .reports import GameReport
from .teams import Team
from .tournaments import Tournament

# What a route's `pk` is, by how the route starts (the first that matches).
PK_OF = (
    ("director/tournaments/<int:tournament_pk>/matches/", "match"),
    ("director/tournaments/", "tournament"),
    ("director/reports/", "report"),
    ("director/players/", "player"),
    ("director/jobs/", "job"),
)

# Each kind of row named by an id: its model and how it reaches its club's id.
CLUB_OF = {
    "tournament": (Tournament, "season__club_id"),
    "match": (Match, "tournament__season__club_id"),
    "report": (GameReport, "match__tournament__season__club_id"),
    "sign_up": (SignUp, "tournament__season__club_id"),
    "entry": (Entry, "tournament__season__club_id"),
    "team": (Team, "tournament__season__club_id"),
    "pair": (AvoidedPair, "tournament__season__club_id"),
    "league_team": (LeagueTeam, "club_id"),
}

# The other ids an address takes, by their names.
KWARG_KINDS = {
    "tournament_pk": "tournament",
    "sign_up_pk": "sign_up",
    "entry_pk": "entry",
    "team": "team",
    "pair_pk": "pair",
    "league_team_pk": "league_team",
    "fixture_pk": "fixture",
}

# The jobs whose first argument names a row of a club (queries.jobs names them so).
JOB_ROWS = {"analysis": "match", "final_analysis": "match", "announcement": "tournament"}


def named_rows(route: str, kwargs: dict) -> dict[str, int]:
    """The rows the address names, {kind: id}: a route's `pk` by the route, the
    other ids by their names."""
    rows = {}
    for name, value in kwargs.items():
        if not isinstance(value, int):
            continue
        if name == "pk":
            kind = next((kind for start, kind in PK_OF if route.startswith(start)), None)
        else:
            kind = KWARG_KINDS.get(name)
        if kind is not None:
            rows[kind] = value
    return rows


def _clubs_query(rows: dict[str, int]):
    """One query for the clubs of every row in `rows` (a union of one lookup per row):
    the door costs a page one query, however many ids its address has."""
    queries = [
        model._base_manager.filter(pk=pk).order_by().values_list(path)
        for kind, pk in rows.items()
        for model, path in [CLUB_OF[kind]]
    ]
    first, *others = queries
    return first.union(*others) if others else first


def player_clubs(player_id: int) -> frozenset[int]:
    """The clubs a player belongs to: those they are a member of, the founding club for
    a player of no club (one from before clubs, or made outside any)."""
    return or_founding(
        Membership.objects.filter(player_id=player_id).order_by().values_list("club_id", flat=True)
    )


def jobs_with_club(jobs: QuerySet[Job]) -> QuerySet[Job]:
    """The jobs, each with `club`: the club of the match or tournament it works on
    (its first argument, by its kind: JOB_ROWS), read in the same query; the founding
    club's for a job of no club's row (a push, a check: the site's own work, as before
    clubs; a ratings rebuild, the whole federation's) or of a row that is no longer
    there. The page that lists a job and its Retry's door both ask here, so a job
    listed on a club's page is always that club's to retry."""
    # The first argument read as an id for the kinds that name a row only: another
    # kind's may be anything (a list of messages), which the cast would refuse.
    first_id = Case(
        When(kind__in=list(JOB_ROWS), then=Cast(KeyTextTransform("0", "args"), BigIntegerField()))
    )
    clubs = []
    for kind, row in JOB_ROWS.items():
        model, path = CLUB_OF[row]
        found = model._base_manager.filter(pk=OuterRef("row_id")).order_by().values(path)[:1]
        clubs.append(When(kind=kind, then=Subquery(found)))
    club = Case(*clubs, output_field=BigIntegerField())
    return jobs.annotate(row_id=first_id).annotate(club=club_or_founding(club))


def job_clubs(job_id: int) -> frozenset[int]:
    """The club of the job (jobs_with_club); a job that is not there is the founding
    club's, as the page that names it will say 404."""
    found = jobs_with_club(Job.objects.filter(pk=job_id)).values_list("club", flat=True).first()
    return or_founding(() if found is None else (found,))


def fixture_clubs(fixture_id: int) -> frozenset[int]:
    """A league fixture is both its clubs': the home club's director sets its line-ups
    and records it, the away club's confirms (the operations say which may do what)."""
    found = (
        LeagueFixture.objects.filter(pk=fixture_id)
        .values_list("home__club_id", "away__club_id")
        .first()
    )
    return frozenset(found or ())


def belongs(club_id: int, route: str, kwargs: dict) -> bool:
    """Whether every row the address names is `club_id`'s (a row that is not there is
    nobody's: the page itself says 404)."""
    rows = named_rows(route, kwargs)
    if "fixture" in rows:
        clubs = fixture_clubs(rows.pop("fixture"))
        if clubs and club_id not in clubs:
            return False
    if "player" in rows and club_id not in player_clubs(rows.pop("player")):
        return False
    if "job" in rows and club_id not in job_clubs(rows.pop("job")):
        return False
    if not rows:
        return True
    return all(found == club_id for (found,) in _clubs_query(rows))
