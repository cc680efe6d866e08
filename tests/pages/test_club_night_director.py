"""The director's side of a Swiss or a round robin: the format in the tournament form,
the draw page's preview, pairing by hand and again, deadlines and the matches past
them (walkover or double loss), the reminder mail; permission and CSRF as everywhere."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.models import AuditEntry, Match, Player


@pytest.fixture
def swiss(season):
    tournament, _players = builders.club_night(season, 6, rounds=3, rng_seed=4, start=True)
    return tournament


def desk(client, tournament):
    return client.get(reverse("director-tournament", args=[tournament.pk]))


@pytest.mark.django_db
def test_the_form_makes_a_swiss(director_client, season):
    response = director_client.post(
        reverse("director-tournament-new"),
        {
            "season": season.pk,
            "name": "Nit suïssa",
            "date": "2002-03-01",
            "format": club_nights.SWISS,
            "rounds": 4,
            "round_lengths": "3,5",
            "knockout": 0,
            "consolation": "none",
            "progressive_rounds": 2,
            "main_lengths": "5",
            "reporting": "confirm",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    created = season.tournaments.get(name="Nit suïssa")
    assert created.format == "swiss" and created.rounds == 4 and created.round_lengths == "3,5"


@pytest.mark.django_db
def test_a_swiss_with_a_consolation_is_refused_beside_the_field(director_client, season):
    response = director_client.post(
        reverse("director-tournament-new"),
        {
            "season": season.pk,
            "name": "Nit suïssa",
            "date": "2002-03-01",
            "format": club_nights.SWISS,
            "rounds": 3,
            "round_lengths": "5",
            "knockout": 0,
            "consolation": "first_round",
            "consolation_lengths": "3",
            "progressive_rounds": 2,
            "main_lengths": "5",
        },
    )
    assert response.status_code == 400
    assert "has no consolation" in response.content.decode()
    assert not season.tournaments.filter(name="Nit suïssa").exists()


@pytest.mark.django_db
def test_the_draw_page_previews_round_one_and_makes_it(director_client, season):
    tournament, players = builders.club_night(season, 5)
    response = director_client.get(reverse("director-draw", args=[tournament.pk]) + "?seed=9")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Round 1" in html and "bye" in html
    assert sum(html.count(player.name) for player in players) == 5
    response = director_client.post(reverse("director-draw", args=[tournament.pk]), {"seed": 9})
    assert response.status_code == 302
    assert tournament.matches.filter(round=1).count() == 3
    made = director_client.get(reverse("director-draw", args=[tournament.pk]))
    assert "seed 9" in made.content.decode()


@pytest.mark.django_db
def test_the_draw_page_shows_the_groups_of_a_round_robin(director_client, season):
    tournament, _players = builders.club_night(
        season, 10, format=club_nights.ROUND_ROBIN, group_size=5
    )
    html = director_client.get(reverse("director-draw", args=[tournament.pk])).content.decode()
    assert "Group 1" in html and "Group 2" in html


@pytest.mark.django_db
def test_the_desk_suggests_rounds_for_a_clear_winner(director_client, season):
    tournament, _players = builders.club_night(season, 11, rounds=3)
    html = desk(director_client, tournament).content.decode()
    assert "4 rounds would do" in html


@pytest.mark.django_db
def test_the_director_pairs_a_round_that_did_not_pair_itself(director_client, season):
    tournament, players = builders.club_night(season, 2, rounds=3, rng_seed=1, start=True)
    operations.withdraw(tournament, players[0])  # round 1 settles; one player left
    assert not tournament.matches.filter(round=2).exists()
    late = Player.objects.create(name="Núria Puig")
    operations.add_entry(tournament, late, checked_in=True)
    assert "Pair round 2" in desk(director_client, tournament).content.decode()
    response = director_client.post(reverse("director-pair-next", args=[tournament.pk]))
    assert response.status_code == 302
    second = tournament.matches.get(round=2)
    assert {second.player1_id, second.player2_id} == {players[1].pk, late.pk}
    refused = director_client.post(reverse("director-pair-next", args=[tournament.pk]))
    assert refused.status_code == 409
    assert "still being played" in refused.content.decode()


@pytest.mark.django_db
def test_pairing_again_takes_in_a_late_arrival(director_client, swiss):
    builders.play_round(swiss, 1)
    late = Player.objects.create(name="Núria Puig")
    operations.add_entry(swiss, late, checked_in=True)
    response = director_client.post(reverse("director-pair-again", args=[swiss.pk]))
    assert response.status_code == 302
    assert swiss.matches.filter(round=2).involving(late).exists()


@pytest.mark.django_db
def test_rounds_need_the_permission(client, swiss, django_user_model):
    player = django_user_model.objects.create_user("player", password="x-pass-1234")
    client.force_login(player)
    for name in ("director-pair-next", "director-pair-again", "director-deadline"):
        assert client.post(reverse(name, args=[swiss.pk])).status_code == 403


@pytest.mark.django_db
def test_the_forms_need_csrf(director, swiss):
    client = Client(enforce_csrf_checks=True, headers={"accept-language": "en"})
    client.force_login(director)
    response = client.post(
        reverse("director-deadline", args=[swiss.pk]), {"round": 1, "deadline": ""}
    )
    assert response.status_code == 403


@pytest.mark.django_db
class TestDeadlines:
    def test_a_deadline_is_set_and_audited(self, director_client, swiss):
        response = director_client.post(
            reverse("director-deadline", args=[swiss.pk]),
            {"round": 1, "deadline": "2002-11-20T21:00"},
        )
        assert response.status_code == 302
        assert swiss.deadlines.get(round=1).deadline.day == 20
        assert AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_DEADLINE).exists()

    def test_a_bad_date_is_a_400_and_nothing_saved(self, director_client, swiss):
        response = director_client.post(
            reverse("director-deadline", args=[swiss.pk]), {"round": 1, "deadline": "tomorrow"}
        )
        assert response.status_code == 400
        assert not swiss.deadlines.exists()

    def test_a_round_the_swiss_does_not_have_is_refused(self, director_client, swiss):
        response = director_client.post(
            reverse("director-deadline", args=[swiss.pk]),
            {"round": 9, "deadline": "2002-11-20T21:00"},
        )
        assert response.status_code == 409

    def test_past_the_deadline_the_desk_offers_walkover_and_double_loss(
        self, director_client, swiss
    ):
        first, second, third = swiss.matches.filter(round=1)
        builders.win(first)
        operations.set_round_deadline(swiss, 1, timezone.now() - timedelta(hours=1))
        html = desk(director_client, swiss).content.decode()
        assert "Past the deadline" in html
        assert f"Walkover to {second.player1.name}" in html
        assert f"Walkover to {first.player1.name}" not in html  # played: not overdue
        response = director_client.post(
            reverse("director-overdue", args=[swiss.pk]),
            {"match": second.pk, "version": second.version, "decision": "second"},
        )
        assert response.status_code == 302
        second.refresh_from_db()
        assert second.by_walkover and second.winner_id == second.player2_id
        response = director_client.post(
            reverse("director-overdue", args=[swiss.pk]),
            {"match": third.pk, "version": third.version, "decision": "double"},
        )
        assert response.status_code == 302
        third.refresh_from_db()
        assert third.double_loss and third.winner_id is None
        assert third.status == Match.Status.VOID
        # The round is settled: round 2 is paired, and the two who lost both stay apart.
        assert swiss.matches.filter(round=2).count() == 3

    def test_a_stale_decision_is_refused(self, director_client, swiss):
        match = swiss.matches.filter(round=1).first()
        operations.set_round_deadline(swiss, 1, timezone.now() - timedelta(hours=1))
        response = director_client.post(
            reverse("director-overdue", args=[swiss.pk]),
            {"match": match.pk, "version": match.version + 1, "decision": "double"},
        )
        assert response.status_code == 409
        match.refresh_from_db()
        assert not match.double_loss

    def test_a_double_loss_counts_as_a_loss_for_both_and_can_be_taken_back(self, swiss):
        match = swiss.matches.filter(round=1).first()
        operations.double_loss(match)
        from tournament.queries.club_nights import club_night

        rows = {row.player.pk: row for row in club_night(swiss).groups[0].standings}
        for player in (match.player1_id, match.player2_id):
            assert rows[player].wins == 0 and rows[player].losses == 1
        operations.reopen(match)
        match.refresh_from_db()
        assert match.is_open and not match.double_loss

    def test_a_double_loss_is_only_for_a_club_night(self, match):
        with pytest.raises(operations.MatchClosed):
            operations.double_loss(match)

    def test_the_reminder_goes_once_to_the_players_of_unplayed_matches(self, swiss):
        players = {}
        for match in swiss.matches.filter(round=1).between_two():
            for player in match.players:
                player.email = f"p{player.pk}@example.org"
                player.mail_consent = True
                player.save()
                players[player.pk] = player
        played = swiss.matches.filter(round=1).first()
        builders.win(played)
        now = timezone.now()
        operations.set_round_deadline(swiss, 1, now + timedelta(hours=20))
        mail.outbox.clear()
        sent = operations.send_round_reminders(now)
        assert sent == 4 == len(mail.outbox)
        told = {address for message in mail.outbox for address in message.to}
        assert f"p{played.player1_id}@example.org" not in told
        assert "by tomorrow" in mail.outbox[0].subject
        assert operations.send_round_reminders(now) == 0

    def test_no_reminder_two_days_ahead(self, swiss):
        now = timezone.now()
        operations.set_round_deadline(swiss, 1, now + timedelta(days=2))
        assert operations.send_round_reminders(now) == 0


def test_the_sheet_of_a_round_robin_match_not_called_says_why_and_takes_no_game(
    director_client, season
):
    tournament, _players = builders.club_night(
        season, 4, format=club_nights.ROUND_ROBIN, rng_seed=2, start=True
    )
    builders.win(tournament.matches.filter(round=1).first())
    waiting = tournament.matches.filter(round=2).first()
    sheet = reverse("director-match", args=[tournament.pk, waiting.pk])
    reason = "Round 2 starts when both players have finished their round-1 match."
    page = director_client.get(sheet).content.decode()
    assert reason in page and 'class="game-form"' not in page
    game = {"winner": 0, "kind": "single", "cube": 1, "how": "played", "version": waiting.version}
    response = director_client.post(sheet, game)
    assert response.status_code == 409
    assert response.content.decode().count(reason) == 1
    assert not waiting.games.exists()
