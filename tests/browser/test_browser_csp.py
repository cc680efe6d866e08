"""The Content Security Policy in a real browser: every kind of page (public, the
director's, the admin) opens in Chromium without one violation, and what runs on them
still runs under the policy: the live refresh, the print buttons, the admin's widgets.

A violation is caught twice: by the page's own `securitypolicyviolation` events
(recorded by a script Playwright adds before any of the page's) and by Chromium's
console message. A page answered without the header fails too: no policy, no
violation, and the test would prove nothing.

Chromium, Playwright and the skip/require rule (REQUIRE_BROWSER=1) come from
tests/conftest.py.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from analyses import result
from django.contrib.auth.models import User
from django.core.cache import cache
from django.urls import reverse

from conftest import SCREENSHOTS, directors_group
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, RatingChange, Season, Tournament
from tournament.operations import analysis
from tournament.operations.links import link_for, token_of
from tournament.operations.reports import report_game

pytestmark = pytest.mark.browser

LIVE = 15000  # the live refresh asks every 5 s: three chances
MAT = Path(__file__).resolve().parents[1] / "data" / "mat" / "gnubg_3pt.mat"

# Added to every document before its own scripts: records each violation the page
# reports, and stands in for the print dialog (which would block a headless page).
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (event) {
  var where = event.target && event.target.outerHTML
    ? " in " + event.target.outerHTML.slice(0, 120) : "";
  window.__csp.push(event.violatedDirective + " " + (event.blockedURI || "?") +
    " at " + event.sourceFile + ":" + event.lineNumber + where);
});
window.__printed = 0;
window.print = function () { window.__printed += 1; };
"""


@dataclass
class Watched:
    """A browser tab that remembers every violation, console complaint and script error
    of every page it opened, with the page it happened on."""

    page: object
    problems: list[str] = field(default_factory=list)
    visited: int = 0

    def visit(self, url: str, *, status: int = 200):
        response = self.page.goto(url)
        assert response is not None and response.status == status, (url, response.status)
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy, f"{url} came without the policy: {policy!r}"
        self.page.wait_for_load_state("load")
        self.settle()
        self.visited += 1
        return response

    def settle(self) -> None:
        """Collects what the current page reported. The events are dispatched as tasks
        queued after the offending element: a task queued now (a timer of no delay) runs
        after them. Chromium's console message comes at once, before this answers."""
        self.page.evaluate("() => new Promise(resolve => setTimeout(resolve))")
        url = self.page.url
        for violation in self.page.evaluate("window.__csp || []"):
            self.problems.append(f"{url}: {violation}")
        self.page.evaluate("window.__csp = []")


@pytest.fixture
def demo(demo_copy):
    cache.clear()  # the player links' rate limit
    yield
    cache.clear()


@pytest.fixture
def tab(chromium):
    """Opens watched pages, each in its own context (its own cookies)."""
    contexts = []

    def open_tab(viewport=None, **options) -> Watched:
        context = chromium.new_context(
            viewport=viewport or {"width": 1280, "height": 900},
            locale="en",
            extra_http_headers={"Accept-Language": "en"},
            **options,
        )
        contexts.append(context)
        context.add_init_script(WATCH)
        page = context.new_page()
        page.set_default_timeout(15000)
        watched = Watched(page)
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text
                and watched.problems.append(f"{page.url}: console: {message.text}")
            ),
        )
        page.on("pageerror", lambda error: watched.problems.append(f"{page.url}: {error}"))
        return watched

    yield open_tab
    for context in contexts:
        context.close()


DEMO_DIRECTOR = ("director", "qgammon-demo")  # the demo's published login (README)


def log_in(watched: Watched, live_server, username: str, password: str) -> None:
    watched.visit(live_server.url + "/accounts/login/?next=/director/")
    page = watched.page
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/director/$"))
    watched.settle()


def no_problems(watched: Watched) -> str:
    return f"{len(watched.problems)} problems:\n" + "\n".join(watched.problems)


def a_waiting_report() -> tuple[Match, Player]:
    """A game reported on the running cup's first ready match: its second player's page
    shows the confirm and dispute forms, the director's queue shows the report."""
    running = Tournament.objects.get(status="running", format="cup")
    match = running.matches.filter(status="ready", bracket__kind="main").first()
    report_game(match, match.player1, GameResult(0, kind="gammon"))
    return match, match.player2


def a_draft_with_entries() -> Tournament:
    season = Season.objects.filter(club_id=1).order_by("-start").first()  # Q-gammon's
    tournament = operations.create_tournament(
        {"season": season, "name": "Nit de club", "date": season.tournaments.first().date,
         "tables": "Taula 1, Taula 2"},
        {"main": "3"},
    )  # fmt: skip
    for player in Player.objects.order_by("pk")[:6]:
        operations.add_entry(tournament, player, checked_in=True)
    return tournament


CANARY = """<!DOCTYPE html>
<html lang="en"><head><title>Canary</title><style>p { color: red; }</style></head>
<body><p style="color: blue">An inline style.</p>
<script>window.__ran = true;</script>
<button type="button" onclick="window.__clicked = true">Click</button></body></html>"""


def test_the_watch_sees_a_violation(tab, live_server, transactional_db):
    """The check can fail: a page under the site's own policy with a <style> element, a
    style attribute, an inline script and an onclick handler has each refused and
    reported, by the page's events and on the console; so has a style attribute and an
    inline script that a script adds later (as live.js puts HTML in place)."""
    # Without the site's service worker: the canary page below is the test's own, given
    # by a route, which sees the page's requests and not what a service worker fetches.
    watched = tab(service_workers="block")
    policy = watched.visit(live_server.url + "/").headers["content-security-policy"]
    assert watched.problems == [], no_problems(watched)
    canary = live_server.url + "/canary/"
    watched.page.route(
        canary,
        lambda route: route.fulfill(
            status=200,
            headers={"Content-Type": "text/html", "Content-Security-Policy": policy},
            body=CANARY,
        ),
    )
    watched.page.goto(canary)
    watched.page.get_by_role("button", name="Click").click()
    watched.page.evaluate(
        """() => {
          document.body.setAttribute("style", "background: red");
          var script = document.createElement("script");
          script.textContent = "window.__added = true";
          document.body.appendChild(script);
        }"""
    )
    watched.settle()
    assert watched.page.evaluate("[window.__ran, window.__clicked, window.__added]") == [
        None,
        None,
        None,
    ]  # no inline script ran
    problems = "\n".join(watched.problems)
    for directive in ("style-src-elem", "style-src-attr", "script-src-elem", "script-src-attr"):
        assert f"{canary}: {directive} inline" in problems, problems
    assert f"{canary}: console: " in problems, problems


def test_every_public_page_keeps_the_policy(tab, live_server, demo):
    running = Tournament.objects.get(status="running", format="cup")
    finished = Tournament.objects.filter(status="finished", season__club_id=1).first()
    season = running.season
    played = Match.objects.filter(games__isnull=False).distinct().first()
    # Analysed: its page draws a board (SVG) beside each biggest error.
    analysis.store(played, result(ids=("b9sBQEC3thkIAA", "QYmlACAAEAAE")))
    rated = RatingChange.objects.order_by("pk").first().player
    match, reader = a_waiting_report()
    watched = tab()
    for path in (
        "/",
        season.get_absolute_url(),
        reverse("standings", args=[season.year]),
        running.get_absolute_url(),
        reverse("results", args=[finished.pk]),
        reverse("calls", args=[running.pk]),
        played.get_absolute_url(),
        rated.get_absolute_url(),  # with the rating chart (SVG)
        reverse("ratings"),
        reverse("login"),
    ):
        watched.visit(live_server.url + path)
    # The player's private page, with the forms to confirm or dispute a reported game.
    watched.visit(live_server.url + reverse("player-page", args=[token_of(link_for(reader))]))
    card = watched.page.locator(f"#match-{match.pk}")
    assert card.get_by_role("button", name="Confirm: that is right").is_visible()
    watched.visit(live_server.url + "/no-such-page/", status=404)
    assert watched.problems == [], no_problems(watched)


# Among the suite's slowest (11 s in one process on 2 busy cores): every director page of the
# demo opened in Chromium and watched for a violation
def test_every_director_page_keeps_the_policy(tab, live_server, demo):
    running = Tournament.objects.get(status="running", format="cup")
    draft = a_draft_with_entries()
    ready = running.matches.filter(status="ready", bracket__kind="main").first()
    finished = running.matches.filter(status="decided", games__isnull=False).first()
    a_waiting_report()
    watched = tab()
    log_in(watched, live_server, *DEMO_DIRECTOR)
    for path in (
        reverse("director-desk"),
        reverse("director-tournament", args=[running.pk]),
        reverse("director-tournament", args=[draft.pk]),
        reverse("director-draw", args=[draft.pk]),  # a preview
        reverse("director-draw", args=[running.pk]),  # the draw that was made
        reverse("director-fees", args=[running.pk]),
        reverse("director-slips", args=[running.pk]),  # QR codes (SVG)
        reverse("director-match", args=[running.pk, ready.pk]),
        reverse("director-match", args=[running.pk, finished.pk]),
        reverse("director-history", args=[running.pk, finished.pk]),
        reverse("director-score-sheet", args=[running.pk, ready.pk]),
        reverse("director-reports"),
        reverse("director-player", args=[ready.player1.pk]),
        reverse("director-season-new"),
        reverse("director-season", args=[running.season.year]),
        reverse("director-tournament-new"),
        reverse("director-tournament-edit", args=[running.pk]),
    ):
        watched.visit(live_server.url + path)
    page = watched.page
    # The pages a post answers with: the sheet with its message after a game ...
    page.goto(live_server.url + reverse("director-match", args=[running.pk, ready.pk]))
    form = page.locator("form.game-form")
    form.get_by_label(ready.player2.name).check()
    form.get_by_label("gammon", exact=True).check()
    page.get_by_role("button", name="Record the game").click()
    page.get_by_text("Game 1 recorded.").wait_for()
    watched.settle()
    # ... the question before an undo re-opens later matches (director/confirm.html) ...
    later = running.matches.filter(
        status__in=["live", "decided"], source1_match__decided_by="games"
    ).first()
    page.goto(
        live_server.url + reverse("director-match", args=[running.pk, later.source1_match_id])
    )
    page.get_by_role("button", name=re.compile(r"^Undo game")).click()
    page.get_by_role("heading", name="Confirm the correction").wait_for()
    watched.settle()
    # ... and "who is who?" before a .mat file with other names is imported.
    stranger = Match.objects.create(
        tournament=running, player1=Player.objects.get(name="Pere Soler"),
        player2=Player.objects.get(name="Núria Ferrer"), length=3, status="ready",
    )  # fmt: skip
    page.goto(live_server.url + reverse("director-match", args=[running.pk, stranger.pk]))
    page.locator("#id_mat_file").set_input_files(MAT)
    page.get_by_role("button", name="Import", exact=True).click()
    page.get_by_role("heading", name="Who is who?").wait_for()
    watched.settle()
    assert watched.problems == [], no_problems(watched)


def test_the_print_buttons_print_under_the_policy(tab, live_server, demo):
    running = Tournament.objects.get(status="running", format="cup")
    ready = running.matches.filter(status="ready", bracket__kind="main").first()
    watched = tab()
    log_in(watched, live_server, *DEMO_DIRECTOR)
    for path in (
        reverse("director-score-sheet", args=[running.pk, ready.pk]),
        reverse("director-slips", args=[running.pk]),
    ):
        watched.visit(live_server.url + path)
        watched.page.get_by_role("button", name="Print").click()
        assert watched.page.evaluate("window.__printed") == 1, path
    assert watched.problems == [], no_problems(watched)


# Among the suite's slowest (9 s in one process on 2 busy cores): waits for the live
# refresh's own poll under the policy
def test_the_live_refresh_runs_under_the_policy(tab, live_server, demo):
    """The bracket and a match page follow a recorded game without a reload: live.js
    fetches from the site itself (connect-src) and puts the answer in place, and the
    parts it puts in place break the policy no more than the page did."""
    running = Tournament.objects.get(status="running", format="cup")
    match = running.matches.filter(status="ready", bracket__kind="main").first()
    start = (match.score1, match.score2)
    bracket, sheet = tab(), tab()
    bracket.visit(live_server.url + running.get_absolute_url())
    sheet.visit(live_server.url + match.get_absolute_url())
    link = bracket.page.locator(f'a.match-link[href="{match.get_absolute_url()}"]')
    card = bracket.page.locator(".match-card", has=link)
    assert card.locator(".score").count() == 0  # not started: no score shown

    operations.record_game(match, GameResult(1, kind="gammon"))

    card.locator(".score").first.wait_for(timeout=LIVE)
    shown = [text.strip() for text in card.locator(".score").all_inner_texts()]
    assert shown == [str(start[0]), str(start[1] + 2)]
    sheet.page.locator("table.games tbody tr:not(.penalty)").first.wait_for(timeout=LIVE)
    bracket.page.screenshot(path=SCREENSHOTS / "csp-bracket-live.png", full_page=True)
    for watched in (bracket, sheet):
        watched.settle()
        assert watched.problems == [], no_problems(watched)


# Among the suite's slowest (27 s in one process on 2 busy cores): every admin screen opened and
# saved in Chromium, each watched for a policy violation
def test_the_admin_works_under_the_policy(tab, live_server, demo):
    User.objects.create_superuser("chair", password="chair-pass-1234")
    running = Tournament.objects.get(status="running", format="cup")
    draft = a_draft_with_entries()  # its entries may still change: the inline is open
    played = running.matches.filter(games__isnull=False).first()
    player = Player.objects.order_by("pk").first()
    newcomer = Player.objects.create(name="Quim Nou")  # no results: may be deleted
    watched = tab()
    watched.visit(live_server.url + reverse("admin:login"))
    log_in(watched, live_server, "chair", "chair-pass-1234")
    director = User.objects.get(username="director")
    for path in (
        reverse("admin:index"),
        reverse("admin:tournament_tournament_changelist"),
        reverse("admin:tournament_tournament_change", args=[running.pk]),  # entries inline
        reverse("admin:tournament_tournament_change", args=[draft.pk]),
        reverse("admin:tournament_match_changelist"),
        reverse("admin:tournament_match_change", args=[played.pk]),  # games inline
        reverse("admin:tournament_player_changelist"),
        reverse("admin:tournament_player_change", args=[player.pk]),
        reverse("admin:tournament_player_add"),
        reverse("admin:tournament_season_changelist"),
        reverse("admin:tournament_game_changelist"),  # read only: no actions
        reverse("admin:tournament_auditentry_changelist"),  # date hierarchy
        reverse("admin:tournament_player_history", args=[player.pk]),
        reverse("admin:tournament_player_delete", args=[newcomer.pk]),
        reverse("admin:tournament_match_changelist") + "?_popup=1&_to_field=id",  # raw id
        reverse("admin:auth_user_change", args=[director.pk]),
        reverse("admin:auth_user_password_change", args=[director.pk]),
        reverse("admin:auth_group_change", args=[directors_group().pk]),  # two-box picker
        reverse("admin:axes_accessattempt_changelist"),  # where a superuser unlocks a login
    ):
        watched.visit(live_server.url + path)
    page = watched.page

    # The admin's scripts still run: the entries inline adds a row, the player
    # autocomplete (select2) finds a player, the date's calendar opens, the two-box
    # picker filters.
    page.goto(live_server.url + reverse("admin:tournament_tournament_change", args=[draft.pk]))
    rows = page.locator("#entries-group tr.form-row:not(.empty-form)")
    before = rows.count()
    page.locator("#entries-group .add-row a").click()
    assert rows.count() == before + 1
    page.locator("#entries-group tr.form-row.dynamic-entries").last.locator(
        ".select2-selection"
    ).click()
    page.locator(".select2-search__field").fill(player.name.split()[0])
    page.locator(".select2-results__option", has_text=player.name).first.wait_for()
    page.keyboard.press("Escape")
    page.screenshot(path=SCREENSHOTS / "csp-admin-tournament.png", full_page=True)
    watched.settle()

    page.goto(live_server.url + reverse("admin:auth_user_change", args=[director.pk]))
    page.locator("#calendarlink0").click()  # the date joined
    assert page.locator("#calendarbox0").is_visible()
    page.locator("#clocklink0").click()
    assert page.locator("#clockbox0").is_visible()
    watched.settle()

    page.goto(live_server.url + reverse("admin:auth_group_change", args=[directors_group().pk]))
    page.locator("#id_permissions_input").fill("season")
    assert page.locator("#id_permissions_from option:visible").count() > 0
    watched.settle()
    assert watched.visited >= 19
    assert watched.problems == [], no_problems(watched)
