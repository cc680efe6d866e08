"""Small things a new director and a player tripped over (issue 15's list): logging in
lands on the desk, every page names its icon, the JSON answers errors in JSON."""

from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.urls import reverse

import builders


def test_a_director_logging_in_lands_on_the_desk(client, director):
    response = client.post(
        reverse("login"), {"username": "tdirector", "password": "secret-pass-1234"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("director-desk")
    assert response.status_code == 200


def test_someone_without_the_permission_lands_on_the_seasons(client, db):
    User.objects.create_user("jugador", password="pw-jugador-123")
    response = client.post(
        reverse("login"), {"username": "jugador", "password": "pw-jugador-123"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("home")


def test_the_header_link_asks_for_no_other_page(client, db):
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("login")}"' in html


def test_every_page_names_its_icon_and_the_icon_exists(client, db):
    html = client.get(reverse("home")).content.decode()
    assert 'rel="icon"' in html and "favicon.svg" in html
    assert finders.find("tournament/favicon.svg")


def test_an_unknown_tournament_in_the_json_is_a_json_404(client, db):
    response = client.get(reverse("api-tournament", args=[999]))
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"error": "No such tournament."}


def test_a_shared_rank_reads_as_on_the_page_in_the_workbook(client, season):
    from io import BytesIO

    from openpyxl import load_workbook
    from sheet_tables import table

    from tournament import operations
    from tournament.models import Player, Tournament

    tournament = Tournament.objects.create(season=season, name="Copa", date="2002-05-01")
    for name in ("Anna", "Berta", "=1+1"):
        operations.add_entry(tournament, Player.objects.create(name=name), checked_in=True)
    response = client.get(reverse("standings-xlsx", args=[season.year]))
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content)))["Standings"]
    ranks = [row[0] for row in table(sheet, min_row=2, values_only=True)]
    assert ranks == ["=1", "=1", "=1"]
    assert all(row[0].data_type == "s" for row in table(sheet, min_row=2))
    page = client.get(reverse("standings", args=[season.year])).content.decode()
    assert page.count(">=1<") == 3


def test_the_path_reads_the_score_from_the_players_side(client, season):
    tournament = builders.cup(season, ("Anna", "Berta"))
    final = tournament.matches.get()
    builders.win(final, 1)  # the second player wins 5-0
    winner = final.player2
    html = client.get(
        reverse("tournament", args=[tournament.pk]), {"player": winner.pk}
    ).content.decode()
    assert "won 5–0" in html and "won 0–5" not in html
    loser = client.get(
        reverse("tournament", args=[tournament.pk]), {"player": final.player1_id}
    ).content.decode()
    assert "lost 0–5" in loser


def test_a_running_season_stays_current_when_a_later_one_is_made(client, season):
    from tournament.models import Season

    builders.cup(season, ("Anna", "Berta"), start=True)
    Season.from_preset(2003, "qgammon-2002", name="Temporada 2003").save()
    html = client.get(reverse("home")).content.decode()
    current = html.index('class="season-summary current"')
    assert html.index("Temporada 2002", current) < html.index("Temporada 2003")


def test_the_tournament_header_says_with_a_last_chance(client, season):
    from tournament.models import Tournament

    tournament = Tournament.objects.create(
        season=season, name="Copa", date="2002-05-01", consolation="first_round", last_chance=True
    )
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "with a last chance" in html


def test_the_winner_of_a_final_is_told_they_won_the_bracket(director_client, season):

    tournament = builders.cup(season, ("Anna", "Berta"))
    final = tournament.matches.get()
    builders.win(final)
    html = director_client.get(
        reverse("director-match", args=[tournament.pk, final.pk])
    ).content.decode()
    assert f"{final.player1.name} won the main bracket." in html
    assert "no match to play" not in html


def test_a_swiss_match_says_where_its_players_play_next(director_client, season):
    tournament, _players = builders.club_night(season, 4, rng_seed=1, start=True)
    builders.play_round(tournament, 1)
    first = tournament.matches.filter(round=1).first()
    html = director_client.get(
        reverse("director-match", args=[tournament.pk, first.pk])
    ).content.decode()
    assert f"{first.player1.name} plays next in round 2" in html


def test_catalan_dates_read_de_novembre_and_d_abril(client, season):
    import html as html_module

    from tournament.models import Tournament

    autumn = Tournament.objects.create(season=season, name="Tardor", date="2002-11-22")
    spring = Tournament.objects.create(season=season, name="Primavera", date="2002-04-21")
    catalan = {"accept-language": "ca"}
    page = client.get(reverse("tournament", args=[autumn.pk]), headers=catalan)
    assert "22 de novembre de 2002" in html_module.unescape(page.content.decode())
    page = client.get(reverse("tournament", args=[spring.pk]), headers=catalan)
    assert "21 d'abril de 2002" in html_module.unescape(page.content.decode())
    spanish = client.get(reverse("tournament", args=[autumn.pk]), headers={"accept-language": "es"})
    assert "22 de noviembre de 2002" in spanish.content.decode()


def test_the_player_page_writes_every_date_one_way(client, season):
    import re

    tournament, players = builders.club_night(season, 4, rounds=2, rng_seed=1, start=True)
    builders.play_round(tournament, 1)
    html = client.get(
        reverse("player", args=[players[0].pk]), headers={"accept-language": "ca"}
    ).content.decode()
    assert "9 de novembre de 2002" in html
    assert not re.search(r"\b\d\d/\d\d/\d{4}\b", html)


def test_the_match_history_says_each_game_in_words_in_catalan(director_client, match):
    from tournament import operations
    from tournament.core.scoring import GameResult

    operations.record_game(match, GameResult(0, cube=2))
    operations.record_game(match, GameResult(1, cube=2, how="dropped"))
    operations.undo_last_game(match)
    html = director_client.get(
        reverse("director-history", args=[match.tournament_id, match.pk]),
        headers={"accept-language": "ca"},
    ).content.decode()
    assert "joc 2, 2 punts per a Xavier Roca (doble refusat)" in html
    assert "→" not in html and "(dropped)" not in html


def test_standings_with_a_cup_under_way_say_they_are_provisional(client, season):
    from tournament import operations
    from tournament.core.scoring import GameResult

    tournament = builders.cup(season, name="Copa Oberta", start=True)
    html = client.get(reverse("standings", args=[season.year])).content.decode()
    assert "provisional" in html and "Still being played: Copa Oberta." in html
    while (ready := tournament.matches.to_play().exclude(player2=None).first()) is not None:
        operations.record_game(ready, GameResult(0, cube=8))  # 8 points: decided at once
    tournament.refresh_from_db()
    assert tournament.is_finished
    html = client.get(reverse("standings", args=[season.year])).content.decode()
    assert "Still being played" not in html


def test_catalan_and_spanish_words_fit_anyone(client, match):
    from tournament import operations
    from tournament.core.scoring import GameResult

    while not match.is_decided:
        operations.record_game(match, GameResult(0))
        match.refresh_from_db()
    for language, winner_word, masculine in (
        ("ca", "ha guanyat", "guanyador"),
        ("es", "ha ganado", "ganador"),
    ):
        page = client.get(
            reverse("match", args=[match.pk]), headers={"accept-language": language}
        ).content.decode()
        assert winner_word in page and masculine not in page
    # The bracket's mark beside the name a visitor looked for.
    from django.utils import translation

    for language, words in (
        ("ca", "la persona que has cercat"),
        ("es", "la persona que has buscado"),
    ):
        with translation.override(language):
            assert words in translation.gettext("(the player you looked for)")


def test_the_cube_state_column_says_live_for_an_ordinary_game(client, match):
    from tournament import operations
    from tournament.core.scoring import GameResult

    operations.record_game(match, GameResult(0))
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'data-label="Cube state">cube live</td>' in html


def test_a_bye_page_says_bye_and_where_the_player_goes_next(client, season):
    from tournament.models import Match

    tournament = builders.cup(season, ("Anna", "Berta", "Carla"))
    bye = tournament.matches.get(status=Match.Status.BYE)
    html = client.get(reverse("match", args=[bye.pk])).content.decode()
    assert f"<h1>{bye.winner.name}: bye</h1>" in html
    assert "<h1>" + f"{bye.winner.name} v ?" not in html and ">winner<" not in html
    onward = tournament.matches.exclude(pk=bye.pk).involving(bye.winner).get()
    assert f'href="{onward.get_absolute_url()}"' in html
    assert f'href="{bye.winner.get_absolute_url()}"' in html


def test_a_slot_nobody_reached_is_no_bye_bye_card(client, season):
    from tournament import operations
    from tournament.models import Match, Player, Tournament

    # Five players, a progressive consolation: some consolation slots get nobody.
    tournament = Tournament.objects.create(
        season=season, name="Copa", date="2002-05-01", consolation="progressive"
    )
    for number in range(5):
        operations.add_entry(
            tournament, Player.objects.create(name=f"Jugador {number}"), checked_in=True
        )
    operations.make_draw(tournament, rng_seed=1)
    empty = tournament.matches.filter(
        status=Match.Status.VOID, player1__isnull=True, player2__isnull=True
    )
    assert empty.exists()
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    for match in empty:
        assert f'href="{match.get_absolute_url()}"' not in html
    assert 'class="match-card empty"' in html


def test_english_dates_follow_the_browsers_region(client, season):
    from tournament.models import Tournament

    autumn = Tournament.objects.create(season=season, name="Autumn", date="2002-11-22")
    url = reverse("tournament", args=[autumn.pk])
    british = client.get(url, headers={"accept-language": "en-GB,en;q=0.9"}).content.decode()
    assert "22 Nov 2002" in british and "Nov. 22, 2002" not in british
    american = client.get(url, headers={"accept-language": "en-US,en;q=0.9"}).content.decode()
    assert "Nov. 22, 2002" in american
    # The words stay English, and English stays the language chosen in the switcher.
    assert "Find my name" in british and 'lang="en-gb"' in british
    assert '<option value="en" selected>' in british


def test_the_history_reads_in_the_readers_language(director_client, match):
    from django.utils import translation

    from tournament import operations
    from tournament.core.scoring import GameResult

    with translation.override("en"):
        operations.record_game(match, GameResult(0, cube=2))
        operations.undo_last_game(match)
    url = reverse("director-history", args=[match.tournament_id, match.pk])
    catalan = director_client.get(url, headers={"accept-language": "ca"}).content.decode()
    assert "Joc 1 desfet" in catalan and "taken back" not in catalan
    assert "Joc 1: 2 per a" in catalan  # the game recorded, in Catalan too
    english = director_client.get(url, headers={"accept-language": "en"}).content.decode()
    assert "Game 1 taken back" in english
