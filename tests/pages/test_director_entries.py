"""Registering players: an existing one from the search, a new one on the spot, removing
one, and the seeds. (The entry views: add, new, remove, seeds.)"""

import pytest
from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Entry, Player, Tournament


def add_url(tournament):
    return reverse("director-entry-add", args=[tournament.pk])


def new_url(tournament):
    return reverse("director-entry-new", args=[tournament.pk])


def seeds_url(tournament):
    return reverse("director-seeds", args=[tournament.pk])


def test_protected(director, tournament, players):
    assert_protected(director, add_url(tournament), "post", {"player": players[0].pk}, "get")
    assert_protected(director, new_url(tournament), "post", {"name": "Pau"}, "get")
    entry = Entry.objects.create(checked_in=True, tournament=tournament, player=players[0])
    remove = reverse("director-entry-remove", args=[tournament.pk, entry.pk])
    assert_protected(director, remove, "post", wrong_method="get")
    assert_protected(director, seeds_url(tournament), "post", {}, "get")
    assert list(tournament.entries.all()) == [entry]


def test_add_an_existing_player(director_client, tournament, players, director):
    response = director_client.post(add_url(tournament), {"player": players[0].pk})
    assert response.status_code == 302
    assert tournament.entries.get().player == players[0]
    assert AuditEntry.objects.get(action="entry_added").user == director
    again = director_client.post(add_url(tournament), {"player": players[0].pk})
    assert again.status_code == 409 and "already registered" in again.content.decode()
    assert tournament.entries.count() == 1


@pytest.mark.parametrize("value", ["", "abc", "999999", "-1"])
def test_add_bad_player_ids(director_client, tournament, value):
    assert director_client.post(add_url(tournament), {"player": value}).status_code == 400
    assert not tournament.entries.exists()


def test_add_a_new_player_on_the_spot(director_client, tournament):
    response = director_client.post(new_url(tournament), {"name": "Pau Camps", "club": "Q"})
    assert response.status_code == 302
    assert tournament.entries.get().player.name == "Pau Camps"


@pytest.mark.parametrize("name", ["", "x" * 101])
def test_a_new_player_needs_a_sensible_name(director_client, tournament, name):
    response = director_client.post(new_url(tournament), {"name": name})
    assert response.status_code == 400
    assert not Player.objects.exists()


def test_names_with_html_are_escaped(director_client, tournament):
    director_client.post(new_url(tournament), {"name": "<script>alert('x')</script>"})
    text = director_client.get(reverse("director-tournament", args=[tournament.pk])).content
    assert b"<script>alert('x')</script>" not in text
    assert b"&lt;script&gt;" in text


def test_remove_an_entry(director_client, tournament, players):
    entry = Entry.objects.create(checked_in=True, tournament=tournament, player=players[0])
    remove = reverse("director-entry-remove", args=[tournament.pk, entry.pk])
    assert director_client.post(remove).status_code == 302
    assert not tournament.entries.exists()
    assert director_client.post(remove).status_code == 404


def test_an_entry_of_another_tournament_is_404(director_client, tournament, players, season):
    other = Tournament.objects.create(season=season, name="Una altra")
    entry = Entry.objects.create(checked_in=True, tournament=other, player=players[0])
    remove = reverse("director-entry-remove", args=[tournament.pk, entry.pk])
    assert director_client.post(remove).status_code == 404
    assert other.entries.exists()


def test_after_results_a_registration_is_taken_but_not_into_the_draw(
    director_client, tournament, players
):
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    operations.record_game(tournament.matches.get(), GameResult(0))
    newcomer = Player.objects.create(name="Tard")
    # Registering is fine: a late player may take a bye (here there is none).
    assert director_client.post(add_url(tournament), {"player": newcomer.pk}).status_code == 302
    late = tournament.entries.get(player=newcomer)
    assert not late.checked_in
    # Checking them in, or adding and checking in at once, would change the draw: refused.
    check_in = reverse("director-check-in", args=[tournament.pk])
    response = director_client.post(check_in, {"entry": late.pk, "present": "1"})
    assert (
        response.status_code == 409 and "arrives late goes into a bye" in response.content.decode()
    )
    other = Player.objects.create(name="Més tard")
    response = director_client.post(add_url(tournament), {"player": other.pk, "checked_in": "1"})
    assert response.status_code == 409
    entry = tournament.entries.get(player=players[0])
    remove = reverse("director-entry-remove", args=[tournament.pk, entry.pk])
    assert director_client.post(remove).status_code == 409
    assert tournament.entries.count() == 3


def test_seeds_can_be_swapped(director_client, tournament, players):
    first = Entry.objects.create(checked_in=True, tournament=tournament, player=players[0], seed=1)
    second = Entry.objects.create(checked_in=True, tournament=tournament, player=players[1], seed=2)
    data = {f"seed_{first.pk}": 2, f"seed_{second.pk}": 1}
    assert director_client.post(seeds_url(tournament), data).status_code == 302
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.seed, second.seed) == (2, 1)


@pytest.mark.parametrize("values", [(1, 1), (0, None), ("x", None), (300, None)])
def test_bad_seeds_change_nothing(director_client, tournament, players, values):
    first = Entry.objects.create(checked_in=True, tournament=tournament, player=players[0], seed=1)
    second = Entry.objects.create(checked_in=True, tournament=tournament, player=players[1])
    data = {f"seed_{first.pk}": values[0], f"seed_{second.pk}": values[1] or ""}
    assert director_client.post(seeds_url(tournament), data).status_code == 400
    first.refresh_from_db()
    assert first.seed == 1


@pytest.mark.parametrize("query", ["nuria", "NÚRIA", "núria  FER", "  Nuria "])
def test_the_search_ignores_accents_case_and_spacing(director_client, tournament, query):
    found = Player.objects.create(name="Núria Ferrer")
    Player.objects.create(name="Pere Soler")
    url = reverse("director-tournament", args=[tournament.pk])
    response = director_client.get(url, {"q": query})
    assert response.context["found"] == [found]


@pytest.mark.parametrize("query", ["obrien", "O'Brien", "o’brien", "Sean OBrien", "BRIEN"])
def test_the_search_ignores_apostrophes(director_client, tournament, query):
    # The curly apostrophe a phone or a spreadsheet types, found however it is typed.
    found = Player.objects.create(name="Seán O’Brien")
    Player.objects.create(name="Sean Bosch")
    url = reverse("director-tournament", args=[tournament.pk])
    response = director_client.get(url, {"q": query})
    assert response.context["found"] == [found]


@pytest.mark.parametrize("typed", ["Sean O'Brien", "Seán OBrien", "sean o`brien"])
def test_a_namesake_is_offered_whatever_the_apostrophe(director_client, tournament, typed):
    existing = Player.objects.create(name="Seán O’Brien")
    response = director_client.post(new_url(tournament), {"name": typed})
    assert response.status_code == 409
    assert "Seán O’Brien is already in the club" in response.content.decode()
    assert response.context["namesakes"] == [existing]
    assert Player.objects.count() == 1


def test_a_new_player_named_like_a_club_player_is_offered_the_existing_one(
    director_client, tournament
):
    existing = Player.objects.create(name="Núria Ferrer", club="Q-gammon")
    response = director_client.post(new_url(tournament), {"name": "nuria  ferrer"})
    assert response.status_code == 409
    text = response.content.decode()
    assert "Núria Ferrer is already in the club" in text
    assert "Register Núria Ferrer" in text  # one tap registers the existing player
    assert Player.objects.count() == 1 and not tournament.entries.exists()
    # The director confirms it is someone else: the form now carries that answer, for
    # that name only.
    assert response.context["new_player_form"].initial["confirmed_name"] == "nuria  ferrer"
    other = director_client.post(
        new_url(tournament), {"name": "NURIA FERRER", "confirmed_name": "Pere Soler"}
    )
    assert other.status_code == 409
    again = director_client.post(
        new_url(tournament), {"name": "nuria  ferrer", "confirmed_name": "nuria  ferrer"}
    )
    assert again.status_code == 302
    assert Player.objects.count() == 2
    assert tournament.entries.get().player != existing
