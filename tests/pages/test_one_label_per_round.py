"""One label per round everywhere (issue 36, item 13): a match and a slot's source are
named as the bracket page names the round, "Quarter-finals" and "Winner of
Quarter-final 1", on every page, slip, download and in the history, never "R3 M1" nor
"main R5"."""

import io
import re

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from builders import cup, win
from tournament.core import draw
from tournament.models import AuditEntry, Entry, Match, Player

NAMES = ["Anna", "Berta", "Carla", "Dolors", "Elena", "Fina", "Gina", "Helena"]
TERSE = re.compile(r"\bR\d+ ?M\d+\b|\bR\d+\b|\b(main|consolation) R\d")


@pytest.fixture
def eight(season):
    """Eight seeded, a first-round consolation: the first round is the quarter-finals;
    Anna has won quarter-final 1, the others are to play."""
    tournament = cup(season, NAMES, seeds=8, consolation=draw.FIRST_ROUND, start=True)
    first = tournament.matches.get(bracket__kind=draw.MAIN, round=1, position=1)
    win(first, 0)
    first.refresh_from_db()
    assert first.winner.name == "Anna"
    return tournament


def at(tournament, kind, number, position) -> Match:
    return tournament.matches.select_related("bracket", "tournament").get(
        bracket__kind=kind, round=number, position=position
    )


def text_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_the_bracket_page_and_its_json_name_sources_by_their_rounds(client, eight):
    page = text_of(client.get(reverse("tournament", args=[eight.pk])))
    assert "Winner of Quarter-final 2" in page  # the semi-final's seat still to fill
    assert "Loser of Main bracket: Quarter-final 2" in page  # across brackets
    assert not TERSE.search(page), TERSE.search(page)
    # Followed by a player, the path names each match too.
    anna = Player.objects.get(name="Anna")
    page = text_of(client.get(reverse("tournament", args=[eight.pk]), {"player": anna.pk}))
    path = page.split('id="path-heading"')[1].split("</section>")[0]
    assert "Quarter-final 1</a>" in path and "Semi-final 1</a>" in path
    data = client.get(reverse("api-tournament", args=[eight.pk])).json()
    sources = [
        s for b in data["brackets"] for r in b["rounds"] for m in r["matches"] for s in m["sources"]
    ]
    assert "Winner of Quarter-final 2" in sources
    assert not [source for source in sources if TERSE.search(source)]
    assert [r["name"] for r in data["brackets"][0]["rounds"]] == [
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]


def test_the_match_pages_and_the_sheet_name_the_match(client, director_client, eight):
    first = at(eight, draw.MAIN, 1, 1)
    page = text_of(client.get(reverse("match", args=[first.pk])))
    assert "Quarter-final 1" in page.split('class="breadcrumb"')[1].split("</p>")[0]
    semi = at(eight, draw.MAIN, 2, 1)
    page = text_of(client.get(reverse("match", args=[semi.pk])))
    assert "Anna v Winner of Quarter-final 2" in page
    sheet = text_of(director_client.get(reverse("director-match", args=[eight.pk, first.pk])))
    assert "› Quarter-final 1" in sheet
    assert "Anna plays next: Semi-final 1" in sheet
    assert "Helena plays next: Consolation: Round 1, match 1" in sheet
    assert not TERSE.search(sheet), TERSE.search(sheet)


def test_a_players_page_names_their_next_match_and_their_rounds(client, eight):
    anna = Player.objects.get(name="Anna")
    page = text_of(client.get(reverse("player", args=[anna.pk])))
    assert "Semi-final 1" in page  # the next match
    assert "Winner of Quarter-final 2" in page  # where the opponent comes from
    assert ">Quarter-finals<" in page  # the round of the match played, in their table
    assert not TERSE.search(page), TERSE.search(page)


def test_the_slips_the_desks_and_the_call_screen(client, director_client, eight):
    slips = text_of(director_client.get(reverse("director-slips", args=[eight.pk])))
    assert "Quarter-final 2" in slips and "Consolation: Round 1, match 1" not in slips
    assert not TERSE.search(slips), TERSE.search(slips)
    desk = text_of(director_client.get(reverse("director-tournament", args=[eight.pk])))
    open_matches = desk.split('id="open-heading"')[1].split("</section>")[0]
    assert "Quarter-final 2" in open_matches
    assert not TERSE.search(open_matches), TERSE.search(open_matches)
    front = text_of(director_client.get(reverse("director-desk")))
    assert "Quarter-final 2" in front
    calls = text_of(client.get(reverse("calls", args=[eight.pk])))
    assert "Quarter-finals" in calls
    assert not TERSE.search(calls), TERSE.search(calls)


def test_the_workbook_names_the_rounds(client, eight):
    response = client.get(reverse("results-xlsx", args=[eight.pk]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    rows = list(book["Matches"].iter_rows(values_only=True))
    assert rows[0][:4] == ("Tournament", "Bracket", "Round", "Match")
    stages = {(row[1], row[2], row[3]) for row in rows[1:]}
    assert ("Main bracket", "Quarter-finals", 1) in stages
    games = list(book["Games"].iter_rows(values_only=True))[1:]
    assert games and {row[2] for row in games} == {"Quarter-finals"}


def test_the_history_names_the_bye_a_late_player_took(director_client, season):
    tournament = cup(season, NAMES[:6], seeds=6, consolation=draw.FIRST_ROUND, start=True)
    win(tournament.matches.filter(status=Match.Status.READY).first(), 0)
    late = Entry.objects.create(tournament=tournament, player=Player.objects.create(name="Irene"))
    bye = at(tournament, draw.MAIN, 1, 1)
    assert bye.status == Match.Status.BYE
    form = text_of(director_client.get(reverse("director-tournament", args=[tournament.pk])))
    form = form.split('id="late-entry"')[1].split("</form>")[0]
    assert "Quarter-final 1 (bye of Anna)" in form
    response = director_client.post(
        reverse("director-late-entry", args=[tournament.pk]), {"entry": late.pk, "match": bye.pk}
    )
    assert response.status_code == 302
    assert "Irene plays Quarter-final 1." in text_of(director_client.get(response["Location"]))
    entry = AuditEntry.objects.get(action=AuditEntry.Action.LATE_ENTRY, match=bye)
    with translation.override("en"):
        assert entry.summary_text == "Irene arrived late and takes the bye of Quarter-final 1"
    history = text_of(
        director_client.get(reverse("director-history", args=[tournament.pk, bye.pk]))
    )
    assert "Irene arrived late and takes the bye of Quarter-final 1" in history
