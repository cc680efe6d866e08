"""Correcting an earlier game in place on the match sheet: "Correct" beside each game,
its form as recorded, then what the correction changes (later games' scores and
Crawford mark, a later game it makes illegal and so takes back, the winner, the next
match, the later matches re-opened) before anything is saved; then saved in one step
where it took an undo and a retyping per game."""

import re

import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Match

WORKED = [GameResult(0, "gammon"), GameResult(1), GameResult(0, "gammon")]


def url(match, number):
    return reverse("director-correct-game", args=[match.tournament_id, match.pk, number])


def sheet(match):
    return reverse("director-match", args=[match.tournament_id, match.pk])


def fields(match, **given):
    match.refresh_from_db()
    data = {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": match.version}
    data.update(given)
    return data


def preview(client, match, number, **given):
    return client.post(url(match, number), fields(match, **given))


def save(client, match, number, **given):
    """What the preview's "Save the correction" posts: its game and its re-opened list."""
    shown = preview(client, match, number, **given).context["shown"]
    data = {**fields(match, **given), "reopened": shown.reopened_key, "save": "1"}
    return client.post(url(match, number), data)


def recorded(match):
    return [(game.winner, game.kind, game.points, game.crawford) for game in match.games.all()]


def test_protected(director, match):
    operations.record_game(match, GameResult(0))
    assert_protected(director, url(match, 1), "get", wrong_method="put")
    assert_protected(director, url(match, 1), "post", fields(match))


def test_the_sheet_offers_correct_on_every_game(director_client, match):
    for result in WORKED:
        operations.record_game(match, result)
    text = director_client.get(sheet(match)).content.decode()
    for number in (1, 2, 3):
        assert f'href="{url(match, number)}"' in text and f"Correct game {number}" in text
    assert director_client.get(url(match, 4)).status_code == 404


def test_the_form_holds_the_game_as_recorded(director_client, match):
    for result in WORKED:
        operations.record_game(match, result)
    form = director_client.get(url(match, 3)).context["form"]
    assert form["winner"].value() == 0 and form["kind"].value() == "gammon"
    # Game 3 at its place: the cube live (the Crawford game comes after it).
    assert "Correct game 3" in director_client.get(url(match, 3)).content.decode()


def test_correcting_game_1_previews_the_later_games_then_saves_in_one_step(
    director_client, match, director
):
    # 4-1 after three games; game 1 was in fact a single: 3-1, no Crawford game next.
    for result in WORKED:
        operations.record_game(match, result)
    response = preview(director_client, match, 1, kind="single")
    assert response.status_code == 200
    shown = response.context["shown"]
    assert [(game.score_now, game.score_then) for game in shown.games] == [
        ((2, 0), (1, 0)),
        ((2, 1), (1, 1)),
        ((4, 1), (3, 1)),
    ]
    text = response.content.decode()
    assert "The match stays under way: 3–1." in text and "Save the correction" in text
    assert recorded(match)[0] == (0, "gammon", 2, False)  # nothing saved by the preview

    response = save(director_client, match, 1, kind="single")
    assert response.status_code == 302 and response["Location"] == sheet(match)
    match.refresh_from_db()
    assert match.score == (3, 1) and match.crawford_game is None
    assert recorded(match) == [
        (0, "single", 1, False),
        (1, "single", 1, False),
        (0, "gammon", 2, False),
    ]
    entry = AuditEntry.objects.filter(action="games_replaced").get()
    assert entry.summary == "Game 1 corrected: 1 to Anna Bosch; 3-1" and entry.user == director
    assert len(entry.before["games"]) == 3  # the games as they were, in the history


def test_a_correction_that_moves_the_crawford_game_onto_a_doubled_game_takes_it_back(
    director_client, match
):
    # 2-0, 3-0, then a doubled game 3 to Xavier: 3-2. Game 1 was a backgammon (3-0):
    # game 2 makes it 4-0, so game 3 is the Crawford game, and its cube cannot be.
    for result in [GameResult(0, "gammon"), GameResult(0), GameResult(1, cube=2)]:
        operations.record_game(match, result)
    shown = preview(director_client, match, 1, kind="backgammon").context["shown"]
    text = preview(director_client, match, 1, kind="backgammon").content.decode()
    assert [game.number for game in shown.dropped] == [3]
    assert "Game 3 is the Crawford game: the cube cannot be turned." in text
    assert "Saving takes that game back (1 game), to be typed again." in text
    save(director_client, match, 1, kind="backgammon")
    match.refresh_from_db()
    assert recorded(match) == [(0, "backgammon", 3, False), (0, "single", 1, False)]
    assert match.score == (4, 0) and match.games.count() == 2
    entry = AuditEntry.objects.filter(action="games_replaced").get()
    assert "the 1 later game it made illegal taken back" in entry.summary


def test_a_corrected_game_the_rules_refuse_cannot_be_saved(director_client, match):
    for result in WORKED:
        operations.record_game(match, result)
    operations.record_game(match, GameResult(1))  # game 4, the Crawford game
    response = preview(director_client, match, 4, cube=2)
    assert "Game 4 is the Crawford game: the cube cannot be turned" in response.content.decode()
    assert "Save the correction" not in response.content.decode()
    response = save(director_client, match, 4, cube=2)
    assert response.status_code == 400
    assert recorded(match)[3] == (1, "single", 1, True)


def test_a_change_of_winner_shows_the_next_match_and_the_started_ones_first(
    director_client, season
):
    cup = builders.cup(season, ["Anna", "Berta", "Carla", "Dora"], brackets={"main": "3"})
    first = cup.matches.get(round=1, position=1)
    builders.win(first, 0, kind="gammon")  # 2-0, 4-0: the first player wins
    final = cup.matches.get(round=2)
    winner = first.player1
    assert final.player1 == winner
    builders.win(cup.matches.get(round=1, position=2), 0)
    operations.record_game(final, GameResult(1))  # the final has started

    # Game 2 was the other player's gammon: 2-2, the match no longer decided.
    response = preview(director_client, first, 2, winner=1, kind="gammon")
    shown = response.context["shown"]
    text = response.content.decode()
    assert shown.outcome_changes and shown.winner_then is None
    assert f"The match is no longer decided: {winner.name} has not won it; 2–2." in text
    assert [(line.match.pk, line.now, line.then) for line in shown.onward] == [
        (final.pk, winner, None)
    ]
    assert "it waits for this match again" in text
    assert [later.pk for later in shown.reopened] == [final.pk]
    assert "will be re-opened (its games are kept in the history)" in text

    save(director_client, first, 2, winner=1, kind="gammon")
    first.refresh_from_db()
    final.refresh_from_db()
    assert first.status == "live" and first.score == (2, 2)
    assert final.player1 is None and final.games.count() == 0
    assert AuditEntry.objects.filter(action="match_reopened", match=final).exists()


def test_a_match_started_since_the_preview_is_shown_again_before_saving(director_client, season):
    cup = builders.cup(season, ["Anna", "Berta", "Carla", "Dora"], brackets={"main": "3"})
    first = cup.matches.get(round=1, position=1)
    builders.win(first, 0, kind="gammon")
    builders.win(cup.matches.get(round=1, position=2), 0)
    shown = preview(director_client, first, 2, winner=1, kind="gammon").context["shown"]
    assert shown.reopened == []  # the final not started yet
    final = cup.matches.get(round=2)
    operations.record_game(final, GameResult(0))  # meanwhile, its first game
    data = {**fields(first, winner=1, kind="gammon"), "reopened": "", "save": "1"}
    response = director_client.post(url(first, 2), data)
    assert response.status_code == 409
    assert "Other matches started since the preview" in response.content.decode()
    assert final.games.count() == 1
    first.refresh_from_db()
    assert first.is_decided


@pytest.mark.parametrize("how", ["walkover", "retirement"])
def test_no_correction_of_a_match_decided_without_its_games(director_client, match, how):
    operations.record_game(match, GameResult(0))
    if how == "walkover":
        operations.undo_last_game(match)
        operations.walkover(match, 0)
        assert director_client.get(url(match, 1)).status_code == 404
        return
    operations.retire(match, 1)
    response = director_client.get(url(match, 1))
    assert response.status_code == 409
    assert "cannot be corrected now" in response.content.decode()
    assert "Correct game 1" not in director_client.get(sheet(match)).content.decode()


def test_a_stale_form_changes_nothing(director_client, match):
    for result in WORKED:
        operations.record_game(match, result)
    data = {**fields(match, kind="single"), "reopened": "", "save": "1"}
    operations.record_game(match, GameResult(1))  # another director, meanwhile
    response = director_client.post(url(match, 1), data)
    assert response.status_code == 409
    assert re.search(r"changed since", response.content.decode())
    assert recorded(match)[0] == (0, "gammon", 2, False)
    assert Match.objects.get(pk=match.pk).games.count() == 4
