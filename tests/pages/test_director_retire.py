"""A player retires mid-match: the other wins; the games played stay."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Tournament


def url(match):
    return reverse("director-retire", args=[match.tournament_id, match.pk])


def test_protected(director, match):
    operations.record_game(match, GameResult(0))
    assert_protected(director, url(match), "post", {"side": 0, "version": 1}, wrong_method="get")
    match.refresh_from_db()
    assert match.status == "live"


def test_retirement_asks_first_and_changes_nothing_until_confirmed(director_client, match):
    """Issue 22, item 11: one question before a retirement, and nothing until then."""
    operations.record_game(match, GameResult(0, "gammon"))
    response = director_client.post(url(match), {"side": 0, "version": 1})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Anna Bosch retires: Xavier Roca wins the match. Record it?" in page
    assert "The score now: 2–0." in page
    form = page.split(f'action="{url(match)}"')[1].split("</form>")[0]
    for field in ('name="side" value="0"', 'name="version" value="1"', 'name="confirm"'):
        assert field in form
    assert "Yes, record the retirement" in form
    assert "csrfmiddlewaretoken" in form
    sheet = reverse("director-match", args=[match.tournament_id, match.pk])
    assert f'<a class="button" href="{sheet}">Cancel</a>' in page
    match.refresh_from_db()
    assert match.status == "live" and not AuditEntry.objects.filter(action="retirement").exists()


def test_retirement_mid_match(director_client, match):
    operations.record_game(match, GameResult(0, "gammon"))
    response = director_client.post(
        url(match), {"side": 0, "version": 1, "confirm": "on"}, follow=True
    )
    assert "Retirement recorded." in response.content.decode()
    match.refresh_from_db()
    assert match.decided_by == "retirement" and match.winner == match.player2
    assert match.games.count() == 1 and match.score == (2, 0)
    assert AuditEntry.objects.filter(action="retirement").exists()
    # The sheet offers to take it back, and no more games.
    text = director_client.get(reverse("director-match", args=[match.tournament_id, match.pk]))
    assert "Take back the walkover, retirement or loss on time" in text.content.decode()
    assert "Record the game" not in text.content.decode()


def test_before_the_first_game_it_is_a_walkover(director_client, match):
    response = director_client.post(url(match), {"side": 0, "version": 0})
    assert response.status_code == 409
    assert "use a walkover" in response.content.decode()


def test_bad_input_is_400_and_changes_nothing(director_client, match):
    operations.record_game(match, GameResult(0))
    for data in ({"side": 5, "version": 1}, {"side": "", "version": 1}, {"side": 0}):
        assert director_client.post(url(match), data).status_code == 400
    match.refresh_from_db()
    assert match.status == "live"


def test_unknown_or_foreign_match_is_404(director_client, match, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    wrong = reverse("director-retire", args=[other.pk, match.pk])
    assert director_client.post(wrong, {"side": 0, "version": 0}).status_code == 404
