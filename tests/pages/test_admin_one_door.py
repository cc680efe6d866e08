"""The admin is not a second way to write: as a member of the Directors group, whatever
it saves or deletes goes through the operations (checked, locked, audited), and what
they cannot do safely is read-only or refused with the operation's own message."""

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

import builders
from admin_forms import form_data
from tournament import operations
from tournament.core import sample_games
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Entry, Match, Player, Season, Tournament


def admin_url(model, action, *args):
    return reverse(f"admin:tournament_{model}_{action}", args=args)


@pytest.fixture
def cup(season):
    """A running cup of 8 with its first round played."""
    tournament = builders.cup(
        season,
        [f"P{number}" for number in range(8)],
        date="2002-03-02",
        brackets={"main": "3,5", "consolation": "3"},
        rng_seed=2,
        start=True,
        consolation="first_round",
    )
    builders.play(tournament, seed=5, kind="main", rounds=1)
    return tournament


@pytest.fixture
def drawn(season):
    """A drawn cup nothing has been played in."""
    players = [f"D{number}" for number in range(6)]
    return builders.cup(season, players, name="Sorteig", date="2002-04-06", rng_seed=3, start=False)


def test_a_director_cannot_delete_an_unplayed_match_of_a_running_cup(director_client, cup):
    second_round = cup.matches.get(bracket__kind="main", round=2, position=1)
    assert second_round.games.count() == 0
    matches, entries = cup.matches.count(), AuditEntry.objects.count()
    response = director_client.post(admin_url("match", "delete", second_round.pk), {"post": "yes"})
    assert response.status_code == 403
    assert cup.matches.count() == matches
    assert AuditEntry.objects.count() == entries
    # Nor by the changelist's bulk action: there is none.
    response = director_client.post(
        admin_url("match", "changelist"),
        {"action": "delete_selected", "_selected_action": [second_round.pk], "post": "yes"},
    )
    assert cup.matches.count() == matches


def test_games_and_entries_of_a_drawn_cup_are_not_deleted_in_the_admin(director_client, cup):
    game = cup.matches.filter(status="decided").first().games.first()
    assert (
        director_client.post(admin_url("game", "delete", game.pk), {"post": "yes"}).status_code
        == 403
    )
    # Entries sit on the tournament's page, read-only once results are recorded.
    page = director_client.get(admin_url("tournament", "change", cup.pk)).content.decode()
    assert 'name="entries-0-seed"' not in page and 'name="entries-0-DELETE"' not in page


def test_season_rules_that_would_rescore_games_are_refused(director_client, cup, players):
    # A backgammon worth three times the cube, in a friendly of the cup's season.
    friendly = operations.create_match(cup, players[0], players[1], 5)
    operations.record_game(friendly, GameResult(0, "backgammon"))
    url = admin_url("season", "change", cup.season.pk)
    data = form_data(director_client, url, "season_form")
    data["backgammon_multiplier"] = "2"
    response = director_client.post(url, data)
    assert response.status_code == 200
    assert "These rules would change games already recorded in this season" in (
        response.content.decode()
    )
    cup.season.refresh_from_db()
    assert cup.season.backgammon_multiplier == 3
    assert not AuditEntry.objects.filter(action="season_changed").exists()


def test_a_safe_rules_change_is_saved_through_the_operation(director_client, cup):
    url = admin_url("season", "change", cup.season.pk)
    data = form_data(director_client, url, "season_form")
    data["holland"] = "on"
    data["main_points"] = "12, 8,5"
    assert director_client.post(url, data).status_code == 302
    cup.season.refresh_from_db()
    assert cup.season.holland and cup.season.main_points == "12,8,5"
    entry = AuditEntry.objects.get(action="season_changed")
    assert entry.user.username == "tdirector" and entry.after["holland"] is True


def test_a_drawn_cups_season_and_format_do_not_change_in_the_admin(director_client, cup):
    other = Season.from_preset(2003, "qgammon-2002")
    other.save()
    url = admin_url("tournament", "change", cup.pk)
    data = form_data(director_client, url, "tournament_form")
    assert "season" not in data and "consolation" not in data  # shown read-only
    data.update({"season": other.pk, "consolation": "none", "date": "2003-03-02"})
    director_client.post(url, data)
    cup.refresh_from_db()
    assert cup.season_id != other.pk and cup.consolation == "first_round"
    assert cup.matches.count() > 0


def test_a_format_change_before_play_discards_the_draw_and_says_so(director_client, drawn):
    url = admin_url("tournament", "change", drawn.pk)
    data = form_data(director_client, url, "tournament_form")
    data.update({"consolation": "first_round", "consolation_lengths": "3"})
    response = director_client.post(url, data, follow=True)
    assert "discarded" in response.content.decode()
    drawn.refresh_from_db()
    assert drawn.consolation == "first_round" and not drawn.matches.exists()
    assert AuditEntry.objects.filter(action="draw_discarded", tournament=drawn).exists()


def test_an_entry_added_in_the_admin_after_the_draw_discards_it(director_client, drawn):
    late = Player.objects.create(name="Tard")
    url = admin_url("tournament", "change", drawn.pk)
    data = form_data(director_client, url, "tournament_form")
    index = int(data["entries-INITIAL_FORMS"])
    data[f"entries-{index}-player"] = late.pk
    data[f"entries-{index}-checked_in"] = "on"  # here: checked in, so the draw goes
    response = director_client.post(url, data, follow=True)
    assert response.status_code == 200
    assert drawn.entries.filter(player=late).exists()
    assert not drawn.matches.exists()
    assert AuditEntry.objects.filter(action="entry_added", tournament=drawn).exists()


def test_seeds_do_not_change_in_the_admin_after_play(director_client, cup):
    url = admin_url("tournament", "change", cup.pk)
    data = form_data(director_client, url, "tournament_form")
    entry = cup.entries.first()
    data.update(
        {
            "entries-TOTAL_FORMS": 1,
            "entries-INITIAL_FORMS": 1,
            "entries-0-id": entry.pk,
            "entries-0-tournament": cup.pk,
            "entries-0-player": entry.player_id,
            "entries-0-seed": 1,
            "entries-0-DELETE": "on",
        }
    )
    director_client.post(url, data)
    assert Entry.objects.filter(pk=entry.pk, seed=None).exists()


@pytest.mark.parametrize("lengths", ["5,abc", "0", "5,100", "x" * 30])
def test_bracket_lengths_are_checked_by_the_schedule(director_client, drawn, lengths):
    url = admin_url("tournament", "change", drawn.pk)
    data = form_data(director_client, url, "tournament_form")
    data["main_lengths"] = lengths
    response = director_client.post(url, data)
    assert response.status_code == 200
    text = response.content.decode()
    assert "is not a match length" in text or "at most" in text
    assert drawn.brackets.get(kind="main").lengths == "5"
    assert director_client.get(reverse("tournament", args=[drawn.pk])).status_code == 200


def test_new_lengths_reach_the_matches_not_started(director_client, drawn):
    url = admin_url("tournament", "change", drawn.pk)
    data = form_data(director_client, url, "tournament_form")
    data["main_lengths"] = "7, 9"
    assert director_client.post(url, data).status_code == 302
    assert drawn.brackets.get(kind="main").lengths == "7,9"
    assert set(drawn.matches.filter(round=1).values_list("length", flat=True)) == {7}


def test_a_director_cannot_delete_a_drawn_tournament(director_client, drawn):
    url = admin_url("tournament", "delete", drawn.pk)
    assert director_client.post(url, {"post": "yes"}).status_code == 403
    assert Tournament.objects.filter(pk=drawn.pk).exists()


def test_a_superuser_deletes_a_whole_draft_tournament(drawn):
    client = Client(headers={"accept-language": "en"})
    client.force_login(User.objects.create_superuser("root", password="pw-12345-abc"))
    response = client.post(admin_url("tournament", "delete", drawn.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not Tournament.objects.filter(pk=drawn.pk).exists()
    assert not Match.objects.filter(tournament_id=drawn.pk).exists()
    entry = AuditEntry.objects.get(action="tournament_deleted")
    assert entry.user.username == "root" and entry.subject == "Sorteig"


def test_a_player_added_in_the_admin_is_audited_and_a_namesake_is_pointed_out(director_client, db):
    Player.objects.create(name="Núria Ferrer")
    response = director_client.post(
        admin_url("player", "add"), {"name": "nuria ferrer", "active": "on"}, follow=True
    )
    assert "already had a player named like this: Núria Ferrer" in response.content.decode()
    assert Player.objects.filter(name_key="nuriaferrer").count() == 2
    assert AuditEntry.objects.get(action="player_added").user.username == "tdirector"


def test_a_friendly_added_in_the_admin_is_replayed_and_audited(
    director_client, tournament, players
):
    data = {
        "tournament": tournament.pk,
        "player1": players[0].pk,
        "player2": players[1].pk,
        "length": 3,
        "games-TOTAL_FORMS": 1,
        "games-INITIAL_FORMS": 0,
        "games-MIN_NUM_FORMS": 0,
        "games-MAX_NUM_FORMS": 1000,
        "games-0-winner": 1,
        "games-0-kind": "backgammon",
        "games-0-cube": 1,
        "games-0-how": "played",
    }
    # A draft's matches take no game: the form says so, and nothing is added.
    response = director_client.post(admin_url("match", "add"), data)
    assert response.status_code == 200
    assert "This tournament has not started" in response.content.decode()
    assert not Match.objects.filter(tournament=tournament).exists()
    builders.started(tournament)
    response = director_client.post(admin_url("match", "add"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    match = Match.objects.get(tournament=tournament)
    assert (match.score1, match.score2, match.status) == (0, 3, "decided")
    assert {"match_created", "games_replaced"} <= set(
        AuditEntry.objects.filter(match=match).values_list("action", flat=True)
    )


def test_a_friendlys_new_length_replays_its_games(director_client, match):
    operations.record_game(match, GameResult(0, "gammon"))
    url = admin_url("match", "change", match.pk)
    data = form_data(director_client, url, "match_form")
    data["length"] = "2"
    assert director_client.post(url, data).status_code == 302
    match.refresh_from_db()
    assert (match.length, match.status, match.winner_id) == (2, "decided", match.player1_id)


def test_a_tournament_added_in_the_admin_goes_through_the_operations(director_client, season):
    anna, pau = Player.objects.create(name="Anna"), Player.objects.create(name="Pau")
    data = form_data(director_client, admin_url("tournament", "add"), "tournament_form")
    data.update(
        {
            "season": season.pk,
            "name": "Copa d'Hivern",
            "date": "2002-01-19",
            "main_lengths": "3, 5",
            "entries-0-player": anna.pk,
            "entries-0-seed": 1,
            "entries-1-player": pau.pk,
        }
    )
    response = director_client.post(admin_url("tournament", "add"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get(name="Copa d'Hivern")
    assert tournament.brackets.get(kind="main").lengths == "3,5"
    assert dict(tournament.entries.values_list("player__name", "seed")) == {"Anna": 1, "Pau": None}
    actions = list(
        AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True)
    )
    assert sorted(actions) == ["entry_added", "entry_added", "tournament_created"]
    # Dated outside its season's year, it is refused with the reason.
    data.update({"name": "Fora de temporada", "date": "2003-01-19"})
    response = director_client.post(admin_url("tournament", "add"), data)
    assert (
        "Temporada 2002 runs from Jan. 1, 2002 to Dec. 31, 2002: choose a date inside it."
        in response.content.decode()
    )
    assert not Tournament.objects.filter(name="Fora de temporada").exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("main_lengths", "1", "Round 1 already has results, at 3 points"),
        ("main_fee", "12", "The fees and payouts of a finished tournament cannot change"),
        ("main_payouts", "100", "its prizes were paid from them"),
    ],
)
def test_a_finished_cups_lengths_and_money_are_refused_in_the_admin(
    director_client, cup, field, value, message
):
    """The same refusal, with the same message, as on the director's page."""
    operations.change_tournament(
        cup, {}, {"main": {"lengths": "3,5", "fee": "10", "payouts": "70,30"}}
    )
    while cup.matches.open().exists():
        match = cup.matches.open().first()
        for result in sample_games.games_to_finish(match.replay(), random.Random(7)):
            operations.record_game(match, result)
    cup.refresh_from_db()
    assert cup.is_finished
    url = admin_url("tournament", "change", cup.pk)
    data = form_data(director_client, url, "tournament_form")
    data[field] = value
    response = director_client.post(url, data)
    assert response.status_code == 200
    assert message in response.content.decode()
    main = cup.brackets.get(kind="main")
    assert (main.lengths, str(main.fee), main.payouts) == ("3,5", "10.00", "70,30")
