"""Players report their own games from their private links: a report waits and changes
nothing, the opponent confirms it (the game is recorded as the director would, audited
as "reported by X, confirmed by Y") or disputes it, and every way a link could act out
of turn is a 4xx with a clear message and nothing saved."""

from django.test import Client
from django.urls import reverse

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Game, GameReport, Match, Player, Tournament
from tournament.operations.links import link_for, rotate_link, token_of
from tournament.views.public import player_page

GAMMON_TO_ANNA = {"winner": "0", "kind": "gammon", "cube": "1", "how": "played"}


def page(player) -> str:
    return reverse("player-page", args=[token_of(link_for(player))])


def post(player, match, action, data=None, client=None):
    client = client or Client(headers={"accept-language": "en"})
    return client.post(f"{page(player)}matches/{match.pk}/{action}/", data or {})


def report(player, match, **fields):
    data = {**GAMMON_TO_ANNA, "version": str(match.version), **fields}
    return post(player, match, "report", data)


def nothing_recorded(match):
    match.refresh_from_db()
    assert match.games.count() == 0
    assert (match.score1, match.score2) == (0, 0)


def test_the_private_page_shows_the_open_match_and_is_never_indexed(client, match, players):
    response = client.get(page(players[0]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Xavier Roca" in body and "Report game 1" in body
    assert '<meta name="robots" content="noindex, nofollow">' in body
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert response["Cache-Control"] == "private, no-store"
    assert response["Referrer-Policy"] == "strict-origin"
    assert response["X-Live-Mark"]


def test_no_contact_details_on_the_private_page(client, match, players):
    Player.objects.filter(pk=players[1].pk).update(email="xavier@example.org", phone="600123456")
    body = client.get(page(players[0])).content.decode()
    assert "xavier@example.org" not in body and "600123456" not in body


def test_a_report_waits_and_changes_nothing_until_the_opponent_confirms(match, players):
    response = report(players[0], match)
    assert response.status_code == 302
    nothing_recorded(match)
    waiting = GameReport.objects.get(match=match)
    assert (waiting.status, waiting.number, waiting.kind) == ("pending", 1, "gammon")

    response = post(players[1], match, "confirm", {"report": waiting.pk})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score1, match.score2) == (2, 0)
    waiting.refresh_from_db()
    assert waiting.status == "confirmed" and waiting.game == match.games.get()
    entry = AuditEntry.objects.filter(action="game_recorded").get()
    assert "reported by Anna Bosch, confirmed by Xavier Roca" in entry.summary


def test_the_opponent_sees_the_report_and_a_confirm_button(client, match, players):
    report(players[0], match)
    body = client.get(page(players[1])).content.decode()
    assert "Anna Bosch reports game 1: Anna Bosch wins, gammon, cube 1, played out" in body
    assert "Confirm: that is right" in body
    mine = client.get(page(players[0])).content.decode()
    assert "Waiting for your opponent to confirm it." in mine
    assert "Confirm: that is right" not in mine


def test_confirming_ones_own_report_is_refused(match, players):
    report(players[0], match)
    response = post(players[0], match, "confirm")
    assert response.status_code == 409
    assert "You reported this game" in response.content.decode()
    nothing_recorded(match)
    assert GameReport.objects.get().status == "pending"


def test_a_second_report_while_one_waits_is_refused(match, players):
    report(players[0], match)
    response = report(players[1], match, winner="1")
    assert response.status_code == 409
    assert "already reported and waits for confirmation" in response.content.decode()
    assert GameReport.objects.count() == 1


def test_a_stale_version_is_refused(match, players):
    operations.record_game(match, GameResult(winner=1))
    response = report(players[0], match, version="0")
    assert response.status_code == 409
    assert "changed since the form was shown" in response.content.decode()
    assert not GameReport.objects.exists()


def test_another_players_match_is_refused(match, players, tournament):
    outsider = Player.objects.create(name="Carme Puig")
    for action, data in (("report", {**GAMMON_TO_ANNA, "version": "0"}), ("confirm", {})):
        response = post(outsider, match, action, data)
        assert response.status_code == 403
        assert "This is not one of your matches." in response.content.decode()
    nothing_recorded(match)
    assert not GameReport.objects.exists()


def test_a_decided_match_takes_no_report(match, players):
    operations.walkover(match, 0)
    match.refresh_from_db()
    response = report(players[0], match)
    assert response.status_code == 409
    assert not GameReport.objects.exists()


def test_an_illegal_game_is_refused_with_the_rules_message(match, players):
    # Anna leads 4-0 in a match to 5: the next game is the Crawford game, no cube.
    for _ in range(2):
        operations.record_game(match, GameResult(winner=0, kind="gammon"))
    match.refresh_from_db()
    response = report(players[0], match, kind="single", cube="2", winner="1")
    assert response.status_code == 400
    assert "Crawford" in response.content.decode()
    assert not GameReport.objects.exists()


def test_an_unknown_and_a_rotated_token_are_both_404(client, match, players):
    old = page(players[0])
    rotate_link(players[0])
    assert client.get(old).status_code == 404
    assert client.get(reverse("player-page", args=["x" * 43])).status_code == 404
    assert client.get(page(players[0])).status_code == 200
    response = Client().post(f"{old}matches/{match.pk}/report/", {**GAMMON_TO_ANNA, "version": 0})
    assert response.status_code == 404
    assert not GameReport.objects.exists()


def test_the_token_is_stored_only_as_its_hash(players):
    link = link_for(players[0])
    token = token_of(link)
    assert len(token) >= 43
    assert token not in (link.token_hash, link.salt)


def test_a_dispute_goes_to_the_director_with_both_versions(director_client, match, players):
    report(players[0], match)
    response = post(
        players[1],
        match,
        "dispute",
        {"winner": "1", "kind": "single", "cube": "2", "how": "played", "note": "I won it"},
    )
    assert response.status_code == 302
    disputed = GameReport.objects.get()
    assert disputed.status == "disputed"
    assert (disputed.counter_winner, disputed.counter_cube) == (1, 2)
    nothing_recorded(match)
    # Neither player can confirm it now; the director sees both versions.
    assert post(players[1], match, "confirm").status_code == 409
    queue = director_client.get(reverse("director-reports")).content.decode()
    assert "Anna Bosch reported</th>" in queue and "Xavier Roca says</th>" in queue
    assert "I won it" in queue


def test_a_report_lapses_when_the_director_records_on_the_match(client, match, players):
    report(players[0], match)
    operations.record_game(match, GameResult(winner=1))
    assert "Confirm: that is right" not in client.get(page(players[1])).content.decode()
    response = post(players[1], match, "confirm")
    assert response.status_code == 409
    assert Game.objects.filter(match=match).count() == 1
    # A new report may be made, and the lapsed one leaves the queue.
    match.refresh_from_db()
    assert report(players[0], match).status_code == 302
    assert list(GameReport.objects.values_list("status", flat=True).order_by("pk")) == [
        "lapsed",
        "pending",
    ]


def test_reporting_off_refuses_reports(match, players, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(reporting="off")
    response = report(players[0], match)
    assert response.status_code == 409
    assert "the director records the games" in response.content.decode()
    assert not GameReport.objects.exists()


def test_director_approval_required_the_opponent_cannot_confirm(match, players, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(reporting="director")
    report(players[0], match)
    response = post(players[1], match, "confirm")
    assert response.status_code == 409
    assert "the director approves every reported game" in response.content.decode()
    nothing_recorded(match)


def test_every_form_needs_its_csrf_token(match, players):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        f"{page(players[0])}matches/{match.pk}/report/", {**GAMMON_TO_ANNA, "version": "0"}
    )
    assert response.status_code == 403
    assert not GameReport.objects.exists()


def test_the_live_part_comes_alone_with_its_mark(client, match, players):
    url = page(players[1]) + "?partial=matches"
    before = client.get(url)
    assert "<html" not in before.content.decode()
    assert client.get(url)["X-Live-Mark"] == before["X-Live-Mark"]
    report(players[0], match)
    after = client.get(url)
    assert after["X-Live-Mark"] != before["X-Live-Mark"]
    assert "Confirm: that is right" in after.content.decode()


def test_the_page_costs_few_queries(client, match, players, django_assert_max_num_queries):
    url = page(players[0])
    report(players[1], match, winner="1")
    # ... and one for the door (the check-in of their tournaments: player_door).
    with django_assert_max_num_queries(7):
        assert client.get(url).status_code == 200


def test_a_match_finished_through_reports_moves_on(match, players):
    Match.objects.filter(pk=match.pk).update(length=1)
    match.refresh_from_db()
    report(players[0], match, kind="single")
    post(players[1], match, "confirm")
    match.refresh_from_db()
    assert match.status == "decided" and match.winner == players[0]


def test_a_bracket_match_names_its_tournament_once(client, season):
    """Issue 22, item 14: the private page read "Copa d'Hivern · Copa d'Hivern: main"."""
    cup = builders.cup(season, name="Copa d'Hivern", start=True)
    match = cup.matches.filter(status="ready").first()
    body = client.get(page(match.player1)).content.decode()
    line = body.split(f'id="match-{match.pk}-title"')[1].split("</p>")[0]
    assert line.count("Copa d&#x27;Hivern") == 1
    # Four players: the match is named as its round is, the semi-finals.
    assert f"Copa d&#x27;Hivern · Semi-final {match.position}" in line


def test_a_report_on_a_match_paired_again_meanwhile_is_a_409_with_the_reason(season, monkeypatch):
    """The director pairs round 2 again between the page's read of the match and the
    report's lock: the report is refused with why, above the matches (not a 500)."""
    tournament, _players = builders.club_night(season, 6, rng_seed=5, start=True)
    builders.play_round(tournament, 1)
    match = tournament.matches.filter(round=2).open().first()
    reported = player_page.report_game

    def paired_again_first(*args, **kwargs):
        operations.pair_round_again(tournament)
        return reported(*args, **kwargs)

    monkeypatch.setattr(player_page, "report_game", paired_again_first)
    response = report(match.player1, match)
    assert response.status_code == 409
    assert "This match is no longer in the draw" in response.content.decode()
    assert not GameReport.objects.exists()


def test_a_round_robin_match_not_called_yet_takes_no_report(season):
    tournament, _players = builders.club_night(
        season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2, start=True
    )
    first = tournament.matches.filter(round=1).first()
    operations.record_game(first, GameResult(0))
    waiting = tournament.matches.filter(round=2).involving(first.player1).get()
    response = report(waiting.player1, waiting)
    assert response.status_code == 409
    assert "Round 2 starts when both players have finished their round-1 match." in (
        response.content.decode()
    )
    assert not GameReport.objects.exists()
    nothing_recorded(waiting)
