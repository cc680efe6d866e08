"""The federation's rating list: `/ratings/` the published players ranked with the
provisional apart (each row's clubs, rating, experience, last rated match, trend), in
seven queries whatever the players; `/ratings/everyone/` by name; the list as JSON
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


def test_the_list_publishes_who_meets_the_thresholds_and_lists_the_others_apart(
    played, django_assert_num_queries
):
    client = english()
    # The thresholds; each table's count and page; both pages' players' clubs, trends.
    with django_assert_num_queries(7):
        response = client.get(reverse("ratings"))
    assert response.status_code == 200
    published = [row.record for row in response.context["table"].page.object_list]
    provisional = [row.record for row in response.context["provisional"].page.object_list]
    assert len(published) == 4 and len(provisional) == 4
    assert all(player.rating_experience >= 10 for player in published)
    assert all(player.rating_experience < 10 for player in provisional)
    assert [player.rank for player in published] == [1, 2, 3, 4]
    ratings = [player.rating for player in published]
    assert ratings == sorted(ratings, reverse=True)
    page = response.content.decode()
    assert "Provisional ratings" in page
    assert reverse("ratings-everyone") in page and reverse("ratings-inactive") in page
    assert f'href="{published[0].get_absolute_url()}"' in page
    # Each row's clubs, linked; its trend, the sum of its changes in the window.
    member = next(player for player in published + provisional if len(player.clubs) == 2)
    assert [club.slug for club in member.clubs] == ["bcn", "q-gammon"]
    assert 'href="/clubs/bcn/">Backgammon Barcelona</a>' in page
    best = published[0]
    changes = RatingChange.objects.filter(player=best)
    assert best.trend == pytest.approx(sum(change.after - change.before for change in changes))
    assert f"+{round(best.trend, 1):.1f}" in page or best.trend <= 0
    today = timezone.localdate()
    assert formats.date_format(today, "DATE_FORMAT") in page  # the last rated match


def test_the_thresholds_decide_the_list(played):
    operations.set_rating_list_thresholds(0, 12)
    response = english().get(reverse("ratings"))
    assert response.context["table"].paginator.count == 8
    assert response.context["provisional"].paginator.count == 0
    operations.set_rating_list_thresholds(1000, 12)
    response = english().get(reverse("ratings"))
    assert response.context["table"].paginator.count == 0
    assert "Nobody meets the thresholds yet." in response.content.decode()
    # A rated match older than the months: on neither list, still on everyone's.
    Player.objects.filter(pk=played[1].pk).update(
        last_rated_at=timezone.now() - timedelta(days=400)
    )
    operations.set_rating_list_thresholds(0, 12)
    response = english().get(reverse("ratings"))
    listed = {row.record.pk for row in response.context["table"].page.object_list}
    assert played[1].pk not in listed and len(listed) == 7


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
    # The thresholds, the players, their clubs.
    with django_assert_num_queries(3):
        response = english().get("/api/federation/ratings/")
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
