"""The federation's rating list: `/ratings/` the published players ranked with the
provisional apart (each row's clubs, rating, experience, last rated match, trend), in
eight queries whatever the players, kept rendered (one query) until a rating, a name or
the thresholds change; `/ratings/everyone/` by name; the list as JSON
(`/api/federation/ratings/`, the fixed interface, the same under any club's address) and
as a spreadsheet; the thresholds set by the federation's administrator only."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import openpyxl
import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone
from html_tables import column, rows_of

import builders
from tournament import operations
from tournament.core import draw
from tournament.core.rating_list import Thresholds
from tournament.models import AuditEntry, Federation, Match, Player, RatingChange
from tournament.queries import federation_ratings

pytestmark = pytest.mark.django_db

ROW_KEYS = {
    "player",
    "federation_number",
    "clubs",
    "rating",
    "experience",
    "last_rated",
    "rank",
}


def english() -> Client:
    return Client(headers={"accept-language": "en"})


@pytest.fixture
def played(db):
    """A cup of eight this year, matches to 5: the four who won a match have 10
    experience or more, the four first-round losers 5. Half of the players are
    members of Barcelona's club too; one has a name a spreadsheet would take for a
    formula."""
    names = ['=HYPERLINK("http://x")', "Anna", "Berta", "Carles", "Dídac", "Eva", "Ferran"]
    players = builders.new_players(8, names=names)
    bcn = builders.a_club()
    for player in players[:4]:
        builders.member(player)
        builders.member(player, club=bcn)
    Player.objects.filter(pk=players[0].pk).update(federation_number="ES-0001")
    cup = builders.cup(
        builders.the_season(timezone.localdate().year),
        players,
        date=timezone.localdate().isoformat(),
        brackets={draw.MAIN: "5,5,5"},
    )
    builders.play(cup, seed=3)
    operations.set_rating_list_thresholds(10, 12)
    return players


def _names(page: str, heading: str) -> list[str]:
    return column(page, heading, "Player")


def test_the_list_publishes_who_meets_the_thresholds_and_lists_the_others_apart(
    played, django_assert_num_queries
):
    client = english()
    # The thresholds and marks; the counts (once per state); each table's count and
    # page; both pages' players' clubs, trends. Then kept: the thresholds and marks.
    with django_assert_num_queries(8):
        response = client.get(reverse("ratings"))
    assert response.status_code == 200
    page = response.content.decode()
    with django_assert_num_queries(1):
        again = client.get(reverse("ratings")).content.decode()
    assert rows_of(again, "ratings-heading") == rows_of(page, "ratings-heading")
    by_name = {player.name: player for player in Player.objects.all()}
    published = [by_name[name] for name in _names(page, "ratings-heading")]
    provisional = [by_name[name] for name in _names(page, "provisional-heading")]
    assert len(published) == 4 and len(provisional) == 4
    assert all(player.rating_experience >= 10 for player in published)
    assert all(player.rating_experience < 10 for player in provisional)
    assert column(page, "ratings-heading", "Rank") == ["1", "2", "3", "4"]
    ratings = [player.rating for player in published]
    assert ratings == sorted(ratings, reverse=True)
    assert "Provisional ratings" in page
    assert reverse("ratings-everyone") in page and reverse("ratings-inactive") in page
    assert f'href="{published[0].get_absolute_url()}"' in page
    # Each row's clubs, linked; its trend, the sum of its changes in the window.
    member = next(p for p in published + provisional if p.memberships.count() == 2)
    clubs = {
        name: listed
        for heading in ("ratings-heading", "provisional-heading")
        for name, listed in zip(_names(page, heading), column(page, heading, "Clubs"), strict=True)
    }
    assert clubs[member.name] == "Backgammon Barcelona, Q-gammon"
    assert 'href="/clubs/bcn/">Backgammon Barcelona</a>' in page
    best = published[0]
    changes = RatingChange.objects.filter(player=best)
    trend = round(sum(change.after - change.before for change in changes), 1)
    sign = "+" if trend > 0 else "\u2212" if trend < 0 else ""
    assert column(page, "ratings-heading", "Trend")[0] == f"{sign}{abs(trend):.1f}"
    today = timezone.localdate()
    assert formats.date_format(today, "DATE_FORMAT") in page  # the last rated match


def test_the_list_is_kept_until_a_rating_a_name_or_the_thresholds_change(played):
    client = english()
    first = rows_of(client.get(reverse("ratings")).content.decode(), "ratings-heading")
    # Written behind the operations' back: the kept list does not know.
    Player.objects.filter(pk=played[1].pk).update(name="Someone Else")
    page = client.get(reverse("ratings")).content.decode()
    assert rows_of(page, "ratings-heading") == first and "Someone Else" not in page
    # A refresh of the ratings moves their mark; a name changed through the operations
    # moves the club's; the thresholds are in what the list is kept under.
    operations.ratings.refresh()
    assert "Someone Else" in client.get(reverse("ratings")).content.decode()
    operations.change_player(played[2], {"name": "Renamed Player"})
    assert "Renamed Player" in client.get(reverse("ratings")).content.decode()
    operations.set_rating_list_thresholds(1000, 12)
    assert "Nobody meets the thresholds yet." in client.get(reverse("ratings")).content.decode()


def test_the_thresholds_decide_the_list(played):
    operations.set_rating_list_thresholds(0, 12)
    page = english().get(reverse("ratings")).content.decode()
    assert len(_names(page, "ratings-heading")) == 8
    assert _names(page, "provisional-heading") == []
    operations.set_rating_list_thresholds(1000, 12)
    page = english().get(reverse("ratings")).content.decode()
    assert _names(page, "ratings-heading") == []
    assert "Nobody meets the thresholds yet." in page
    # A rated match older than the months: on neither list, still on everyone's.
    Player.objects.filter(pk=played[1].pk).update(
        last_rated_at=timezone.now() - timedelta(days=400)
    )
    operations.set_rating_list_thresholds(0, 12)
    page = english().get(reverse("ratings")).content.decode()
    listed = _names(page, "ratings-heading")
    assert played[1].name not in listed and len(listed) == 7


def test_everyone_by_name(played, django_assert_num_queries):
    # The count, the page, its players' clubs.
    with django_assert_num_queries(3):
        response = english().get(reverse("ratings-everyone"))
    names = [row.record.name for row in response.context["table"].page.object_list]
    assert names == sorted(player.name for player in played)
    page = response.content.decode()
    assert "Everyone rated, by name" in page and "Trend" not in page


def test_the_inactive_page_answers_as_before(played):
    Player.objects.filter(pk=played[1].pk).update(
        last_rated_at=timezone.now() - timedelta(days=400)
    )
    response = english().get(reverse("ratings-inactive"))
    assert [row.record.pk for row in response.context["table"].rows] == [played[1].pk]


def test_the_json_is_the_fixed_interface(played, django_assert_num_queries):
    # The thresholds and marks; then the thresholds, the players, their clubs; once
    # written, the thresholds and marks alone.
    with django_assert_num_queries(4):
        response = english().get("/api/federation/ratings/")
    with django_assert_num_queries(1):
        assert english().get("/api/federation/ratings/").content == response.content
    assert response.status_code == 200
    answer = json.loads(response.content)
    assert set(answer) == {"thresholds", "published", "provisional"}
    assert answer["thresholds"] == {"min_experience": 10, "months": 12}
    assert len(answer["published"]) == 4 and len(answer["provisional"]) == 4
    for row in answer["published"] + answer["provisional"]:
        assert set(row) == ROW_KEYS
        assert row["last_rated"] == timezone.localdate().isoformat()
    assert [row["rank"] for row in answer["published"]] == [1, 2, 3, 4]
    assert {row["rank"] for row in answer["provisional"]} == {None}
    ratings = [row["rating"] for row in answer["published"]]
    assert ratings == sorted(ratings, reverse=True)
    assert all(row["experience"] >= 10 for row in answer["published"])
    by_name = {row["player"]: row for row in answer["published"] + answer["provisional"]}
    first = by_name[played[0].name]
    assert first["federation_number"] == "ES-0001"
    assert first["clubs"] == ["bcn", "q-gammon"]
    assert by_name["Ferran"]["clubs"] == ["q-gammon"]  # of no club: the founding club's
    # A federation's address: the same answer under a club's.
    again = english().get("/clubs/bcn/api/federation/ratings/")
    assert json.loads(again.content) == answer
    assert english().post("/api/federation/ratings/").status_code == 405


def test_the_json_follows_a_correction(played):
    """A result corrected re-rates from that match on (operations.ratings): the list is
    a reading of the kept ratings, so it shows the correction at once."""
    before = json.loads(english().get("/api/federation/ratings/").content)
    first = Match.objects.filter(round=1).order_by("pk").first()
    operations.undo_last_game(first, confirm=True)  # re-opens the later matches too
    after = json.loads(english().get("/api/federation/ratings/").content)
    assert after != before
    rows = {row["player"]: row for row in after["published"] + after["provisional"]}
    for player in (first.player1, first.player2):
        player.refresh_from_db()
        if player.last_rated_at is None:  # their only rated match is open again
            assert player.name not in rows
        else:
            assert rows[player.name]["rating"] == round(player.rating, 1)
    assert len(rows) < len(before["published"] + before["provisional"])


def test_the_spreadsheet_of_the_list(played):
    response = english().get(reverse("ratings-xlsx"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    assert book.sheetnames == ["Published", "Provisional"]
    sheet = book["Published"]
    header = [cell.value for cell in sheet[1]]
    assert header == [
        "Rank",
        "Player",
        "Federation number",
        "Clubs",
        "Rating",
        "Experience",
        "Last rated match",
    ]
    rows = [[cell for cell in row] for row in sheet.iter_rows(min_row=2, max_row=5)]
    assert [row[0].value for row in rows] == [1, 2, 3, 4]
    assert all(isinstance(row[4].value, float) for row in rows)
    assert all(row[6].value.date() == timezone.localdate() for row in rows)
    cells = [cell for row in book["Provisional"].iter_rows() for cell in row] + [
        cell for row in sheet.iter_rows() for cell in row
    ]
    formula = [cell for cell in cells if cell.value == played[0].name]
    assert len(formula) == 1 and formula[0].data_type == "s"


def test_the_federations_administrator_sets_the_thresholds(played):
    url = reverse("federation-rating-list")
    assert Client().get(url).status_code == 302  # to the login
    director = User.objects.create_user("director", password="x")
    other = Client()
    other.force_login(director)
    assert other.get(url).status_code == 403
    assert other.post(url, {"min_experience": 50, "months": 6}).status_code == 403
    admin = User.objects.create_user("federation", password="x")
    admin.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    client = english()
    client.force_login(admin)
    page = client.get(url)
    assert page.status_code == 200 and page.context["form"].initial["min_experience"] == 10
    for bad in ({"min_experience": -1, "months": 12}, {"min_experience": 200, "months": 0}):
        assert client.post(url, bad).status_code == 400
    assert federation_ratings.thresholds() == Thresholds(10, 12)
    assert client.post(url, {"min_experience": 100, "months": 6}).status_code == 302
    assert federation_ratings.thresholds() == Thresholds(100, 6)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.RATING_LIST_THRESHOLDS).latest("pk")
    assert entry.after == {"min_experience": 100, "months": 6} and entry.user == admin
    with pytest.raises(operations.OperationError):
        operations.set_rating_list_thresholds(10, 12, user=director)
    assert reverse("federation-rating-list") in client.get(reverse("federation")).content.decode()


def test_without_the_federations_row_the_defaults_hold(db):
    Federation.objects.all().delete()
    assert federation_ratings.thresholds() == Thresholds(200, 12)
    assert json.loads(english().get("/api/federation/ratings/").content) == {
        "thresholds": {"min_experience": 200, "months": 12},
        "published": [],
        "provisional": [],
    }
