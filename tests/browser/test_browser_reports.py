"""In a real browser, on two phones: player A reports a game from their private link,
player B's page (open all along, never reloaded) shows the report within a few seconds
and B confirms it; the game is recorded once, audited as "reported by A, confirmed by
B", and the public bracket shows the new score.

Chromium, Playwright and the skip/require rule (REQUIRE_BROWSER=1) come from
tests/browser/test_browser.py.
"""

import pytest
from django.core.cache import cache
from django.urls import reverse

import builders
from conftest import PHONE, SCREENSHOTS
from tournament.models import (
    AuditEntry,
    Game,
    GameReport,
)
from tournament.operations.links import link_for, token_of

pytestmark = pytest.mark.browser

NAMES = ("Aina Soler", "Bernat Vidal", "Clara Mas", "Dídac Roig")
LIVE = 15000  # the live refresh asks every 5 s: three chances


@pytest.fixture
def cup(transactional_db):
    """A started four-player cup, three-point matches, players report their games."""
    cache.clear()  # the rate limit's counters
    yield builders.cup(
        builders.the_season(),
        NAMES,
        name="Copa del Mòbil",
        date="2002-06-01",
        brackets={"main": "3"},
        rng_seed=2,
        start=True,
        tables=["1", "2"],
    )
    cache.clear()


@pytest.fixture
def phone(new_page):
    """Opens a page in its own context (its own cookies), sized and behaving like a
    phone."""
    return lambda: new_page(viewport=PHONE, is_mobile=True, has_touch=True)


def private_page(player) -> str:
    return reverse("player-page", args=[token_of(link_for(player))])


def answered(response) -> str:
    """Why a post failed, without the private link's token."""
    origin = response.request.headers.get("origin")
    return f"the post was answered {response.status}, its Origin header was {origin!r}"


# Among the suite's slowest (10 s in one process on 2 busy cores): two phones and the bracket,
# each waiting for the live refresh
def test_a_reported_game_is_confirmed_live_and_reaches_the_bracket(live_server, cup, phone):
    from playwright.sync_api import expect

    match = cup.matches.filter(bracket__kind="main", round=1, status="ready").first()
    a, b = match.player1, match.player2
    assert a is not None and b is not None
    score_line = f"{a.name} 2–0 {b.name}"

    # B opens their page first and keeps it open: no reload from here on.
    page_b = phone()
    page_b.goto(live_server.url + private_page(b))
    card_b = page_b.locator(f"#match-{match.pk}")
    expect(card_b.get_by_role("heading", name=f"against {a.name}")).to_be_visible()
    expect(card_b.get_by_role("button", name="Confirm: that is right")).to_have_count(0)

    # A reports game 1: A wins a gammon.
    page_a = phone()
    page_a.goto(live_server.url + private_page(a))
    form = page_a.locator(f'form[action$="/matches/{match.pk}/report/"]')
    form.get_by_label(a.name, exact=True).check()
    form.get_by_label("gammon", exact=True).check()
    with page_a.expect_response(lambda response: response.request.method == "POST") as posted:
        form.get_by_role("button", name="Report the game").click()
    # Not a 403: the Origin header Chromium sends must pass Django's CSRF check. The
    # phone's queue sends it (js/offline_entry.js) and gets the JSON's 201.
    status = posted.value.status  # (not the response itself: its address holds the token)
    assert status == 201, answered(posted.value)
    expect(page_a.locator(".messages").get_by_text("Game reported")).to_be_visible()
    card_a = page_a.locator(f"#match-{match.pk}")
    expect(card_a.get_by_text("Waiting for your opponent to confirm it.")).to_be_visible()
    assert match.games.count() == 0  # a report alone changes nothing
    page_a.screenshot(path=SCREENSHOTS / "phone-report-sent.png", full_page=True)

    # B's page shows the report by itself, within a few seconds.
    confirm = card_b.get_by_role("button", name="Confirm: that is right")
    expect(confirm).to_be_visible(timeout=LIVE)
    expect(card_b.locator(".report")).to_contain_text(
        f"{a.name} reports game 1: {a.name} wins, gammon"
    )
    page_b.screenshot(path=SCREENSHOTS / "phone-report-to-confirm.png", full_page=True)
    with page_b.expect_response(lambda response: response.request.method == "POST") as posted:
        confirm.click()
    status = posted.value.status  # (not the response itself: its address holds the token)
    assert status == 302, answered(posted.value)
    expect(page_b.locator(".messages").get_by_text("Game confirmed and recorded.")).to_be_visible()
    expect(page_b.locator(f"#match-{match.pk} li.score")).to_contain_text(score_line)
    page_b.screenshot(path=SCREENSHOTS / "phone-report-confirmed.png", full_page=True)

    # A's page, not reloaded since the report, follows too: the score, then game 2.
    expect(card_a.locator("li.score")).to_contain_text(score_line, timeout=LIVE)
    expect(card_a.get_by_role("heading", name="Report game 2")).to_be_visible()

    # Recorded once, as the director would, and audited with both names.
    match.refresh_from_db()
    assert (match.score1, match.score2) == (2, 0)
    game = Game.objects.get(match=match)
    assert (game.number, game.winner, game.kind, game.points) == (1, 0, "gammon", 2)
    assert GameReport.objects.get(match=match).status == "confirmed"
    entry = AuditEntry.objects.get(action="game_recorded")
    assert f"reported by {a.name}, confirmed by {b.name}" in entry.summary

    # The public bracket, on a phone, shows the new score on that match's card.
    public = phone()
    public.goto(live_server.url + cup.get_absolute_url())
    link = public.locator(f'a.match-link[href="{match.get_absolute_url()}"]')
    card = public.locator(".match-card", has=link)
    expect(card).to_have_count(1)
    slots = card.locator(".slot")
    expect(slots).to_have_count(2)
    expect(slots.nth(0).locator(".name")).to_have_text(a.name)
    expect(slots.nth(0).locator(".score")).to_have_text("2")
    expect(slots.nth(1).locator(".name")).to_have_text(b.name)
    expect(slots.nth(1).locator(".score")).to_have_text("0")
    expect(card.locator(".tag")).to_have_count(0)  # to 3 points: nobody has won yet
    assert '<span class="score">2</span>' in slots.nth(0).inner_html()
    assert '<span class="score">0</span>' in slots.nth(1).inner_html()
    public.screenshot(path=SCREENSHOTS / "phone-bracket-after-report.png", full_page=True)
