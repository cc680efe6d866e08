"""A Swiss and a round robin in the tournament workbook (the standings with every
tie-break as a column, the pairings) and in the JSON (the format, the rounds, the
standings), each read back as a user's tool would read it."""

import io
import re

import openpyxl
import pytest
from django.urls import reverse
from sheet_tables import table

import builders
from tournament import operations
from tournament.core import club_nights
from tournament.models import Match, Tournament
from tournament.queries.club_nights import club_night

STANDINGS = [
    "Place",
    "Player",
    "Wins",
    "Losses",
    "Byes",
    "Median-Buchholz",
    "Buchholz",
    "Points +/−",
]
PAIRINGS = ["Round", "Group", "Table", "Player 1", "Score 1", "Score 2", "Player 2", "Status"]


def swiss_night(season, rounds_played):
    """A Swiss of 7 (a bye each round) over 3 rounds at tables "1", "2" and "Bar", one
    player named like a formula; in each of the first `rounds_played` rounds every
    match is won by its first-named player."""
    tournament, players = builders.club_night(season, 7, rounds=3, tables=["1", "2", "Bar"])
    players[3].name = "=1+1"
    players[3].save()
    operations.make_draw(tournament, rng_seed=4)
    operations.start_tournament(tournament)
    for number in range(1, rounds_played + 1):
        builders.play_round(tournament, number)
    return tournament


@pytest.fixture
def swiss(season):
    return swiss_night(season, 1)


@pytest.fixture
def grouped(season):
    """A round robin of 7 in groups of at most 4 (groups of 4 and 3), round 1 played."""
    tournament, _players = builders.club_night(
        season, 7, format=club_nights.ROUND_ROBIN, group_size=4, rng_seed=2, start=True
    )
    builders.play_round(tournament, 1)
    return tournament


def workbook(client, tournament):
    response = client.get(reverse("results-xlsx", args=[tournament.pk]))
    assert response.status_code == 200
    return openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))


def values(sheet):
    return [[cell.value for cell in row] for row in table(sheet)]


def expected_rows(group):
    return [
        [
            row.place_label,
            row.player.name,
            row.wins,
            row.losses,
            row.byes,
            row.median_buchholz,
            row.buchholz,
            row.points_difference,
        ]
        for row in group.standings
    ]


@pytest.mark.django_db
class TestWorkbook:
    def test_a_swiss_has_its_standings_and_pairings_after_the_places(self, client, swiss):
        book = workbook(client, swiss)
        assert book.sheetnames == [
            "Standings",
            "Places",
            "Club night standings",
            "Pairings",
            "Matches",
            "Games",
            "Players",
            "Prizes",
            "Rules",
        ]
        for title in ("Club night standings", "Pairings"):
            assert book[title].freeze_panes == "A2"
            assert all(cell.font.b for cell in book[title][1])

    def test_the_standings_as_on_the_page_with_every_tie_break(self, client, swiss):
        sheet = workbook(client, swiss)["Club night standings"]
        found = values(sheet)
        assert found[0] == STANDINGS
        (group,) = club_night(swiss).groups
        assert found[1:] == expected_rows(group)
        assert len(found) - 1 == 7
        # Round 1 leaves some players level on everything: their shared place ("=3")
        # is the text the page shows, not a formula.
        shared = [f"={row.place}" for row in group.standings if row.tied]
        tied = [row for row in table(sheet, min_row=2) if row[0].value.startswith("=")]
        assert len(shared) >= 2 and [row[0].value for row in tied] == shared
        assert all(row[0].data_type == "s" and row[0].quotePrefix for row in tied)
        assert all(row[0].data_type == "s" for row in table(sheet, min_row=2))
        # Every figure is a number cell.
        for row in table(sheet, min_row=2):
            assert all(cell.data_type == "n" for cell in row[2:])
        # The bye counts as a win in a Swiss, and says so.
        bye = next(row for row in found[1:] if row[4])
        assert bye[4] == 1 and bye[2] == 1

    def test_a_name_like_a_formula_stays_text(self, client, swiss):
        book = workbook(client, swiss)
        for title in ("Club night standings", "Pairings"):
            cells = [cell for row in book[title].iter_rows() for cell in row]
            assert not [cell.coordinate for cell in cells if cell.data_type == "f"]
            named = [cell for cell in cells if cell.value == "=1+1"]
            assert named and all(cell.data_type == "s" and cell.quotePrefix for cell in named)

    def test_the_pairings_round_by_round_with_tables_scores_and_byes(self, client, swiss):
        found = values(workbook(client, swiss)["Pairings"])
        assert found[0] == PAIRINGS
        rows = found[1:]
        matches = Match.objects.filter(tournament=swiss).select_related("player1", "player2")
        assert len(rows) == matches.count()
        assert [row[0] for row in rows] == sorted(row[0] for row in rows)
        # A Swiss is one field: no group.
        assert {row[1] for row in rows} == {None}
        by_players = {(m.player1.name, m.player2.name if m.player2 else ""): m for m in matches}
        for row in rows:
            match = by_players[(row[3], row[6] or "")]
            assert row[0] == match.round
            if match.status == Match.Status.BYE:
                assert row[2] is None and row[4:6] == [None, None] and row[7] == "bye"
            else:
                assert row[4:6] == [match.score1, match.score2]
                assert row[7] == match.get_status_display()
            if match.table:
                assert row[2] == (int(match.table) if match.table.isdigit() else match.table)
        round_one = [row for row in rows if row[0] == 1]
        assert sorted(row[7] for row in round_one) == ["bye", "decided", "decided", "decided"]
        assert {row[2] for row in round_one if row[7] != "bye"} == {1, 2, "Bar"}
        # Round 2 was paired when round 1 ended: its matches are ready, 0-0.
        assert [row[4:6] for row in rows if row[0] == 2 and row[7] != "bye"] == [[0, 0]] * 3

    def test_a_grouped_round_robin_heads_each_group(self, client, grouped):
        book = workbook(client, grouped)
        found = values(book["Club night standings"])
        club = club_night(grouped)
        assert [group.number for group in club.groups] == [1, 2]
        expected = [STANDINGS]
        for group in club.groups:
            expected += [[group.label, *[None] * 7], *expected_rows(group)]
        assert found == expected
        assert found[1][0] == "Group 1"
        pairings = values(book["Pairings"])[1:]
        # Every round of both groups is drawn; a round's groups come together.
        stages = [(row[0], row[1]) for row in pairings]
        assert stages == sorted(stages)
        assert {row[1] for row in pairings} == {1, 2}
        assert len(pairings) == grouped.matches.count()

    def test_the_matches_sheet_gives_a_club_nights_rounds(self, client, swiss):
        matches = values(workbook(client, swiss)["Matches"])[1:]
        assert matches and {row[1] for row in matches} == {None}  # no bracket
        assert {row[2] for row in matches} == {"Round 1", "Round 2"}  # named as the pages do
        assert all(isinstance(row[3], int) for row in matches)

    def test_a_cup_has_no_club_night_sheets(self, client, season):
        cup = Tournament.objects.create(season=season, name="Copa")
        assert "Pairings" not in workbook(client, cup).sheetnames


def api(client, tournament):
    response = client.get(reverse("api-tournament", args=[tournament.pk]))
    assert response.status_code == 200
    return response.json()


@pytest.mark.django_db
class TestJson:
    def test_every_summary_says_its_format(self, client, season, swiss, grouped):
        Tournament.objects.create(season=season, name="Copa")
        Tournament.objects.update(public=True)
        listed = client.get(reverse("api-tournaments")).json()["tournaments"]
        assert sorted(row["format"] for row in listed) == ["cup", "round_robin", "swiss"]

    def test_a_cup_gains_only_its_format(self, client, season):
        cup = Tournament.objects.create(season=season, name="Copa", public=True)
        data = api(client, cup)
        assert data["format"] == "cup"
        assert not {"rounds", "standings", "swiss_rounds"} & set(data)

    def test_a_swiss_gives_its_rounds_and_standings(self, client, swiss):
        data = api(client, swiss)
        assert data["format"] == "swiss"
        assert data["swiss_rounds"] == 3
        assert data["brackets"] == []
        assert [(r["group"], r["number"]) for r in data["rounds"]] == [(0, 1), (0, 2)]
        first = data["rounds"][0]
        assert len(first["matches"]) == 3 and len(first["byes"]) == 1
        assert first["length"] == Match.objects.filter(tournament=swiss, round=1)[0].length
        played = Match.objects.get(pk=first["matches"][0]["id"])
        assert first["matches"][0] == {
            "id": played.pk,
            "position": played.position,
            "players": [played.player1.name, played.player2.name],
            "sources": [played.player1.name, played.player2.name],
            "score": [played.score1, played.score2],
            "status": "decided",
            "winner": 0,
            "table": int(played.table) if played.table.isdigit() else played.table,
        }
        bye = Match.objects.get(tournament=swiss, round=1, status=Match.Status.BYE)
        assert first["byes"] == [bye.player1.name]
        (standings,) = data["standings"]
        (group,) = club_night(swiss).groups
        assert standings["group"] == 0
        assert standings["rows"] == [
            {
                "place": row.place,
                "tied": row.tied,
                "player": row.player.name,
                "player_id": row.player.pk,
                "wins": row.wins,
                "losses": row.losses,
                "byes": row.byes,
                "median_buchholz": row.median_buchholz,
                "buchholz": row.buchholz,
                "points_difference": row.points_difference,
            }
            for row in group.standings
        ]
        assert standings["rows"][0]["place"] == 1
        assert sum(row["tied"] for row in standings["rows"]) >= 2

    def test_a_grouped_round_robin_gives_each_groups_rounds_and_standings(self, client, grouped):
        data = api(client, grouped)
        assert data["format"] == "round_robin"
        assert "swiss_rounds" not in data
        assert [standings["group"] for standings in data["standings"]] == [1, 2]
        sizes = {s["group"]: len(s["rows"]) for s in data["standings"]}
        assert sorted(sizes.values()) == [3, 4]
        groups = {r["group"] for r in data["rounds"]}
        assert groups == {1, 2}
        # Every round of a round robin is drawn: 3 rounds in each group.
        assert [r["number"] for r in data["rounds"] if r["group"] == 1] == [1, 2, 3]
        assert [r["number"] for r in data["rounds"] if r["group"] == 2] == [1, 2, 3]
        # The group of 3 has a bye each round; the group of 4 none.
        assert all(len(r["byes"]) == (sizes[r["group"]] == 3) for r in data["rounds"])
        listed = {m["id"] for r in data["rounds"] for m in r["matches"]}
        played = Match.objects.filter(tournament=grouped).exclude(status=Match.Status.BYE)
        assert listed == set(played.values_list("pk", flat=True))

    @pytest.mark.parametrize("rounds_played", [1, 3])
    def test_the_json_costs_the_same_however_many_rounds(
        self, client, season, rounds_played, django_assert_num_queries
    ):
        tournament = swiss_night(season, rounds_played)
        # The tournament with its season, its matches with their players, its brackets
        # (none), the payments (the pools), the rounds' deadlines and the players in
        # the field: 6, however many rounds.
        with django_assert_num_queries(5):
            data = api(client, tournament)
        assert len(data["rounds"]) == rounds_played + (rounds_played < 3)


@pytest.mark.django_db
def test_a_shared_place_reads_the_same_in_every_sheet_and_page(client, season):
    """A finished Swiss of 11 over four rounds leaves players level on every tie-break:
    their shared place ("=7") is written the same on the club night's sheet, the
    Standings sheet (not split again by the league's tie-breaks), the Places sheet and
    the results page."""
    tournament, _players = builders.club_night(season, 11, rounds=4)
    tournament.public = True
    tournament.save()
    operations.make_draw(tournament, rng_seed=11)
    operations.start_tournament(tournament)
    for number in range(1, 5):
        builders.play_round(tournament, number)
    (group,) = club_night(tournament).groups
    label = {row.player.name: row.place_label for row in group.standings}
    shared = {name for name, place in label.items() if place.startswith("=")}
    assert len(shared) >= 2
    book = workbook(client, tournament)
    club = {row[1]: row[0] for row in values(book["Club night standings"])[1:]}
    standings = values(book["Standings"])
    rank, player = standings[0].index("Rank"), standings[0].index("Player")
    ranked = {row[player]: row[rank] for row in standings[1:]}
    places = values(book["Places"])
    place, named = places[0].index("Place"), places[0].index("Player")
    placed = {row[named]: row[place] for row in places[1:]}
    for name in shared:
        assert club[name] == ranked[name] == placed[name] == label[name]
    # Alone in a place, a player reads the same number everywhere too.
    for name, place_label in label.items():
        assert str(ranked[name]) == str(placed[name]) == place_label
    html = client.get(reverse("results", args=[tournament.pk])).content.decode()
    for name in shared:
        assert re.search(rf">{label[name]}</td>\s*<td[^>]*><a [^>]*>{name}</a>", html), name
