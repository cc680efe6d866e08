"""The database itself refuses bad rows, on SQLite and on PostgreSQL."""

import importlib
from pathlib import Path

import pytest
from django.apps import apps
from django.db import IntegrityError, transaction

from tournament import operations
from tournament.core.rules import PRESETS
from tournament.core.scoring import GameResult
from tournament.models import (
    AuditEntry,
    Bracket,
    Entry,
    Game,
    Match,
    Player,
    Season,
    Tournament,
)


def refused(create):
    with pytest.raises(IntegrityError), transaction.atomic():
        create()


def game(match, **fields):
    values = {"number": 1, "winner": 0, "kind": "single", "cube": 1, "how": "played", "points": 1}
    return Game.objects.create(match=match, **{**values, **fields})


class TestGameConstraints:
    def test_game_number_unique_per_match(self, match):
        game(match)
        refused(lambda: game(match))

    def test_the_same_number_in_another_match_is_fine(self, match, tournament, players):
        other = Match.objects.create(tournament=tournament, player1=players[1], player2=players[0])
        game(match)
        game(other)
        assert Game.objects.filter(number=1).count() == 2

    @pytest.mark.parametrize("cube", [0, -2])
    def test_cube_is_positive(self, match, cube):
        refused(lambda: game(match, cube=cube))

    def test_winner_is_a_side(self, match):
        refused(lambda: game(match, winner=2))

    def test_kind_and_how_are_known(self, match):
        refused(lambda: game(match, kind="triple"))
        refused(lambda: game(match, how="timeout"))

    def test_a_dropped_game_is_a_single(self, match):
        refused(lambda: game(match, kind="gammon", how="dropped"))

    def test_number_and_points_positive(self, match):
        refused(lambda: game(match, number=0))
        refused(lambda: game(match, points=0))


class TestMatchConstraints:
    def test_a_player_never_meets_themselves(self, tournament, players):
        refused(
            lambda: Match.objects.create(
                tournament=tournament, player1=players[0], player2=players[0]
            )
        )

    def test_the_winner_is_one_of_the_two_players(self, match):
        outsider = Player.objects.create(name="Pau Camps")
        match.winner = outsider
        refused(lambda: match.save())
        match.winner = match.player2
        match.save()  # fine

    def test_length_is_positive(self, tournament, players):
        refused(
            lambda: Match.objects.create(
                tournament=tournament, player1=players[0], player2=players[1], length=0
            )
        )

    def test_score_is_capped_at_the_length(self, match):
        match.score1 = 6
        refused(lambda: match.save())

    def test_a_decided_match_has_a_winner(self, match):
        match.status = "decided"
        refused(lambda: match.save())


class TestOtherConstraints:
    def test_season_year_unique_and_plausible(self, season):
        refused(lambda: Season.from_preset(2002, "standard").save())
        refused(lambda: Season.from_preset(20, "standard").save())

    def test_season_backgammon_multiplier_2_or_3(self, season):
        season.backgammon_multiplier = 4
        refused(lambda: season.save())

    def test_tournament_name_unique_in_its_season(self, tournament):
        refused(lambda: Tournament.objects.create(season=tournament.season, name=tournament.name))

    def test_last_chance_needs_a_consolation(self, season):
        refused(
            lambda: Tournament.objects.create(
                season=season, name="Sense repesca", consolation="none", last_chance=True
            )
        )

    def test_membership_numbers_unique_in_a_club_but_may_be_empty(self, db):
        from builders import a_club, member

        member(Player.objects.create(name="A"), "")
        member(Player.objects.create(name="B"), "")
        member(Player.objects.create(name="C"), "17")
        # Another club's 17 is its own.
        member(Player.objects.create(name="E"), "17", a_club())
        refused(lambda: member(Player.objects.create(name="D"), "17"))

    def test_a_player_with_results_cannot_be_deleted(self, match):
        from django.db.models import ProtectedError

        with pytest.raises(ProtectedError):
            match.player1.delete()


class TestSeasonRules:
    def test_rules_come_back_as_the_ruleset(self, season_1999):
        assert season_1999.rules == PRESETS["qgammon-1999"]
        assert season_1999.preset == "qgammon-1999"
        assert not season_1999.rules_edited

    def test_rules_are_editable_and_the_preset_remembered(self, season_1999):
        season_1999.backgammon_multiplier = 3
        season_1999.save()
        season_1999.refresh_from_db()
        assert season_1999.rules.backgammon_multiplier == 3
        assert season_1999.preset == "qgammon-1999"
        assert season_1999.rules_edited


@pytest.mark.parametrize(
    "queryset",
    [
        lambda: Game.objects.filter(match_id=1),
        lambda: Match.objects.filter(tournament_id=1),
        lambda: Entry.objects.filter(tournament_id=1),
        lambda: Bracket.objects.filter(tournament_id=1),
    ],
)
def test_default_ordering_joins_no_other_table(db, queryset):
    # Ordering by a relation would join its table (and its own ordering's) to every query.
    assert "JOIN" not in str(queryset().query)


def test_a_players_search_key_follows_the_name(db):
    player = Player.objects.create(name="Núria  Ferrer")
    assert player.name_key == "nuriaferrer"
    player.name = "Pilar Álvarez"
    player.save(update_fields=["name"])
    assert Player.objects.get(pk=player.pk).name_key == "pilaralvarez"


def test_a_search_key_drops_apostrophes_hyphens_and_dots(db):
    player = Player.objects.create(name="Seán O’Brien-Puig")
    assert player.name_key == "seanobrienpuig"
    assert list(Player.objects.namesakes("Sean O'Brien Puig")) == [player]
    assert list(Player.objects.search("obrien")) == [player]


def test_the_migration_computes_every_stored_key_again(db):
    """Keys stored before the key dropped apostrophes (the curly one kept) are computed
    again by the migration, so the director's search finds "obrien"; going back
    restores the keys the older code computes."""
    migration = importlib.import_module(
        "tournament.migrations.0014_player_name_keys_without_punctuation"
    )
    sean = Player.objects.create(name="Seán O’Brien")
    marc = Player.objects.create(name="Marc d'Olot")
    Player.objects.filter(pk=sean.pk).update(name_key="seano’brien")
    Player.objects.filter(pk=marc.pk).update(name_key="marcd'olot")
    assert not Player.objects.search("obrien").exists()
    migration.recompute_name_keys(apps, None)
    assert list(Player.objects.search("obrien")) == [sean]
    assert list(Player.objects.search("dolot")) == [marc]
    migration.restore_name_keys(apps, None)
    assert Player.objects.get(pk=sean.pk).name_key == "seano’brien"
    assert Player.objects.get(pk=marc.pk).name_key == "marcd'olot"


def test_the_migration_keeps_the_name_of_whoever_made_each_earlier_entry(director, match):
    """Entries made before the name was kept on them get it from their account, so the
    history still says who acted once the account is deleted."""
    folder = Path(importlib.import_module("tournament.migrations").__file__).parent
    (module,) = [path.stem for path in folder.glob("*_audit_user_name.py")]
    migration = importlib.import_module(f"tournament.migrations.{module}")
    operations.record_game(match, GameResult(0), user=director)
    operations.record_game(match, GameResult(0))  # the system's: no account, no name
    AuditEntry.objects.update(user_name="")
    migration.keep_names(apps, None)
    names = AuditEntry.objects.order_by("pk").values_list("user_name", flat=True)
    assert list(names) == ["tdirector", ""]
    director.delete()
    assert [entry.who for entry in AuditEntry.objects.order_by("pk")] == ["tdirector", ""]
