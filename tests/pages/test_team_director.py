"""The director's side of a team event: the teams page (a team added with its players
in board order, refused with a message when it cannot be), the draw's preview of the
groups, and the slips of a round, one per board."""

import pytest
from django.urls import reverse

import builders
from tournament.models import Player, Team


@pytest.mark.django_db
def test_a_director_adds_a_team_in_board_order(director_client, season):
    tournament, _teams = builders.team_event(season, 2, 3, rng_seed=None)
    players = [Player.objects.create(name=f"Nou {n}") for n in range(3)]
    url = reverse("director-teams", args=[tournament.pk])
    data = {"name": "Equip Nou", "club": "Q-gammon"}
    data.update({f"board_{n + 1}": players[2 - n].pk for n in range(3)})
    response = director_client.post(url, data)
    assert response.status_code == 302
    team = Team.objects.get(name="Equip Nou")
    assert [m.player.name for m in team.members.order_by("board")] == ["Nou 2", "Nou 1", "Nou 0"]
    page = director_client.get(url).content.decode()
    assert "Equip Nou" in page and "Nou 2" in page


@pytest.mark.django_db
def test_a_player_on_two_boards_or_in_two_teams_is_refused(director_client, season):
    tournament, teams = builders.team_event(season, 2, 3, rng_seed=None)
    url = reverse("director-teams", args=[tournament.pk])
    taken = teams[0].members.get(board=1).player
    new = [Player.objects.create(name=f"Nou {n}") for n in range(2)]
    same = {"name": "X", "board_1": new[0].pk, "board_2": new[0].pk, "board_3": new[1].pk}
    response = director_client.post(url, same)
    assert response.status_code == 400 and "one board only" in response.content.decode()
    other = {"name": "X", "board_1": taken.pk, "board_2": new[0].pk, "board_3": new[1].pk}
    response = director_client.post(url, other)
    assert response.status_code == 409 and "another team" in response.content.decode()
    assert tournament.teams.count() == 2


@pytest.mark.django_db
def test_a_player_without_the_permission_gets_a_403(client, django_user_model, season):
    tournament, _teams = builders.team_event(season, 2, 3, rng_seed=None)
    user = django_user_model.objects.create_user("jugador", password="x")
    client.force_login(user)
    response = client.get(reverse("director-teams", args=[tournament.pk]))
    assert response.status_code == 403


@pytest.mark.django_db
def test_the_draw_page_previews_the_groups_of_teams_and_the_slips_name_the_board(
    director_client, season
):
    tournament, _teams = builders.team_event(season, 4, 3, rng_seed=None)
    page = director_client.get(reverse("director-draw", args=[tournament.pk]) + "?seed=5")
    html = page.content.decode()
    assert page.status_code == 200 and "Equip A" in html and "Round 1" in html
    director_client.post(reverse("director-draw", args=[tournament.pk]), {"seed": 5})
    assert tournament.team_matches.count() == 6
    slips = director_client.get(reverse("director-slips", args=[tournament.pk]) + "?round=1")
    text = slips.content.decode()
    assert text.count("board 3") == 2  # two team matches a round, one slip per board


@pytest.mark.django_db
@pytest.mark.parametrize(("size", "created"), [(4, True), (9, False)])
def test_the_tournament_form_makes_a_team_event_of_2_to_8_players_a_team(
    director_client, season, size, created
):
    response = director_client.post(
        reverse("director-tournament-new"),
        {
            "season": season.pk,
            "name": "Lliga d'equips",
            "date": "2002-03-01",
            "format": "teams",
            "team_size": size,
            "round_lengths": "3,3,5",
            "knockout": 2,
            "consolation": "none",
            "progressive_rounds": 2,
            "main_lengths": "5",
            "reporting": "confirm",
        },
    )
    made = season.tournaments.filter(name="Lliga d'equips").first()
    if created:
        assert response.status_code == 302, response.content.decode()[:2000]
        assert made.format == "teams" and made.team_size == 4 and made.knockout == 2
        desk = director_client.get(reverse("director-tournament", args=[made.pk]))
        assert reverse("director-teams", args=[made.pk]) in desk.content.decode()
    else:
        assert response.status_code == 400 and made is None
        assert "2 to 8 players" in response.content.decode()
