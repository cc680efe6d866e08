"""Issue 36, items 1 and 2, played through the pages in Chromium as a director and the
players see them.

1. The issue's cup: 20 players in a bracket of 32, a progressive consolation (main
   rounds 1 and 2 drop in) with a last chance. The director makes the draw and starts
   it on the desk; the main rounds are recorded (operations: the page walk would be
   long); a consolation round-2 match is recorded on the match sheet, where the main
   round-2 loser who lost it is sent to the last chance, not home. Played out, the
   bracket page's last-chance champion is a player who played for it, and the results
   and the players' pages place the main round-2 losers there.
2. A late player put into a bye from the desk's late-entry form, beaten on the match
   sheet, drops into the consolation; where the consolation has gone past that point
   the form says so before the director confirms.

Chromium, Playwright and the skip/require rule (REQUIRE_BROWSER=1) come from
tests/conftest.py.
"""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

import builders
from conftest import SCREENSHOTS, directors_group
from tournament import operations
from tournament.core import draw
from tournament.core.scoring import GameResult
from tournament.models import Entry, Match, Player

pytestmark = pytest.mark.browser

ONE_POINT = {"main": "1", "consolation": "1", "last_chance": "1"}  # a game decides


@pytest.fixture
def login(live_server, new_page):
    user = User.objects.create_user("repesca", password="repesca-pass-1234")
    user.groups.add(directors_group())

    def logged_in(**options):
        page = new_page(live_server.url + "/accounts/login/", **options)
        page.get_by_label("User name").fill("repesca")
        page.get_by_label("Password").fill("repesca-pass-1234")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(re.compile(r".*/director/$"))
        return page

    return logged_in


def record_win(page, live_server, match: Match, winner: Player) -> str:
    """The director records the game that decides a one-point match on its sheet; the
    sheet's "Where they go next", as it reads then."""
    page.goto(live_server.url + reverse("director-match", args=[match.tournament_id, match.pk]))
    form = page.locator("form.game-form")
    form.get_by_label(winner.name, exact=True).check()
    page.get_by_role("button", name="Record the game").click()
    section = page.locator("section", has=page.locator("#next-heading"))
    section.wait_for()
    return " ".join(section.inner_text().split())


@pytest.fixture
def summer(transactional_db):
    names = [f"Jugador {number:02d}" for number in range(1, 21)]
    return builders.cup(
        builders.the_season(),
        names,
        name="Copa d'Estiu",
        date="2002-07-06",
        seeds=20,
        rng_seed=None,  # the director makes the draw on the page
        brackets=ONE_POINT,
        consolation=draw.PROGRESSIVE,
        progressive_rounds=2,
        last_chance=True,
    )


def open_matches(tournament, kind, number):
    return list(
        tournament.matches.filter(bracket__kind=kind, round=number)
        .open()
        .select_related("player1", "player2")
        .order_by("position")
    )


# Among the suite's slowest (19 s in one process on 2 busy cores): a cup played
# through the match sheet in Chromium until the last chance fills
def test_main_round_two_losers_beaten_in_their_first_consolation_match_play_the_last_chance(
    live_server, summer, login, new_page
):
    page = login()
    page.goto(live_server.url + reverse("director-draw", args=[summer.pk]) + "?seed=7")
    page.get_by_role("button", name="Make this draw").click()
    page.goto(live_server.url + reverse("director-tournament", args=[summer.pk]))
    page.get_by_role("button", name="Start the tournament").click()
    # Starting leads to the tournament's own desk.
    desk = reverse("director-tournament", args=[summer.pk])
    page.wait_for_url(re.compile(re.escape(desk) + "$"))
    summer.refresh_from_db()
    assert summer.is_running
    # The main rounds 1 and 2: the seeds win (operations, the walk would be long).
    for number in (1, 2):
        for match in open_matches(summer, draw.MAIN, number):
            builders.win(match, 0)
    # Consolation round 2: each main round-1 loser (who had a bye in round 1) meets a
    # main round-2 loser; the first of those on the match sheet, the others by
    # operations, the main round-1 loser winning each.
    second = open_matches(summer, draw.CONSOLATION, 2)
    assert len(second) == 4
    first, *others = second
    where = record_win(page, live_server, first, first.player1)
    loser = first.player2
    assert f"{loser.name} plays next: Last chance: " in where, where
    assert "out of the tournament" not in where
    page.screenshot(path=SCREENSHOTS / "last-chance-sheet.png", full_page=True)
    for match in others:
        builders.win(match, 0)
    dropped_in = [first.player2, *(match.player2 for match in others)]
    builders.play_out(summer)
    assert summer.is_finished

    public = new_page(live_server.url + summer.get_absolute_url())
    last_chance = public.locator("#bracket-last_chance")
    champion = last_chance.locator(".champion a").inner_text()
    # The champion played for it: a decided card of the last chance bears their name.
    played = Match.objects.filter(
        tournament=summer, bracket__kind=draw.LAST_CHANCE, status=Match.Status.DECIDED
    ).select_related("player1", "player2")
    assert champion in {p.name for m in played for p in m.players}
    places = last_chance.locator(".final-places").inner_text()
    for player in dropped_in:
        assert player.name in places
    public.screenshot(path=SCREENSHOTS / "last-chance-bracket.png", full_page=True)
    public.goto(live_server.url + reverse("results", args=[summer.pk]))
    results = public.locator("main").inner_text()
    assert "Last chance" in results
    # A main round-2 loser's own page: their last-chance match, by its round's name.
    public.goto(live_server.url + loser.get_absolute_url())
    assert "Last chance: " in public.locator("main").inner_text()


@pytest.fixture
def progressive(transactional_db):
    """Six seeded in a bracket of 8 (S1 and S2 have byes), main rounds 1 and 2 drop into
    the consolation; Tardà registered but not there at the draw; S4 has beaten S5."""
    tournament = builders.cup(
        builders.the_season(),
        ["S1", "S2", "S3", "S4", "S5", "S6"],
        name="Copa de Tardor",
        date="2002-10-05",
        seeds=6,
        brackets=ONE_POINT,
        consolation=draw.PROGRESSIVE,
        progressive_rounds=2,
        start=True,
    )
    Entry.objects.create(tournament=tournament, player=Player.objects.create(name="Tardà"))
    builders.win(tournament.matches.get(bracket__kind=draw.MAIN, round=1, position=2), 0)
    return tournament


def put_in_the_bye(page, live_server, tournament) -> tuple[str, str]:
    """The director takes "Arrived: into a bye" beside Tardà, reads the bye's option and
    puts them in: (the option's text, the desk's messages after)."""
    page.goto(live_server.url + reverse("director-tournament", args=[tournament.pk]))
    page.get_by_role("link", name="Arrived: into a bye Tardà").click()
    form = page.locator("#late-entry")
    choice = form.get_by_label("Into the bye of")
    bye = tournament.matches.get(bracket__kind=draw.MAIN, round=1, position=1)
    choice.select_option(str(bye.pk))
    option = choice.locator(f'option[value="{bye.pk}"]').inner_text()
    form.get_by_role("button", name="Put them in").click()
    page.wait_for_load_state()
    return option, page.locator("main").inner_text()


def test_a_late_players_first_round_loss_drops_them_into_the_consolation(
    live_server, progressive, login, new_page
):
    page = login()
    option, desk = put_in_the_bye(page, live_server, progressive)
    assert option == "Quarter-final 1 (bye of S1)"
    assert "Tardà plays Quarter-final 1." in desk
    bye = progressive.matches.select_related("player1", "player2").get(
        bracket__kind=draw.MAIN, round=1, position=1
    )
    where = record_win(page, live_server, bye, bye.player1)  # S1 beats Tardà
    assert "Tardà plays next: Consolation: Round 1, match 1" in where, where
    assert "out of the tournament" not in where
    public = new_page(live_server.url + progressive.get_absolute_url())
    first = public.locator("#round-consolation-1")
    assert "Tardà" in first.inner_text() and "S5" in first.inner_text()
    public.goto(live_server.url + Player.objects.get(name="Tardà").get_absolute_url())
    assert "Against S5" in public.locator(".next-match").inner_text()


def test_past_the_point_where_the_loser_would_come_in_the_form_says_so(
    live_server, progressive, login
):
    # S3 beats S6, S2 beats S3: S3 drops into consolation round 2 against S5 (a bye in
    # round 1), and that match has begun.
    builders.win(progressive.matches.get(bracket__kind=draw.MAIN, round=1, position=4), 0)
    builders.win(progressive.matches.get(bracket__kind=draw.MAIN, round=2, position=2), 0)
    begun = progressive.matches.get(bracket__kind=draw.CONSOLATION, round=2, player1__name="S5")
    progressive.brackets.filter(kind=draw.CONSOLATION).update(lengths="3")
    Match.objects.filter(pk=begun.pk).update(length=3)
    operations.record_game(Match.objects.get(pk=begun.pk), GameResult(0))
    page = login()
    option, desk = put_in_the_bye(page, live_server, progressive)
    assert option == (
        "Quarter-final 1 (bye of S1): the consolation has gone past it, so its loser is out"
    )
    assert "The consolation has gone past the point where the loser of Quarter-final 1" in desk
    bye = progressive.matches.select_related("player1", "player2").get(
        bracket__kind=draw.MAIN, round=1, position=1
    )
    where = record_win(page, live_server, bye, bye.player1)
    assert "Tardà lost (Quarter-final 1) and is out of the tournament" in where, where
