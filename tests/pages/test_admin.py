"""The Django admin: usable by a director, and unable to store a game the rules refuse."""

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from django.test import Client
from django.urls import reverse

import builders
from admin_forms import form_data
from conftest import directors_group
from tournament import operations
from tournament.admin.matches import MatchAdmin
from tournament.core import schedule, scoring
from tournament.core.scoring import GameResult
from tournament.models import (
    AuditEntry,
    Entry,
    Game,
    Match,
    Player,
    RatingChange,
    Season,
    Tournament,
)

WORKED_EXAMPLE = [
    GameResult(0, "gammon"),
    GameResult(1),
    GameResult(0, "gammon"),
]


def match_form(match, games, extra=()):
    """The POST the admin's match page sends: the match, its games, then new rows."""
    data = {
        "tournament": match.tournament_id,
        "player1": match.player1_id,
        "player2": match.player2_id,
        "length": match.length,
        "bracket": "",
        "round": "",
        "position": "",
        "source1_kind": "",
        "source1_match": "",
        "source2_kind": "",
        "source2_match": "",
        "games-TOTAL_FORMS": len(games) + len(extra),
        "games-INITIAL_FORMS": len(games),
        "games-MIN_NUM_FORMS": 0,
        "games-MAX_NUM_FORMS": 1000,
    }
    rows = [(game.pk, game) for game in games] + [(None, row) for row in extra]
    for index, (pk, row) in enumerate(rows):
        prefix = f"games-{index}-"
        data.update(
            {
                prefix + "id": pk or "",
                prefix + "match": match.pk,
                prefix + "winner": row.winner,
                prefix + "kind": row.kind,
                prefix + "cube": row.cube,
                prefix + "how": row.how,
            }
        )
        if row.beaver:
            data[prefix + "beaver"] = "on"
    return data


@pytest.fixture
def admin_client(director_client):
    return director_client


@pytest.fixture
def started(match):
    for result in WORKED_EXAMPLE:
        operations.record_game(match, result)
    return match


def change_url(match):
    return reverse("admin:tournament_match_change", args=[match.pk])


def test_an_illegal_game_is_refused_with_its_message(admin_client, started):
    games = list(started.games.order_by("number"))
    data = match_form(started, games, extra=[GameResult(1, cube=2)])  # cube in Crawford game
    response = admin_client.post(change_url(started), data)
    assert response.status_code == 200
    assert "Game 4 is the Crawford game: the cube cannot be turned" in response.content.decode()
    assert started.games.count() == 3
    assert not AuditEntry.objects.filter(action="games_replaced").exists()


def test_a_legal_game_is_saved_and_the_score_follows(admin_client, started):
    games = list(started.games.order_by("number"))
    data = match_form(started, games, extra=[GameResult(1)])
    response = admin_client.post(change_url(started), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    started.refresh_from_db()
    assert started.games.count() == 4
    assert started.score == (4, 2)
    assert Game.objects.get(match=started, number=4).crawford
    entry = AuditEntry.objects.get(action="games_replaced")
    assert entry.user.username == "tdirector"


def test_correcting_an_early_game_replays_the_rest(admin_client, started):
    games = list(started.games.order_by("number"))
    data = match_form(started, games)
    data["games-0-kind"] = "single"  # game 1 was a single, not a gammon
    response = admin_client.post(change_url(started), data)
    assert response.status_code == 302
    started.refresh_from_db()
    assert started.score == (3, 1)
    assert started.crawford_game is None


def test_a_correction_that_breaks_a_later_game_is_refused(admin_client, started):
    operations.record_game(started, GameResult(1))  # game 4, the Crawford game at 4-1
    operations.record_game(started, GameResult(1, cube=2))  # post-Crawford double
    games = list(started.games.order_by("number"))
    data = match_form(started, games)
    data["games-1-winner"] = 0  # now 5-0 after game 3: game 4 comes after the end
    response = admin_client.post(change_url(started), data)
    assert response.status_code == 200
    assert "after the match was decided" in response.content.decode()
    started.refresh_from_db()
    assert started.score == (4, 4)


def test_a_huge_cube_is_a_form_error_not_a_500(admin_client, started):
    games = list(started.games.order_by("number"))
    data = match_form(started, games, extra=[GameResult(1)])
    data["games-3-cube"] = str(10**30)
    response = admin_client.post(change_url(started), data)
    assert response.status_code == 200
    assert started.games.count() == 3


def test_a_player_cannot_meet_themselves_in_the_admin(admin_client, match):
    data = match_form(match, [])
    data["player2"] = match.player1_id
    response = admin_client.post(change_url(match), data)
    assert response.status_code == 200
    assert "A player cannot meet themselves." in response.content.decode()


def test_a_new_season_takes_its_preset(admin_client, db):
    response = admin_client.post(
        reverse("admin:tournament_season_add"),
        {"year": 1998, "name": "Temporada 1998", "preset": "qgammon-1999"},
    )
    assert response.status_code == 302
    season = Season.objects.get(years="1998")
    assert season.backgammon_multiplier == 2 and season.beavers and not season.beaver_refusable


@pytest.mark.parametrize(
    "name",
    ["player", "season", "tournament", "match", "game", "auditentry", "penalty", "payment"],
)
def test_every_changelist_opens(admin_client, match, name):
    operations.record_game(match, GameResult(0))
    response = admin_client.get(reverse(f"admin:tournament_{name}_changelist"))
    assert response.status_code == 200


def test_the_match_page_names_the_winners(admin_client, started):
    text = admin_client.get(change_url(started)).content.decode()
    assert f'<option value="0" selected>{started.player1.name}</option>' in text


def test_directors_do_not_delete_players(admin_client, started):
    url = reverse("admin:tournament_player_delete", args=[started.player1_id])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert Player.objects.filter(pk=started.player1_id).exists()


def test_a_player_with_results_is_not_deleted_even_by_a_superuser(client, started):
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_superuser("root", password="pw-12345-abc"))
    url = reverse("admin:tournament_player_delete", args=[started.player1_id])
    response = client.post(url, {"post": "yes"})
    assert response.status_code == 200
    assert "would require deleting the following protected related objects" in (
        response.content.decode()
    )
    assert Player.objects.filter(pk=started.player1_id).exists()


def test_a_user_without_permission_cannot_use_the_match_admin(client, started):
    from django.contrib.auth.models import User

    User.objects.create_user("visitor", password="pw-12345-abc", is_staff=True)
    client.login(username="visitor", password="pw-12345-abc")
    assert client.get(change_url(started)).status_code == 403
    assert Tournament.objects.count() == 1
    assert Match.objects.count() == 1


def test_directors_read_penalties_and_payments_and_never_add_them(client, db):
    """The data migration gives the Directors group the right to read the two new
    records; writing them is the match sheet's and the desk's job."""
    from django.contrib.auth.models import Group, User

    user = User.objects.create_user("desk", password="pw-12345-abc", is_staff=True)
    user.groups.add(Group.objects.get(name="Directors"))
    client.force_login(user)
    for name in ["penalty", "payment"]:
        assert client.get(reverse(f"admin:tournament_{name}_changelist")).status_code == 200
        assert client.get(reverse(f"admin:tournament_{name}_add")).status_code == 403


# --- brackets in the admin (until the director's pages) ----------------------------


@pytest.fixture
def cup(season):
    """Six players checked in, not drawn."""
    players = [f"Jugador {number}" for number in range(6)]
    return builders.cup(
        season, players, date=None, brackets={"main": "3"}, rng_seed=None, consolation="first_round"
    )


def test_the_draw_action_makes_the_brackets(admin_client, cup):
    response = admin_client.post(
        reverse("admin:tournament_tournament_changelist"),
        {"action": "make_draw", "_selected_action": [cup.pk]},
        follow=True,
    )
    assert "Copa: draw made." in response.content.decode()
    cup.refresh_from_db()
    assert cup.draw_seed is not None
    assert cup.matches.filter(bracket__kind="main").count() == 7
    assert cup.matches.filter(bracket__kind="consolation").count() == 3


def test_the_draw_action_says_why_it_cannot(admin_client, season):
    lonely = Tournament.objects.create(season=season, name="Sola")
    response = admin_client.post(
        reverse("admin:tournament_tournament_changelist"),
        {"action": "make_draw", "_selected_action": [lonely.pk]},
        follow=True,
    )
    assert "A draw needs at least 2 entrants, not 0." in response.content.decode()
    assert not lonely.matches.exists()


def test_results_entered_in_the_admin_move_through_the_bracket(admin_client, cup):
    operations.make_draw(cup, rng_seed=4)
    operations.start_tournament(cup)
    match = cup.matches.filter(bracket__kind="main", round=1, status="ready").first()
    data = bracket_match_form(match, [], extra=[GameResult(1, "backgammon")])
    response = admin_client.post(change_url(match), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    match.refresh_from_db()
    assert match.status == "decided" and match.winner_id == match.player2_id
    onward = cup.matches.get(
        Q(source1_match=match, source1_kind="winner")
        | Q(source2_match=match, source2_kind="winner")
    )
    assert match.player2_id in (onward.player1_id, onward.player2_id)


def test_an_admin_correction_that_would_reopen_started_matches_is_refused(admin_client, cup):
    operations.make_draw(cup, rng_seed=4)
    operations.start_tournament(cup)
    first = cup.matches.filter(bracket__kind="main", round=1, status="ready").first()
    operations.record_game(first, GameResult(0, "backgammon"))
    onward = cup.matches.filter(status="ready", bracket__kind="main", round=2).first()
    operations.record_game(onward, GameResult(0))
    first.refresh_from_db()
    data = bracket_match_form(first, list(first.games.all()))
    data["games-0-winner"] = 1
    response = admin_client.post(change_url(first), data)
    assert response.status_code == 200
    assert "these later matches have started" in response.content.decode()
    first.refresh_from_db()
    assert first.winner_id == first.player1_id


def test_bracket_players_and_length_are_read_only(admin_client, cup):
    # Who plays comes from the draw, the length from the bracket's schedule.
    operations.make_draw(cup, rng_seed=4)
    match = cup.matches.filter(bracket__kind="main", round=1, status="ready").first()
    text = admin_client.get(change_url(match)).content.decode()
    assert 'name="player1"' not in text and 'name="length"' not in text
    assert 'name="games-0-winner"' in text


def bracket_match_form(match, games, extra=()):
    """The admin form of a bracket match: its bracket fields are read-only, so not sent."""
    data = match_form(match, games, extra)
    for field in MatchAdmin.bracket_fields:
        data.pop(field)
    return data


def test_ratings_read_with_one_decimal(admin_client, admin_user, players, match):
    """Issue 22, item 14: the admin shows a rating as the site does, 1512.3, not
    1512.345678901."""
    anna = players[0]
    Player.objects.filter(pk=anna.pk).update(rating=1512.345678901)
    listing = admin_client.get("/admin/tournament/player/").content.decode()
    assert "1512.3<" in listing and "1512.34" not in listing
    change = admin_client.get(f"/admin/tournament/player/{anna.pk}/change/").content.decode()
    assert "1512.3<" in change and 'name="rating"' not in change
    RatingChange.objects.create(
        sequence=1,
        match=match,
        at="2002-11-09T10:00Z",
        player=anna,
        opponent=players[1],
        won=True,
        length=5,
        before=1500.0,
        after=1507.891234,
        experience_before=0,
        experience_after=5,
    )
    superuser = Client()  # the rating changes are the superuser's to read
    superuser.force_login(admin_user)
    changes = superuser.get("/admin/tournament/ratingchange/").content.decode()
    assert "1507.9<" in changes and "1507.89" not in changes


# Bad input at the admin's door: a 400 with nothing saved, never a 500 or a long wait
# (issue 23, item 9).

NOT_IDS = ["abc", "-1", "999999999999999999999", "9" * 5000]


@pytest.mark.parametrize("bad", NOT_IDS)
@pytest.mark.parametrize(
    "model, field",
    [("match", "player1"), ("match", "player2"), ("match", "tournament"), ("tournament", "season")],
)
def test_an_add_form_linked_with_an_id_that_is_none_is_a_400(
    admin_client, tournament, players, model, field, bad
):
    response = admin_client.get(reverse(f"admin:tournament_{model}_add"), {field: bad})
    assert response.status_code == 400
    assert "Nothing was recorded" in response.content.decode()


@pytest.mark.parametrize("bad", [*NOT_IDS, "²"])
def test_the_match_list_filtered_by_a_player_that_is_no_id_is_a_400(admin_client, match, bad):
    response = admin_client.get(reverse("admin:tournament_match_changelist"), {"player": bad})
    assert response.status_code == 400


@pytest.mark.parametrize("bad", NOT_IDS)
def test_a_match_posted_with_a_player_that_is_no_id_is_a_400(admin_client, match, bad):
    data = {**match_form(match, []), "player1": bad}
    response = admin_client.post(reverse("admin:tournament_match_add"), data)
    assert response.status_code == 400
    assert Match.objects.count() == 1


@pytest.mark.parametrize("bad", NOT_IDS)
def test_a_tournament_posted_with_an_entry_that_is_no_id_is_a_400(admin_client, season, bad):
    url = reverse("admin:tournament_tournament_add")
    data = form_data(admin_client, url, "tournament_form")
    data.update(
        {"season": season.pk, "name": "Copa nova", "date": "2002-12-07", "entries-0-player": bad}
    )
    response = admin_client.post(url, data)
    assert response.status_code == 400
    assert not Tournament.objects.filter(name="Copa nova").exists()


def test_a_huge_count_of_game_rows_is_refused_at_once(admin_client, started):
    data = match_form(started, list(started.games.order_by("number")))
    data["games-TOTAL_FORMS"] = 100_000_000
    response = admin_client.post(change_url(started), data)
    assert response.status_code == 400
    assert "Nothing was recorded" in response.content.decode()
    assert started.games.count() == 3


def test_more_game_rows_than_the_longest_match_can_have_are_refused(admin_client, started):
    most = scoring.max_games(schedule.MAX_LENGTH)
    data = match_form(started, list(started.games.order_by("number")))
    data["games-TOTAL_FORMS"] = most + 1
    assert admin_client.post(change_url(started), data).status_code == 400
    data["games-TOTAL_FORMS"] = 3  # the rows the page sent
    assert admin_client.post(change_url(started), data).status_code == 302


def test_a_huge_count_of_entry_rows_is_refused_at_once(admin_client, tournament):
    url = reverse("admin:tournament_tournament_change", args=[tournament.pk])
    data = form_data(admin_client, url, "tournament_form")
    data["entries-TOTAL_FORMS"] = 100_000_000
    assert admin_client.post(url, data).status_code == 400


def test_the_largest_tournament_is_still_saved_through_the_admin(admin_client, tournament):
    """256 entries, the most a draw takes: the admin's form posts about 1,330 fields,
    more than Django's default limit of 1,000."""
    field = Player.objects.bulk_create(Player(name=f"Jugador {n:03}") for n in range(256))
    Entry.objects.bulk_create(Entry(tournament=tournament, player=p) for p in field)
    url = reverse("admin:tournament_tournament_change", args=[tournament.pk])
    data = form_data(admin_client, url, "tournament_form")
    data["name"] = "Copa gran"
    response = admin_client.post(url, data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Copa gran"
    assert tournament.entries.count() == 256


def test_deleting_a_directors_account_keeps_their_name_in_the_history(
    admin_client, director, admin_user, match
):
    """The club's keeper deletes the account of a director who has left: what they
    recorded still says who recorded it, not "the system"."""
    sheet = reverse("director-match", args=[match.tournament_id, match.pk])
    game = {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": match.version}
    assert admin_client.post(sheet, game).status_code == 302
    keeper = Client(headers={"accept-language": "en"})
    keeper.force_login(admin_user)
    response = keeper.post(reverse("admin:auth_user_delete", args=[director.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(pk=director.pk).exists()

    successor = User.objects.create_user("successora", is_staff=True)
    successor.groups.add(directors_group())
    reader = Client(headers={"accept-language": "en"})
    reader.force_login(successor)
    history = reader.get(reverse("director-history", args=[match.tournament_id, match.pk]))
    body = history.content.decode()
    assert "tdirector" in body
    assert "the system" not in body
    listing = keeper.get(reverse("admin:tournament_auditentry_changelist")).content.decode()
    assert "tdirector" in listing
    found = keeper.get(reverse("admin:tournament_auditentry_changelist"), {"q": "tdirector"})
    assert found.context["cl"].result_count == 1
