"""A late player in a progressive consolation (issue 36, item 2): the bye they take
becomes a real first-round match, and its loser drops into the consolation like every
other first-round loser; where the consolation has gone past the point where that loser
would come in, the late-entry form says so before the director confirms."""

import pytest
from django.urls import reverse

from builders import cup, win
from tournament import operations
from tournament.core import draw
from tournament.core.scoring import GameResult
from tournament.models import Entry, Match, Player

NAMES = ["S1", "S2", "S3", "S4", "S5", "S6"]


def url(name, tournament, *args):
    return reverse(name, args=[tournament.pk, *args])


def at(tournament, kind, number, position) -> Match:
    return tournament.matches.get(bracket__kind=kind, round=number, position=position)


@pytest.fixture
def progressive(season):
    """Six seeded in a bracket of 8 (S1 and S2 have byes: main R1 M1 and M3), main
    rounds 1 and 2 drop into the consolation; Tardà registered, not there at the draw.
    Under way: S4 has beaten S5."""
    tournament = cup(
        season,
        NAMES,
        seeds=6,
        consolation=draw.PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
        start=True,
    )
    late = Player.objects.create(name="Tardà")
    Entry.objects.create(tournament=tournament, player=late)
    assert at(tournament, draw.MAIN, 1, 1).status == Match.Status.BYE
    assert at(tournament, draw.MAIN, 1, 1).player1.name == "S1"
    assert at(tournament, draw.MAIN, 1, 2).player1.name == "S4"
    win(at(tournament, draw.MAIN, 1, 2), 0)  # S4 beats S5
    return tournament


def late_entry(client, tournament, bye):
    entry = tournament.entries.get(player__name="Tardà")
    return client.post(url("director-late-entry", tournament), {"entry": entry.pk, "match": bye.pk})


def test_a_late_players_first_round_loss_drops_them_into_the_consolation(
    director_client, progressive
):
    tournament = progressive
    bye = at(tournament, draw.MAIN, 1, 1)
    form = director_client.get(url("director-tournament", tournament)).content.decode()
    form = form.split('id="late-entry"')[1].split("</form>")[0]
    assert "gone past" not in form
    assert late_entry(director_client, tournament, bye).status_code == 302
    bye.refresh_from_db()
    assert bye.status == Match.Status.READY
    win(bye, 0)  # S1 beats the late player
    bye.refresh_from_db()
    late = bye.player2
    assert late.name == "Tardà"
    # Into the consolation's first round, against S5 (who lost to S4): no bye there now.
    first = at(tournament, draw.CONSOLATION, 1, 1)
    assert {first.player1_id, first.player2_id} == {late.pk, Player.objects.get(name="S5").pk}
    assert first.status == Match.Status.READY
    page = director_client.get(url("director-match", tournament, bye.pk)).content.decode()
    assert "out of the tournament" not in page
    assert "Tardà plays next: " in page
    # And their first consolation match lost, the last chance.
    win(first, 0 if first.player2_id == late.pk else 1)
    page = director_client.get(url("director-match", tournament, first.pk)).content.decode()
    assert "Tardà plays next: Last chance: " in page


def test_past_the_point_where_the_loser_would_come_in_the_form_says_so(
    director_client, progressive
):
    tournament = progressive
    # S3 beats S6; S2 (who had the bye) beats S3: S3 drops into consolation round 2,
    # against S5, who had a bye in round 1 (the bye's side: nobody lost there) and has
    # started that match.
    win(at(tournament, draw.MAIN, 1, 4), 0)
    win(at(tournament, draw.MAIN, 2, 2), 0)
    second = tournament.matches.get(bracket__kind=draw.CONSOLATION, round=2, player1__name="S5")
    assert second.player2.name == "S3"
    operations.record_game(second, GameResult(0))
    bye = at(tournament, draw.MAIN, 1, 1)
    assert bye.pk in {match.pk for match in operations.byes_open_to_late_entries(tournament)}
    page = director_client.get(url("director-tournament", tournament)).content.decode()
    form = page.split('id="late-entry"')[1].split("</form>")[0]
    option = form.split(f'value="{bye.pk}"')[1].split("</option>")[0]
    assert "the consolation has gone past" in option
    response = late_entry(director_client, tournament, bye)
    assert response.status_code == 302
    response = director_client.get(response["Location"])
    assert "The consolation has gone past" in response.content.decode()
    win(bye, 0)  # S1 beats the late player, who is out: the consolation had gone on
    page = director_client.get(url("director-match", tournament, bye.pk)).content.decode()
    assert "Tardà lost (" in page and "out of the tournament" in page
    second.refresh_from_db()
    assert second.is_live and second.player1.name == "S5"
