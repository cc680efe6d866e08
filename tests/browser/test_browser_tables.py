"""Tables that reflow, in Chromium: on a phone (390 px) the wide tables become stacked
rows, each figure beside its column's name, so nothing hides off the side of the screen
(the player page's opponent, score and result; the standings' points); the match page's
games fit without sideways scrolling; on a 1366 px screen every standings column shows.
A table that still scrolls (a director's list on a phone) says so above it, and its
scrolling region is reached by the keyboard and named.

The demo club is loaded once for the module (`demo_server` in conftest.py); the pages
are opened in Catalan, whose headers are the longest.
"""

import pytest
from django.db.models import Count
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from conftest import PHONE, SCREENSHOTS
from tournament.models import Match, Player, Tournament

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 900}
LANGUAGE = "ca"
DEMO_DIRECTOR = ("director", "qgammon-demo")  # the demo's published login (README)

# Whether an element's box lies within the window's width and is drawn at all.
IN_SIGHT = """element => {
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  return box.width > 0 && box.height > 0 && style.visibility !== "hidden"
    && box.left >= 0 && box.right <= document.documentElement.clientWidth;
}"""
# A scrolling box whose content is wider than itself (what the reader cannot see).
SCROLLS = "element => element.scrollWidth > element.clientWidth"


@pytest.fixture
def db():
    """Shadows pytest-django's `db` in this module (see `demo_server` in conftest.py)."""


@pytest.fixture(scope="module")
def pages(demo_server, django_db_blocker):
    with django_db_blocker.unblock():
        cup = Tournament.objects.get(status="running", format="cup")
        played = (
            Match.objects.filter(status="decided", games__isnull=False)
            .order_by("-length", "pk")
            .first()
        )
        # The player with the most matches: the longest table of the player page.
        busiest = (
            Player.objects.annotate(
                played=Count("matches_as_first", distinct=True)
                + Count("matches_as_second", distinct=True)
            )
            .order_by("-played", "pk")
            .first()
        )
        return {
            "standings": reverse("standings", args=[cup.season.year]),
            "player": busiest.get_absolute_url(),
            "match": played.get_absolute_url(),
            "ratings": reverse("ratings"),
            "round-robin": Tournament.objects.get(format="round_robin").get_absolute_url(),
            "results": reverse("results", args=[cup.season.tournaments.filter(
                status="finished", format="cup").first().pk]),
            "desk": reverse("director-tournament", args=[cup.pk]),
            "url": demo_server.url,
        }  # fmt: skip


@pytest.fixture(scope="module")
def browser_tab(chromium):
    """Opens a page in Catalan at a viewport; the contexts are closed at the end."""
    contexts = []

    def open_page(viewport):
        context = chromium.new_context(
            viewport=viewport, locale=LANGUAGE, extra_http_headers={"Accept-Language": LANGUAGE}
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def phone(browser_tab):
    return browser_tab(PHONE)


def catalan(text: str) -> str:
    with translation.override(LANGUAGE):
        translated = gettext(text)
    assert translated != text, f"{text!r} has no Catalan translation (compilemessages?)"
    return translated


def visit(page, pages, kind):
    response = page.goto(pages["url"] + pages[kind])
    assert response.status == 200, (kind, response.status)
    page.wait_for_load_state("load")


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width} px wide"
    for region in page.locator(".table-scroll").all():
        assert not region.evaluate(SCROLLS), f"{page.url}: a table scrolls sideways"


def cell_in_sight(row, label: str):
    """The row's cell under the column `label`, with its label drawn beside the value
    (the header row itself is out of sight on a phone)."""
    cell = row.locator(f'[data-label="{label}"]')
    assert cell.count() == 1, f"no cell labelled {label!r} in {row.inner_html()[:300]}"
    assert cell.evaluate(IN_SIGHT), f"{label!r} is out of sight"
    label_shown = cell.evaluate("element => getComputedStyle(element, '::before').content")
    assert label in label_shown, f"{label!r} is not shown beside its value ({label_shown})"
    return cell


def test_the_player_page_shows_opponent_score_and_result_on_a_phone(phone, pages, db):
    visit(phone, pages, "player")
    table = phone.locator("table.reflow").first
    rows = table.locator("tbody tr")
    assert rows.count() > 3
    for row in rows.all():
        opponent = cell_in_sight(row, catalan("Opponent"))
        assert opponent.inner_text().strip()
        score = cell_in_sight(row, catalan("Score"))
        assert "–" in score.inner_text()
        cell_in_sight(row, catalan("Result"))
    no_sideways_scroll(phone)
    phone.screenshot(path=SCREENSHOTS / "phone-player-tables.png", full_page=True)


def test_the_standings_show_every_figure_on_a_phone(phone, pages, db):
    visit(phone, pages, "standings")
    first = phone.locator("table.reflow tbody tr").first
    assert first.locator("td").first.evaluate(IN_SIGHT)  # the rank
    headers = phone.locator("table.reflow thead th").all_inner_texts()
    assert len(headers) == 13
    for header in headers[2:]:  # after the rank and the player, each figure
        cell_in_sight(first, header.strip())
    no_sideways_scroll(phone)
    phone.screenshot(path=SCREENSHOTS / "phone-standings.png", full_page=True)


@pytest.mark.parametrize("kind", ["match", "ratings", "results", "round-robin"])
def test_no_table_scrolls_sideways_on_a_phone(phone, pages, db, kind):
    visit(phone, pages, kind)
    assert phone.locator("table").count()
    no_sideways_scroll(phone)
    phone.screenshot(path=SCREENSHOTS / f"phone-{kind}-tables.png", full_page=True)


@pytest.fixture(scope="module")
def desktop(browser_tab):
    return browser_tab(DESKTOP)


@pytest.mark.parametrize("kind", ["standings", "results"])
def test_no_standings_column_is_cut_off_at_1366(desktop, pages, db, kind):
    """The season's standings (the whole width) and a tournament's players (the page's
    narrower column) with their 13 columns."""
    visit(desktop, pages, kind)
    table = desktop.locator("table.reflow").last
    assert table.locator("thead th").count() == 13
    for header in table.locator("thead th").all():
        assert header.evaluate(IN_SIGHT), f"{header.inner_text()!r} is cut off"
    no_sideways_scroll(desktop)
    desktop.screenshot(path=SCREENSHOTS / f"desktop-{kind}.png", full_page=True)


def test_a_table_that_still_scrolls_says_so_and_takes_the_keyboard(browser_tab, pages, db):
    page = browser_tab(PHONE)
    page.goto(pages["url"] + reverse("login"))
    page.locator("#id_username").fill(DEMO_DIRECTOR[0])
    page.locator("#id_password").fill(DEMO_DIRECTOR[1])
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/director/")
    visit(page, pages, "desk")
    region = page.locator(".table-scroll").first
    assert region.evaluate(SCROLLS), "the entries table fits: this test shows nothing"
    hint = page.locator(".scroll-hint").first
    assert hint.is_visible()
    assert region.evaluate(
        "element => element.previousElementSibling.classList.contains('scroll-hint')"
    )
    assert region.get_attribute("role") == "region" and region.get_attribute("tabindex") == "0"
    assert region.evaluate(
        "element => element.getAttribute('aria-label') || element.getAttribute('aria-labelledby')"
    )
    hint.evaluate("element => element.scrollIntoView({block: 'start'})")
    page.screenshot(path=SCREENSHOTS / "phone-scroll-hint.png")
    # The keyboard scrolls it: focus, then the right arrow.
    region.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "element => element.scrollLeft > 0", arg=region.element_handle(), timeout=3000
    )
    # A table that fits has no hint: the standings at the same width reflow instead.
    visit(page, pages, "standings")
    assert page.locator(".scroll-hint").count() == 0
