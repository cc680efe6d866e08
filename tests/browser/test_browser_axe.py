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
from demo_addresses import addresses_on_the_demo_club
from django.template.loader import render_to_string
from django.utils import translation

from conftest import PHONE

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
    "team-event",
    "team-event-results",
    "results",
    "announcement",
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
    "teams",
    "team-slips",
    "draw-preview",
    "draw-made",
    "fees",
    "money",
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
    "event-transcripts",
    "jobs",
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


@pytest.fixture
def db():
    """Shadows pytest-django's `db` in this module (see `demo_server` in conftest.py):
    the tests read nothing themselves, and a write transaction held open through each
    test would make the live server's own writes wait."""


@pytest.fixture(scope="module")
def site(demo_server, django_db_blocker):
    """Each page kind's address on the demo club's live server."""
    with django_db_blocker.unblock():
        addresses = {
            kind: demo_server.url + path for kind, path in addresses_on_the_demo_club().items()
        }
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
