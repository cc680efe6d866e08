"""The draw: previewed with a seed, drawn again, made, and the tournament started.
(The draw and start views.)"""

import re

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Entry, Player


def draw_url(tournament):
    return reverse("director-draw", args=[tournament.pk])


def register(tournament, count):
    for number in range(count):
        player = Player.objects.create(name=f"Jugador {number:02d}")
        Entry.objects.create(
            checked_in=True, tournament=tournament, player=player, seed=1 if number == 0 else None
        )


def test_protected(director, tournament):
    register(tournament, 4)
    assert_protected(director, draw_url(tournament), "get", wrong_method="put")
    assert_protected(director, draw_url(tournament), "post", {"seed": 1}, "put")
    start = reverse("director-start", args=[tournament.pk])
    assert_protected(director, start, "post", wrong_method="get")
    assert not tournament.matches.exists()


def test_preview_is_repeatable_and_changes_nothing(director_client, tournament):
    register(tournament, 5)
    first = director_client.get(draw_url(tournament), {"seed": 42}).content.decode()
    again = director_client.get(draw_url(tournament), {"seed": 42}).content.decode()
    pairings = re.compile(r'<ol class="draw-preview">.*?</ol>', re.S)
    assert pairings.findall(first) == pairings.findall(again) != []
    assert "Jugador 00 – Bye" in first  # the top seed has the bye
    assert not tournament.matches.exists()
    fresh = director_client.get(draw_url(tournament))
    assert re.search(r'name="seed" value="\d+"', fresh.content.decode())


def test_make_the_draw_then_start(director_client, tournament, director):
    register(tournament, 6)
    response = director_client.post(draw_url(tournament), {"seed": 7})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.draw_seed == 7 and tournament.matches.count() == 7
    assert AuditEntry.objects.get(action="draw_made").user == director
    response = director_client.post(reverse("director-start", args=[tournament.pk]))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == "running"


def test_too_few_players_is_said(director_client, tournament):
    register(tournament, 1)
    text = director_client.get(draw_url(tournament)).content.decode()
    assert "A draw needs at least 2 entrants, not 1." in text
    response = director_client.post(draw_url(tournament), {"seed": 1})
    assert response.status_code == 409
    assert not tournament.matches.exists()


def test_no_new_draw_once_results_exist(director_client, tournament):
    register(tournament, 2)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    operations.record_game(tournament.matches.get(), GameResult(0))
    response = director_client.post(draw_url(tournament), {"seed": 2})
    assert response.status_code == 409
    tournament.refresh_from_db()
    assert tournament.draw_seed == 1 and tournament.matches.get().games.count() == 1


def test_bad_seeds(director_client, tournament):
    register(tournament, 3)
    for seed in ("x", "-1", str(2**60)):
        assert director_client.post(draw_url(tournament), {"seed": seed}).status_code == 400
    assert not tournament.matches.exists()


def test_a_post_without_a_seed_is_refused_in_words(director_client, tournament):
    register(tournament, 3)
    response = director_client.post(draw_url(tournament), {})
    assert response.status_code == 400
    assert "That is not a draw seed." in response.content.decode()
    assert not tournament.matches.exists()


def test_start_needs_a_draw(director_client, tournament):
    response = director_client.post(reverse("director-start", args=[tournament.pk]))
    assert response.status_code == 409
    tournament.refresh_from_db()
    assert tournament.status == "draft"


def test_unknown_tournament_is_404(director_client, db):
    assert director_client.get(reverse("director-draw", args=[99999])).status_code == 404
    assert director_client.post(reverse("director-start", args=[99999])).status_code == 404


def test_start_leads_to_the_tournaments_desk_with_check_in_closed(director_client, tournament):
    """Issue 36, item 13: the director is back where the day goes on, not the desk's
    list of tournaments; the check-in window shut with the start."""
    register(tournament, 4)
    operations.make_draw(tournament, rng_seed=3)
    operations.open_check_in(tournament)
    response = director_client.post(reverse("director-start", args=[tournament.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("director-tournament", args=[tournament.pk])
    desk = director_client.get(response["Location"]).content.decode()
    assert "The tournament has started." in desk and "Check-in closed at" in desk
