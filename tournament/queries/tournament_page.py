"""What a tournament's public page reads beyond its layout: its entrants (to follow
one), its matches (a cup's read lean, a club night's joined), the brackets that cost
something to enter, and whether it is public at all (the door's check)."""

from __future__ import annotations

from ..models import Bracket, Match, Player, Tournament


def entrants(tournament: Tournament) -> list[Player]:
    """The players entered, in the entries' order (one query)."""
    return [entry.player for entry in tournament.entries.select_related("player")]


def matches_with_players(tournament: Tournament) -> list[Match]:
    """Every match with its players, winner and bracket joined (one query)."""
    return list(tournament.matches.select_related("player1", "player2", "winner", "bracket"))


def cup_rows(tournament: Tournament) -> tuple[list[Match], list[Bracket]]:
    """A cup's matches with their players, and its brackets (three queries). A
    256-player cup has 700 matches: their players are read once each rather than joined
    to every row, their winner is one of them and their bracket one of three (model
    instances are most of the cost of reading them)."""
    bracket_rows = list(tournament.brackets.all())
    brackets = {bracket.pk: bracket for bracket in bracket_rows}
    matches = list(tournament.matches.all())
    ids = {pk for match in matches for pk in (match.player1_id, match.player2_id) if pk}
    # Their names and ids are all the brackets show of them.
    players = Player.objects.only("id", "name").in_bulk(ids)
    # Put where select_related would (the relations' caches): assigning through the
    # descriptors checks each value, a fifth of the cost.
    for match in matches:
        cached = match._state.fields_cache
        cached["player1"] = players.get(match.player1_id)
        cached["player2"] = players.get(match.player2_id)
        cached["winner"] = players.get(match.winner_id)
        cached["bracket"] = brackets.get(match.bracket_id)
    return matches, bracket_rows


def brackets_with_fees(tournament: Tournament) -> list[Bracket]:
    """The brackets that cost something to enter (a fee or a side pool), by pk."""
    return [
        bracket
        for bracket in tournament.brackets.order_by("pk")
        if bracket.fee > 0 or bracket.side_pool_fee > 0
    ]


def is_public_tournament(pk) -> bool:
    return Tournament.objects.public().filter(pk=pk).exists()
