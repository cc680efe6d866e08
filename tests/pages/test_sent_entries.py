"""The match sheet and a player's report, as the device's queue sends them
(js/offline_entry.js asks for JSON, web.sent_entries): recorded once with the match's
version after it, an entry sent again answered as done, a refusal with its reason and
the right 4xx, nothing saved; the permission and CSRF as for the page's own form."""

import json

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournament.models import GameReport, Match, Player, Tournament
from tournament.operations.links import link_for, token_of

KEY, OTHER_KEY = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "1f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
GAMMON_TO_ANNA = {"winner": "0", "kind": "gammon", "cube": "1", "how": "played"}
JSON = {"HTTP_ACCEPT": "application/json"}


def sheet(match) -> str:
    return reverse("director-match", args=[match.tournament_id, match.pk])


def send(client, url, version, key=KEY, **fields):
    response = client.post(
        url, {**GAMMON_TO_ANNA, "version": version, "entry": key, **fields}, **JSON
    )
    assert response["Content-Type"] == "application/json"
    return response.status_code, json.loads(response.content)


def test_the_sheet_records_an_entry_once_and_says_so_the_second_time(director_client, match):
    status, answer = send(director_client, sheet(match), match.version)
    match.refresh_from_db()
    assert status == 201
    assert answer == {
        "status": "recorded",
        "number": 1,
        "version": match.version,
        "next": f"{sheet(match)}?recorded=1",
    }
    status, again = send(director_client, sheet(match), answer["version"] - 1)
    assert status == 200
    assert again["status"] == "already" and again["number"] == 1
    assert again["version"] == match.version
    assert again["next"] == f"{sheet(match)}?recorded=1"
    assert match.games.count() == 1


def test_the_next_entry_goes_in_with_the_version_the_answer_gave(director_client, match):
    _status, first = send(director_client, sheet(match), match.version)
    status, second = send(director_client, sheet(match), first["version"], key=OTHER_KEY)
    assert status == 201 and second["number"] == 2
    match.refresh_from_db()
    assert match.score == (4, 0)


def test_an_entry_against_a_changed_match_is_refused_with_the_reason(director_client, match):
    typed_against = match.version
    send(director_client, sheet(match), typed_against)  # another director's game
    status, answer = send(director_client, sheet(match), typed_against, key=OTHER_KEY)
    assert status == 409
    assert answer == {
        "status": "refused",
        "reason": "This match changed since the form was shown; here it is now.",
    }
    assert match.games.count() == 1


def test_an_illegal_or_damaged_entry_is_a_400_and_nothing_is_saved(director_client, match):
    status, answer = send(director_client, sheet(match), match.version, cube="3")
    assert status == 400 and answer["status"] == "refused"
    assert answer["reason"] == "Game 1: a cube of 3 is impossible; it doubles: 1, 2, 4, 8, 16, ..."
    status, answer = send(director_client, sheet(match), match.version, key="x'; drop")
    assert (status, answer["reason"]) == (400, "The entry's key is damaged.")
    status, answer = send(director_client, sheet(match), match.version, winner="7")
    assert status == 400 and "Select a valid choice" in answer["reason"]
    assert match.games.count() == 0


def test_a_decided_match_refuses_a_new_entry_but_knows_an_old_one(director_client, match):
    for number, key in enumerate([KEY, OTHER_KEY, "2" + KEY[1:]], start=1):
        status, answer = send(director_client, sheet(match), Match.objects.get().version, key=key)
        assert (status, answer["number"]) == (201, number)
    match.refresh_from_db()
    assert match.is_decided
    status, answer = send(director_client, sheet(match), match.version, key="3" + KEY[1:])
    assert status in (400, 409) and answer["status"] == "refused"
    status, answer = send(director_client, sheet(match), 0, key=OTHER_KEY)
    assert (status, answer["status"], answer["number"]) == (200, "already", 2)


def test_the_sheet_needs_the_permission_and_the_csrf_token(client, director, match):
    entry = {**GAMMON_TO_ANNA, "version": match.version, "entry": KEY}
    assert client.post(sheet(match), entry, **JSON).status_code == 302  # to log in
    player = User.objects.create_user("visitor", password="secret-pass-1234")
    client.force_login(player)
    assert client.post(sheet(match), entry, **JSON).status_code == 403
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    assert strict.post(sheet(match), entry, **JSON).status_code == 403
    assert match.games.count() == 0


def report_url(player, match) -> str:
    return f"{reverse('player-page', args=[token_of(link_for(player))])}matches/{match.pk}/report/"


def test_a_players_report_from_the_phone_is_kept_once(match, players):
    phone = Client(headers={"accept-language": "en"})
    status, answer = send(phone, report_url(players[0], match), match.version)
    assert status == 201 and answer["status"] == "recorded" and answer["number"] == 1
    assert answer["next"] == reverse("player-page", args=[token_of(link_for(players[0]))])
    status, again = send(phone, report_url(players[0], match), match.version)
    assert (status, again["status"]) == (200, "already")
    assert GameReport.objects.filter(match=match).count() == 1
    # A second game while the first waits for the opponent: refused, with why.
    status, refused = send(phone, report_url(players[0], match), match.version, key=OTHER_KEY)
    assert status == 409
    assert refused["reason"] == "Game 1 is already reported and waits for confirmation."


def test_a_report_on_another_players_match_is_a_403(match, players, tournament):
    stranger = Player.objects.create(name="Pere Vidal")
    status, answer = send(Client(), report_url(stranger, match), match.version)
    assert status == 403 and answer["reason"] == "This is not one of your matches."
    assert not GameReport.objects.exists()


def test_the_browsers_own_form_post_is_answered_as_before(director_client, match):
    response = director_client.post(sheet(match), {**GAMMON_TO_ANNA, "version": match.version})
    assert response.status_code == 302
    assert response["Location"] == f"{sheet(match)}?recorded=1"


def another_tournaments_match(season, players) -> Match:
    other = Tournament.objects.create(
        season=season, name="Copa d'Hivern", date="2002-12-14", status=Tournament.Status.RUNNING
    )
    return Match.objects.create(
        tournament=other, player1=players[0], player2=players[1], length=5, status="ready"
    )


def test_one_key_sent_to_a_match_of_another_tournament_is_refused_in_words(
    director_client, match, players
):
    other = another_tournaments_match(match.tournament.season, players)
    assert send(director_client, sheet(match), match.version)[0] == 201
    status, answer = send(director_client, sheet(other), other.version)
    assert status == 409 and answer["status"] == "refused"
    assert answer["reason"] == "This entry's key belongs to another match: nothing was saved."
    assert other.games.count() == 0
    # And a player's report with the key of the director's game: refused too, not "done".
    phone = Client(headers={"accept-language": "en"})
    status, answer = send(phone, report_url(players[0], other), other.version)
    assert (status, answer["status"]) == (409, "refused")
    assert not GameReport.objects.exists()
