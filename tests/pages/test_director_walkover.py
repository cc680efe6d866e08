"""A player did not come: the other goes on without playing."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Tournament


def url(match):
    return reverse("director-walkover", args=[match.tournament_id, match.pk])


def test_protected(director, match):
    assert_protected(director, url(match), "post", {"side": 0, "version": 0}, wrong_method="get")
    match.refresh_from_db()
    assert match.status == "ready"


def test_walkover_to_the_player_who_came(director_client, match):
    response = director_client.post(url(match), {"side": 1, "version": 0}, follow=True)
    assert "Walkover recorded." in response.content.decode()
    match.refresh_from_db()
    assert match.decided_by == "walkover" and match.winner == match.player1
    assert AuditEntry.objects.filter(action="walkover").exists()
    # The sheet no longer talks about the cube of a match nobody plays.
    sheet = response.content.decode()
    assert "the cube is live" not in sheet and "5-away" not in sheet


def test_not_once_the_match_has_started(director_client, match):
    operations.record_game(match, GameResult(0))
    response = director_client.post(url(match), {"side": 1, "version": 1})
    assert response.status_code == 409
    match.refresh_from_db()
    assert match.status == "live"


def test_bad_input_is_400_and_changes_nothing(director_client, match):
    for data in ({"side": 2, "version": 0}, {"side": "x", "version": 0}, {"version": 0}, {}):
        assert director_client.post(url(match), data).status_code == 400
    match.refresh_from_db()
    assert match.status == "ready"


def test_unknown_or_foreign_match_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    wrong = reverse("director-walkover", args=[other.pk, match.pk])
    assert director_client.post(wrong, {"side": 0, "version": 0}).status_code == 404
