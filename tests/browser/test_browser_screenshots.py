"""Screenshots for review, in tests/screenshots/ (ignored by git): the phone bracket with
its round switcher, the call screen, the printed bracket (Chromium's PDF, its first
page as an image when pdftoppm is installed, and the page in print media) and the
director's match sheet. Taking them also checks that the pages still work: the live
refresh brings a game recorded at a table into the open bracket, and the print button
opens the print dialog (window.print, stubbed here).
"""

import re
import shutil
import subprocess

import pytest
from django.contrib.auth.models import User
from test_browser_bracket import WIDE, make_cup, shown_rounds

import builders
from conftest import PHONE, SCREENSHOTS, directors_group
from tournament import operations
from tournament.core.scoring import GameResult

pytestmark = pytest.mark.browser

LIVE = 15000  # the live refresh asks every 5 s: three chances
STUB_PRINT = "window.__printed = 0; window.print = function () { window.__printed += 1; };"


def saved(name: str) -> bool:
    path = SCREENSHOTS / name
    return path.exists() and path.stat().st_size > 0


@pytest.fixture
def cup(transactional_db):
    tournament = make_cup(16, tables=8)
    builders.play(tournament, 9, seed=1, kind="main")
    return tournament


# Among the suite's slowest (8 s in one process on 2 busy cores): follows a game live,
# then prints to PDF
def test_the_phone_bracket_follows_a_game_and_prints(live_server, cup, new_page):
    for name in ("phone-bracket.png", "phone-bracket-live.png", "print-bracket.pdf"):
        (SCREENSHOTS / name).unlink(missing_ok=True)
    page = new_page(viewport=PHONE)
    page.add_init_script(STUB_PRINT)
    page.goto(live_server.url + cup.get_absolute_url())
    assert page.locator("#bracket-main .round-switcher").is_visible()
    assert shown_rounds(page) == [2]
    page.screenshot(path=SCREENSHOTS / "phone-bracket.png", full_page=True)

    # A game recorded at a table reaches the open page without a reload.
    match = cup.matches.filter(bracket__kind="main", round=2, status="ready").first()
    link = page.locator(f'a.match-link[href="{match.get_absolute_url()}"]')
    card = page.locator(".match-card", has=link)
    assert card.locator(".score").count() == 0
    operations.record_game(match, GameResult(1, kind="gammon"))
    card.locator(".score").first.wait_for(timeout=LIVE)
    assert [text.strip() for text in card.locator(".score").all_inner_texts()] == ["0", "2"]
    page.screenshot(path=SCREENSHOTS / "phone-bracket-live.png", full_page=True)

    # The print button opens the print dialog.
    page.get_by_role("button", name="Print the brackets").click()
    assert page.evaluate("window.__printed") == 1

    # Printed: Chromium's PDF, and the page as it prints.
    wide = new_page(live_server.url + cup.get_absolute_url(), viewport=WIDE)
    pdf = wide.pdf(prefer_css_page_size=True, print_background=True)
    (SCREENSHOTS / "print-bracket.pdf").write_bytes(pdf)
    if shutil.which("pdftoppm"):
        first = SCREENSHOTS / "print-bracket-page-1"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile",
             SCREENSHOTS / "print-bracket.pdf", first],
            check=True,
        )  # fmt: skip
        assert saved("print-bracket-page-1.png")
    wide.emulate_media(media="print")
    wide.set_viewport_size({"width": 1060, "height": 730})  # A4 landscape, less margins
    wide.screenshot(path=SCREENSHOTS / "print-bracket.png", full_page=True)
    for name in ("phone-bracket.png", "phone-bracket-live.png", "print-bracket.pdf"):
        assert saved(name), name
    assert saved("print-bracket.png")
    assert pdf.startswith(b"%PDF")


def test_the_call_screen_and_the_directors_match_sheet(live_server, cup, new_page):
    for name in ("call-screen-cup.png", "director-match-sheet-cup.png"):
        (SCREENSHOTS / name).unlink(missing_ok=True)
    calls = new_page(
        f"{live_server.url}/tournaments/{cup.pk}/calls/",
        viewport={"width": 1920, "height": 1080},
    )
    ready = cup.matches.filter(status="ready").exclude(table="").first()
    calls.get_by_text(ready.player1.name).first.wait_for()
    calls.screenshot(path=SCREENSHOTS / "call-screen-cup.png")

    user = User.objects.create_user("taula", password="screenshot-pass-1234")
    user.groups.add(directors_group())
    sheet = new_page(live_server.url + "/accounts/login/", viewport=WIDE)
    sheet.get_by_label("User name").fill("taula")
    sheet.get_by_label("Password").fill("screenshot-pass-1234")
    sheet.get_by_role("button", name="Log in").click()
    sheet.wait_for_url(re.compile(r".*/director/$"))
    sheet.goto(f"{live_server.url}/director/tournaments/{cup.pk}/matches/{ready.pk}/")
    assert sheet.locator("form.game-form").is_visible()
    sheet.screenshot(path=SCREENSHOTS / "director-match-sheet-cup.png", full_page=True)
    for name in ("call-screen-cup.png", "director-match-sheet-cup.png"):
        assert saved(name), name
