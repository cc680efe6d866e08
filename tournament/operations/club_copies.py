"""A federation's rows in bulk: clubs, players and memberships written thousands at a
time, and one club's seasons copied whole into another club (its tournaments, brackets,
entries, matches with their cached results, games and rating changes), its players
mapped to others. Only `make bench` builds with these (a federation of 100 clubs and a
million games, `benches/federation_bench.py`): a club's history played game by game
through the other operations would take hours at that size. The copy is of rows the
operations wrote, so every copy is as consistent as the club it is copied from.

Nothing here is audited: these are a benchmark's rows, not a club's decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db import transaction

from ..models import (
    Bracket,
    Club,
    Entry,
    Game,
    Match,
    Membership,
    Player,
    RatingChange,
    Season,
    Tournament,
)

BATCH = 5_000
# What is copied, in the order the foreign keys need: each model with the fields that
# point at a row copied before it (mapped to the copy's), or at a player (mapped by
# `player_of`). A match's sources point at matches of the same copy: set afterwards.
COPIED = (
    (Season, {"club": None}),
    (Tournament, {"season": Season}),
    (Bracket, {"tournament": Tournament}),
    (Entry, {"tournament": Tournament, "player": Player}),
    (
        Match,
        {
            "tournament": Tournament,
            "bracket": Bracket,
            "player1": Player,
            "player2": Player,
            "winner": Player,
        },
    ),
    (Game, {"match": Match}),
    (RatingChange, {"match": Match, "player": Player, "opponent": Player}),
)
MATCH_SOURCES = ("source1_match_id", "source2_match_id")


@transaction.atomic
def add_clubs(clubs: Sequence[Club]) -> list[Club]:
    """Write the clubs (built but not saved) at once."""
    return Club.objects.bulk_create(clubs, batch_size=BATCH)


@transaction.atomic
def add_players(players: Sequence[Player]) -> list[Player]:
    """Write the players (built but not saved, their `name_key` set: Player.save() keeps
    it, bulk_create does not call it) at once; returns them with their ids."""
    return Player.objects.bulk_create(players, batch_size=BATCH)


@transaction.atomic
def add_memberships(memberships: Sequence[Membership]) -> None:
    Membership.objects.bulk_create(memberships, batch_size=BATCH)


def rows_of_club(club_id: int) -> dict[type, list[dict]]:
    """A club's rows to copy, each model's as dicts of its columns (`attname`s)."""
    rows: dict[type, list[dict]] = {}
    seasons = Season._base_manager.filter(club_id=club_id)
    scopes = {
        Season: seasons,
        Tournament: Tournament._base_manager.filter(season__in=seasons),
        Bracket: Bracket.objects.filter(tournament__season__in=seasons),
        Entry: Entry.objects.filter(tournament__season__in=seasons),
        Match: Match._base_manager.filter(tournament__season__in=seasons),
        Game: Game.objects.filter(match__tournament__season__in=seasons),
        RatingChange: RatingChange.objects.filter(match__tournament__season__in=seasons),
    }
    for model, _links in COPIED:
        columns = [field.attname for field in model._meta.concrete_fields]
        rows[model] = list(scopes[model].order_by("pk").values(*columns))
    return rows


@transaction.atomic
def copy_club(
    rows: Mapping[type, list[dict]],
    club: Club,
    player_of: Mapping[int, int],
    sequence_offset: int = 0,
) -> int:
    """Copy `rows` (`rows_of_club`'s) into `club`, each player id mapped by `player_of`
    and each rating change's order moved on by `sequence_offset`; returns the games
    written."""
    copied: dict[type, dict[int, int]] = {}
    for model, links in COPIED:
        made = []
        for row in rows[model]:
            values = dict(row)
            del values["id"]
            for name, target in links.items():
                column = f"{name}_id"
                if target is None:
                    values[column] = club.pk
                elif values[column] is not None:
                    mapping = player_of if target is Player else copied[target]
                    values[column] = mapping[values[column]]
            if model is Match:
                for column in MATCH_SOURCES:
                    values[column] = None
            if model is RatingChange:
                values["sequence"] += sequence_offset
            made.append(model(**values))
        model.objects.bulk_create(made, batch_size=BATCH)
        copied[model] = {row["id"]: new.pk for row, new in zip(rows[model], made, strict=True)}
    _link_sources(rows[Match], copied[Match])
    return len(rows[Game])


def _link_sources(rows: list[dict], copied: Mapping[int, int]) -> None:
    """Each copied match fed by the copies of the matches its original was fed by."""
    fed = []
    for row in rows:
        if any(row[column] is not None for column in MATCH_SOURCES):
            match = Match(pk=copied[row["id"]])
            for column in MATCH_SOURCES:
                setattr(match, column, copied.get(row[column]))
            fed.append(match)
    Match._base_manager.bulk_update(fed, ["source1_match", "source2_match"], batch_size=BATCH)
