"""A player withdraws: their remaining matches are walkovers."""

from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.models import AuditEntry, Entry, Player, Tournament


def url(tournament):
    return reverse("director-withdraw", args=[tournament.pk])


def test_protected(director, tournament, players):
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=1)
    assert_protected(director, url(tournament), "post", {"player": players[0].pk}, "get")
    assert not tournament.entries.filter(withdrawn=True).exists()


def test_withdrawal_gives_the_opponent_a_walkover(director_client, tournament, players, director):
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=1)
    response = director_client.post(url(tournament), {"player": players[0].pk})
    assert response.status_code == 302
    match = tournament.matches.get()
    assert match.decided_by == "walkover" and match.winner == players[1]
    assert AuditEntry.objects.get(action="withdrawal").user == director


def test_a_player_of_another_tournament_is_refused(director_client, tournament, players, season):
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=1)
    stranger = Player.objects.create(name="Foraster")
    other = Tournament.objects.create(season=season, name="Una altra")
    Entry.objects.create(checked_in=True, tournament=other, player=stranger)
    for value in (stranger.pk, "x", ""):
        assert director_client.post(url(tournament), {"player": value}).status_code == 400
    assert tournament.matches.get().status == "ready"
