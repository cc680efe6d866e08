"""The pages of a Swiss with lives: standings of the players still in with their lives
left, then those out in order of elimination, the tie-breaks said under the table; the
final places and league points; the tournament JSON's lives."""

import pytest
from django.urls import reverse

import builders
from tournament.core import club_nights
from tournament.core import lives as core
from tournament.queries.standings import tournament_standings


def lives_night(season, count, **settings):
    tournament, players = builders.club_night(
        season, count, format=club_nights.LIVES, rng_seed=count, start=True, **settings
    )
    return tournament, players


@pytest.mark.django_db
def test_the_page_shows_lives_left_and_who_is_out(client, season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    response = client.get(reverse("tournament", args=[tournament.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Lives left" in html and "still in" in html
    assert "Swiss with lives, 2 lives" in html
    assert "round 2" in html  # out in round 2, at their second loss
    assert "A player is out when they have lost 2 matches." in html
    assert "Median-Buchholz" not in html  # not a Swiss's tie-breaks
    # Live: the part the page polls carries the same standings.
    live = client.get(reverse("tournament", args=[tournament.pk]) + "?partial=brackets")
    assert "Lives left" in live.content.decode() and "<html" not in live.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("count", [8, 32])
def test_the_page_costs_the_same_for_8_and_32_players(
    client, season, count, django_assert_num_queries
):
    tournament, _players = lives_night(season, count, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    # The tournament, its matches, its brackets, and the entries (re-entries, withdrawals).
    with django_assert_num_queries(4):
        response = client.get(reverse("tournament", args=[tournament.pk]))
    assert response.status_code == 200


@pytest.mark.django_db
def test_a_finished_event_gives_everyone_a_place_and_the_winner_league_points(season):
    tournament, _players = lives_night(season, 5, lives=2, playoff=core.BEATEN_TWICE)
    builders.play_out(tournament, pick=lambda match: match.pk % 2)
    assert tournament.is_finished
    places = tournament_standings(tournament).places
    assert len(places) == 5
    firsts = [place for place in places if place.place[0] == 1]
    assert len(firsts) == 1
    assert firsts[0].league_points == season.scale["main"][0]


@pytest.mark.django_db
def test_a_running_event_has_no_final_places(season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    assert tournament_standings(tournament).places == []


@pytest.mark.django_db
def test_the_json_carries_lives_losses_and_the_round_out(client, season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    lives = data["lives"]
    assert lives["lives"] == 2 and lives["playoff"] == core.LIVES_TO_THE_END
    rows = lives["rows"]
    assert len(rows) == 6
    out = [row for row in rows if not row["still_in"]]
    assert out and all(row["losses"] == 2 and row["out_round"] == 2 for row in out)
    assert all(row["lives_left"] == 2 - row["losses"] for row in rows if row["still_in"])


@pytest.mark.django_db
def test_the_workbook_has_the_lives_sheet_as_the_page_ranks(client, season):
    import io

    import openpyxl

    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    assert "Swiss with lives" in book.sheetnames and "Club night standings" not in book.sheetnames
    rows = [[cell.value for cell in row] for row in book["Swiss with lives"].iter_rows()]
    assert rows[0][:4] == ["Place", "Player", "Lives left", "Losses"]
    from tournament.queries.club_nights import club_night

    expected = [row.player.name for row in club_night(tournament).lives]
    assert [row[1] for row in rows[1:]] == expected
    assert all(row[2] is None and row[6] == 2 for row in rows[1:] if row[3] == 2)


def eliminated_after_two_rounds(season, **settings):
    from decimal import Decimal

    from tournament.models import Bracket
    from tournament.models.lives_state import lives_state

    tournament, _players = lives_night(season, 8, lives=2, reentry_fee=Decimal("4.00"))
    Bracket.objects.get_or_create(tournament=tournament, kind="main")
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    event = lives_state(tournament)
    out = [key for key, record in event.records.items() if record.out_round == 2]
    return tournament, out


@pytest.mark.django_db
def test_the_director_re_enters_an_eliminated_player_from_the_desk(director_client, season):
    from tournament.models import AuditEntry, Payment

    tournament, out = eliminated_after_two_rounds(season)
    desk = reverse("director-tournament", args=[tournament.pk])
    html = director_client.get(desk).content.decode()
    assert "An eliminated player buys back in" in html
    entry = tournament.entries.get(player_id=out[0])
    url = reverse("director-reenter", args=[tournament.pk])
    response = director_client.post(url, {"entry": entry.pk, "method": "cash"})
    assert response.status_code == 302
    assert Payment.objects.get(entry=entry, reentry=True).amount == 4
    assert AuditEntry.objects.filter(action=AuditEntry.Action.REENTRY).count() == 1
    # Twice is refused, and nothing more is written.
    response = director_client.post(url, {"entry": entry.pk, "method": "cash"})
    assert response.status_code == 400
    assert Payment.objects.filter(reentry=True).count() == 1


@pytest.mark.django_db
def test_a_player_still_in_is_not_offered_and_is_refused(director_client, season):
    from tournament.models import Payment

    tournament, out = eliminated_after_two_rounds(season)
    still_in = tournament.entries.exclude(player_id__in=out).first()
    url = reverse("director-reenter", args=[tournament.pk])
    response = director_client.post(url, {"entry": still_in.pk, "method": "cash"})
    assert response.status_code == 400
    assert not Payment.objects.filter(reentry=True).exists()


@pytest.mark.django_db
def test_re_entry_needs_the_directors_permission(client, season):
    tournament, out = eliminated_after_two_rounds(season)
    entry = tournament.entries.get(player_id=out[0])
    url = reverse("director-reenter", args=[tournament.pk])
    response = client.post(url, {"entry": entry.pk, "method": "cash"})
    assert response.status_code in (302, 403)
    entry.refresh_from_db()
    assert entry.reentered_after is None


@pytest.mark.django_db
def test_the_director_prints_a_rounds_slips_and_sees_its_draw(director_client, season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    slips = director_client.get(reverse("director-slips", args=[tournament.pk]), {"round": 2})
    html = slips.content.decode()
    assert slips.status_code == 200 and "Round 2" in html
    for match in tournament.matches.filter(round=2).between_two():
        assert match.player1.name in html and match.player2.name in html
    draw = director_client.get(reverse("director-draw", args=[tournament.pk]))
    assert draw.status_code == 200


@pytest.mark.django_db
def test_the_form_shows_the_lives_settings_for_that_format_alone(director_client, season):
    tournament, _players = lives_night(season, 4)
    html = director_client.get(
        reverse("director-tournament-edit", args=[tournament.pk])
    ).content.decode()
    for name in ("lives", "playoff", "reentry_fee"):
        assert f'name="{name}"' in html
    assert 'data-formats="lives"' in html


@pytest.mark.django_db
def test_the_standings_in_catalan_and_spanish(client, season):
    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    url = reverse("tournament", args=[tournament.pk])
    catalan = client.get(url, headers={"accept-language": "ca"}).content.decode()
    assert "Vides" in catalan and "quan ha perdut 2 matxs" in catalan
    spanish = client.get(url, headers={"accept-language": "es"}).content.decode()
    assert "Vidas" in spanish and "en juego" in spanish


@pytest.mark.django_db
def test_a_match_says_who_is_out_and_who_waits_for_the_next_round(season):
    from tournament.queries.onward import where_next

    tournament, _players = lives_night(season, 6, lives=2)
    builders.play_round(tournament, 1)
    first = tournament.matches.filter(round=1).between_two()
    lost_once = {m.player2_id if m.winner_id == m.player1_id else m.player1_id for m in first}
    # Two players with one loss each meet in round 2: its loser is out.
    (second,) = [
        m
        for m in tournament.matches.filter(round=2).between_two()
        if {m.player1_id, m.player2_id} <= lost_once
    ]
    builders.win(second, 0)
    loser = second.player2
    lines = {line.player.pk: line.went for line in where_next(second)}
    assert lines[loser.pk] == f"{loser.name} is out: their last life is lost."
    assert "waits for round 3: it is paired when the last match" in lines[second.player1_id]


@pytest.mark.django_db
def test_a_players_history_lists_their_bye_as_a_swiss_does(season):
    from tournament.queries.standings import player_history

    tournament, _players = lives_night(season, 5, lives=2)
    bye = tournament.matches.get(round=1, status="bye")
    lines, _head_to_head = player_history(bye.player1)
    assert bye.pk in [line.match.pk for line in lines]


@pytest.mark.django_db
def test_a_finished_event_lists_its_winner_as_the_winner_not_still_in(client, season):
    tournament, _players = lives_night(season, 5, lives=2, playoff=core.BEATEN_TWICE)
    tournament.public = True
    tournament.save(update_fields=["public"])
    builders.play_out(tournament, pick=lambda match: match.pk % 2)
    assert tournament.is_finished
    (winner,) = [p.player for p in tournament_standings(tournament).places if p.place[0] == 1]
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    table = html.split('class="club-standings lives-standings')[1].split("</table>")[0]
    row = next(row for row in table.split("<tr")[2:] if winner.name in row)
    assert 'data-label="Out in">winner</td>' in row
    assert "still in" not in table  # the rounds are over: nobody is still in them
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    rows = {row["player"]: row for row in data["lives"]["rows"]}
    assert (rows[winner.name]["winner"], rows[winner.name]["still_in"]) == (True, False)
    assert not any(row["still_in"] for row in rows.values())
