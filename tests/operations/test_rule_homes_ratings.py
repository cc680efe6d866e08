"""Which matches are rated has one home, the core's rule (`core.ratings`), and the two
ways the site reads it agree on every kind of match: the row's `Match.is_rated` (the
core's `is_rated` itself) and the query `Match.objects.rated()` that the stored ratings
are kept from (`operations.ratings.rated_matches`)."""

from itertools import count, product

import pytest

from tournament.core import draw, ratings
from tournament.models import Bracket, Match, Player, Tournament
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
