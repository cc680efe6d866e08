"""A tournament's desk: entries and seeds, the search, the draw and the start."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.models import Entry, Player


def url(tournament):
    return reverse("director-tournament", args=[tournament.pk])


def test_protected(director, tournament):
    assert_protected(director, url(tournament), "get", wrong_method="post")


def test_entries_seeded_first_and_the_search(director_client, tournament, players):
    Entry.objects.create(checked_in=True, tournament=tournament, player=players[1])
    Entry.objects.create(checked_in=True, tournament=tournament, player=players[0], seed=1)
    Player.objects.create(name="Anna Vidal")
    Player.objects.create(name="Anna Retirada", active=False)
    response = director_client.get(url(tournament), {"q": "anna"})
    assert [entry.player for entry in response.context["entries"]] == [players[0], players[1]]
    found = [player.name for player in response.context["found"]]
    assert found == ["Anna Vidal"]  # not Anna Bosch (registered), not an inactive player
    assert "Preview the draw" in response.content.decode()


def test_oversized_search_is_a_form_error(director_client, tournament):
    response = director_client.get(url(tournament), {"q": "x" * 500})
    assert response.status_code == 200
    assert response.context["found"] == []


def test_query_count(director_client, tournament, players, django_assert_num_queries):
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    # session, user, permissions (user's and groups'), the tournament, its entries with
    # their players and their payments, the matches counted by status, whether results
    # exist, the open matches, the main bracket (its fee), the players the draw placed
    # (to check them against the entries), the registration requests and waiting list,
    # the players asking at the door to play, and before the draw the sweep's earlier
    # tournaments (none here, so no players of the last one) and the club's active
    # players to tick: 16, however many players.
    with django_assert_num_queries(16):
        director_client.get(url(tournament))
    for number in range(20):
        Entry.objects.create(
            checked_in=True, tournament=tournament, player=Player.objects.create(name=f"J{number}")
        )
    with django_assert_num_queries(16):
        director_client.get(url(tournament))


def test_unknown_tournament_is_404(director_client, db):
    assert director_client.get(reverse("director-tournament", args=[99999])).status_code == 404


def test_results_close_the_draw_and_the_seeds(director_client, tournament, players):
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    match = tournament.matches.get()
    from tournament.core.scoring import GameResult

    operations.record_game(match, GameResult(0))
    text = director_client.get(url(tournament)).content.decode()
    # Registering stays open (a late player takes a bye); the draw is not made again.
    assert "Draw again" not in text and "Save the seeds" not in text
    assert "Add and register" in text
