"""In a real browser, on a phone: a player opens their private link, hands in the .mat
file of their recorded match, and sees their GNUBG PR appear when the worker has run,
without reloading the page. And the file of a match not recorded yet: the opponent
confirms it from their phone, and the first phone turns to "Analysing…" by itself.
The worker is the real one (`manage.py worker --until-empty`, a process of its own on
the live server's database) and runs Debian's GNU Backgammon (skipped without it,
except in CI: tests/gnubg_program.py).

Chromium, Playwright and the skip/require rule (REQUIRE_BROWSER=1) come from
tests/conftest.py.
"""

from pathlib import Path

import pytest
import workers
from django.core.cache import cache
from django.urls import reverse
from gnubg_program import needs_gnubg

import builders
from conftest import PHONE, SCREENSHOTS
from tournament.models import AnalysedPlayer, Job, JobStatus, Player, Tournament, Transcript
from tournament.operations import create_match
from tournament.operations.links import link_for, token_of

pytestmark = [pytest.mark.browser, needs_gnubg]

MATCH_FILE = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"
LIVE = 15000  # the live refresh asks every 5 s: three chances


@pytest.fixture
def recorded(transactional_db):
    """A five-point match between the file's players, its four games recorded as the
    file tells them (by the director, before anyone hands in the file)."""
    cache.clear()  # the rate limit's counters
    season = builders.the_season()
    tournament = Tournament.objects.create(season=season, name="Lliga del Mòbil", date="2002-06-01")
    yield builders.recorded_from_mat(tournament, MATCH_FILE.read_text(encoding="utf-8"))
    cache.clear()


# Among the suite's slowest (16 s in one process on 2 busy cores): a real worker process
# analyses the file with GNU Backgammon while the page waits for the figures
def test_a_player_hands_in_a_file_and_sees_their_pr_without_reloading(
    live_server, recorded, new_page
):
    from playwright.sync_api import expect

    player = recorded.player2  # Pere Puig, the file's right-hand player
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(live_server.url + reverse("player-page", args=[token_of(link_for(player))]))
    matches = page.get_by_role("region", name="Your recorded matches")
    matches.get_by_role("link", name="Hand in its file").click()
    expect(page.get_by_role("heading", name="Your match against Núria Ferrer")).to_be_visible()

    page.get_by_label("Match file (.mat)").set_input_files(MATCH_FILE)
    with page.expect_response(lambda response: response.request.method == "POST") as posted:
        page.get_by_role("button", name="Hand in the file").click()
    # Not a 403: the Origin header Chromium sends must pass Django's CSRF check.
    assert posted.value.status == 302  # (not the response itself: its address holds the token)
    expect(page.locator(".messages").get_by_text("Match file handed in.")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("Analysing…")
    assert Transcript.objects.get(match=recorded).handed_in_by_player == player
    page.screenshot(path=SCREENSHOTS / "phone-hand-in-analysing.png", full_page=True)

    # From here on the page must not reload: a mark left on it stays there.
    page.evaluate("window.notReloaded = true")
    workers.finish(workers.start_worker("--until-empty"), timeout=120)
    assert Job.objects.get(key=f"analysis:{recorded.pk}").status == JobStatus.DONE

    expect(page.get_by_role("heading", name="Skill")).to_be_visible(timeout=LIVE)
    figures = AnalysedPlayer.objects.get(analysis__match=recorded, side=2)
    pr_row = page.locator("table.skill-figures tr", has_text="GNUBG PR")
    expect(pr_row.locator("th")).to_have_text("GNUBG PR")
    expect(pr_row.locator("td").nth(1)).to_have_text(f"{figures.pr:.1f}")
    expect(page.get_by_role("status")).to_have_count(0)  # "Analysing…" has gone
    assert page.evaluate("window.notReloaded") is True
    page.screenshot(path=SCREENSHOTS / "phone-hand-in-pr.png", full_page=True)


@pytest.fixture
def unrecorded(transactional_db):
    """The same players' five-point match with no game recorded yet."""
    cache.clear()
    tournament = Tournament.objects.create(
        season=builders.the_season(), name="Lliga del Mòbil", date="2002-06-01", status="running"
    )
    nuria, pere = (Player.objects.create(name=name) for name in ("Núria Ferrer", "Pere Puig"))
    yield create_match(tournament, nuria, pere, 5)
    cache.clear()


# Among the suite's slowest (8 s in one process on 2 busy cores): a real
# worker analyses the file; two phones
def test_a_file_for_an_unrecorded_match_is_confirmed_from_the_opponents_phone(
    live_server, unrecorded, new_page
):
    from playwright.sync_api import expect

    nuria, pere = unrecorded.players
    phone = lambda: new_page(viewport=PHONE, is_mobile=True, has_touch=True)  # noqa: E731
    his = phone()
    his.goto(live_server.url + reverse("player-page", args=[token_of(link_for(pere))]))
    his.get_by_role("link", name="Hand in its file").click()
    his.get_by_label("Match file (.mat)").set_input_files(MATCH_FILE)
    with his.expect_response(lambda response: response.request.method == "POST") as posted:
        his.get_by_role("button", name="Hand in the file").click()
    assert posted.value.status == 302
    expect(his.locator(".messages")).to_contain_text("Sent to Núria Ferrer to confirm")
    expect(his.get_by_role("status")).to_contain_text("Sent to Núria Ferrer to confirm")
    his.evaluate("window.notReloaded = true")

    hers = phone()
    hers.goto(live_server.url + reverse("player-page", args=[token_of(link_for(nuria))]))
    expect(hers.get_by_text("Pere Puig handed in the match file: 4 games")).to_be_visible()
    hers.screenshot(path=SCREENSHOTS / "phone-file-report-to-confirm.png", full_page=True)
    hers.get_by_role("button", name="Confirm: record these games").click()
    expect(hers.locator(".messages")).to_contain_text("Match file confirmed")

    unrecorded.refresh_from_db()
    assert unrecorded.winner == pere and unrecorded.games.count() == 4
    assert Transcript.objects.get(match=unrecorded).handed_in_by_player == pere
    # His page, never reloaded, turns to the analysis being made.
    expect(his.get_by_role("status")).to_contain_text("Analysing…", timeout=LIVE)
    assert his.evaluate("window.notReloaded") is True
