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
    response = director_client.post(url(tournament), {"player": players[0].pk, "confirm": "on"})
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


def test_withdrawal_asks_first_saying_what_it_does(director_client, tournament, players):
    """Issue 22, item 11: a withdrawal cannot be taken back, so the desk asks once,
    naming the matches it gives away, and nothing changes until the director says yes."""
    for player in players:
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    operations.make_draw(tournament, rng_seed=1)
    response = director_client.post(url(tournament), {"player": players[0].pk})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Withdraw Anna Bosch from Copa de la Queimada?" in page
    assert f"<li>{tournament.matches.get()}</li>" in page
    assert "It cannot be taken back." in page
    form = page.split(f'action="{url(tournament)}"')[1].split("</form>")[0]
    assert f'name="player" value="{players[0].pk}"' in form and 'name="confirm"' in form
    assert "Yes, withdraw Anna Bosch" in form
    assert not tournament.entries.filter(withdrawn=True).exists()
    assert tournament.matches.get().status == "ready"
