"""Afterwards: once a tournament is finished, the director announces its results in
one tap: a public page to share and print (each bracket's podium, the prizes, the best
PR by GNU Backgammon where a match was analysed) and a mail, by a background job, to
the players who agreed to mail, in their language; once."""

from decimal import Decimal

import analyses
import pytest
from django.core import mail
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.jobs.announcement import mail_announcement
from tournament.models import AuditEntry, Job, Player


@pytest.fixture
def finished(season):
    players = builders.new_players(4, prefix="Final")
    for number, player in enumerate(players):
        # Two agreed to mail (one reads Catalan, one Spanish), one agreed with no address, one not.
        operations.change_player(
            player,
            {
                "email": "" if number == 2 else f"final{number}@example.org",
                "mail_consent": number != 3,
                "language": {0: "ca", 1: "es"}.get(number, ""),
            },
        )
    main = {"lengths": "1", "fee": Decimal("10"), "payouts": "70,30"}
    tournament = builders.cup(season, players, brackets={"main": main}, start=True)
    for entry in tournament.entries.order_by("pk"):
        operations.pay(tournament, entry, "main", method="cash")
    builders.play_out(tournament)
    tournament.refresh_from_db()
    assert tournament.is_finished
    return tournament


def final_of(tournament):
    return tournament.matches.get(bracket__kind="main", round=2)


def test_the_announcement_page_shows_the_podium_prizes_and_best_pr(client, finished):
    final = final_of(finished)
    analyses.store_prs(final, (3.24, 7.5))
    page = client.get(reverse("announcement", args=[finished.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    podium = text.split('class="podium"')[1].split("</ol>")[0]
    loser = final.player2 if final.winner_id == final.player1_id else final.player1
    assert podium.index(final.winner.name) < podium.index(loser.name)
    assert "28.00" in text and "12.00" in text  # 70 and 30 of the 40 paid
    assert f"{final.player1.name}, PR 3.2 against {final.player2.name}" in text
    assert "data-print" in text


def test_no_best_pr_without_analyses_and_no_page_before_the_end(client, finished, season):
    text = client.get(reverse("announcement", args=[finished.pk])).content.decode()
    assert "GNU Backgammon" not in text
    running = builders.cup(season, 4, name="Encara", start=True)
    assert client.get(reverse("announcement", args=[running.pk])).status_code == 404


def test_one_tap_announces_once_and_mails_those_who_agreed(director_client, finished):
    url = reverse("director-announce", args=[finished.pk])
    desk = director_client.get(reverse("director-tournament", args=[finished.pk]))
    assert "Announce the results" in desk.content.decode()
    answer = director_client.post(url, follow=True)
    assert "2 players get them by mail" in answer.content.decode()
    assert reverse("announcement", args=[finished.pk]) in answer.content.decode()
    job = Job.objects.get(kind="announcement")
    agreed = set(
        Player.objects.filter(name__startswith="Final", mail_consent=True)
        .exclude(email="")
        .values_list("pk", flat=True)
    )
    assert set(job.args[1]) == agreed and len(agreed) == 2
    assert mail_announcement.call(*job.args) == 2
    by_address = {message.to[0]: message for message in mail.outbox}
    assert set(by_address) == {"final0@example.org", "final1@example.org"}
    assert by_address["final0@example.org"].subject.startswith("Els resultats de")
    assert by_address["final1@example.org"].subject.startswith("Los resultados de")
    winner = final_of(finished).winner.name
    assert f"1. {winner}" in by_address["final1@example.org"].body
    # A second tap mails nobody again.
    again = director_client.post(url)
    assert again.status_code == 400 and "announced already" in again.content.decode()
    assert Job.objects.filter(kind="announcement").count() == 1
    assert AuditEntry.objects.filter(action="results_announced").count() == 1


def test_a_tournament_not_finished_is_not_announced(director_client, season):
    running = builders.cup(season, 4, name="Encara", start=True)
    answer = director_client.post(reverse("director-announce", args=[running.pk]))
    assert answer.status_code == 400
    assert "once the tournament is finished" in answer.content.decode()
    assert not Job.objects.filter(kind="announcement").exists()


def test_announcing_needs_a_director(director, finished):
    assert_protected(director, reverse("director-announce", args=[finished.pk]), "post")


def test_the_best_match_says_its_tie_break_and_keeps_it(client, finished):
    # Both semi-finals' winners played at PR 3.0 exactly: the one over more decisions
    # (the longer test) is the best match, whichever was drawn or decided first.
    shorter, longer = finished.matches.filter(round=1).order_by("pk")
    analyses.store_prs(shorter, (3.0, 9.0), decisions=(40, 40))
    analyses.store_prs(longer, (3.0, 9.0), decisions=(80, 80))
    rule = (
        "The lowest GNUBG PR over a whole match, as GNU Backgammon gives it (before "
        "rounding); at equal PRs, the match with more decisions, then the one decided first."
    )
    text = client.get(reverse("announcement", args=[finished.pk])).content.decode()
    assert f"{longer.player1.name}, PR 3.0 against {longer.player2.name}" in text
    assert rule in text
    # The mail says the same (a player reading English: no language set).
    player = Player.objects.get(email="final3@example.org")
    assert mail_announcement.call(finished.pk, [player.pk]) == 1
    body = " ".join(mail.outbox[-1].body.split())
    assert f"{longer.player1.name}, PR 3.0 against {longer.player2.name}" in body
    assert rule in body
