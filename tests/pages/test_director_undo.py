"""Undo the last game; asking first when later matches have started from the result."""

from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core import draw
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Tournament


def url(match):
    return reverse("director-undo", args=[match.tournament_id, match.pk])


def test_protected(director, match):
    operations.record_game(match, GameResult(0))
    assert_protected(director, url(match), "post", {"version": 1}, wrong_method="get")
    assert match.games.count() == 1


def test_undo_takes_back_the_last_game(director_client, match, director):
    operations.record_game(match, GameResult(0))
    operations.record_game(match, GameResult(1, "gammon"))
    match.refresh_from_db()
    response = director_client.post(url(match), {"version": match.version}, follow=True)
    assert "Game 2 taken back." in response.content.decode()
    match.refresh_from_db()
    assert match.games.count() == 1 and match.score == (1, 0)
    assert AuditEntry.objects.get(action="game_undone").user == director


def test_nothing_to_undo_is_a_clear_409(director_client, match):
    response = director_client.post(url(match), {"version": 0})
    assert response.status_code == 409
    assert "no game to undo" in response.content.decode()


def test_a_stale_undo_changes_nothing(director_client, match):
    operations.record_game(match, GameResult(0))
    response = director_client.post(url(match), {"version": 0})
    assert response.status_code == 409
    assert match.games.count() == 1


def test_bad_input_is_400_and_changes_nothing(director_client, match):
    operations.record_game(match, GameResult(0))
    assert director_client.post(url(match), {"version": "x"}).status_code == 400
    assert director_client.post(url(match), {}).status_code == 400
    assert match.games.count() == 1


def test_unknown_or_foreign_match_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    assert (
        director_client.post(reverse("director-undo", args=[other.pk, match.pk])).status_code == 404
    )


def test_undo_asks_before_reopening_later_matches(director_client, season, director):
    players = [f"P{number}" for number in range(4)]
    cup = builders.cup(season, players, date=None, brackets={draw.MAIN: "1"}, rng_seed=2)
    first, second = cup.matches.filter(round=1).order_by("position")
    operations.record_game(first, GameResult(0))
    operations.record_game(second, GameResult(0))
    final = cup.matches.get(round=2)
    operations.record_game(final, GameResult(1))
    first.refresh_from_db()

    response = director_client.post(url(first), {"version": first.version})
    assert response.status_code == 409
    text = response.content.decode()
    assert "1 later match depends on it" in text
    # The undo re-opens the match: nobody has won it, so it does not "change who won".
    assert "takes back the match" in text and "changes who won" not in text
    assert f"/matches/{final.pk}/" in text
    assert first.games.count() == 1 and final.games.count() == 1

    response = director_client.post(url(first), {"version": first.version, "confirm": "on"})
    assert response.status_code == 302
    final.refresh_from_db()
    assert first.games.count() == 0 and final.games.count() == 0
    assert final.player1_id is None
    reopened = AuditEntry.objects.get(action="match_reopened", match=final)
    assert reopened.user == director and len(reopened.before["games"]) == 1
