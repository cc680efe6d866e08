"""The director's side of players' reporting: the queue of reported games (accept,
correct, reject), the count on the desk, a player's page at the desk with their private
link, its QR code and its rotation, the link stubs on the slips, the `player_link`
command, and links kept out of every log line."""

import io
import logging

import pytest
import segno
from django.core.cache import cache
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, GameReport, PlayerLink
from tournament.operations.links import link_for, path_of, player_by_token, token_of
from tournament.operations.reports import dispute_report, report_game
from tournament.web.logfilters import RedactPlayerLinks

QUEUE = reverse("director-reports")


@pytest.fixture(autouse=True)
def _fresh_limits():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def reported(match, players):
    """Anna reports a gammon she won, cube 2: 4 points of her match to 5."""
    return report_game(match, players[0], GameResult(winner=0, kind="gammon", cube=2))


def score(match):
    match.refresh_from_db()
    return (match.score1, match.score2)


def test_the_queue_lists_waiting_reports_oldest_first(director_client, match, players, reported):
    dispute_report(match, players[1], GameResult(winner=1))
    response = director_client.get(QUEUE)
    assert response.status_code == 200
    assert [row["report"] for row in response.context["rows"]] == [reported]


def test_accept_records_the_game_as_reported(director_client, director, match, reported):
    response = director_client.post(reverse("director-report-accept", args=[reported.pk]))
    assert response.status_code == 302
    assert score(match) == (4, 0)
    reported.refresh_from_db()
    assert (reported.status, reported.settled_by) == ("accepted", director)
    entry = AuditEntry.objects.get(action="game_recorded")
    assert entry.user == director
    assert "reported by Anna Bosch, accepted by the director" in entry.summary
    assert director_client.get(QUEUE).context["rows"] == []


def test_correct_records_the_directors_version(director_client, match, reported):
    response = director_client.post(
        reverse("director-report-correct", args=[reported.pk]),
        {"version": match.version, "winner": "1", "kind": "single", "cube": "1", "how": "played"},
    )
    assert response.status_code == 302
    assert score(match) == (0, 1)
    reported.refresh_from_db()
    assert reported.status == "corrected" and reported.game.winner == 1


def test_a_correction_the_rules_forbid_is_refused(director_client, match, reported):
    response = director_client.post(
        reverse("director-report-correct", args=[reported.pk]),
        {"version": match.version, "winner": "1", "kind": "bogus", "cube": "1", "how": "played"},
    )
    assert response.status_code == 400
    assert score(match) == (0, 0)
    assert GameReport.objects.get().status == "pending"


def test_reject_leaves_the_match_as_it_was(director_client, match, reported):
    response = director_client.post(reverse("director-report-reject", args=[reported.pk]))
    assert response.status_code == 302
    assert score(match) == (0, 0)
    assert GameReport.objects.get().status == "rejected"
    assert AuditEntry.objects.filter(action="report_rejected").count() == 1


def test_a_settled_report_is_settled_once(director_client, match, reported):
    director_client.post(reverse("director-report-reject", args=[reported.pk]))
    response = director_client.post(reverse("director-report-accept", args=[reported.pk]))
    assert response.status_code == 409
    assert "already settled" in response.content.decode()
    assert score(match) == (0, 0)


def test_a_lapsed_report_can_only_be_rejected(director_client, match, reported):
    operations.record_game(match, GameResult(winner=1))
    body = director_client.get(QUEUE).content.decode()
    assert "it can only be rejected now" in body
    response = director_client.post(reverse("director-report-accept", args=[reported.pk]))
    assert response.status_code == 409
    assert score(match) == (0, 1)


def test_the_desk_shows_the_count(director_client, reported):
    body = director_client.get(reverse("director-desk")).content.decode()
    assert "1 reported game waiting" in body


def test_the_queue_and_the_player_desk_need_the_permission(director, match, players, reported):
    for url in (QUEUE, reverse("director-player", args=[players[0].pk])):
        assert_protected(director, url, method="get", wrong_method="post")
    for url in (
        reverse("director-report-accept", args=[reported.pk]),
        reverse("director-report-reject", args=[reported.pk]),
        reverse("director-report-correct", args=[reported.pk]),
        reverse("director-report-accept-counter", args=[reported.pk]),
        reverse("director-player-rotate", args=[players[0].pk]),
    ):
        assert_protected(director, url)
    assert score(match) == (0, 0)
    assert GameReport.objects.get().status == "pending"


def test_the_player_desk_shows_the_link_and_its_qr_code(director_client, players):
    response = director_client.get(reverse("director-player", args=[players[0].pk]))
    body = response.content.decode()
    address = "http://testserver" + path_of(link_for(players[0]))
    assert address in body
    # The QR code is the very code of that address.
    assert segno.make(address, error="m").svg_inline(scale=4) in body


def test_rotating_makes_the_old_link_404(director_client, client, players):
    old = path_of(link_for(players[0]))
    response = director_client.post(reverse("director-player-rotate", args=[players[0].pk]))
    assert response.status_code == 302
    assert client.get(old).status_code == 404
    new = path_of(link_for(players[0]))
    assert new != old and client.get(new).status_code == 200
    assert AuditEntry.objects.filter(action="link_rotated").count() == 1


def test_the_slips_carry_each_players_link(director_client, match, players):
    url = reverse("director-score-sheet", args=[match.tournament_id, match.pk])
    body = director_client.get(url).content.decode()
    for player in players:
        address = "http://testserver" + path_of(link_for(player))
        assert segno.make(address, error="m").svg_inline(scale=2) in body


def test_no_link_stub_when_the_tournament_takes_no_reports(director_client, match, tournament):
    tournament.reporting = "off"
    tournament.save()
    url = reverse("director-score-sheet", args=[match.tournament_id, match.pk])
    assert "link-stub" not in director_client.get(url).content.decode()


def test_the_command_prints_the_path_and_rotates(players):
    out = io.StringIO()
    call_command("player_link", str(players[0].pk), stdout=out)
    path = out.getvalue().strip()
    assert path.startswith("/p/") and player_by_token(path[3:-1]) == players[0]
    out = io.StringIO()
    call_command("player_link", str(players[0].pk), "--rotate", stdout=out)
    rotated = out.getvalue().strip()
    assert rotated != path
    assert player_by_token(path[3:-1]) is None
    assert player_by_token(rotated[3:-1]) == players[0]


def test_a_new_secret_key_gives_a_new_working_link(players):
    old = token_of(link_for(players[0]))
    with override_settings(SECRET_KEY="another-secret-key-" + "x" * 40):
        new = token_of(link_for(players[0]))
        assert new != old
        assert player_by_token(new) == players[0]
        assert player_by_token(old) is None
    assert PlayerLink.objects.filter(player=players[0], revoked_at=None).count() == 1


def test_links_never_reach_a_log_line(players, settings):
    """Django's "Not Found: /p/<token>/" and the like: the site's log handler blanks the
    token (the filter sits on the handler, so it is checked on a record directly)."""
    path = path_of(link_for(players[0]))
    record = logging.LogRecord("x", logging.WARNING, "", 0, "Not Found: %s", (path,), None)
    RedactPlayerLinks().filter(record)
    assert token_of(link_for(players[0])) not in record.getMessage()
    assert record.getMessage() == "Not Found: /p/<private>/"
    assert "player_links" in settings.LOGGING["handlers"]["console"]["filters"]


def test_the_tournament_form_sets_reporting_and_a_copy_keeps_it(director_client, tournament):
    body = director_client.get(reverse("director-tournament-new")).content.decode()
    assert 'name="reporting"' in body
    assert "yes, the director approves every report" in body
    tournament.reporting = "director"
    tournament.save()
    copy = director_client.get(reverse("director-tournament-new"), {"from": tournament.pk})
    assert '<option value="director" selected>' in copy.content.decode()


def _card(body: str, report) -> str:
    return body.split(f'id="report-{report.pk}-title"')[1].split("</section>")[0]


def test_a_pending_report_reads_in_words_with_accept_first(director_client, reported):
    card = _card(director_client.get(QUEUE).content.decode(), reported)
    assert "Anna Bosch reports game 1: Anna Bosch wins, gammon, cube 2, played out" in card
    assert '<span class="badge pending">' in card
    assert '<button type="submit" class="primary">Accept as reported</button>' in card


def test_a_dispute_shows_both_versions_side_by_side_and_has_no_default(
    director_client, match, players, reported
):
    """Issue 22, item 10: the two versions in one table, what differs marked; neither
    version is the big button; the card is marked in amber, not green."""
    dispute_report(match, players[1], GameResult(winner=1), note="Era simple")
    card = _card(director_client.get(QUEUE).content.decode(), reported)
    assert '<span class="badge disputed">disputed</span>' in card
    assert 'class="card report-row disputed"' in director_client.get(QUEUE).content.decode()
    table = card.split('<table class="versions">')[1].split("</table>")[0]
    assert "Anna Bosch reported</th>" in table and "Xavier Roca says</th>" in table
    rows = {row.split("<")[0]: row for row in table.split('<th scope="row">')[1:]}
    assert set(rows) == {"Winner", "Result", "Cube", "How it ended", "Beaver"}
    assert "<td>Anna Bosch</td>" in rows["Winner"] and "<td>Xavier Roca</td>" in rows["Winner"]
    assert "<td>gammon</td>" in rows["Result"] and "<td>single</td>" in rows["Result"]
    assert "(they differ)" in rows["Winner"] and "(they differ)" in rows["Cube"]
    assert "(they differ)" not in rows["How it ended"]
    assert "Era simple" in card
    # Two equal buttons, one per version; no primary among the settling buttons.
    actions = card.split('<div class="actions">')[1].split("</div>")[0]
    assert "Record Anna Bosch's version" in actions
    assert "Record Xavier Roca's version" in actions
    assert "primary" not in actions
    # The correction form starts from what both agree on only: no winner chosen.
    form = card.split('action="' + reverse("director-report-correct", args=[reported.pk]))[1]
    assert 'name="winner" value="0" checked' not in form.split("</form>")[0]
    assert 'name="winner" value="1" checked' not in form.split("</form>")[0]


def test_the_opponents_version_is_recorded_in_one_tap(
    director_client, director, match, players, reported
):
    dispute_report(match, players[1], GameResult(winner=1))
    response = director_client.post(reverse("director-report-accept-counter", args=[reported.pk]))
    assert response.status_code == 302
    assert score(match) == (0, 1)
    reported.refresh_from_db()
    assert (reported.status, reported.settled_by) == ("corrected", director)
    assert reported.game.winner == 1
    # Settled: a second tap changes nothing.
    again = director_client.post(reverse("director-report-accept-counter", args=[reported.pk]))
    assert again.status_code == 409
    assert score(match) == (0, 1)


def test_a_dispute_without_a_version_has_no_opponents_button(
    director_client, match, players, reported
):
    dispute_report(match, players[1], None)
    card = _card(director_client.get(QUEUE).content.decode(), reported)
    assert "the opponent says it is wrong" in card
    assert "director-report-accept-counter" not in card and "/opponent/" not in card
    response = director_client.post(reverse("director-report-accept-counter", args=[reported.pk]))
    assert response.status_code == 409
    assert "without a version of their own" in response.content.decode()
    assert score(match) == (0, 0)


@pytest.mark.parametrize("decided_by", ["walkover", "games"])
def test_a_report_on_a_match_decided_meanwhile_leaves_the_queue(
    director_client, client, match, players, reported, decided_by
):
    """The director decided the match another way (a walkover, the games typed on the
    sheet): the report waiting on it is settled as lapsed, out of the queue, off the
    desk's count and off the opponent's page."""
    if decided_by == "walkover":
        operations.walkover(match, 1)
    else:
        for _game in range(3):
            operations.record_game(match, GameResult(winner=1, kind="gammon"))
    match.refresh_from_db()
    assert match.is_decided
    assert director_client.get(QUEUE).context["rows"] == []
    desk = director_client.get(reverse("director-desk")).content.decode()
    assert "reported game waiting" not in desk
    reported.refresh_from_db()
    assert reported.status == GameReport.Status.LAPSED
    opponent = client.get(path_of(link_for(players[1]))).content.decode()
    assert "Anna Bosch reports game 1" not in opponent
