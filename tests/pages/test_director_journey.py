"""A director who has never seen the site, from the home page to a match played game by
game through its Crawford game, with the public bracket showing it at once."""

import re

from django.contrib.auth.models import Group, User
from django.db.models import Q
from django.test import Client
from django.utils import timezone

from tournament.models import Game, Match, Season, Tournament

PLAYERS = [
    "Jordi Puig", "Montserrat Vila", "Pere Soler", "Núria Ferrer", "Marc Riera", "Laia Casals",
    "Carmen García", "José Martínez", "Lucía Fernández", "Javier López", "María Sánchez",
    "Antonio Romero",
]  # fmt: skip


def link(response, text):
    """The href of the link whose text is `text` on the page."""
    html = response.content.decode()
    found = re.search(r'<a[^>]*href="([^"]+)"[^>]*>\s*' + re.escape(text) + r"\s*</a>", html)
    assert found, f"no link {text!r} on {response.request['PATH_INFO']}"
    return found.group(1).replace("&amp;", "&")


def form_action(response, button_text):
    """The action of the form holding the button `button_text`."""
    html = response.content.decode()
    for form in re.findall(r"<form[^>]*>.*?</form>", html, flags=re.S):
        if button_text in form:
            action = re.search(r'action="([^"]*)"', form)
            return action.group(1) if action else response.request["PATH_INFO"]
    raise AssertionError(f"no form with {button_text!r}")


# Among the suite's slowest (9 s in one process on 2 busy cores): a cup run from its creation
# to its champion through the director's pages alone
def test_a_new_director_runs_a_cup_from_the_home_page(db):
    user = User.objects.create_user("anna", password="queimada-2026")
    user.groups.add(Group.objects.get(name="Directors"))
    browser = Client(headers={"accept-language": "en"})

    home = browser.get("/")
    login_page = browser.get(link(home, "Directors: log in"))
    assert login_page.status_code == 200
    response = browser.post(
        login_page.request["PATH_INFO"],
        {"username": "anna", "password": "queimada-2026", "next": "/director/"},
        follow=True,
    )
    assert response.request["PATH_INFO"] == "/director/"

    # A season from a preset
    season_page = browser.get(link(response, "New season"))
    response = browser.post(
        season_page.request["PATH_INFO"],
        {"year": 2027, "name": "Temporada 2027", "preset": "qgammon-2002"},
        follow=True,
    )
    assert Season.objects.get(years="2027").rules.backgammon_multiplier == 3
    assert "Rules saved" not in response.content.decode()

    # A 12-player tournament with a first-round-losers consolation
    new_tournament = browser.get(link(response, "New tournament in this season"))
    season = Season.objects.get(years="2027")
    response = browser.post(
        new_tournament.request["PATH_INFO"],
        {
            "season": season.pk,
            "name": "Copa de Primavera 2027",
            "date": "2027-04-10",
            "consolation": "first_round",
            "progressive_rounds": 2,
            "public": "on",
            "main_lengths": "5,5,7,9",
            "consolation_lengths": "5",
            "last_chance_lengths": "3",
        },
        follow=True,
    )
    tournament = Tournament.objects.get(name="Copa de Primavera 2027")
    desk_url = response.request["PATH_INFO"]
    assert desk_url == f"/director/tournaments/{tournament.pk}/"
    for name in PLAYERS:
        response = browser.post(
            form_action(response, "Add and register"), {"name": name, "club": "Q"}, follow=True
        )
    assert "12 players registered" in response.content.decode()
    assert "0 of 12 checked in" in response.content.decode()
    # On the day, everyone registered has come.
    response = browser.post(form_action(response, "check everyone in"), follow=True)
    assert "12 of 12 checked in" in response.content.decode()

    # Preview, draw again, make it, start
    preview = browser.get(link(response, "Preview the draw"))
    assert "Preview of the draw" in preview.content.decode()
    again = browser.get(link(preview, "Draw again"))
    seed = re.search(r'name="seed" value="(\d+)"', again.content.decode()).group(1)
    response = browser.post(form_action(again, "Make this draw"), {"seed": seed}, follow=True)
    tournament.refresh_from_db()
    assert tournament.draw_seed == int(seed)
    assert tournament.matches.filter(bracket__kind="consolation").exists()
    response = browser.post(form_action(response, "Start the tournament"), follow=True)
    if tournament.date > timezone.localdate():  # set for a later day: asked first
        assert "Start it now?" in response.content.decode()
        response = browser.post(
            form_action(response, "Yes, start it now"), {"confirm": "on"}, follow=True
        )
    # Started: back at the tournament's own desk, where the day goes on.
    assert response.request["PATH_INFO"] == f"/director/tournaments/{tournament.pk}/"

    # A whole match game by game, through its Crawford game
    match = tournament.matches.filter(status="ready", bracket__kind="main").order_by("position")[0]
    sheet_url = f"/director/tournaments/{tournament.pk}/matches/{match.pk}/"
    assert sheet_url in response.content.decode()
    games = [
        {"winner": 0, "kind": "gammon", "cube": 1, "how": "played"},  # 2-0
        {"winner": 1, "kind": "single", "cube": 1, "how": "played"},  # 2-1
        {"winner": 0, "kind": "gammon", "cube": 1, "how": "played"},  # 4-1: Crawford next
        {"winner": 1, "kind": "single", "cube": 1, "how": "played"},  # the Crawford game
        {"winner": 1, "kind": "single", "cube": 2, "how": "played"},  # 4-4
        {"winner": 0, "kind": "single", "cube": 2, "how": "dropped"},  # 6-4: won
    ]
    for number, game in enumerate(games, start=1):
        sheet = browser.get(sheet_url)
        text = sheet.content.decode()
        if number == 4:
            assert "Game 4 is the Crawford game" in text
            # Not offered in the Crawford game: closed, out of sight.
            assert re.search(r'<label class="choice" hidden><input [^>]*value="dropped"', text)
        version = re.search(r'name="version" value="(\d+)"', text).group(1)
        response = browser.post(sheet_url, {**game, "version": version}, follow=True)
        assert f"Game {number} recorded." in response.content.decode()
    match.refresh_from_db()
    assert match.status == "decided" and match.score == (5, 4)
    assert Game.objects.get(match=match, number=4).crawford
    assert "Where they go next" in response.content.decode()

    # The public bracket shows it at once
    public = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'<span class="score">{match.score1}</span>' in public
    onward = Match.objects.get(
        Q(source1_match=match, source1_kind="winner")
        | Q(source2_match=match, source2_kind="winner")
    )
    assert match.winner in (onward.player1, onward.player2)
    assert match.winner.name in public
