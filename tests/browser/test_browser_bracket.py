"""The bracket in Chromium: on a phone one round at a time with a round switcher (mouse,
keyboard, after a live refresh), the whole bracket on a wide screen and without
JavaScript; the player looked for starts on their current round; a long name is cut
and never pushes the score out of its card; printed, each bracket fits one landscape
sheet with its round headings and the final places clear of the cards.

Chromium, Playwright and the skip/require rule (REQUIRE_BROWSER=1) come from
tests/conftest.py.
"""

import re

import pytest

import builders
from conftest import PHONE
from tournament import operations
from tournament.core import draw
from tournament.core.scoring import GameResult
from tournament.models import Player

pytestmark = pytest.mark.browser

LIVE = 15000  # the live refresh asks every 5 s: three chances
WIDE = {"width": 1400, "height": 900}
LONG_NAME = "Maria del Carme Puigdollers i Vilaseca de Montju"  # 48 characters
PHONE_NAME = "Bartomeu Fontcuberta Sagà"  # 25 characters
MEDIA_BOX = re.compile(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]")


def make_cup(size, *, names=(), tables=0, consolation=draw.FIRST_ROUND, last_chance=False):
    """A started cup of `size` players, `names` first, at `tables` tables."""
    return builders.cup(
        builders.the_season(),
        builders.new_players(size, names=names),
        name=f"Obert {size}",
        date="2002-11-09",
        brackets={"main": "3,3,5,5,7,7,9,9"},
        rng_seed=5,
        start=True,
        tables=[str(number) for number in range(1, tables + 1)],
        consolation=consolation,
        last_chance=last_chance,
    )


def shown_rounds(page, kind="main"):
    """The numbers of the rounds of a bracket a reader sees."""
    rounds = page.locator(f"#bracket-{kind} .round")
    return [
        int(rounds.nth(index).get_attribute("data-round"))
        for index in range(rounds.count())
        if rounds.nth(index).is_visible()
    ]


def round_button(page, name, kind="main"):
    switcher = page.locator(f"#bracket-{kind} .round-switcher")
    return switcher.get_by_role("button", name=name, exact=True)


def pressed(page, kind="main"):
    buttons = page.locator(f"#bracket-{kind} .round-switcher button[aria-pressed=true]")
    return buttons.all_inner_texts()


@pytest.fixture
def cup(transactional_db):
    tournament = make_cup(16)
    builders.play(
        tournament, 9, seed=1, kind="main"
    )  # round 1 and one of round 2: round 2 is in play
    return tournament


def test_a_phone_shows_one_round_at_a_time_and_switches_by_mouse_and_keyboard(
    live_server, cup, new_page
):
    page = new_page(live_server.url + cup.get_absolute_url(), viewport=PHONE)
    switcher = page.locator("#bracket-main .round-switcher")
    assert switcher.is_visible()
    assert switcher.get_attribute("role") == "group"
    # It opens on the round in play, alone.
    assert shown_rounds(page) == [2]
    assert pressed(page) == ["Quarter-finals"]
    assert switcher.locator("button[aria-pressed=false]").count() == 3
    # No sideways scrolling: the round has the phone's width.
    scroll = page.locator("#bracket-main .bracket-scroll")
    assert scroll.evaluate("element => element.scrollWidth <= element.clientWidth")
    round_button(page, "Final").click()
    assert shown_rounds(page) == [4] and pressed(page) == ["Final"]
    # From the keyboard: arrows move along the buttons, Enter shows the round.
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.textContent") == "Semi-finals"
    page.keyboard.press("Enter")
    assert shown_rounds(page) == [3]
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    assert shown_rounds(page) == [1] and pressed(page) == ["Round 1"]
    # The other brackets have their own switcher and their own round.
    assert shown_rounds(page, "consolation") != []
    assert len(shown_rounds(page, "consolation")) == 1

    # A game recorded at a table: the live refresh replaces the bracket, the reader
    # stays on the round they chose and the focus on its button.
    match = cup.matches.filter(bracket__kind="main", round=2, status="ready").first()
    card = page.locator(".match-card", has=page.locator(f'a[href="{match.get_absolute_url()}"]'))
    operations.record_game(match, GameResult(0, kind="gammon"))
    card.locator(".score").first.wait_for(state="attached", timeout=LIVE)
    assert shown_rounds(page) == [1] and pressed(page) == ["Round 1"]
    assert page.evaluate("document.activeElement.textContent") == "Round 1"
    round_button(page, "Quarter-finals").click()
    assert [text.strip() for text in card.locator(".score").all_inner_texts()] == ["2", "0"]


def test_a_wide_screen_and_a_phone_without_javascript_show_the_whole_bracket(
    live_server, cup, new_page
):
    url = live_server.url + cup.get_absolute_url()
    wide = new_page(url, viewport=WIDE)
    assert not wide.locator("#bracket-main .round-switcher").is_visible()
    assert shown_rounds(wide) == [1, 2, 3, 4]
    plain = new_page(url, viewport=PHONE, java_script_enabled=False)
    assert not plain.locator("#bracket-main .round-switcher").is_visible()
    assert shown_rounds(plain) == [1, 2, 3, 4]
    scroll = plain.locator("#bracket-main .bracket-scroll")
    assert scroll.evaluate("element => element.scrollWidth > element.clientWidth")
    # The print button needs the script: without it there is none.
    assert not plain.get_by_role("button", name="Print the brackets").is_visible()
    assert wide.get_by_role("button", name="Print the brackets").is_visible()


def test_the_player_looked_for_starts_on_their_current_round_with_their_path_marked(
    live_server, cup, new_page
):
    # A winner of round 1 whose round-2 match is still to play.
    match = cup.matches.filter(bracket__kind="main", round=2, status="ready").first()
    player = match.player1
    url = f"{live_server.url}{cup.get_absolute_url()}?player={player.pk}"
    page = new_page(url, viewport=PHONE)
    assert shown_rounds(page) == [2]
    mine = page.locator("#bracket-main .match.mine")
    assert mine.count() == 2  # won in round 1, plays in round 2
    assert mine.filter(visible=True).count() == 1
    assert "(the player you looked for)" in mine.filter(visible=True).inner_text()
    # The rounds the player has played are marked on the switcher too, in words.
    marked = page.locator("#bracket-main .round-switcher button.mine")
    assert [text.split(" (")[0] for text in marked.all_text_contents()] == [
        "Round 1", "Quarter-finals"
    ]  # fmt: skip
    assert "plays here" in marked.first.text_content()
    # The rounds ahead: where they go on winning is marked as well.
    round_button(page, "Semi-finals").click()
    ahead = page.locator("#bracket-main .match.ahead")
    assert ahead.filter(visible=True).count() == 1
    assert "goes on winning" in ahead.filter(visible=True).text_content()
    # The path links to the player's own page, and the opponent's.
    path = page.locator(".path")
    path.get_by_role("link", name=f"The page of {player.name}").click()
    page.wait_for_url(re.compile(re.escape(player.get_absolute_url()) + "$"))


def _card_geometry(page, name):
    """The name's card, its siblings' width, and where its name, score and tag sit."""
    return page.evaluate(
        """(name) => {
          const link = [...document.querySelectorAll('.slot a.name')]
            .find((element) => element.textContent === name && element.offsetParent);
          const card = link.closest('.match-card');
          const slot = link.closest('.slot');
          const box = (element) => element ? element.getBoundingClientRect() : null;
          const others = [...link.closest('.matches').querySelectorAll('.match-card')]
            .filter((element) => element !== card).map((element) => box(element).width);
          return {card: box(card).toJSON(), others, title: link.title,
                  cut: link.scrollWidth > link.clientWidth,
                  score: box(slot.querySelector('.score'))?.toJSON(),
                  tag: box(slot.querySelector('.tag'))?.toJSON(),
                  scrolls: card.scrollWidth > card.clientWidth};
        }""",
        name,
    )


def _inside(inner, outer):
    return outer["left"] <= inner["left"] and inner["right"] <= outer["right"]


@pytest.mark.parametrize(
    ("viewport", "name", "javascript"),
    [(WIDE, LONG_NAME, True), (PHONE, LONG_NAME, True), (PHONE, PHONE_NAME, False)],
    ids=["wide-48", "phone-48", "phone-25-no-javascript"],
)
def test_a_long_name_is_cut_and_never_pushes_the_score_out_of_its_card(
    live_server, transactional_db, viewport, name, javascript, new_page
):
    assert len(name) in (48, 25)
    tournament = make_cup(8, names=[name])
    player = Player.objects.get(name=name)
    match = tournament.matches.open().involving(player).get()
    builders.win(match, match.side_of(player), kind="gammon")
    url = live_server.url + tournament.get_absolute_url()
    page = new_page(url, viewport=viewport, java_script_enabled=javascript)
    geometry = _card_geometry(page, name)
    assert geometry["title"] == name  # the whole name on hover
    assert geometry["cut"], "the name fits: the test proves nothing"
    assert not geometry["scrolls"]
    assert all(abs(width - geometry["card"]["width"]) < 1 for width in geometry["others"])
    assert _inside(geometry["score"], geometry["card"])
    assert _inside(geometry["tag"], geometry["card"])
    # And the whole name on focus, from the keyboard; the card keeps its width.
    link = page.locator(".slot a.name", has_text=name).first
    height = link.bounding_box()["height"]
    link.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert link.evaluate("element => element.scrollWidth <= element.clientWidth")
    assert link.bounding_box()["height"] > height
    assert abs(_card_geometry(page, name)["card"]["width"] - geometry["card"]["width"]) < 1


def _pages(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's width and height, in points, from the PDF's /MediaBox entries."""
    return [
        (float(right) - float(left), float(top) - float(bottom))
        for left, bottom, right, top in MEDIA_BOX.findall(pdf)
    ]


# Among the suite's slowest (13 s in one process on 2 busy cores): a 64-player cup with
# a last chance, 40 matches played, printed to PDF by Chromium
def test_a_printed_64_player_cup_takes_one_landscape_sheet_per_bracket(
    live_server, transactional_db, new_page
):
    tournament = make_cup(64, names=[LONG_NAME], last_chance=True)
    builders.play(tournament, 40, seed=1)
    url = live_server.url + tournament.get_absolute_url()
    page = new_page(url, viewport=WIDE)
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = _pages(pdf)
    assert len(pages) == 3, pages  # main, consolation, last chance
    assert all(width > height for width, height in pages), pages
    assert pages[0] == pytest.approx((1190.55, 841.89), abs=1)  # A3 for 32 matches a round
    assert pages[1] == pytest.approx((841.89, 595.28), abs=1)  # A4 for 16
    # What prints: no search form or buttons; every round's heading; the final places
    # below the cards, never over one.
    page.emulate_media(media="print")
    for hidden in (".find-me", ".actions", ".round-switcher", ".bracket-nav"):
        assert not page.locator(hidden).first.is_visible(), hidden
    headings = page.locator("#bracket-main .round h3")
    assert headings.count() == 6 and all(
        headings.nth(index).is_visible() for index in range(6)
    )  # fmt: skip
    overlaps = page.evaluate(
        """() => [...document.querySelectorAll('.final-places')].flatMap((places) => {
          const p = places.getBoundingClientRect();
          return [...places.closest('.bracket').querySelectorAll('.match-card')]
            .map((card) => card.getBoundingClientRect())
            .filter((c) => c.bottom > p.top && c.top < p.bottom)
            .length;
        })"""
    )
    assert overlaps and sum(overlaps) == 0
