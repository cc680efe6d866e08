"""In a real browser (Debian's Chromium, driven by Playwright): a player on a phone finds
their next opponent; a director enters a game and the public bracket shows it without
a reload; the language switcher turns the page into Catalan.

`make test` runs these when /usr/bin/chromium is there and skips them, saying why,
when it is not; `.ci/run` installs Chromium and sets REQUIRE_BROWSER=1, which turns that
skip into a failure. Screenshots go to tests/screenshots/ (ignored by git).
"""

import re
from datetime import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext

from conftest import PHONE, SCREENSHOTS, directors_group
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Player, Season, Tournament
from tournament.queries.calls import PAGE

pytestmark = pytest.mark.browser


def test_a_player_on_a_phone_finds_their_next_opponent(live_server, demo_copy, new_page):
    running = Tournament.objects.get(status="running", format="cup")
    match = running.matches.filter(status="ready", bracket__kind="main").first()
    player, opponent = match.player1, match.player2
    page = new_page(viewport=PHONE)
    page.goto(live_server.url + "/")
    page.get_by_role("link", name=running.name).first.click()
    page.get_by_label("Find my name").fill(player.name.split()[0].lower())
    page.get_by_role("button", name="Show my path").click()
    if page.get_by_text("Several players fit").count():
        page.get_by_role("link", name=player.name).click()
    path = page.locator(".path")
    path.get_by_text(f"against {opponent.name}").wait_for()
    assert path.get_by_text(f"against {opponent.name}").is_visible()
    page.screenshot(path=SCREENSHOTS / "phone-find-my-name.png", full_page=True)
    # The player's own page says it too, with the bracket and the length.
    page.goto(live_server.url + player.get_absolute_url())
    next_match = page.locator(".next-match")
    assert opponent.name in next_match.inner_text()
    assert f"to {match.length} points" in next_match.inner_text()
    page.screenshot(path=SCREENSHOTS / "phone-player.png", full_page=True)
    # On the phone the bracket shows one round at a time, with a round switcher,
    # instead of squeezing the rounds (tests/browser/test_browser_bracket.py says more).
    page.goto(live_server.url + running.get_absolute_url())
    assert page.locator("#bracket-main .round-switcher").is_visible()
    assert page.locator("#bracket-main .round").filter(visible=True).count() == 1


def test_a_game_entered_by_a_director_appears_on_the_open_bracket(live_server, demo_copy, new_page):
    running = Tournament.objects.get(status="running", format="cup")
    match = running.matches.filter(status="ready", bracket__kind="main").first()
    # The demo's ready match starts with lateness penalty points: they count.
    start = (match.penalty1, match.penalty2)
    public = new_page()
    public.goto(live_server.url + running.get_absolute_url())
    link = public.locator(f'a.match-link[href="{match.get_absolute_url()}"]')
    card = public.locator(".match-card", has=link)
    assert card.locator(".score").count() == 0  # not started: no score shown

    director = new_page()
    director.goto(live_server.url + "/accounts/login/?next=/director/")
    director.get_by_label("User name").fill("director")
    director.get_by_label("Password").fill("qgammon-demo")
    director.get_by_role("button", name="Log in").click()
    director.wait_for_url(re.compile(r".*/director/$"))
    director.goto(live_server.url + f"/director/tournaments/{running.pk}/matches/{match.pk}/")
    form = director.locator("form.game-form")
    form.get_by_label(match.player2.name).check()
    form.get_by_label("gammon", exact=True).check()
    director.get_by_role("button", name="Record the game").click()
    director.get_by_text("Game 1 recorded.").wait_for()
    director.screenshot(path=SCREENSHOTS / "director-match-sheet.png", full_page=True)
    match.refresh_from_db()
    assert match.score == (start[0], start[1] + 2)

    # No reload: the page asks for its live part again within a few seconds.
    card.locator(".score").first.wait_for(timeout=15000)
    shown = [text.strip() for text in card.locator(".score").all_inner_texts()]
    assert shown == [str(start[0]), str(start[1] + 2)]
    public.screenshot(path=SCREENSHOTS / "bracket-live.png", full_page=True)


def test_switching_to_catalan_translates_the_page(live_server, demo_copy, new_page):
    with translation.override("ca"):
        heading = gettext("Rules in force")
        rule = gettext("A backgammon counts twice the cube, the same as a gammon.")
    assert heading != "Rules in force", "the Catalan catalogue is not compiled"
    page = new_page()
    page.goto(live_server.url + "/seasons/1999/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("heading", name="Rules in force").is_visible()
    page.get_by_label("Language").select_option("ca")
    page.get_by_role("button", name="Go").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "ca"
    assert page.get_by_role("heading", name=heading).is_visible()
    assert rule in page.locator("dl.rules").inner_text()
    assert "Rules in force" not in page.content()
    page.screenshot(path=SCREENSHOTS / "season-catalan.png", full_page=True)
    # The choice sticks for the next page.
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "ca"


def _login(page, live_server):
    page.goto(live_server.url + "/accounts/login/?next=/director/")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("qgammon-demo")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/director/$"))


def test_the_check_in_filter_compares_names_as_the_club_does(
    live_server, transactional_db, tournament, new_page
):
    director = User.objects.create_user("director", password="qgammon-demo")
    director.groups.add(directors_group())
    names = ["Seán O’Brien", "Jean-Luc Martin", "Pere Col·lell", "Núria Ferrer"]
    for name in names:
        operations.add_entry(tournament, Player.objects.create(name=name))
    page = new_page()
    _login(page, live_server)
    page.goto(live_server.url + f"/director/tournaments/{tournament.pk}/")
    rows = page.locator("#entries-table tbody tr:visible")
    for typed, found in [
        ("obrien", "Seán O’Brien"),
        ("O'Brien", "Seán O’Brien"),
        ("jean luc", "Jean-Luc Martin"),
        ("collell", "Pere Col·lell"),
        ("NURIA", "Núria Ferrer"),
    ]:
        page.get_by_label("Filter the players").fill(typed)
        assert rows.count() == 1, typed
        assert rows.first.get_attribute("data-name") == found
    page.get_by_label("Filter the players").fill("")
    assert rows.count() == len(names)


# Among the suite's slowest (12 s in one process on 2 busy cores): the day's whole path
# in Chromium: check-in, the draw, the start, the call screen's live refresh
def test_check_in_draw_and_the_call_screen_follows_without_a_reload(
    live_server, demo_copy, new_page
):
    season = Season.objects.filter(club_id=1).order_by("-start").first()  # Q-gammon's
    tournament = operations.create_tournament(
        {"season": season, "name": "Nit de club", "date": season.tournaments.first().date,
         "tables": "Taula 1, Taula 2, Taula 3, Bar"},
        {"main": "3"},
    )  # fmt: skip
    names = ["Jordi Puig", "Núria Ferrer", "Marc Riera", "Laia Casals", "Oriol Prat", "Pau Camps"]
    for name in names:
        operations.add_entry(tournament, Player.objects.get(name=name))
    calls = new_page(viewport={"width": 1920, "height": 1080})
    calls.goto(live_server.url + f"/tournaments/{tournament.pk}/calls/")
    assert calls.get_by_text("No match waiting to start.").is_visible()

    director = new_page()
    _login(director, live_server)
    director.goto(live_server.url + f"/director/tournaments/{tournament.pk}/")
    director.get_by_text("0 of 6 checked in").wait_for()
    # The filter box narrows the list as the director types.
    director.get_by_label("Filter the players").fill("nuria")
    assert director.locator("#entries-table tbody tr:visible").count() == 1
    director.get_by_label("Filter the players").fill("")
    for name in names[:5]:  # Pau Camps has not come
        director.get_by_role("button", name=f"Check in {name}").click()
        director.wait_for_load_state()
    director.get_by_text("5 of 6 checked in").wait_for()
    director.screenshot(path=SCREENSHOTS / "director-check-in.png", full_page=True)
    director.get_by_role("link", name="Preview the draw").click()
    assert "Pau Camps" in director.locator("p.notice").last.inner_text()  # left out
    director.get_by_role("button", name="Make this draw").click()
    director.get_by_text("Draw made.").wait_for()

    # The call screen shows the first round at its tables, without a reload.
    board = calls.locator("#calls-start").locator("xpath=..")
    board.get_by_text("Taula 1").wait_for(timeout=15000)
    first_round = tournament.matches.filter(round=1, status="ready")
    for match in first_round:
        row = board.locator(".call", has_text=match.table_label)
        assert match.player1.name in row.inner_text() and match.player2.name in row.inner_text()
    calls.screenshot(path=SCREENSHOTS / "call-screen.png")


def test_the_call_screen_shows_16_tables_on_a_tv_a_screen_at_a_time(
    live_server, demo_copy, new_page
):
    """Names read from across the room (test_browser_calls.py) take room: a 1920x1080
    screen holds PAGE matches (to start and under way together) without scrolling, and
    16 tables take two screens, shown in turn (calls.js); each is measured, the one
    that shows matches of both lists included."""
    season = Season.objects.filter(club_id=1).order_by("-start").first()  # Q-gammon's
    tournament = operations.create_tournament(
        {"season": season, "name": "Obert", "date": season.tournaments.first().date,
         "tables": "16"},
        {"main": "5"},
    )  # fmt: skip
    for player in Player.objects.order_by("pk")[:32]:
        operations.add_entry(tournament, player, checked_in=True)
    operations.make_draw(tournament, rng_seed=7)
    operations.start_tournament(tournament)
    page = new_page(viewport={"width": 1920, "height": 1080})
    url = live_server.url + f"/tournaments/{tournament.pk}/calls/"
    # All 16 to start; then 3 under way (the second screen: 5 to start and 3 under way);
    # then 8 under way.
    shown = 0
    for under_way in (0, 3, 8):
        for match in tournament.matches.filter(round=1, status="ready")[: under_way - shown]:
            operations.record_game(match, GameResult(0))
        shown = under_way
        page.goto(url)
        assert page.locator(".calls").get_attribute("data-pages") == "2"
        for screen in ("0", "1"):
            page.evaluate(
                """screen => document.querySelectorAll(".calls-now .call").forEach(
                  call => { call.hidden = call.dataset.page !== screen; })""",
                screen,
            )
            assert page.locator(".calls-now .call:visible").count() == PAGE
            height = page.evaluate("document.documentElement.scrollHeight")
            width = page.evaluate("document.documentElement.scrollWidth")
            page.screenshot(path=SCREENSHOTS / f"call-screen-16-tables-{under_way}-{screen}.png")
            assert height <= 1080 and width <= 1920, (under_way, screen, width, height)


def test_the_live_refresh_sends_its_etag_rests_while_hidden_and_backs_off(
    live_server, transactional_db, new_page
):
    season = operations.create_season(2031, "qgammon-2002", "Temporada 2031")
    cup = operations.create_tournament(
        {"season": season, "name": "Copa viva", "date": "2031-03-01"}, {"main": "3"}
    )
    for number in range(4):
        player = operations.create_player({"name": f"Viva {number}"})
        operations.add_entry(cup, player, checked_in=True)
    operations.make_draw(cup, rng_seed=1)
    operations.start_tournament(cup)
    match = cup.matches.ready().order_by("pk").first()

    page = new_page()
    # The page's clock stands still: its timers fire when the test moves it on.
    page.clock.install(time=datetime(2031, 3, 1, 10))
    page.clock.pause_at(datetime(2031, 3, 1, 10, 0, 1))
    answers = []  # (status, the ETag the page sent) of each ask for the live part
    page.on(
        "response",
        lambda r: (
            "partial=" in r.url
            and answers.append((r.status, r.request.headers.get("if-none-match")))
        ),
    )
    page.goto(live_server.url + cup.get_absolute_url())
    # The asks the page has made (their details); and how many it has started, counted
    # at its fetches for the live part (one per part on the page in each ask).
    page.evaluate(
        """() => {
          window.asked = [];
          document.addEventListener("live:asked", event => asked.push(event.detail));
          window.parts = document.querySelectorAll("[data-live]").length;
          window.fetched = 0;
          const fetch = window.fetch;
          window.fetch = (url, options) => {
            if (String(url).includes("partial=")) fetched += 1;
            return fetch(url, options);
          };
        }"""
    )

    def asks_after(milliseconds):
        """Move the page's clock on; then the asks made so far (their details), once
        each ask started has been answered. The page's timers fire while its clock
        moves, and an ask starts its fetches at once: one not started by then is not
        coming."""
        page.clock.run_for(milliseconds)
        page.wait_for_function("() => asked.length * parts === fetched", polling=50)
        return page.evaluate("asked")

    assert asks_after(4000) == []
    first = asks_after(1000)
    assert first == [{"answered": True, "next": 5000}]
    assert answers[0][0] == 200 and answers[0][1] is None
    asks_after(5000)
    assert answers[1][0] == 304 and answers[1][1]  # the ETag it was given, sent back

    operations.record_game(match, GameResult(0, "gammon"))
    asks_after(5000)
    assert answers[2][0] == 200
    link = page.locator(f'a.match-link[href="{match.get_absolute_url()}"]')
    card = page.locator(".match-card", has=link)
    assert [t.strip() for t in card.locator(".score").all_inner_texts()] == ["2", "0"]

    # A hidden tab does not ask; shown again, it asks at once.
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert len(asks_after(60000)) == 3
    page.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert len(asks_after(1)) == 4

    # The network fails: 10 s, then 20 s between asks; once it answers, 5 s again.
    page.route("**/*partial=*", lambda route: route.abort())
    assert asks_after(5000)[-1] == {"answered": False, "next": 10000}
    assert len(asks_after(9000)) == 5
    assert asks_after(1000)[-1] == {"answered": False, "next": 20000}
    page.unroute("**/*partial=*")
    assert len(asks_after(19000)) == 6
    assert asks_after(1000)[-1] == {"answered": True, "next": 5000}
    assert answers[-1][0] == 304  # nothing changed while it was away
