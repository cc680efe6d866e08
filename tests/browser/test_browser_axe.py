"""Accessibility, WCAG 2.2 AA, as axe-core sees it in Chromium: every kind of page
(public, the call screen, the player's private page, the login, the error pages and the
director's pages, and forms sent back with errors), in Catalan, on a phone (390x844)
and on a desktop (1366x900), with no serious or critical violation of WCAG 2.0-2.2 A
and AA; the page's outline (headings in order, landmarks named and not repeated) from
axe's best practices; a refused field pointing at its error; and every page, the
director's included, no wider than the window (Reflow), its header's links all in
sight.

axe-core comes from the npm registry (package.json, pinned by package-lock.json; `make
test` installs it); tests/conftest.py skips these tests when it or Chromium is missing,
or fails them with REQUIRE_BROWSER=1. axe is put into each page by page.evaluate(): the
DevTools protocol runs it whatever the site's Content Security Policy says (no
bypass_csp context, no <script> tag the policy would refuse), so the pages are checked
exactly as served, under their real policy.

The demo club is loaded once for the module (`demo_server` in conftest.py), not once per
test; the tests themselves use no database: they open the addresses `site` worked out,
one browser context per viewport.
"""

import json
import re
from dataclasses import dataclass, field

import pytest
from analyses import result
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from skill_builders import store as analyse

from conftest import PHONE
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, RatingChange, Season, Tournament
from tournament.operations import analysis
from tournament.operations.links import link_for, token_of
from tournament.operations.reports import report_game

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 900}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
LANGUAGE = "ca"
# WCAG 2.0, 2.1 and 2.2, levels A and AA: what the issue asks for.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
FAILING = {"serious", "critical"}
# And, from axe's best practices, the page's outline (the issue: "landmarks and headings
# in order"), failing at any impact.
STRUCTURE = {
    "heading-order",
    "page-has-heading-one",
    "landmark-one-main",
    "landmark-unique",
    "landmark-no-duplicate-banner",
    "landmark-no-duplicate-contentinfo",
    "landmark-no-duplicate-main",
    "landmark-banner-is-top-level",
    "landmark-contentinfo-is-top-level",
    "landmark-main-is-top-level",
    "landmark-complementary-is-top-level",
    "region",
}
DEMO_DIRECTOR = ("director", "qgammon-demo")  # the demo's published login (README)

# What every page kind is, in the order the tests visit them: a visitor first, then the
# login page, then the director's pages (logged in once per viewport).
PUBLIC = [
    "home",
    "season",
    "standings",
    "cup",
    "swiss",
    "round-robin",
    "results",
    "match-ready",
    "match-live",
    "match-decided",
    "match-analysed",
    "match-bye",
    "player",
    "player-skill",
    "season-skill",
    "ratings",
    "calls",
    "player-page",
    "player-transcript",
    "login",
    "not-found",
    "bad-request",
    "server-error",
    "refused-write",
]
# The error pages answer with their own status.
STATUS = {"not-found": 404, "bad-request": 400}
# No fault can be caused on the live server on demand: these are rendered as
# web.errors renders them and put in place of one of the site's pages (their
# stylesheet and scripts load from it).
RENDERED = {"server-error": "500.html", "refused-write": "503.html"}
DIRECTOR = [
    "desk",
    "tournament-desk",
    "tournament-desk-draft",
    "tournament-desk-swiss",
    "tournament-desk-round-robin",
    "draw-preview",
    "draw-made",
    "fees",
    "slips",
    "match-sheet-ready",
    "match-sheet-live",
    "match-sheet-decided",
    "match-sheet-refused",
    "correction-confirm",
    "retirement-question",
    "history",
    "score-sheet",
    "reports",
    "player-desk",
    "season-new",
    "season-edit",
    "tournament-new",
    "tournament-new-refused",
    "tournament-edit",
    "members-import",
    "members-preview",
]
# The pages a director's post answers with: (the page the form is on, what is done).
SUBMITTED = {
    # A form sent back with the server's errors: a field emptied, the browser's own
    # check of required fields turned off.
    "match-sheet-refused": ("match-sheet-ready", "refuse:form.game-form:input[name=winner]"),
    "tournament-new-refused": ("tournament-new", "refuse:main form.stacked:#id_name"),
    # The question before an undo re-opens the matches that followed (confirm.html).
    "correction-confirm": ("match-sheet-feeding", "click:form[action$='/undo/'] button"),
    # The question before a retirement is recorded (ask_first.html).
    "retirement-question": ("match-sheet-live", "choose:form[action$='/retire/']"),
    # The member spreadsheet read back: new, already here, refused (the name too long).
    "members-preview": ("members-import", "upload:#id_file"),
}
MEMBERS = ("Nom\nQuim Nou\nAnna Bosch\n" + "Llarg " * 40 + "\n").encode()


def _draft_with_entries(season: Season) -> Tournament:
    tournament = operations.create_tournament(
        {"season": season, "name": "Nit de club", "date": season.tournaments.first().date,
         "tables": "Taula 1, Taula 2"},
        {"main": "3"},
    )  # fmt: skip
    # Half of them checked in: the desk shows both buttons, "check in" and "undo".
    for number, player in enumerate(Player.objects.order_by("pk")[:6]):
        operations.add_entry(tournament, player, checked_in=number % 2 == 0)
    return tournament


def _addresses() -> dict[str, str]:
    """Each page kind's path, on the demo club plus a draft and a reported game."""
    cup = Tournament.objects.get(status="running", format="cup")
    season = cup.season
    swiss = Tournament.objects.get(format="swiss")
    round_robin = Tournament.objects.get(format="round_robin")
    finished = Tournament.objects.filter(status="finished", format="cup").first()
    matches = cup.matches.filter(bracket__kind="main")
    ready = matches.filter(status="ready").first()
    live = Match.objects.filter(status="live", games__isnull=False).first()
    decided = matches.filter(status="decided", games__isnull=False).first()
    bye = Match.objects.filter(status="bye").first()
    # GNU Backgammon's figures and a drawn board beside each biggest error (gnubg's own
    # position: a checker on the bar, the cube owned, the dice rolled).
    analysed = matches.filter(status="decided").exclude(pk=decided.pk).first()
    analysis.store(analysed, result(names=("", ""), ids=("b9sBQEC3thkIAA", "QYmlACAAEAAE")))
    # A game reported on the ready match: its other player's page has the forms to
    # confirm or dispute it, and the director's queue lists it.
    report_game(ready, ready.player1, GameResult(0, kind="gammon"))
    draft = _draft_with_entries(season)
    rated = RatingChange.objects.order_by("pk").first().player
    # A match whose winner already plays on: undoing its last game asks first.
    feeding = (
        cup.matches.filter(status__in=["live", "decided"], source1_match__decided_by="games")
        .first()
        .source1_match
    )
    # Three analysed matches of the season (enough decisions for its PR table): the
    # player's Skill section with its chart, and the season's table.
    in_season = list(
        Match.objects.filter(tournament__season=season, tournament__public=True, status="decided")
        .exclude(pk__in=[decided.pk, analysed.pk])
        .filter(player1__isnull=False, player2__isnull=False)
        .order_by("pk")[:3]
    )
    for number, match in enumerate(in_season):
        analyse(match, (3.0 + number, 7.5), decisions=(210, 210))
    sheet = ("director-match", "director-history", "director-score-sheet")
    return {
        "home": reverse("home"),
        "season": season.get_absolute_url(),
        "standings": reverse("standings", args=[season.year]),
        "cup": cup.get_absolute_url(),
        "swiss": swiss.get_absolute_url(),
        "round-robin": round_robin.get_absolute_url(),
        "results": reverse("results", args=[finished.pk]),
        "match-ready": ready.get_absolute_url(),
        "match-live": live.get_absolute_url(),
        "match-decided": decided.get_absolute_url(),
        "match-analysed": analysed.get_absolute_url(),
        "match-bye": bye.get_absolute_url(),
        "player": rated.get_absolute_url(),
        "player-skill": in_season[0].player1.get_absolute_url(),
        "season-skill": reverse("season-skill", args=[season.year]),
        "ratings": reverse("ratings"),
        "calls": reverse("calls", args=[cup.pk]),
        "player-page": reverse("player-page", args=[token_of(link_for(ready.player2))]),
        "player-transcript": reverse(
            "player-transcript", args=[token_of(link_for(decided.player1)), decided.pk]
        ),
        "login": reverse("login"),
        "not-found": "/no-such-page/",
        # More fields than a request may carry (DATA_UPLOAD_MAX_NUMBER_FIELDS): a 400.
        "bad-request": reverse("home") + "?" + "&".join(f"n{n}=1" for n in range(2001)),
        "desk": reverse("director-desk"),
        "tournament-desk": reverse("director-tournament", args=[cup.pk]),
        "tournament-desk-draft": reverse("director-tournament", args=[draft.pk]),
        "tournament-desk-swiss": reverse("director-tournament", args=[swiss.pk]),
        "tournament-desk-round-robin": reverse("director-tournament", args=[round_robin.pk]),
        "draw-preview": reverse("director-draw", args=[draft.pk]),
        "draw-made": reverse("director-draw", args=[cup.pk]),
        "fees": reverse("director-fees", args=[cup.pk]),
        "slips": reverse("director-slips", args=[cup.pk]),
        "match-sheet-ready": reverse(sheet[0], args=[cup.pk, ready.pk]),
        "match-sheet-live": reverse(sheet[0], args=[live.tournament_id, live.pk]),
        "match-sheet-decided": reverse(sheet[0], args=[cup.pk, decided.pk]),
        "match-sheet-feeding": reverse(sheet[0], args=[cup.pk, feeding.pk]),
        "history": reverse(sheet[1], args=[cup.pk, decided.pk]),
        "score-sheet": reverse(sheet[2], args=[cup.pk, ready.pk]),
        "reports": reverse("director-reports"),
        "player-desk": reverse("director-player", args=[ready.player1.pk]),
        "season-new": reverse("director-season-new"),
        "season-edit": reverse("director-season", args=[season.year]),
        "tournament-new": reverse("director-tournament-new"),
        "tournament-edit": reverse("director-tournament-edit", args=[cup.pk]),
        "members-import": reverse("director-members-import"),
    }


@pytest.fixture
def db():
    """Shadows pytest-django's `db` in this module (see `demo_server` in conftest.py):
    the tests read nothing themselves, and a write transaction held open through each
    test would make the live server's own writes wait."""


@pytest.fixture(scope="module")
def site(demo_server, django_db_blocker):
    """Each page kind's address on the demo club's live server."""
    with django_db_blocker.unblock():
        addresses = {kind: demo_server.url + path for kind, path in _addresses().items()}
    with translation.override(LANGUAGE):
        rendered = {kind: render_to_string(name) for kind, name in RENDERED.items()}
    return {**addresses, **rendered}


@dataclass
class Tab:
    """One browser context for a viewport, in Catalan; logs the director in (once) when
    a director's page is asked for, and out again for a public one. Remembers axe's
    findings on each page kind, for the second look at the same page."""

    page: object
    site: dict
    axe_source: str
    director: bool = False
    found: dict = field(default_factory=dict)

    def open(self, kind: str) -> None:
        wanted = kind in DIRECTOR
        if wanted != self.director:
            self.page.context.clear_cookies()
            self.director = False
            if wanted:
                self._log_in()
        if kind in SUBMITTED:
            start, action = SUBMITTED[kind]
            self._goto(start)
            with self.page.expect_navigation():
                self._do(action)
        elif kind in RENDERED:
            self._goto("home")
            self.page.set_content(self.site[kind])
        else:
            self._goto(kind)
        self.page.wait_for_load_state("load")

    def _goto(self, kind: str) -> None:
        response = self.page.goto(self.site[kind])
        expected = STATUS.get(kind, 200)
        assert response is not None and response.status == expected, (kind, response.status)

    def _do(self, action: str) -> None:
        what, _, where = action.partition(":")
        if what == "click":
            self.page.locator(where).first.click()
        elif what == "choose":  # the form's first choice, then its button
            form = self.page.locator(where).first
            form.locator("input[type=radio]").first.check()
            form.locator("button[type=submit]").first.click()
        elif what == "upload":
            self.page.locator(where).set_input_files(
                {"name": "socis.csv", "mimeType": "text/csv", "buffer": MEMBERS}
            )
            self.page.locator(where).locator("xpath=ancestor::form").locator(
                "button[type=submit]"
            ).first.click()
        else:  # refuse:<form>:<fields>
            form, fields = where.split(":")
            self.page.evaluate(
                """([form, fields]) => {
                  document.querySelector(form).noValidate = true;
                  document.querySelectorAll(fields).forEach(input => {
                    if (input.type === "radio" || input.type === "checkbox") input.checked = false;
                    else input.value = "";
                  });
                }""",
                [form, fields],
            )
            self.page.locator(form).locator("button[type=submit]").first.click()

    def _log_in(self) -> None:
        self._goto("login")
        self.page.locator("#id_username").fill(DEMO_DIRECTOR[0])
        self.page.locator("#id_password").fill(DEMO_DIRECTOR[1])
        self.page.locator("main form button[type=submit]").click()
        self.page.wait_for_url(re.compile(r".*/director/$"))
        self.director = True

    def axe(self, kind: str) -> list[dict]:
        """axe's violations on the page kind (opened now unless already looked at)."""
        if kind not in self.found:
            self.open(kind)
            if not self.page.evaluate("typeof window.axe !== 'undefined'"):
                self.page.evaluate(self.axe_source)
            # What a <details> holds (a dispute form, the rows of a spreadsheet) is
            # checked too: axe looks only at what is shown.
            self.page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            results = self.page.evaluate(
                """tags => axe.run(document, {
                  runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]
                })""",
                [*TAGS, "best-practice"],
            )
            self.found[kind] = results["violations"]
        return self.found[kind]


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def tab(request, chromium, axe_source, site):
    context = chromium.new_context(
        viewport=VIEWPORTS[request.param],
        locale=LANGUAGE,
        extra_http_headers={"Accept-Language": LANGUAGE},
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    yield Tab(page, site, axe_source)
    context.close()


def report(found: list[dict]) -> str:
    """Each violation's rule, impact and help, the elements (axe's targets) and why."""
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(f"    {json.dumps(node['target'])}: {node['failureSummary']}")
        if len(violation["nodes"]) > 8:
            lines.append(f"    ... and {len(violation['nodes']) - 8} more")
        lines.append(f"    {violation['helpUrl']}")
    return "\n".join(lines)


@pytest.mark.parametrize("kind", PUBLIC + DIRECTOR)
def test_no_serious_violation_of_wcag_22_aa(db, tab, kind):
    found = [
        violation
        for violation in tab.axe(kind)
        if violation["impact"] in FAILING and set(violation["tags"]) & set(TAGS)
    ]
    assert not found, f"{kind} ({tab.page.url}):\n{report(found)}"


@pytest.mark.parametrize("kind", PUBLIC + DIRECTOR)
def test_headings_in_order_and_landmarks_named(db, tab, kind):
    """axe's best-practice rules on the page's outline, whatever their impact: headings
    that go down one level at a time, one main, every part of the page inside a
    landmark, no two landmarks of the same kind and name."""
    found = [violation for violation in tab.axe(kind) if violation["id"] in STRUCTURE]
    assert not found, f"{kind} ({tab.page.url}):\n{report(found)}"


@pytest.mark.parametrize("kind", ["tournament-new-refused", "match-sheet-refused"])
def test_a_refused_form_ties_each_error_to_its_field(db, tab, kind):
    """Each field the server refused says so (aria-invalid) and points at its message
    (aria-describedby, or its group's for radio buttons), which is on the page."""
    tab.open(kind)
    invalid = tab.page.locator('[aria-invalid="true"]')
    assert invalid.count() > 0, f"{kind}: no field is marked invalid"
    for field_ in invalid.all():
        described = field_.evaluate(
            """input => {
              const holder = input.closest("fieldset[aria-describedby]") || input;
              return (holder.getAttribute("aria-describedby") || "").split(/\\s+/)
                .map(id => document.getElementById(id))
                .filter(element => element && element.classList.contains("errorlist"))
                .map(element => element.innerText.trim());
            }"""
        )
        assert described and all(described), (
            f"{kind}: {field_.evaluate('e => e.outerHTML')} names no error message"
        )


# WCAG 2.1's Reflow (1.4.10): nothing wider than the window, at 390 px as at 1366. Each
# finding names what sticks out: the document or the body wider than the window, an
# element of the page reaching past its right edge (the outermost ones), a link or
# button of the header cut off (past the edge, or its text clipped inside its box).
SIDEWAYS = """() => {
  const width = window.innerWidth;
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > width) found.push(`the document is ${root.scrollWidth} px wide`);
  const body = document.body.scrollWidth;
  if (body > width) found.push(`the body is ${body} px wide`);
  const name = element => element.tagName.toLowerCase()
    + (element.id ? "#" + element.id : "")
    + (element.classList.length ? "." + [...element.classList].join(".") : "");
  // Inside a box that scrolls or clips (a wide table's own region) is not outside.
  const clipped = element => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const outside = [...document.body.querySelectorAll("*")].filter(element => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.right > width + 0.5 && !clipped(element);
  });
  outside.filter(element => !outside.includes(element.parentElement)).slice(0, 6)
    .forEach(element => found.push(
      `${name(element)} reaches ${Math.round(element.getBoundingClientRect().right)} px`));
  document.querySelectorAll(".site-header a, .site-header button, .site-header select")
    .forEach(element => {
      const box = element.getBoundingClientRect();
      const cut = getComputedStyle(element).display !== "inline"
        && element.scrollWidth > element.clientWidth;
      if (box.left < 0 || box.right > width || cut) {
        found.push(`the header's “${element.innerText.trim()}” is cut off`);
      }
    });
  return found;
}"""


@pytest.mark.parametrize("kind", PUBLIC + DIRECTOR)
def test_no_page_is_wider_than_the_screen(db, tab, kind):
    """Every page, the director's included, fits the window: nothing to scroll sideways
    for, the header's links all in sight (a table too wide for a phone scrolls inside
    its own region, which is not the page)."""
    tab.open(kind)
    found = tab.page.evaluate(SIDEWAYS)
    assert not found, f"{kind} ({tab.page.url}) at {tab.page.viewport_size['width']} px:\n" + (
        "\n".join(found)
    )
