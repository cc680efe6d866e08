"""Which matches are rated has one home, the core's rule (`core.rating_policy`: each
club's policy inside the federation's floor, by default `core.ratings.is_rated`), and
the two ways the site reads it agree on every kind of match, in one club and across two
with different policies: the row's `Match.is_rated` (the core's decision itself) and the
query `Match.objects.rated()` that the stored ratings are kept from
(`operations.ratings.rated_matches`)."""

from itertools import count, product

import pytest

from tournament.core import draw, ratings
from tournament.core.rating_policy import MatchFacts, RatingPolicy, decide
from tournament.models import (
    Bracket,
    Club,
    Federation,
    Match,
    Player,
    Season,
    Tournament,
    rating_policies,
)
from tournament.models.clubs import FEDERATION_ID
from tournament.operations import set_rating_policy
from tournament.operations.ratings import rated_matches

FRIENDLY, ROUNDS = "friendly", "rounds"  # a match outside any draw; a club night's
PLACES = (*draw.BRACKET_KINDS, ROUNDS, FRIENDLY)

# Every kind of match, and whether the ratings count it, as the club decided: a match
# played between two players in a draw, to 2 points or more, whatever stopped it.
KINDS = [
    # status, decided by, where, length, players known, rated
    ("decided", "games", draw.MAIN, 5, 2, True),
    ("decided", "retirement", draw.MAIN, 5, 2, True),
    ("decided", "time", draw.MAIN, 5, 2, True),
    ("decided", "walkover", draw.MAIN, 5, 2, False),
    ("decided", "games", draw.CONSOLATION, 5, 2, True),
    ("decided", "games", draw.LAST_CHANCE, 3, 2, True),
    ("decided", "games", draw.GRAND_FINAL, 7, 2, True),
    ("decided", "games", ROUNDS, 3, 2, True),
    ("decided", "games", FRIENDLY, 5, 2, False),
    ("decided", "games", draw.MAIN, 1, 2, False),
    ("decided", "games", draw.MAIN, ratings.MIN_RATED_LENGTH, 2, True),
    ("void", "double", ROUNDS, 3, 2, False),
    ("void", "", draw.CONSOLATION, 5, 0, False),
    ("bye", "", draw.MAIN, 5, 1, False),
    ("pending", "", draw.MAIN, 5, 0, False),
    ("pending", "", ROUNDS, 3, 2, False),
    ("ready", "", draw.MAIN, 5, 2, False),
    ("live", "", draw.MAIN, 5, 2, False),
]


@pytest.fixture
def make(season):
    """A maker of match rows of any kind, in one tournament with every bracket."""
    tournament = Tournament.objects.create(season=season, name="Totes", date="2002-06-01")
    brackets = {
        kind: Bracket.objects.create(tournament=tournament, kind=kind)
        for kind in draw.BRACKET_KINDS
    }
    first, second = (Player.objects.create(name=name) for name in ("Anna", "Bernat"))
    positions = count(1)

    def match(status, decided_by, where, length, known) -> Match:
        placed = where != FRIENDLY
        return Match(
            tournament=tournament,
            bracket=brackets.get(where),
            round=1 if placed else None,
            position=next(positions) if placed else None,
            player1=first if known >= 1 else None,
            player2=second if known == 2 else None,
            # A decided match has a winner (the database says so); any other has none.
            winner=first if status == Match.Status.DECIDED else None,
            status=status,
            decided_by=decided_by,
            length=length,
        )

    return match


def test_every_kind_of_match_is_listed_here():
    """A new status, way of deciding or bracket must say here whether it is rated."""
    assert {kind[0] for kind in KINDS} == set(Match.Status.values)
    assert {kind[1] for kind in KINDS} == set(Match.DecidedBy.values)
    assert {kind[2] for kind in KINDS} == set(PLACES)


def test_the_row_and_the_query_say_which_kinds_are_rated(make):
    made = Match.objects.bulk_create([make(*kind[:5]) for kind in KINDS])
    for match, kind in zip(made, KINDS, strict=True):
        assert match.is_rated == kind[5], kind
    expected = {match.pk for match, kind in zip(made, KINDS, strict=True) if kind[5]}
    assert set(Match.objects.rated().values_list("pk", flat=True)) == expected
    assert set(rated_matches().values_list("pk", flat=True)) == expected


def test_the_row_and_the_query_agree_on_every_combination(make):
    """Every status, every way of deciding, every place, lengths on either side of the
    shortest rated, with players known or not: the query picks exactly the rows whose
    `is_rated` says so, and `is_rated` is the core's rule for a decided match between
    two players."""
    made = Match.objects.bulk_create(
        make(status, decided_by, where, length, known)
        for status, decided_by, where, length, known in product(
            Match.Status.values,
            Match.DecidedBy.values,
            PLACES,
            (1, ratings.MIN_RATED_LENGTH, 7),
            (0, 1, 2),
        )
        # The database refuses a decided match without a winner among its players.
        if not (status == Match.Status.DECIDED and known == 0)
    )
    rated = {match.pk for match in made if match.is_rated}
    assert rated, "some combinations are rated"
    assert set(Match.objects.rated().values_list("pk", flat=True)) == rated
    for match in made:
        friendly = match.bracket_id is None and match.round is None
        assert match.is_rated == (
            match.status == Match.Status.DECIDED
            and match.player1_id is not None
            and match.player2_id is not None
            and ratings.is_rated(
                decided_by=match.decided_by, length=match.length, friendly=friendly
            )
        )
    from_draw = set(Match.objects.from_draw().values_list("pk", flat=True))
    assert from_draw == {match.pk for match in made if match.from_draw}


# --- two clubs, each its own policy inside the federation's --------------------------

FEDERATION_FLOOR = {"walkovers": True, "min_length": 1, "friendlies": "always"}
# Rates walkovers, 1-point matches and friendlies agreed beforehand; not online ones.
LOOSE_CLUB = {"walkovers": True, "min_length": 1, "friendlies": "agreed", "online": False}


@pytest.fixture
def two_clubs(db):
    """The founding club keeping the defaults and a second club with a looser policy
    of its own, inside a federation's floor that allows it."""
    Federation.objects.update_or_create(
        pk=FEDERATION_ID, defaults={"rating_policy": FEDERATION_FLOOR}
    )
    founding = Club.founding()
    other = Club.objects.create(slug="gammon-bcn", name="Gammon BCN")
    set_rating_policy(other, LOOSE_CLUB)
    return founding, other


def test_the_row_and_the_query_agree_across_two_clubs_with_different_policies(two_clubs):
    """Every combination, in each club, played on a table and online, a friendly agreed
    as rated or not: the query (one condition per club's policy) picks exactly the rows
    whose `is_rated` says so, and each row is the core's decision under its club's
    policy inside the federation's."""
    made = []
    for club in two_clubs:
        season = Season.from_preset(2002, "qgammon-2002", name=f"2002 {club.slug}", club=club)
        season.save()
        for online in (False, True):
            tournament = Tournament.objects.create(
                season=season, name=f"Open {online}", date="2002-06-01", online=online
            )
            bracket = Bracket.objects.create(tournament=tournament, kind=draw.MAIN)
            first, second = (Player.objects.create(name=f"{n} {club.pk}") for n in "AB")
            positions = count(1)
            made += Match.objects.bulk_create(
                Match(
                    tournament=tournament,
                    bracket=bracket if where == draw.MAIN else None,
                    round=1 if where == draw.MAIN else None,
                    position=next(positions) if where == draw.MAIN else None,
                    player1=first if known >= 1 else None,
                    player2=second if known == 2 else None,
                    winner=first if status == Match.Status.DECIDED else None,
                    status=status,
                    decided_by=decided_by,
                    length=length,
                    rated_by_agreement=agreed,
                )
                for status, decided_by, where, length, known, agreed in product(
                    (Match.Status.DECIDED, Match.Status.LIVE, Match.Status.VOID),
                    Match.DecidedBy.values,
                    (draw.MAIN, FRIENDLY),
                    (1, 2, 7),
                    (1, 2),
                    (False, True),
                )
            )
    rated = {match.pk for match in made if match.is_rated}
    assert set(Match.objects.rated().values_list("pk", flat=True)) == rated
    founding, other = two_clubs
    floor = RatingPolicy.from_dict(FEDERATION_FLOOR)
    for match in made:
        club = match.tournament.season.club
        facts = MatchFacts(
            decided_by=match.decided_by,
            length=match.length,
            friendly=not match.from_draw,
            agreed_rated=match.rated_by_agreement,
            online=match.tournament.online,
            two_players=match.players_known,
            decided=match.is_decided,
        )
        policy = RatingPolicy.from_dict(club.rating_policy)
        assert match.is_rated == decide(floor, policy, facts).rated
    # The clubs' policies differ where it shows: the second club rates walkovers,
    # 1-point matches and agreed friendlies, the founding club none of them; online
    # matches only the founding club.
    in_club = {
        club.pk: {match.pk for match in made if match.tournament.season.club_id == club.pk}
        for club in two_clubs
    }
    walkovers = {match.pk for match in made if match.decided_by == "walkover"}
    online = {match.pk for match in made if match.tournament.online}
    agreed = {match.pk for match in made if match.rated_by_agreement and not match.from_draw}
    assert rated & in_club[other.pk] & walkovers
    assert not rated & in_club[founding.pk] & walkovers
    assert rated & in_club[other.pk] & agreed
    assert not rated & in_club[founding.pk] & agreed
    assert rated & in_club[founding.pk] & online
    assert not rated & in_club[other.pk] & online


def test_the_rated_matches_of_many_clubs_are_one_query(two_clubs, django_assert_num_queries):
    """The policies read in one query, the matches in one more, whatever the number of
    clubs: the clubs that share a policy share one condition."""
    for number in range(3):
        Club.objects.create(slug=f"club-{number}", name=f"Club {number}")
    policies = rating_policies.effective_policies()
    assert len(policies) == 5 and len(set(policies.values())) == 2
    with django_assert_num_queries(1):
        list(Match.objects.rated(policies))
    with django_assert_num_queries(2):
        list(Match.objects.rated())
    # Every club alike: no club named in the query, as on a one-club site.
    alike = {pk: policies[two_clubs[0].pk] for pk in policies}
    assert "club" not in str(Match.objects.rated(alike).query).lower()
    assert "club" in str(Match.objects.rated(policies).query).lower()
