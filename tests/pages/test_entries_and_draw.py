"""Entries and the draw agree: a player never sits in a draw without an entry, and no
entry is left out of a draw without the director being told. Changing the entries or
the seeds after the draw discards it while nothing has been played from it (the page
says so), and is refused once results are recorded; the draw page of a drawn
tournament shows that draw."""

import re

import pytest
from django.urls import reverse

from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Entry, Match, Player

PAIRINGS = re.compile(r'<ol class="draw-preview">.*?</ol>', re.S)


def url(name, tournament, *args):
    return reverse(name, args=[tournament.pk, *args])


@pytest.fixture
def six(tournament):
    for number in range(6):
        player = Player.objects.create(name=f"Jugador {number}")
        Entry.objects.create(checked_in=True, tournament=tournament, player=player)
    return tournament


@pytest.fixture
def drawn(director_client, six):
    response = director_client.post(url("director-draw", six), {"seed": 11})
    assert response.status_code == 302
    assert six.matches.exists()
    return six


def players_in_matches(tournament) -> set[int]:
    ids = set()
    for first, second in tournament.matches.values_list("player1_id", "player2_id"):
        ids |= {first, second} - {None}
    return ids


def registered(tournament) -> set[int]:
    return set(tournament.entries.values_list("player_id", flat=True))


def test_removing_an_entry_after_the_draw_discards_the_draw(director_client, drawn):
    entry = drawn.entries.order_by("pk").first()
    response = director_client.post(url("director-entry-remove", drawn, entry.pk), follow=True)
    assert response.status_code == 200
    assert "discarded" in response.content.decode()
    assert not Entry.objects.filter(pk=entry.pk).exists()
    # The player is in no match: they cannot be started, nor win.
    assert entry.player_id not in players_in_matches(drawn)
    assert players_in_matches(drawn) <= registered(drawn)
    assert AuditEntry.objects.filter(action="draw_discarded", tournament=drawn).exists()
    # With the draw gone, Start says to make it first.
    start = director_client.post(url("director-start", drawn))
    assert start.status_code == 409
    drawn.refresh_from_db()
    assert drawn.is_draft


def test_checking_in_after_the_draw_discards_it_and_start_waits(director_client, drawn):
    late = Player.objects.create(name="Arriba Tard")
    # Registered but not here yet: the draw stands.
    director_client.post(url("director-entry-add", drawn), {"player": late.pk})
    assert late.pk in registered(drawn) and drawn.matches.exists()
    entry = drawn.entries.get(player=late)
    response = director_client.post(
        url("director-check-in", drawn), {"entry": entry.pk, "present": "1"}, follow=True
    )
    assert "discarded" in response.content.decode()
    assert director_client.post(url("director-start", drawn)).status_code == 409
    # Drawn again, the late player is in it.
    director_client.post(url("director-draw", drawn), {"seed": 12})
    assert registered(drawn) == players_in_matches(drawn)
    assert director_client.post(url("director-start", drawn)).status_code == 302


def test_a_player_not_checked_in_is_left_out_of_the_draw_and_the_page_says_so(director_client, six):
    absent = six.entries.order_by("pk").first()
    absent.checked_in = False
    absent.save()
    preview = director_client.get(url("director-draw", six), {"seed": 5}).content.decode()
    assert "Not checked in, or withdrawn, so not in the draw" in preview
    assert absent.player.name in preview.split("so not in the draw")[1].split("</p>")[0]
    director_client.post(url("director-draw", six), {"seed": 5})
    assert absent.player_id not in players_in_matches(six)
    assert len(players_in_matches(six)) == 5


def test_changing_seeds_after_the_draw_discards_it(director_client, drawn):
    entries = list(drawn.entries.order_by("pk"))
    data = {f"seed_{entry.pk}": "" for entry in entries}
    data[f"seed_{entries[3].pk}"] = "1"
    response = director_client.post(url("director-seeds", drawn), data, follow=True)
    assert "discarded" in response.content.decode()
    assert not drawn.matches.exists()
    assert Entry.objects.get(pk=entries[3].pk).seed == 1


def test_after_results_the_draw_is_kept_and_changes_to_it_are_refused(director_client, drawn):
    operations.start_tournament(drawn)
    match = drawn.matches.filter(status="ready").first()
    operations.record_game(match, GameResult(0, "backgammon", cube=2))
    before = list(drawn.matches.order_by("pk").values_list("pk", "player1", "player2"))
    entry = drawn.entries.get(player=match.player1)
    late = Player.objects.create(name="Massa Tard")
    refusals = [
        director_client.post(url("director-entry-remove", drawn, entry.pk)),
        director_client.post(
            url("director-entry-add", drawn), {"player": late.pk, "checked_in": "1"}
        ),
        director_client.post(url("director-seeds", drawn), {f"seed_{entry.pk}": "1"}),
        director_client.post(url("director-check-in", drawn), {"entry": entry.pk}),
    ]
    for response in refusals:
        assert response.status_code == 409
        assert "results have been recorded" in response.content.decode()
    assert Entry.objects.filter(pk=entry.pk, seed=None, checked_in=True).exists()
    assert late.pk not in registered(drawn)
    assert list(drawn.matches.order_by("pk").values_list("pk", "player1", "player2")) == before


def test_start_refuses_a_draw_that_leaves_a_registered_player_out(director_client, drawn):
    # An entry written around the operations (as an old admin could): Start says who.
    stray = Player.objects.create(name="Sense Sorteig")
    Entry.objects.create(checked_in=True, tournament=drawn, player=stray)
    response = director_client.post(url("director-start", drawn))
    assert response.status_code == 409
    assert "Sense Sorteig is checked in but not in the draw" in response.content.decode()
    drawn.refresh_from_db()
    assert drawn.is_draft
    desk = director_client.get(url("director-tournament", drawn)).content.decode()
    assert "Sense Sorteig is checked in but not in the draw" in desk


def test_the_draw_page_of_a_drawn_tournament_shows_that_draw(director_client, drawn):
    first = director_client.get(url("director-draw", drawn)).content.decode()
    again = director_client.get(url("director-draw", drawn)).content.decode()
    assert PAIRINGS.findall(first) == PAIRINGS.findall(again) != []
    drawn.refresh_from_db()
    assert f"seed {drawn.draw_seed}" in first
    # Each first-round pair shown is a stored first-round match.
    stored = {
        tuple(sorted(name or "Bye" for name in pair))
        for pair in Match.objects.filter(tournament=drawn, bracket__kind="main", round=1)
        .order_by("position")
        .values_list("player1__name", "player2__name")
    }
    shown = {
        tuple(sorted(pair.split(" – ")))
        for pair in re.findall(r"<li value=\"\d+\">(.*?)</li>", PAIRINGS.findall(first)[0])
    }
    assert shown == stored
    # "Draw again" previews another seed without touching the stored draw.
    before = list(drawn.matches.values_list("pk", "player1", "player2"))
    director_client.get(url("director-draw", drawn), {"seed": 99})
    assert list(drawn.matches.values_list("pk", "player1", "player2")) == before


def test_a_withdrawal_before_the_draw_is_refused_with_its_reason(director_client, six):
    player = six.entries.first().player
    response = director_client.post(url("director-withdraw", six), {"player": player.pk})
    assert response.status_code == 409
    assert "remove" in response.content.decode()
    assert not six.entries.filter(withdrawn=True).exists()
