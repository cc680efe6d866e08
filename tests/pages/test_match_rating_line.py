"""The match page says whether the match is rated and, if not, why and whose rule it
was: the club's own policy or the federation's floor (`core.rating_policy`)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.core import draw
from tournament.models import Bracket, Federation, Match
from tournament.models.clubs import FEDERATION_ID, Club
from tournament.operations import set_rating_policy


@pytest.fixture
def decide(tournament, players):
    """A decided match of the tournament, as asked: in its main bracket or a friendly."""

    def make(*, decided_by="games", length=5, friendly=False, status="decided", **fields):
        placed = {}
        if not friendly:
            bracket, _ = Bracket.objects.get_or_create(tournament=tournament, kind=draw.MAIN)
            placed = {"bracket": bracket, "round": 1, "position": Match.objects.count() + 1}
        return Match.objects.create(
            tournament=tournament,
            player1=players[0],
            player2=players[1],
            winner=players[0] if status == "decided" else None,
            status=status,
            decided_by=decided_by,
            decided_at=timezone.now() if status == "decided" else None,
            length=length,
            **placed,
            **fields,
        )

    return make


def line(client, match) -> str:
    text = client.get(reverse("match", args=[match.pk])).content.decode()
    start = text.find('class="meta rating-line">')
    return "" if start < 0 else text[start:].split(">", 1)[1].split("<", 1)[0]


def test_a_match_played_out_is_rated(client, decide):
    assert line(client, decide()) == "Rated."


def test_the_defaults_are_the_federations_floor(client, decide):
    assert line(client, decide(decided_by="walkover")) == (
        "Not rated: a walkover (federation policy)."
    )
    assert line(client, decide(length=1, friendly=True)) == (
        "Not rated: a 1-point match (federation policy); a friendly (federation policy)."
    )


def test_a_clubs_own_rule_is_named_as_the_clubs(client, decide, tournament):
    Federation.objects.update_or_create(
        pk=FEDERATION_ID, defaults={"rating_policy": {"walkovers": True, "friendlies": "agreed"}}
    )
    club = Club.founding()
    assert tournament.season.club_id == club.pk
    set_rating_policy(club, {"walkovers": False, "friendlies": "agreed"})
    assert line(client, decide(decided_by="walkover")) == "Not rated: a walkover (club policy)."
    assert line(client, decide(friendly=True)) == (
        "Not rated: a friendly not agreed beforehand as rated (federation policy)."
    )
    assert line(client, decide(friendly=True, rated_by_agreement=True)) == "Rated."
    set_rating_policy(club, {"walkovers": True, "online": False})
    assert line(client, decide(decided_by="walkover")) == "Rated."


def test_a_match_still_to_play_says_only_what_leaves_it_out(client, match, decide):
    # The `match` fixture: a friendly ready to play.
    assert line(client, match) == ("Not rated: not decided yet; a friendly (federation policy).")
    assert line(client, decide(status="ready", decided_by="")) == ""


def test_the_line_costs_no_query(client, decide, django_assert_num_queries):
    match = decide(decided_by="walkover")
    # As before the line: the match (with its club and the federation's policy) and
    # its games.
    with django_assert_num_queries(2):
        response = client.get(reverse("match", args=[match.pk]))
    assert "Not rated: a walkover (federation policy)." in response.content.decode()
