"""The match sheet: the next game, entered through a form that offers what the rules
allow and refuses, with the rule's own message, what they forbid."""

import re

import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Game, Match, Tournament

WORKED = [GameResult(0, "gammon"), GameResult(1), GameResult(0, "gammon")]


def url(match):
    return reverse("director-match", args=[match.tournament_id, match.pk])


def post(client, match, **fields):
    match.refresh_from_db()
    data = {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": match.version}
    data.update(fields)
    return client.post(url(match), {k: v for k, v in data.items() if v is not None})


def test_protected(director, match):
    assert_protected(director, url(match), "get", wrong_method="put")
    assert_protected(director, url(match), "post", {"winner": 0, "version": 0})
    assert match.games.count() == 0


def test_the_sheet_shows_score_length_and_the_form(director_client, match):
    for result in WORKED[:2]:
        operations.record_game(match, result)
    response = director_client.get(url(match))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Match to 5 points" in text and "Game 3" in text
    assert "3-away, 4-away; the cube is live." in text
    assert 'value="dropped"' in text and "beaver" not in text.lower().split("games")[0]


def test_a_legal_game_is_recorded_and_the_page_reloads_safely(director_client, match, director):
    response = post(director_client, match, winner=1, kind="gammon", cube=2)
    assert response.status_code == 302 and response["Location"] == url(match) + "?recorded=1"
    game = Game.objects.get(match=match)
    assert (game.winner, game.kind, game.cube, game.points) == (1, "gammon", 2, 4)
    assert game.entered_by == director
    assert AuditEntry.objects.get(action="game_recorded").user == director


def test_the_crawford_game_offers_no_cube_and_refuses_one(director_client, match):
    for result in WORKED:
        operations.record_game(match, result)
    text = director_client.get(url(match)).content.decode()
    assert "Game 4 is the Crawford game: Anna Bosch is one point away" in text
    # Offered closed, out of sight: the device counting games not sent yet opens them
    # again after the Crawford game (js/offline_entry.js).
    assert re.search(r'<option value="2" data-crawford-closed disabled hidden>', text)
    assert re.search(
        r'<label class="choice" hidden><input [^>]*value="dropped"[^>]* disabled', text
    )
    assert re.search(r'<option value="1"(?: selected)?>1</option>', text)
    response = post(director_client, match, winner=1, cube=2)
    assert response.status_code == 400
    assert "Game 4 is the Crawford game: the cube cannot be turned" in response.content.decode()
    response = post(director_client, match, winner=1, how="dropped")
    assert "no double, so none can be dropped" in response.content.decode()
    assert match.games.count() == 3


def test_post_crawford_is_said(director_client, match):
    for result in [*WORKED, GameResult(1)]:
        operations.record_game(match, result)
    text = director_client.get(url(match)).content.decode()
    assert "Post-Crawford: the Crawford game was game 4" in text


def test_beavers_are_offered_only_where_the_season_has_them(director_client, match, season_1999):
    assert 'name="beaver"' not in director_client.get(url(match)).content.decode()
    response = post(director_client, match, cube=4, beaver="on")
    assert response.status_code == 400
    assert "played without beavers" in response.content.decode()
    Tournament.objects.filter(pk=match.tournament_id).update(season=season_1999)
    text = director_client.get(url(match)).content.decode()
    assert 'name="beaver"' in text
    assert 'value="beaver_dropped"' not in text  # 1999: the beaver could not be refused
    assert post(director_client, match, cube=4, beaver="on").status_code == 302


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cube": 3}, "a cube of 3 is impossible"),
        ({"cube": -2}, "greater than or equal to 1"),
        ({"cube": 10**30}, "less than or equal to"),
        ({"cube": "two"}, "Enter a whole number"),
        ({"winner": 2}, "Select a valid choice"),
        ({"winner": None}, "This field is required"),
        ({"kind": "triple"}, "Select a valid choice"),
        ({"how": "timeout"}, "Select a valid choice"),
        ({"version": "x"}, "Enter a whole number"),
        ({"kind": "gammon", "how": "dropped"}, "cannot be a gammon"),
        ({"winner": "<script>alert(1)</script>"}, "Select a valid choice"),
    ],
)
def test_bad_input_re_renders_with_errors_and_changes_nothing(
    director_client, match, fields, message
):
    operations.record_game(match, GameResult(0))
    match.refresh_from_db()
    version = match.version
    response = post(director_client, match, **fields)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert "<script>alert(1)</script>" not in response.content.decode()
    match.refresh_from_db()
    assert match.games.count() == 1 and match.version == version


def test_a_stale_form_gets_the_match_as_it_is_now(director_client, match):
    match.refresh_from_db()
    old = match.version
    operations.record_game(match, GameResult(1, "gammon"))  # another director, meanwhile
    response = post(director_client, match, version=old)
    assert response.status_code == 409
    text = response.content.decode()
    assert "This match changed since the form was shown; here it is now." in text
    assert match.games.count() == 1
    assert "<td>2</td>" in text  # the other director's gammon, shown


def test_a_decided_match_takes_no_more_games(director_client, match):
    for result in [GameResult(0, "backgammon"), GameResult(0, "gammon")]:
        operations.record_game(match, result)
    response = post(director_client, match)
    assert response.status_code == 409
    assert "not open for games" in response.content.decode()
    assert match.games.count() == 2


def test_a_match_id_from_another_tournament_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra copa")
    wrong = reverse("director-match", args=[other.pk, match.pk])
    assert director_client.get(wrong).status_code == 404
    assert director_client.post(wrong, {"winner": 0}).status_code == 404
    assert director_client.get(reverse("director-match", args=[1, 999999])).status_code == 404


def test_a_match_without_its_players_cannot_take_games(director_client, tournament, players):
    match = Match.objects.create(tournament=tournament, player1=players[0], length=3)
    assert director_client.get(url(match)).status_code == 200
    response = director_client.post(url(match), {"winner": 0, "version": 0})
    assert response.status_code == 409
    assert match.games.count() == 0


def test_query_count_of_the_sheet(director_client, match, django_assert_num_queries):
    for result in WORKED:
        operations.record_game(match, result)
    # session, user, the user's and its groups' permissions, the match with its
    # tournament, season, bracket and players, its games: 6, however many games.
    with django_assert_num_queries(6):
        director_client.get(url(match))
    operations.record_game(match, GameResult(1))
    with django_assert_num_queries(6):
        director_client.get(url(match))


def test_where_they_go_next(director_client, season):
    from tournament.models import Bracket, Entry, Player

    cup = Tournament.objects.create(season=season, name="Copa", consolation="first_round")
    Bracket.objects.create(tournament=cup, kind="main", lengths="1")
    for number in range(4):
        Entry.objects.create(
            checked_in=True, tournament=cup, player=Player.objects.create(name=f"P{number}")
        )
    operations.make_draw(cup, rng_seed=1)
    operations.start_tournament(cup)
    first = cup.matches.get(bracket__kind="main", round=1, position=1)
    response = director_client.post(
        url(first),
        {"winner": 1, "kind": "single", "cube": 1, "how": "played", "version": 0},
        follow=True,
    )
    text = response.content.decode()
    # Four players: the first round is the semi-finals; each match named as its round is.
    assert f"{first.player2.name} plays next: Final" in text
    assert f"{first.player1.name} plays next: Consolation: Final" in text


def test_a_refused_game_is_shown_again_with_every_field_chosen(director_client, match):
    """A forged "dropped" in the Crawford game is refused; the form shown again keeps
    the winner and falls back to "played out" (it offers no drop), so "Record" works."""
    for result in WORKED:
        operations.record_game(match, result)
    response = post(director_client, match, winner=1, how="dropped", kind="gammon", cube=2)
    assert response.status_code == 400
    form = response.context["form"]
    assert form["how"].value() == "played"
    assert form["cube"].value() == "1"
    assert form["kind"].value() == "gammon"
    assert form["winner"].value() == "1"
    assert re.search(r'<input[^>]*name="how" value="played"[^>]*checked', response.content.decode())


def test_the_sheet_opens_with_the_winner_focused(director_client, match):
    text = director_client.get(url(match)).content.decode()
    assert text.count("autofocus") == 1
    assert re.search(r'<input[^>]*name="winner" value="0"[^>]*autofocus', text)


def test_a_refused_game_keeps_the_focus_on_the_form(director_client, match):
    for result in WORKED:
        operations.record_game(match, result)
    response = post(director_client, match, winner=1, cube=2)
    assert response.status_code == 400
    assert response.content.decode().count("autofocus") == 1


def test_the_last_game_is_undone_from_its_confirmation(director_client, match):
    response = post(director_client, match, winner=0)
    page = director_client.get(response["Location"]).content.decode()
    notice = page.split('class="message success undo-notice"')[1].split("</form>")[0]
    assert "Game 1 recorded." in notice and "Undo game 1" in notice
    assert f'action="{reverse("director-undo", args=[match.tournament_id, match.pk])}"' in page
    # The winner of the next game still has the focus: the notice does not take it.
    assert "autofocus" in page.split("undo-notice")[1]
    match.refresh_from_db()
    undone = director_client.post(
        reverse("director-undo", args=[match.tournament_id, match.pk]), {"version": match.version}
    )
    assert undone.status_code == 302 and match.games.count() == 0
    # A stale confirmation (the game already taken back, or another game since) offers
    # nothing to undo.
    assert "undo-notice" not in director_client.get(response["Location"]).content.decode()
    post(director_client, match, winner=0)
    post(director_client, match, winner=0)
    assert "undo-notice" not in director_client.get(url(match) + "?recorded=1").content.decode()


def test_a_refusal_after_a_recorded_game_shows_the_refusal_alone(director_client, match):
    """The sheet's form posts to the address it was shown at (?recorded=2 after game 2):
    a refused game 3 answers with its refusal, not under a "Game 2 recorded" banner."""
    for result in WORKED[:2]:
        operations.record_game(match, result)
    match.refresh_from_db()
    response = director_client.post(
        url(match) + "?recorded=2",
        {"winner": 1, "kind": "gammon", "cube": 2, "how": "dropped", "version": match.version},
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "undo-notice" not in text and "Game 2 recorded" not in text
    assert "a refused double ends the game at the cube" in text.lower()
    assert match.games.count() == 2


def test_a_refused_drop_is_not_kept_in_the_form(director_client, match):
    """A dropped double that is also a gammon is refused: the form shown again keeps the
    winner, the gammon and the cube, and falls back to "played out", a game the rules
    allow, so "Record" records it."""
    operations.record_game(match, WORKED[0])
    response = post(director_client, match, winner=1, how="dropped", kind="gammon", cube=2)
    assert response.status_code == 400
    form = response.context["form"]
    assert (form["winner"].value(), form["kind"].value()) == ("1", "gammon")
    assert (form["cube"].value(), form["how"].value()) == ("2", "played")
    fields = {name: form[name].value() for name in ("winner", "kind", "cube", "how")}
    again = post(director_client, match, **fields)
    assert again.status_code == 302
    assert match.games.last().points == 4  # a gammon at 2


def test_a_refused_beaver_is_not_kept_where_the_score_forbids_it(director_client, match):
    """A season with beavers: a beaver after a cube of 2 is refused (a beaver makes it
    at least 4); the form shown again drops the beaver box's tick."""
    season = match.tournament.season
    season.beavers = True
    season.save()
    response = post(director_client, match, winner=0, cube=2, beaver="on")
    assert response.status_code == 400
    form = response.context["form"]
    assert form["beaver"].value() is False and form["cube"].value() == "2"


def swiss_in_round_two(season):
    """A Swiss whose round 2 is paired and not started: the director may pair it again."""
    tournament, _players = builders.club_night(season, 6, rng_seed=5, start=True)
    builders.play_round(tournament, 1)
    return tournament


def test_a_game_for_a_match_paired_again_meanwhile_is_a_409_keeping_the_form(
    director_client, season, monkeypatch
):
    """Another director pairs round 2 again after the sheet read the match and before
    the game reaches it (tests/pages/test_director_concurrency.py runs the race itself on
    PostgreSQL): the match is gone when the lock comes. The answer is why, with the
    game the director typed, and nothing is recorded (not a 500)."""
    tournament = swiss_in_round_two(season)
    match = tournament.matches.filter(round=2).open().first()
    record_game = operations.record_game

    def the_other_director_first(*args, **kwargs):
        operations.pair_round_again(tournament)
        return record_game(*args, **kwargs)

    monkeypatch.setattr(operations, "record_game", the_other_director_first)
    response = post(director_client, match, winner=1, kind="gammon", cube=2)
    assert response.status_code == 409
    text = response.content.decode()
    assert "This match is no longer in the draw: its round was paired again" in text
    assert "Nothing was recorded." in text
    form = response.context["form"]
    assert (form["winner"].value(), form["kind"].value(), form["cube"].value()) == (
        "1",
        "gammon",
        "2",
    )
    assert not Game.objects.filter(match__round=2).exists()
    assert not Match.objects.filter(pk=match.pk).exists()
    # Asked for again, the removed match is not found.
    assert director_client.get(url(match)).status_code == 404


def test_an_operation_on_a_removed_match_is_refused_with_the_reason(season):
    tournament = swiss_in_round_two(season)
    match = tournament.matches.filter(round=2).open().first()
    operations.pair_round_again(tournament)
    for target in (match, match.pk):
        with pytest.raises(operations.MatchGone, match="no longer in the draw"):
            operations.record_game(target, GameResult(0))
