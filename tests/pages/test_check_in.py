"""The tournament day at the door: players registered before the day are checked in as
they arrive (one tap each, a count, a filter box), the draw is made from those checked
in (the page says who is left out), a late player takes a bye's place after the draw,
and a no-show is a walkover that says so."""

import random

import pytest
from django.db.models import Q
from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.sample_games import games_to_finish
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Entry, Player, Tournament


def url(name, tournament, *args):
    return reverse(name, args=[tournament.pk, *args])


@pytest.fixture
def registered(tournament):
    """Sixteen registered, none arrived yet."""
    for number in range(16):
        player = Player.objects.create(name=f"Jugador {number:02d}")
        Entry.objects.create(tournament=tournament, player=player)
    return tournament


def check_in(client, tournament, entry, present=True):
    data = {"entry": entry.pk}
    if present:
        data["present"] = "1"
    return client.post(url("director-check-in", tournament), data)


def test_protected(director, registered):
    entry = registered.entries.first()
    for name in ("director-check-in", "director-check-in-everyone", "director-late-entry"):
        assert_protected(director, url(name, registered), "post", {"entry": entry.pk}, "get")
    assert not registered.entries.filter(checked_in=True).exists()


def test_one_tap_each_and_the_count(director_client, registered):
    entries = list(registered.entries.order_by("pk"))
    for entry in entries[:12]:
        response = check_in(director_client, registered, entry)
        assert response.status_code == 302
        assert response["Location"].endswith(f"#entry-{entry.pk}")  # back to the row
    page = director_client.get(url("director-tournament", registered)).content.decode()
    assert "12 of 16 checked in" in page
    assert 'type="search" id="entry-filter"' in page  # the filter box
    assert AuditEntry.objects.filter(action="check_in").count() == 12
    # A check-in taken back (tapped by mistake).
    assert check_in(director_client, registered, entries[0], present=False).status_code == 302
    assert not Entry.objects.get(pk=entries[0].pk).checked_in
    assert (
        "11 of 16 checked in"
        in director_client.get(url("director-tournament", registered)).content.decode()
    )


def test_checking_in_someone_not_registered_is_refused(director_client, registered, season):
    other = Tournament.objects.create(season=season, name="Una altra", date="2002-03-03")
    stranger = Entry.objects.create(tournament=other, player=Player.objects.create(name="Aliè"))
    response = check_in(director_client, registered, stranger)
    assert response.status_code == 400
    assert "not registered in this tournament" in response.content.decode()
    assert not Entry.objects.get(pk=stranger.pk).checked_in
    assert check_in(director_client, registered, Entry(pk=999999)).status_code == 400


def test_everyone_at_once(director_client, registered):
    response = director_client.post(url("director-check-in-everyone", registered), follow=True)
    assert "16 players checked in" in response.content.decode()
    assert registered.entries.filter(checked_in=True).count() == 16


def test_the_draw_is_made_from_those_checked_in_and_says_who_is_left_out(
    director_client, registered
):
    entries = list(registered.entries.order_by("pk"))
    for entry in entries[:13]:
        check_in(director_client, registered, entry)
    preview = director_client.get(url("director-draw", registered), {"seed": 3}).content
    text = preview.decode()
    left_out = text.split("so not in the draw:")[1].split("</p>")[0]
    assert all(entry.player.name in left_out for entry in entries[13:])
    assert all(entry.player.name not in left_out for entry in entries[:13])
    director_client.post(url("director-draw", registered), {"seed": 3})
    drawn = operations.draws.drawn_players(registered)
    assert drawn == {entry.player_id for entry in entries[:13]}
    # The draw stands for those checked in: Start goes ahead.
    assert director_client.post(url("director-start", registered)).status_code == 302


def test_a_new_player_on_the_day_is_checked_in_at_once(director_client, tournament):
    new = url("director-entry-new", tournament)
    director_client.post(new, {"name": "Pau Camps", "checked_in": "on"})
    director_client.post(new, {"name": "Rosa Muñoz"})
    here = dict(tournament.entries.values_list("player__name", "checked_in"))
    assert here == {"Pau Camps": True, "Rosa Muñoz": False}


@pytest.fixture
def drawn_with_byes(director_client, registered):
    """Thirteen of sixteen came: the main bracket of 16 has three byes."""
    for entry in registered.entries.order_by("pk")[:13]:
        check_in(director_client, registered, entry)
    operations.make_draw(registered, rng_seed=5)
    operations.start_tournament(registered)
    return registered


def test_after_the_draw_a_late_player_takes_a_bye(director_client, drawn_with_byes):
    cup = drawn_with_byes
    late = cup.entries.filter(checked_in=False).first()
    page = director_client.get(url("director-tournament", cup)).content.decode()
    assert "A player who arrived after the draw" in page
    byes = operations.byes_open_to_late_entries(cup)
    assert len(byes) == 3
    bye = byes[0]
    holder = bye.player1_id or bye.player2_id
    response = director_client.post(
        url("director-late-entry", cup), {"entry": late.pk, "match": bye.pk}, follow=True
    )
    assert response.status_code == 200
    bye.refresh_from_db()
    assert bye.status == "ready"
    assert {bye.player1_id, bye.player2_id} == {holder, late.player_id}
    late.refresh_from_db()
    assert late.checked_in
    # The bye-holder's next match waits for this one now.
    onward = (
        cup.matches.get(source1_match=bye)
        if cup.matches.filter(source1_match=bye).exists()
        else cup.matches.get(source2_match=bye)
    )
    assert holder not in (onward.player1_id, onward.player2_id)
    assert operations.draw_problems(cup) == []
    assert AuditEntry.objects.filter(action="late_entry", match=bye).exists()


def test_a_bye_whose_next_match_started_is_not_offered(director_client, drawn_with_byes):
    cup = drawn_with_byes
    bye = operations.byes_open_to_late_entries(cup)[0]
    onward = cup.matches.get(
        Q(source1_match=bye) | Q(source2_match=bye), source1_kind="winner", source2_kind="winner"
    )
    # Play the other first-round match that feeds it, then a game of the onward match.
    feeder = onward.source2_match if onward.source1_match_id == bye.pk else onward.source1_match
    for result in games_to_finish(feeder.replay(), random.Random(1)):
        operations.record_game(feeder, result)
    onward.refresh_from_db()
    operations.record_game(onward, GameResult(0))
    assert bye.pk not in {match.pk for match in operations.byes_open_to_late_entries(cup)}
    late = cup.entries.filter(checked_in=False).first()
    response = director_client.post(
        url("director-late-entry", cup), {"entry": late.pk, "match": bye.pk}
    )
    assert response.status_code == 400
    assert not Entry.objects.get(pk=late.pk).checked_in
    bye.refresh_from_db()
    assert bye.status == "bye"


def test_a_no_show_after_the_draw_is_a_walkover_that_says_so(director_client, drawn_with_byes):
    cup = drawn_with_byes
    match = cup.matches.filter(status="ready").first()
    response = director_client.post(
        reverse("director-walkover", args=[cup.pk, match.pk]),
        {"side": 1, "version": match.version},
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="walkover", match=match)
    assert entry.summary == f"{match.player2} did not show: walkover to {match.player1}"


def _absent_row(page: str, entry) -> str:
    return page.split(f'id="entry-{entry.pk}"')[1].split("</tr>")[0]


def test_once_under_way_arrived_leads_to_the_late_entry_with_that_player(
    director_client, drawn_with_byes
):
    """Issue 22, item 8: once a result is recorded a check-in would be refused, so the
    desk offers the late entry into a bye for that player instead, never a button that
    is then refused."""
    cup = drawn_with_byes
    match = cup.matches.filter(status="ready").first()
    operations.record_game(match, GameResult(0))
    late = cup.entries.filter(checked_in=False).order_by("pk").last()
    page = director_client.get(url("director-tournament", cup)).content.decode()
    row = _absent_row(page, late)
    assert 'class="check-in"' not in row and 'name="present"' not in row
    assert f'href="?late={late.pk}#late-entry"' in row
    # The undo of a drawn player's check-in would be refused as well: not offered.
    here = cup.entries.filter(checked_in=True).first()
    assert "Take back" not in _absent_row(page, here)
    # The link opens the late-entry form with that player chosen.
    page = director_client.get(url("director-tournament", cup), {"late": late.pk}).content
    form = page.decode().split('id="late-entry"')[1].split("</form>")[0]
    assert f'<option value="{late.pk}" selected>' in form
    bye = operations.byes_open_to_late_entries(cup)[0]
    response = director_client.post(
        url("director-late-entry", cup), {"entry": late.pk, "match": bye.pk}
    )
    assert response.status_code == 302
    assert Entry.objects.get(pk=late.pk).checked_in


def test_once_under_way_with_no_bye_left_nothing_is_offered(director_client, registered):
    """Sixteen drawn, one registered player left out: no bye to take, so no button."""
    entries = list(registered.entries.order_by("pk"))
    for entry in entries[:15]:
        check_in(director_client, registered, entry)
    extra = Entry.objects.create(tournament=registered, player=Player.objects.create(name="Tard"))
    check_in(director_client, registered, entries[15])
    operations.make_draw(registered, rng_seed=5)
    operations.start_tournament(registered)
    operations.record_game(registered.matches.filter(status="ready").first(), GameResult(0))
    page = director_client.get(url("director-tournament", registered)).content.decode()
    row = _absent_row(page, extra)
    assert 'name="present"' not in row and "?late=" not in row
    assert "too late: no bye left" in row
    # Refused all the same if posted: the operations decide, not the page.
    assert check_in(director_client, registered, extra).status_code == 409
